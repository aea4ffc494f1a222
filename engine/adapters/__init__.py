"""Adapters that let reinforcement-learning and game-theory toolkits load the games.

* :mod:`engine.adapters.pettingzoo` — PettingZoo AEC and parallel environments;
* :mod:`engine.adapters.openspiel` — OpenSpiel (``pyspiel``) Python games.

Both need the ``rl`` extra (``pip install fruitspec[rl]``) and share one generic
action index and view encoder (:mod:`engine.adapters.encoding`).
"""
