"""The analysis tools, built on the core alone: agents (random, greedy, IS-MCTS), the
simulator, the explorer and its reductions, the ambiguity register and its witnesses, and
the strength and impact studies. They import :mod:`engine.core` and ``spec``, never a
face (:mod:`engine.cli`, :mod:`engine.server`, :mod:`engine.adapters`).
"""
