"""The analysis tools, built on the core alone: agents (random, greedy, IS-MCTS), the
simulator, the explorer and its reductions, the ambiguity register and its witnesses, and
the strength and impact studies. They import :mod:`engine.core` and ``spec``, never a
face (:mod:`engine.cli`, :mod:`engine.server`, :mod:`engine.adapters`).
"""
import fast

# where this package's modules are found: the compiled twin's folder first when it runs
__path__ = fast.search_path(__name__, __path__)
