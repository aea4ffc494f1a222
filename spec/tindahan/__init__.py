"""Tindahan: a trick-taking game of fruit cards, market stalls and sellers."""
import fast

# where this package's modules are found: the compiled twin's folder first when it runs
__path__ = fast.search_path(__name__, __path__)
