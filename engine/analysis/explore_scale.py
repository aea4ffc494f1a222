"""Exploration at scale: a level-by-level walk whose seen-set holds 64-bit fingerprints, not
states, and whose levels can be expanded by several processes or a Dask cluster.

The walk visits the same states in the same breadth-first order as the exact walker of
:mod:`engine.analysis.explore` and checks the same properties, so both report the same counts; the
tests compare them on small configurations. What changes is the memory and the cores:

* **Fingerprints** (as TLC does): a distinct state costs 16 bytes in the seen-set (a sorted
  ``numpy`` array of ``uint64`` and each one's state number, merged once per level) plus
  16 bytes to find its path again (its fingerprint, its parent's position in the previous
  level and the index of the action among the parent's legal actions). Two distinct states with one fingerprint would be merged
  without notice; the probability of that is reported, like TLC's estimate:
  ``n (n - 1) / 2 / 2**64`` for ``n`` distinct states.
* **Workers** (``workers`` > 1): forked processes that keep their slice of each level as
  objects (the level's order is worker 0's slice, then worker 1's, ...). A worker expands
  its slice and sends back only numbers: fingerprints, parent positions, action indexes,
  problems and counts. The main process deduplicates (a state's first occurrence in
  breadth-first order is kept) and tells each worker which of its successors to keep:
  they are its slice of the next level. States are pickled only when the slices drift
  apart and a block moves to the next worker, which keeps the order. So the counts, the
  order of the states and the paths of violations are the same on any number of workers.
  On a Dask cluster (``cluster="local"`` or a scheduler address) the frontier stays in the
  main process and travels in chunks, as bytes.
* **Termination**: the edges are kept as pairs of state numbers (8 bytes an edge). Every
  cycle has an edge back to a state no deeper than its source; with no such edge the graph
  is acyclic, otherwise the same cycle search as the exact walker's runs on the numbers,
  and a cycle comes with the actions of its path.
"""
from __future__ import annotations

import hashlib
import marshal
import pickle
import time
from abc import ABC, abstractmethod
from typing import Any, Callable, Iterable, Sequence

import numpy as np

#: On Dask, chunks per worker and level: enough to balance the load, few enough to pickle
#: cheaply.
CHUNKS_PER_WORKER = 4
#: On Dask, states travel as bytes each worker pickles and the main process only passes
#: on (it never needs a state object): the pickling is shared by the workers.
PACK = True

Progress = Callable[[dict[str, Any]], None]


def _encode(key: Any) -> bytes:
    """A state key's value as bytes: marshal's format 2 (it writes no shared references,
    so equal values give equal bytes, and it runs at C speed; a record is written as its
    tuple of fields), or the key's ``repr`` when marshal cannot write it."""
    try:
        return marshal.dumps(tuple(key) if isinstance(key, tuple) else key, 2)
    except ValueError:  # a nested record or another type marshal does not know
        return repr(key).encode()


def fingerprint(key: Any) -> int:
    """A 64-bit fingerprint of a state key, the same in every process and on every machine
    (what a Dask cluster needs): BLAKE2b of the key's bytes."""
    return int.from_bytes(hashlib.blake2b(_encode(key), digest_size=8).digest(), "little")


_MASK = (1 << 64) - 1


def local_fingerprint(key: Any) -> int:
    """A 64-bit fingerprint of a state key for this process and the processes it forks:
    Python's keyed SipHash of the key's bytes (its key is drawn per process family unless
    PYTHONHASHSEED fixes it, so fingerprints cannot be compared with another machine's);
    three times cheaper than :func:`fingerprint`."""
    return hash(_encode(key)) & _MASK


def collision_probability(states: int) -> float:
    """TLC's estimate of the probability that two of ``states`` fingerprints collide."""
    return states * (states - 1) / 2 / 2.0 ** 64


# --- expanding a slice of one level -------------------------------------------------------------

_GAMES: dict[tuple[Any, ...], Any] = {}


def _game(ident: Any) -> Any:
    """The configured game: the object itself or (on a cluster) one loaded by name once
    per process."""
    if not isinstance(ident, tuple):
        return ident
    g = _GAMES.get(ident)
    if g is None:
        from engine.core.game import load
        name, players, options, variant = ident
        g = _GAMES[ident] = load(name, players=players, options=dict(options), variant=variant)
    return g


