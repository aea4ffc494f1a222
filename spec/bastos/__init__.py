"""Bastos!: the trick-taking game of the Filipino Fruit Market box, as a declarative spec."""
import fast

# where this package's modules are found: the compiled twin's folder first when it runs
__path__ = fast.search_path(__name__, __path__)
