"""The explorers' invariant checks, each re-run only where a field it reads has changed.

A state that passes every invariant hands its verdicts down: a successor whose fields an
invariant reads equal its parent's gets the same verdict from that invariant (an invariant
is a function of the configuration and of the state's values -- the explorers already
merge equal states on that ground), so only the invariants with a changed field, and those
the parent broke, run on it. On the same ground, an invariant that has passed on some
state's values of its fields is not run again on those values, wherever in the walk they
come back (the last round's states share few hands, tricks and stalls). The walks, their
counts, violations and paths stay those of checking every invariant on every state; only
the time changes.

Which fields an invariant reads is derived here, not declared, two ways whose union is
kept:

* from the source: every field named (as an attribute or a string) in the invariant's
  code and in the code of the functions it calls, transitively (a function the engine
  remembers, :mod:`engine.core.remember`, is read as the spec declares it) -- whatever branch
  reads it, so a field read only in rare states is not missed; an invariant whose source
  cannot be found runs on every state;
* by running it once on a *reading* copy of each of a few sample states (the explorer's
  first state and the states of a few seeded random play-outs from it), a subclass of the
  state type that notes every field looked up by name: anything else -- indexing,
  iterating, comparing or hashing the whole state, a method, an attribute that is no
  field, an exception -- counts as reading every field, and such an invariant runs on
  every state.

``tests/analysis/test_explore_check.py`` checks, over the reachable states of every game's
configurations, that each invariant reads nothing outside its derived fields, and that
the walks find the same violations with the same paths and counts with and without the
saving, on configurations with planted violations.

``explore(..., incremental=False)`` runs every invariant on every state.
"""
from __future__ import annotations

import ast
import random
import sys
from pathlib import Path
from operator import itemgetter
from typing import Any, Callable, Iterable, Sequence

import fast
from spec.common.tuples import changed_places, settled

from engine.core.remember import original

#: seeded random play-outs from the first state whose states are read as samples
SAMPLE_PLAYOUTS = 4
#: at most this many actions per sample play-out
SAMPLE_LENGTH = 400
#: passing views kept per invariant; the set starts afresh when full
PASSED_LIMIT = 1 << 20
#: the attributes of a reading copy that tell nothing about the state's values
_INNOCENT = frozenset({"__class__", "_fields", "_field_defaults", "__dict__"})


_READING: dict[type, type[Any]] = {}


def _reading_type(state_type: type[tuple[Any, ...]]) -> type[Any]:
    """A subclass of a named-tuple state type whose instances note, in the class's
    ``reads`` set, each field read by name, and every field on any other access (made
    once per state type)."""
    got = _READING.get(state_type)
    if got is None:
        got = _READING[state_type] = _make_reading_type(state_type)
    return got


def _make_reading_type(state_type: type[tuple[Any, ...]]) -> type[Any]:
    fields: tuple[str, ...] = getattr(state_type, "_fields")  # a named tuple's
    everything = frozenset(fields)

    def __getattribute__(self: Any, name: str) -> Any:
        cls = type(self)
        if name in everything:
            cls.reads.add(name)
        elif name not in _INNOCENT:
            cls.reads.update(everything)
        return super(cls, self).__getattribute__(name)

    def whole(method: str) -> Callable[..., Any]:
        def read_all(self: Any, *args: Any, **kwargs: Any) -> Any:
            type(self).reads.update(everything)
            return getattr(state_type, method)(self, *args, **kwargs)
        read_all.__name__ = method
        return read_all

    # what reaches the values without naming a field goes through tuple's slots
    slots = ("__getitem__", "__iter__", "__len__", "__contains__", "__eq__", "__ne__",
             "__lt__", "__le__", "__gt__", "__ge__", "__hash__", "__add__", "__mul__",
             "__rmul__", "__repr__", "__str__", "__format__", "__reduce__", "__reduce_ex__",
             "__getnewargs__", "__sizeof__")
    namespace: dict[str, Any] = {m: whole(m) for m in slots}
    namespace.update(__getattribute__=__getattribute__, reads=set(), __slots__=())
    return type(f"Reading{state_type.__name__}", (state_type,), namespace)


