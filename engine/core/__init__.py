"""The interpreter core: it runs any game spec, and imports nothing but ``spec``.

:mod:`~engine.core.game` loads a spec and runs it (``new``, ``legal_actions``, ``step``,
``view``, ``dumps``/``loads``); :mod:`~engine.core.validate` and
:mod:`~engine.core.serialize` check what comes in from outside; :mod:`~engine.core.scenario`
replays a set-up and its actions; :mod:`~engine.core.table` drives one table (set-up plus
journal) for the faces; :mod:`~engine.core.remember` is the table of remembered pure
functions a game owns; :mod:`~engine.core.schema` and :mod:`~engine.core.catalog` describe
the games. The analysis tools (:mod:`engine.analysis`) and the faces (:mod:`engine.cli`,
:mod:`engine.server`, :mod:`engine.adapters`) build on it; nothing here imports them.
"""
import fast

# where this package's modules are found: the compiled twin's folder first when it runs
__path__ = fast.search_path(__name__, __path__)