def _expand(g: Any, red: Any, states: Sequence[tuple[Any, int]],
            sleeps: Sequence[frozenset] | None, fp: Callable[[Any], int] = local_fingerprint,
            checks: Any = None) -> dict[str, Any]:
    """Check and expand each state of a slice of a level.

    Each state comes with the mask of the invariants to run on it (``checks``, an
    :class:`engine.analysis.explore_check.Checks`; the others have its parent's verdict), and so
    does each successor (``succ`` holds the pairs).

    Returns, in order: for every successor its fingerprint (``fps``), the position of its
    parent in the slice (``parents``), the index of the action among the parent's legal
    actions (``acts``), all three as numpy arrays, and the state (``succ``); the problems
    found (property, message, position, action index or None); the number of states
    expanded (``n``), of terminal states and of edges. Under ``red``'s reductions
    (:mod:`engine.analysis.explore_reduce`) only the ample actions not asleep (``sleeps``, one set
    per state) are followed, and when commuting pairs are pruned each successor also comes
    with its raw fingerprint and the actions it may skip. ``fp`` fingerprints the keys.
    """
    from engine.analysis.explore_check import Checks
    from engine.analysis.explore_reduce import NONE

    sp = g.spec
    if checks is None:
        checks = Checks(g, states[0][0]) if states else None
    key = red.key
    known = frozenset(c.id for c in sp.clauses)
    raws: list[int] = []
    skips: list[frozenset] = []
    outcomes = set()
    deferred = pruned = 0
    fps: list[int] = []
    parents: list[int] = []
    acts: list[int] = []
    succ: list[Any] = []
    problems: list[tuple[str, str, int, int | None]] = []
    terminal = edges = 0
    for pos, (state, stale) in enumerate(states):
        broke, found = checks.run(state, stale)
        problems.extend((inv, message, pos, None) for inv, message in found)
        if g.is_over(state):
            terminal += 1
            sc = g.scores(state)
            if len(sc) != g.players or not all(isinstance(v, int) for v in sc):
                problems.append(("scores", f"scores {sc!r} for {g.players} seats", pos, None))
            outcomes.add((tuple(sc), tuple(g.winners(state))))
            continue
        legal = g.listing(state)  # read only: the game's own list, not a copy
        if not legal:
            problems.append(("no-dead-end", "the game is not over but no seat has a legal"
                             " action", pos, None))
        ample = red.ample(state, legal)
        deferred += len(legal) - len(ample)
        asleep = sleeps[pos] if sleeps else NONE
        follow = set(ample) if len(ample) < len(legal) or asleep else None
        views = checks.views(state)
        for k, a in enumerate(legal):
            if follow is not None and (a not in follow or a in asleep):
                pruned += a in asleep
                continue
            try:
                s2, events = g.successor(state, a)
            except Exception as exc:  # noqa: BLE001 - a crashing effect is a finding
                problems.append(("step-error", f"'{a}' raised {type(exc).__name__}: {exc}",
                                 pos, k))
                continue
            edges += 1
            for e in events:
                if e.rule not in known:
                    problems.append(("known-clause", f"'{a}' emitted an event citing unknown"
                                     f" clause {e.rule!r}: {e.text}", pos, k))
            fps.append(fp(key(s2)))
            if red.sleeps:
                raws.append(fp(s2))
                skips.append(red.commuting(state, ample, a))
            parents.append(pos)
            acts.append(k)
            succ.append((s2, checks.stale(views, broke, s2)))
    return {"fps": np.array(fps, dtype=np.uint64), "parents": np.array(parents, dtype=np.int32),
            "acts": np.array(acts, dtype=np.int32), "succ": succ, "n": len(states),
            "problems": problems, "terminal": terminal, "edges": edges,
            "raws": raws, "skips": skips, "deferred": deferred, "pruned": pruned,
            "outcomes": outcomes}


_CHECKS: dict[Any, Any] = {}


def _checks(ident: Any, g: Any, states: Sequence[tuple[Any, int]]) -> Any:
    """The game's invariant checks, derived once per process (from the first chunk's
    first state: any reachable state gives a sound derivation)."""
    from engine.analysis.explore_check import Checks

    key = ident if isinstance(ident, tuple) else id(ident)
    if key not in _CHECKS and states:
        _CHECKS[key] = Checks(g, states[0][0])
    return _CHECKS.get(key)