def fields_read(check: Callable[[Any, Any], Any], cfg: Any, states: Iterable[Any]
                ) -> frozenset[str] | None:
    """The fields ``check(cfg, state)`` reads over these states, or None when it reads the
    whole state (or is no named tuple's, or raises on one of them)."""
    reads: set[str] = set()
    for state in states:
        fields = getattr(type(state), "_fields", None)
        if not isinstance(state, tuple) or not fields:
            return None
        reading = _reading_type(type(state))
        reading.reads = set()
        # the same values, read through the subclass
        copy: tuple[Any, ...] = tuple.__new__(reading, state)
        try:
            check(cfg, copy)
        except Exception:  # noqa: BLE001 - what raises is run on every state
            return None
        if reading.reads >= set(fields):
            return None
        reads |= reading.reads
    return frozenset(reads)


#: per source file, its functions and lambdas by first line (None: no readable source)
_DEFINED: dict[str, dict[int, list[ast.AST]] | None] = {}
#: per invariant check, the fields its source names (None: no source found)
_STATIC: dict[tuple[Any, frozenset[str]], set[str] | None] = {}


def _defined(path: str) -> dict[int, list[ast.AST]] | None:
    if path not in _DEFINED:
        try:
            tree = ast.parse(Path(path).read_text())
        except (OSError, SyntaxError, ValueError):
            _DEFINED[path] = None
            return None
        lines: dict[int, list[ast.AST]] = {}
        for n in ast.walk(tree):
            if isinstance(n, (ast.FunctionDef, ast.Lambda)):
                lines.setdefault(n.lineno, []).append(n)
        _DEFINED[path] = lines
    return _DEFINED[path]


def _source_nodes(fn: Any) -> list[ast.AST] | None:
    """The syntax of a function (pure or compiled: its module's ``.py`` file, at the line
    its code object gives), or None when it cannot be found."""
    code = getattr(fn, "__code__", None)
    module = getattr(fn, "__module__", None)
    if code is None or not module or module not in sys.modules:
        return None
    lines = _defined(str(fast.source_file(module)))
    return (lines or {}).get(code.co_firstlineno)


def source_fields(fn: Any, fields: frozenset[str], seen: set[int] | None = None
                  ) -> set[str] | None:
    """The fields named in ``fn``'s source and in the source of the module functions it
    names, transitively; None when a source cannot be found."""
    seen = set() if seen is None else seen
    if id(fn) in seen:
        return set()
    seen.add(id(fn))
    nodes = _source_nodes(fn)
    if nodes is None:
        return None
    names = getattr(fn, "__globals__", None) or {}
    out: set[str] = set()
    for node in nodes:
        for sub in ast.walk(node):
            if isinstance(sub, ast.Attribute) and sub.attr in fields:
                out.add(sub.attr)
            elif isinstance(sub, ast.Constant) and sub.value in fields:
                out.add(sub.value)  # getattr(s, "hands"), attrgetter("hands")
            elif isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Load):
                # a function the engine remembers is read as the spec declares it
                called = original(names.get(sub.id))
                if _is_function(called):
                    more = source_fields(called, fields, seen)
                    if more is None:
                        return None
                    out |= more
    return out


def _is_function(value: Any) -> bool:
    """A function of this project (plain or compiled), whose source can be read."""
    return (callable(value) and not isinstance(value, type)
            and hasattr(value, "__code__") and hasattr(value, "__globals__")
            and (getattr(value, "__module__", "") or "").split(".")[0] in ("spec", "engine",
                                                                         "tests"))


def derived_fields(check: Callable[[Any, Any], Any], cfg: Any, states: Sequence[Any]
                   ) -> frozenset[str] | None:
    """The fields an invariant reads (the module docstring), None for every field."""
    fields = frozenset(getattr(type(states[0]), "_fields", ()) if states else ())
    ran = fields_read(check, cfg, states)
    key = (check, fields)
    if key not in _STATIC:
        _STATIC[key] = source_fields(check, fields) if fields else None
    static = _STATIC[key]
    if ran is None or static is None or ran | static >= fields:
        return None
    return frozenset(ran | static)


def samples(game: Any, s0: Any, playouts: int = SAMPLE_PLAYOUTS,
            length: int = SAMPLE_LENGTH) -> list[Any]:
    """The first state and the states of a few seeded random play-outs from it."""
    out = [s0]
    for seed in range(playouts):
        rng, state = random.Random(seed), s0
        for _ in range(length):
            if game.is_over(state):
                break
            legal = game.listing(state)
            if not legal:
                break
            try:
                state, _ = game.successor(state, legal[rng.randrange(len(legal))])
            except Exception:  # noqa: BLE001 - the walk reports a raising effect
                break
            out.append(state)
    return out


