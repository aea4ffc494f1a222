"""Fruit Passion (Szollosi): collect runs of seven fruits in stacks nobody may look into."""
import fast

# where this package's modules are found: the compiled twin's folder first when it runs
__path__ = fast.search_path(__name__, __path__)