def expand(ident: Any, states: Sequence[Any], reduce: Sequence[str] = (),
           sleeps: Sequence[frozenset] | None = None, packed: bool = False
           ) -> dict[str, Any]:
    """:func:`_expand` a chunk shipped to another machine (Dask): the game comes by name
    (``ident``) or as itself, and the new states travel back in ``states``, each state
    reached twice from the chunk once (the others are None). ``packed``: a state given as
    bytes is unpickled here and the new states travel as bytes, pickled here, so the
    process that gathers them never needs a state object."""
    from engine.analysis.explore_reduce import Reducer

    g = _game(ident)
    states = [pickle.loads(s) if isinstance(s, bytes) else s for s in states]
    out = _expand(g, Reducer(g, reduce), states, sleeps, fingerprint, _checks(ident, g, states))
    succ = out.pop("succ")
    first: dict[int, int] = {}
    pack = (lambda s: pickle.dumps(s, pickle.HIGHEST_PROTOCOL)) if packed else (lambda s: s)
    out["states"] = [pack(s) if first.setdefault(fp, i) == i else None
                     for i, (fp, s) in enumerate(zip(out["fps"].tolist(), succ))]
    return out


def _split(items: Sequence[Any], sizes: Sequence[int]) -> list[list[Any]]:
    """``items`` cut into consecutive slices of these sizes."""
    cuts = np.cumsum([0, *sizes]).tolist()
    return [list(items[a:b]) for a, b in zip(cuts, cuts[1:])]


# --- where the frontier lives --------------------------------------------------------------------

class Frontier(ABC):
    """One level's states, cut into consecutive slices (the level's order is slice 0's
    states, then slice 1's, ...), and the successors of the last expansion. The walk only
    sees numbers: sizes, fingerprints, positions."""

    workers = 1
    #: states pickled to move them between processes, over the walk
    moved = 0
    #: how the states' keys are fingerprinted, wherever they are expanded
    fp: Callable[[Any], int] = staticmethod(local_fingerprint)

    @abstractmethod
    def sizes(self) -> list[int]:
        """The number of states in each slice."""

    @abstractmethod
    def expand(self, sleeps: list[frozenset] | None) -> list[dict[str, Any]]:
        """Expand every slice (:func:`_expand`, without the states); ``sleeps`` is one set
        per state of the level."""

    @abstractmethod
    def keep(self, parts: list[np.ndarray]) -> None:
        """The next level: of each slice's successors (in the order ``expand`` gave them),
        those at these positions."""

    def balance(self) -> None:
        """Even out the slices, when they drift apart (the order of the level is kept)."""

    def __enter__(self) -> "Frontier":
        return self

    def __exit__(self, *exc: object) -> None:
        pass


class Here(Frontier):
    """The frontier held in this process: expanded here, or shipped in chunks to a Dask
    cluster (``cluster``: "local" or a scheduler address), which sends the new states
    back."""

    def __init__(self, game: Any, s0: Any, reduce: Sequence[str] = (),
                 cluster: str | None = None, workers: int = 1) -> None:
        from engine.analysis.explore_reduce import Reducer

        self.game, self.reduce, self.cluster = game, tuple(reduce), cluster
        from engine.analysis.explore_check import Checks

        self.red = Reducer(game, reduce)
        self.checks = Checks(game, s0)
        self.ident = (game.name, game.players, tuple(sorted(game.options.items())),
                      game.variant)
        self.workers = max(1, workers)
        self.states: list[Any] = [(s0, self.checks.everything)]  # each with its stale mask
        self.succ: list[list[Any]] = []
        self._client: Any = None
        self._close: Callable[[], None] | None = None

    def __enter__(self) -> "Here":
        if self.cluster:
            from engine.analysis.simulate import _client  # the same Dask set-up as the simulator's
            self._client, self._close = _client(self.cluster, self.workers)
            self.fp = fingerprint  # other machines: a fingerprint every process agrees on
            self.workers = max(1, len(self._client.scheduler_info().get("workers", {})))
        return self

    def __exit__(self, *exc: object) -> None:
        if self._close is not None:
            self._close()

    def sizes(self) -> list[int]:
        return [len(self.states)]

    def expand(self, sleeps: list[frozenset] | None) -> list[dict[str, Any]]:
        if self._client is None:
            out = _expand(self.game, self.red, self.states, sleeps, self.fp, self.checks)
            self.succ = [out.pop("succ")]
            return [out]
        n = self.workers * CHUNKS_PER_WORKER
        chunks = _chunks(self.states, n)
        sleep_chunks = _split(sleeps, [len(c) for c in chunks]) if sleeps else [None] * n
        k = len(chunks)
        futures = self._client.map(expand, [self.ident] * k, chunks, [self.reduce] * k,
                                   sleep_chunks[:k], [PACK] * k, pure=False)
        outs = self._client.gather(futures)
        self.succ = [out.pop("states") for out in outs]
        self.moved += sum(len(c) for c in chunks)
        return outs

    def keep(self, parts: list[np.ndarray]) -> None:
        self.states = [succ[i] for succ, part in zip(self.succ, parts) for i in part.tolist()]
        self.succ = []