class Checks:
    """A configured game's invariants, as the explorers run them.

    A state comes with a *stale* mask: bit ``k`` set when invariant ``k`` must run on it
    (:attr:`everything` for the first state). :meth:`run` runs those and returns the
    mask of the ones that failed with their messages; :meth:`stale` gives a successor's
    mask from its parent's :meth:`views` and failures."""

    def __init__(self, game: Any, s0: Any, incremental: bool = True) -> None:
        self.cfg = game.config
        self.invariants = tuple(game.spec.invariants)
        n = len(self.invariants)
        self.everything = (1 << n) - 1
        reads: list[frozenset[str] | None] = [None] * n
        if incremental and n:
            sample = samples(game, s0)
            reads = [derived_fields(inv.check, self.cfg, sample) for inv in self.invariants]
        #: per invariant, the fields it reads (None: it runs on every state)
        self.reads = tuple(reads)
        self.always = sum(1 << k for k, r in enumerate(reads) if r is None)
        fields = getattr(type(s0), "_fields", ())
        getters = [None if r is None else _getter([fields.index(f) for f in sorted(r)])
                   for r in reads]
        # each tracked invariant's fields as a mask of the state's places: (its bit, mask)
        self._tracked = tuple((1 << k, sum(1 << fields.index(f) for f in r))
                              for k, r in enumerate(reads) if r is not None)
        #: per invariant, its getter (None: untracked) and the views it was seen to pass
        self._getters = tuple(getters)
        self._passed: tuple[set[Any], ...] = tuple(set() for _ in getters)
        self._subsets: dict[int, tuple[tuple[int, Any, Any, set[Any]], ...]] = {}

    def _chosen(self, mask: int) -> tuple[tuple[int, Any, Any, set[Any]], ...]:
        got = self._subsets.get(mask)
        if got is None:
            got = self._subsets[mask] = tuple(
                (1 << k, inv, self._getters[k], self._passed[k])
                for k, inv in enumerate(self.invariants) if mask >> k & 1)
        return got

    def run(self, state: Any, stale: int) -> tuple[int, list[tuple[str, str]]]:
        """Run the invariants of the ``stale`` mask on ``state``, in the spec's order:
        the mask of those that failed, and (invariant ID, message) for each."""
        failed = 0
        problems: list[tuple[str, str]] = []
        cfg = self.cfg
        for bit, inv, get, passed in self._chosen(stale):
            view = None
            if get is not None:
                # the same fields as a state that passed: the same verdict, however far
                # apart the two states are in the walk. The view goes in before the check
                # and out again if it fails: one hash of it (a tuple's hash is not kept),
                # not one to look it up and another to add it.
                if len(passed) >= PASSED_LIMIT:
                    passed.clear()
                seen = len(passed)
                view = get(state)
                passed.add(view)
                if len(passed) == seen:
                    continue
                settled(view)  # kept: out of the garbage collector's way
            try:
                problem = inv.check(cfg, state)
            except Exception as exc:  # noqa: BLE001 - a crashing check is a finding
                problem = f"the check raised {type(exc).__name__}: {exc}"
            if problem:
                failed |= bit
                problems.append((inv.id, str(problem)))
                if get is not None:
                    passed.discard(view)
        return failed, problems

    def views(self, state: Any) -> Any:
        """What :meth:`stale` compares a successor of ``state`` with: the state itself,
        whose fields an effect's ``_replace`` hands on as the very same objects."""
        return state

    def stale(self, views: Any, failed: int, child: Any) -> int:
        """The invariants to run on ``child``, a successor of the state whose
        :meth:`views` these are and that failed the ``failed`` invariants: those, those
        that read every field, and those that read a field ``child`` holds another
        object in. A field made anew with an equal value runs its invariants again, to
        the same verdict (a pass seen before is not even checked: :meth:`run`)."""
        mask = failed | self.always
        changed = changed_places(views, child)
        for bit, places in self._tracked:
            if changed & places:
                mask |= bit
        return mask


def _getter(indexes: list[int]) -> Callable[[Any], Any]:
    """The values at these positions of a state (one value for one position)."""
    if not indexes:
        return _nothing
    return itemgetter(*indexes)


def _nothing(state: Any) -> tuple[()]:
    return ()