def _chunks(states: list[Any], n: int) -> list[list[Any]]:
    size = max(1, -(-len(states) // n))
    return [states[i:i + size] for i in range(0, len(states), size)]


class _Failure:
    """A worker's exception, sent back as text (a traceback is not picklable)."""

    def __init__(self, text: str) -> None:
        self.text = text


def _serve(conn: Any, me: int, game: Any, reduce: Sequence[str], frontier: list[Any],
           checks: Any = None) -> None:
    """A worker: it keeps its slice of each level as objects and answers the walk's
    requests with numbers; states are pickled only to move them to another worker."""
    import traceback

    from engine.analysis.explore_reduce import Reducer

    red = Reducer(game, reduce)
    succ: list[Any] = []
    try:
        while True:
            op, *args = conn.recv()
            if op == "expand":
                out = _expand(game, red, frontier, args[0], checks=checks)
                succ = out.pop("succ")
                conn.send(out)
            elif op == "keep":
                frontier, succ = [succ[i] for i in args[0].tolist()], []
            elif op == "give":  # the new slices: send away what falls in the others'
                start, bounds = args
                pieces: list[bytes | None] = []
                for w, (lo, hi) in enumerate(zip(bounds, bounds[1:])):
                    a = max(lo - start, 0)
                    b = min(hi - start, len(frontier))
                    if w == me:
                        mine = frontier[a:b] if b > a else []
                    pieces.append(pickle.dumps(frontier[a:b], pickle.HIGHEST_PROTOCOL)
                                  if b > a and w != me else None)
                frontier = mine
                conn.send(pieces)
            elif op == "take":  # the pieces from the workers before and after this one
                before, after = args
                frontier = ([s for p in before for s in pickle.loads(p)] + frontier
                            + [s for p in after for s in pickle.loads(p)])
            else:  # stop: the CPU seconds this worker spent, for the figures
                conn.send(time.process_time())
                return
    except EOFError:  # the walk is gone
        return
    except BaseException:  # noqa: BLE001 - the walk raises it
        conn.send(_Failure(traceback.format_exc()))


class Workers(Frontier):
    """The frontier split among forked processes that keep their slices as objects: a
    level's states never travel, only their fingerprints, parent positions and action
    indexes, and the positions of the successors each worker keeps. When the slices drift
    apart (duplicates fall more often on the later ones), consecutive blocks move to the
    neighbouring worker, so the level's order, hence the walk, stays the exact walk's."""

    #: slices are evened out when the largest exceeds the mean by this fraction ...
    DRIFT = 0.1
    #: ... and by at least this many states
    SLACK = 200

    def __init__(self, game: Any, s0: Any, reduce: Sequence[str] = (), workers: int = 2
                 ) -> None:
        self.game, self.reduce, self.workers = game, tuple(reduce), workers
        from engine.analysis.explore_check import Checks

        self.s0 = s0
        self.checks = Checks(game, s0)  # derived here once, inherited by the workers
        self._sizes = [1] + [0] * (workers - 1)
        self.conns: list[Any] = []
        self.procs: list[Any] = []
        self.cpu: list[float] = []  # each worker's CPU seconds, once it stopped

    def __enter__(self) -> "Workers":
        import multiprocessing

        ctx = multiprocessing.get_context("fork")  # the workers inherit the game as it is
        for w in range(self.workers):
            here, there = ctx.Pipe()
            proc = ctx.Process(target=_serve, daemon=True, name=f"fruitspec-explore-{w}",
                               args=(there, w, self.game, self.reduce,
                                     [(self.s0, self.checks.everything)] if w == 0 else [],
                                     self.checks))
            proc.start()
            there.close()
            self.conns.append(here)
            self.procs.append(proc)
        return self

    def __exit__(self, *exc: object) -> None:
        for conn in self.conns:
            try:
                conn.send(("stop",))
            except OSError:
                pass
        for conn in self.conns:
            try:
                got = conn.recv() if conn.poll(5) else None
            except (EOFError, OSError):
                continue
            if isinstance(got, float):
                self.cpu.append(got)
        for proc in self.procs:
            proc.join(timeout=5)
            if proc.is_alive():
                proc.terminate()
                proc.join()
        for conn in self.conns:
            conn.close()

    def _answers(self) -> list[Any]:
        out = []
        for conn in self.conns:
            try:
                got = conn.recv()
            except EOFError:
                raise RuntimeError("an exploration worker died") from None
            if isinstance(got, _Failure):
                raise RuntimeError(f"an exploration worker failed:\n{got.text}")
            out.append(got)
        return out

    def sizes(self) -> list[int]:
        return list(self._sizes)

    def expand(self, sleeps: list[frozenset] | None) -> list[dict[str, Any]]:
        slices = _split(sleeps, self._sizes) if sleeps else [None] * self.workers
        for conn, sl in zip(self.conns, slices):
            conn.send(("expand", sl))
        return self._answers()

    def keep(self, parts: list[np.ndarray]) -> None:
        for conn, part in zip(self.conns, parts):
            conn.send(("keep", part))
        self._sizes = [len(p) for p in parts]

    def balance(self) -> None:
        sizes, n = self._sizes, self.workers
        total = sum(sizes)
        mean = total / n
        if max(sizes) - mean <= max(self.DRIFT * mean, self.SLACK):
            return
        bounds = [total * w // n for w in range(n + 1)]
        starts = np.cumsum([0, *sizes]).tolist()
        for conn, start in zip(self.conns, starts):
            conn.send(("give", start, bounds))
        pieces = self._answers()
        for w, conn in enumerate(self.conns):
            conn.send(("take", [p[w] for p in pieces[:w] if p[w] is not None],
                       [p[w] for p in pieces[w + 1:] if p[w] is not None]))
        new = [b - a for a, b in zip(bounds, bounds[1:])]
        # what stays is each old slice's overlap with its new one
        stay = sum(max(0, min(b1, s + z) - max(b0, s))
                   for b0, b1, s, z in zip(bounds, bounds[1:], starts, sizes))
        self.moved += total - stay
        self._sizes = new


def frontier(game: Any, s0: Any, reduce: Sequence[str] = (), workers: int = 1,
             cluster: str | None = None) -> Frontier:
    """Where the walk's frontier lives: in forked workers (``workers`` > 1), on Dask
    (``cluster``) or here."""
    if cluster:
        return Here(game, s0, reduce, cluster, workers)
    if workers > 1:
        return Workers(game, s0, reduce, workers)
    return Here(game, s0, reduce)


# --- the walk ------------------------------------------------------------------------------

class Levels:
    """The states reached, level by level, in the few bytes each needs: its fingerprint,
    its parent's position one level up and its action's index (to find its path again),
    and the graph's edges as pairs of state numbers (to decide termination)."""

    def __init__(self, fp0: int, fp: Callable[[Any], int] = fingerprint) -> None:
        self.fp = fp  # how the states were fingerprinted
        self.fps: list[np.ndarray] = [np.array([fp0], dtype=np.uint64)]
        self.parents: list[np.ndarray] = [np.array([-1], dtype=np.int32)]
        self.acts: list[np.ndarray] = [np.array([-1], dtype=np.int32)]
        self.starts = [0]  # the number of the first state of each level
        self.seen = self.fps[0].copy()  # sorted fingerprints ...
        self.ids = np.array([0], dtype=np.int64)  # ... and the state number of each
        self.src: list[np.ndarray] = []
        self.dst: list[np.ndarray] = []
        self.back = 0  # edges to a state no deeper than their source

    def count(self) -> int:
        return int(self.starts[-1] + len(self.fps[-1]))

    def add(self, fps: np.ndarray, parents: np.ndarray, acts: np.ndarray) -> None:
        """A new level (fingerprints not seen before, distinct)."""
        first = self.count()
        self.fps.append(fps)
        self.parents.append(parents.astype(np.int32))
        self.acts.append(acts.astype(np.int32))
        self.starts.append(first)
        order = np.argsort(fps)  # merged into the sorted seen-set: no sort of all of it
        at = np.searchsorted(self.seen, fps[order])
        self.seen = np.insert(self.seen, at, fps[order])
        self.ids = np.insert(self.ids, at, first + order.astype(np.int64))

    def known(self, fps: np.ndarray) -> np.ndarray:
        """Which of these fingerprints are in the seen-set."""
        if not len(fps):
            return np.zeros(0, dtype=bool)
        at = np.minimum(np.searchsorted(self.seen, fps), len(self.seen) - 1)
        return self.seen[at] == fps

    def link(self, depth: int, parents: np.ndarray, fps: np.ndarray) -> None:
        """Record the edges from level ``depth`` (by parent position) to the states with
        these fingerprints (those left out by a state bound are skipped)."""
        at = np.searchsorted(self.seen, fps)
        at = np.minimum(at, len(self.seen) - 1)
        found = self.seen[at] == fps
        src = self.starts[depth] + parents[found]
        dst = self.ids[at[found]]
        self.src.append(src.astype(np.int64))
        self.dst.append(dst)
        self.back += int(np.count_nonzero(dst < self.starts[depth] + len(self.fps[depth])))

    def nbytes(self) -> int:
        return int(self.seen.nbytes + self.ids.nbytes
                   + sum(f.nbytes + p.nbytes + a.nbytes
                         for f, p, a in zip(self.fps, self.parents, self.acts))
                   + sum(x.nbytes for x in self.src) + sum(x.nbytes for x in self.dst))

    def where(self, state_id: int) -> tuple[int, int]:
        """(level, position) of a state number."""
        depth = int(np.searchsorted(self.starts, state_id, side="right")) - 1
        return depth, state_id - self.starts[depth]

    def action_indexes(self, depth: int, pos: int) -> list[int]:
        """The action indexes that lead from the first state to ``pos`` of level ``depth``."""
        out = []
        while depth > 0:
            out.append(int(self.acts[depth][pos]))
            pos = int(self.parents[depth][pos])
            depth -= 1
        out.reverse()
        return out

    def successors(self) -> list[tuple[int, ...]]:
        """The graph as successor lists (only built when a cycle must be looked for)."""
        n = self.count()
        src = np.concatenate(self.src) if self.src else np.zeros(0, dtype=np.int64)
        dst = np.concatenate(self.dst) if self.dst else np.zeros(0, dtype=np.int64)
        order = np.argsort(src, kind="stable")
        src, dst = src[order], dst[order]
        bounds = np.searchsorted(src, np.arange(n + 1))
        return [tuple(int(x) for x in dst[bounds[i]:bounds[i + 1]]) for i in range(n)]

    def depths(self) -> list[int]:
        return [d for d, level in enumerate(self.fps) for _ in range(len(level))]


def replay_path(g: Any, s0: Any, indexes: Iterable[int]) -> tuple[Any, list[Any]]:
    """Follow action indexes from ``s0``: the state reached and the actions taken."""
    state, actions = s0, []
    for k in indexes:
        a = g.legal_actions(state)[k]
        actions.append(a)
        state = g.apply(state, a)
    return state, actions


def walk(g: Any, s0: Any, max_states: int, front: Frontier,
         progress: Progress | None = None, red: Any = None) -> dict[str, Any]:
    """The level-by-level walk; the result has the fields of the exact walker's, less the
    violations' scenarios (the caller adds them), plus ``problems`` with their paths.
    ``front`` holds the first level, ``s0``, and expands each level."""
    from engine.analysis.explore_reduce import NONE, Reducer

    red = red or Reducer(g)
    levels = Levels(front.fp(red.key(s0)), front.fp)
    sleeps: list[frozenset] | None = [NONE] if red.sleeps else None
    terminal = edges = deferred = pruned = 0
    outcomes: set = set()
    complete = True
    problems: dict[str, dict[str, Any]] = {}
    counts: dict[str, int] = {}
    t0 = time.perf_counter()
    depth = 0
    while sum(front.sizes()):
        outs = front.expand(sleeps)
        offset = 0
        raws: list[int] = []
        skips: list[frozenset] = []
        par_parts = []
        for out in outs:  # the slices in the level's order
            for prop, message, pos, k in out["problems"]:
                counts[prop] = counts.get(prop, 0) + 1
                if prop not in problems:
                    problems[prop] = {"invariant": prop, "message": message,
                                      "at": (depth, offset + pos, k)}
            par_parts.append(out["parents"].astype(np.int64) + offset)
            terminal += out["terminal"]
            edges += out["edges"]
            deferred += out["deferred"]
            outcomes |= out["outcomes"]
            pruned += out["pruned"]
            raws += out["raws"]
            skips += out["skips"]
            offset += out["n"]
        arr = _cat([out["fps"] for out in outs], np.uint64)
        par = _cat(par_parts, np.int64)
        acts = _cat([out["acts"] for out in outs], np.int32)
        uniq, first = np.unique(arr, return_index=True)
        fresh = ~levels.known(uniq)
        keep = np.sort(first[fresh])  # first occurrence, in breadth-first order
        room = max_states - levels.count()
        if len(keep) > room:
            keep = keep[:room]
            complete = False
        if len(keep):
            levels.add(arr[keep], par[keep], acts[keep])
        levels.link(depth, par, arr)
        cuts = np.cumsum([0] + [len(out["fps"]) for out in outs])
        at = np.searchsorted(keep, cuts)
        front.keep([keep[a:b] - lo for a, b, lo in zip(at, at[1:], cuts)])
        if sleeps is not None:
            sleeps = _sleep_sets(arr.tolist(), raws, skips, set(uniq[fresh].tolist()), keep)
        depth += 1
        if progress is not None:
            elapsed = time.perf_counter() - t0
            progress({"depth": depth, "states": levels.count(), "frontier": len(keep),
                      "seconds": elapsed,
                      "states_per_second": levels.count() / elapsed if elapsed else 0.0})
        if not complete:
            break
        front.balance()
    seconds = time.perf_counter() - t0
    states = levels.count()
    return {"levels": levels, "states": states, "terminal_states": terminal, "edges": edges,
            "max_depth": len(levels.fps) - 1, "complete": complete, "seconds": seconds,
            "problems": problems, "counts": counts, "back_edges": levels.back,
            "deferred": deferred, "pruned": pruned, "outcomes": sorted(outcomes),
            "fingerprint_bytes": levels.nbytes(), "moved": front.moved,
            "collision_probability": collision_probability(states)}


def _cat(parts: list[np.ndarray], dtype: Any) -> np.ndarray:
    return np.concatenate(parts).astype(dtype, copy=False) if parts else np.zeros(0, dtype)


def _sleep_sets(fps: list[int], raws: list[int], skips: list[frozenset], fresh: set[int],
                keep: np.ndarray) -> list[frozenset]:
    """Each new state's sleep set: what every edge into it from this level skips, when the
    edge reached the state kept (its first one), else nothing (engine.analysis.explore_reduce)."""
    from engine.analysis.explore_reduce import NONE

    first: dict[int, int] = {}
    acc: dict[int, frozenset] = {}
    for fp, raw, skip in zip(fps, raws, skips):
        if fp not in fresh:
            continue
        if fp not in acc:
            first[fp], acc[fp] = raw, skip
        elif acc[fp]:
            acc[fp] = acc[fp] & skip if raw == first[fp] else NONE
    return [acc[fps[i]] for i in keep]


def edge_action(g: Any, s0: Any, levels: Levels, a: int, b: int, red: Any = None) -> Any:
    """The action that leads from state number ``a`` to state number ``b``."""
    from engine.analysis.explore_reduce import Reducer

    key = (red or Reducer(g)).key
    state, _ = replay_path(g, s0, levels.action_indexes(*levels.where(a)))
    want = levels.fps[levels.where(b)[0]][levels.where(b)[1]]
    for act in g.legal_actions(state):
        s2 = g.apply(state, act)
        if levels.fp(key(s2)) == int(want):
            return act
    raise AssertionError(f"no action from state {a} to state {b}")  # pragma: no cover
