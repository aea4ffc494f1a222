"""Exploration at scale: a level-by-level walk whose seen-set holds 64-bit fingerprints, not
states, and whose levels can be expanded by several processes or a Dask cluster.

The walk visits the same states in the same breadth-first order as the exact walker of
:mod:`engine.explore` and checks the same properties, so both report the same counts; the
tests compare them on small configurations. What changes is the memory and the cores:

* **Fingerprints** (as TLC does): a distinct state costs 16 bytes in the seen-set (a sorted
  ``numpy`` array of ``uint64`` and each one's state number, merged once per level) plus
  16 bytes to find its path again (its fingerprint, its parent's position in the previous
  level and the index of the action among the parent's legal actions). Two distinct states with one fingerprint would be merged
  without notice; the probability of that is reported, like TLC's estimate:
  ``n (n - 1) / 2 / 2**64`` for ``n`` distinct states.
* **Workers**: each level's frontier is cut into chunks expanded in other processes
  (``workers``) or on a Dask cluster (``cluster="local"`` or a scheduler address); the
  main process only merges fingerprints. Chunks come back in order, so the counts, the
  order of the states and the paths of violations are the same on any number of workers.
* **Termination**: the edges are kept as pairs of state numbers (8 bytes an edge). Every
  cycle has an edge back to a state no deeper than its source; with no such edge the graph
  is acyclic, otherwise the same cycle search as the exact walker's runs on the numbers,
  and a cycle comes with the actions of its path.
"""
from __future__ import annotations

import hashlib
import pickle
import time
from typing import Any, Callable, Iterable, Iterator, Sequence

import numpy as np

#: Chunks per worker and level: enough to balance the load, few enough to pickle cheaply.
CHUNKS_PER_WORKER = 4
#: Across processes, states travel as bytes each worker pickles and the main process only
#: passes on (it never needs a state object): the pickling is shared by the workers.
PACK = True

Progress = Callable[[dict[str, Any]], None]


def fingerprint(key: Any) -> int:
    """A 64-bit fingerprint of a state key, the same in every process (``repr`` of the
    spec's immutable values is deterministic; ``hash`` of a string is not, across
    processes)."""
    return int.from_bytes(hashlib.blake2b(repr(key).encode(), digest_size=8).digest(), "little")


def collision_probability(states: int) -> float:
    """TLC's estimate of the probability that two of ``states`` fingerprints collide."""
    return states * (states - 1) / 2 / 2.0 ** 64


# --- expanding a chunk of one level (runs in a worker) ----------------------------------------

_GAMES: dict[tuple[Any, ...], Any] = {}
#: the game being explored, as forked workers inherit it (a spec a test built included)
_FORKED: Any = None


def _game(ident: Any) -> Any:
    """The configured game: the object itself, the forked parent's, or (on a cluster) one
    loaded by name once per process."""
    if not isinstance(ident, tuple):
        return ident if ident is not None else _FORKED
    g = _GAMES.get(ident)
    if g is None:
        from .game import load
        name, players, options, variant = ident
        g = _GAMES[ident] = load(name, players=players, options=dict(options), variant=variant)
    return g


def expand(ident: Any, states: Sequence[Any], reduce: Sequence[str] = (),
           sleeps: Sequence[frozenset] | None = None, packed: bool = False
           ) -> dict[str, Any]:
    """Check and expand each state of a chunk.

    Returns, in order: for every successor its fingerprint, the position of its parent in
    the chunk, the index of the action among the parent's legal actions and the state;
    the problems found (property, message, position, action index or None); the number of
    terminal states and of edges. Under ``reduce`` (:mod:`engine.explore_reduce`) only the
    ample actions not asleep (``sleeps``, one set per state) are followed, and when
    commuting pairs are pruned each successor also comes with its raw fingerprint and the
    actions it may skip.

    ``packed``: the new states travel as bytes, each pickled here, and a state given as
    bytes is unpickled here; the main process then only passes bytes along (it never
    needs a state object), so the pickling is shared by the workers.
    """
    from .explore_reduce import NONE, Reducer

    g = _game(ident)
    sp, cfg = g.spec, g.config
    red = Reducer(g, reduce)
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
    for pos, state in enumerate(states):
        if isinstance(state, bytes):
            state = pickle.loads(state)
        for inv in sp.invariants:
            try:
                bad = inv.check(cfg, state)
            except Exception as exc:  # noqa: BLE001 - a crashing check is a finding
                bad = f"the check raised {type(exc).__name__}: {exc}"
            if bad:
                problems.append((inv.id, str(bad), pos, None))
        if g.is_over(state):
            terminal += 1
            sc = g.scores(state)
            if len(sc) != g.players or not all(isinstance(v, int) for v in sc):
                problems.append(("scores", f"scores {sc!r} for {g.players} seats", pos, None))
            outcomes.add((tuple(sc), tuple(g.winners(state))))
            continue
        legal = g._legal(state)  # read only: the game's own list, not a copy
        if not legal:
            problems.append(("no-dead-end", "the game is not over but no seat has a legal"
                             " action", pos, None))
        ample = red.ample(state, legal)
        deferred += len(legal) - len(ample)
        asleep = sleeps[pos] if sleeps else NONE
        follow = set(ample) if len(ample) < len(legal) or asleep else None
        for k, a in enumerate(legal):
            if follow is not None and (a not in follow or a in asleep):
                pruned += a in asleep
                continue
            try:
                s2, events = g._successor(state, a)
            except Exception as exc:  # noqa: BLE001 - a crashing effect is a finding
                problems.append(("step-error", f"'{a}' raised {type(exc).__name__}: {exc}",
                                 pos, k))
                continue
            edges += 1
            for e in events:
                if e.rule not in known:
                    problems.append(("known-clause", f"'{a}' emitted an event citing unknown"
                                     f" clause {e.rule!r}: {e.text}", pos, k))
            fps.append(fingerprint(key(s2)))
            if red.sleeps:
                raws.append(fingerprint(s2))
                skips.append(red.commuting(state, ample, a))
            parents.append(pos)
            acts.append(k)
            succ.append(s2)
    # a state reached twice from this chunk travels back once (pickling is the cost here)
    first: dict[int, int] = {}
    keep = [first.setdefault(fp, i) == i for i, fp in enumerate(fps)]
    pack = (lambda s: pickle.dumps(s, pickle.HIGHEST_PROTOCOL)) if packed else (lambda s: s)
    return {"fps": fps, "parents": parents, "acts": acts,
            "states": [pack(s) if k else None for s, k in zip(succ, keep)],
            "problems": problems, "terminal": terminal, "edges": edges,
            "raws": raws, "skips": skips, "deferred": deferred, "pruned": pruned,
            "outcomes": outcomes}


# --- where the chunks run ----------------------------------------------------------------------

class Runner:
    """Maps :func:`expand` over the chunks of a level: here, in processes, or on Dask."""

    def __init__(self, game: Any, workers: int = 1, cluster: str | None = None,
                 reduce: Sequence[str] = ()) -> None:
        self.game = game
        self.reduce = tuple(reduce)
        self.ident = (game.name, game.players, tuple(sorted(game.options.items())),
                      game.variant)
        self.workers = max(1, workers)
        self.cluster = cluster
        self._pool: Any = None
        self._client: Any = None
        self._close: Callable[[], None] | None = None

    def __enter__(self) -> "Runner":
        if self.cluster:
            from .simulate import _client  # the same Dask set-up as the simulator's
            self._client, self._close = _client(self.cluster, self.workers)
            self.workers = max(1, len(self._client.scheduler_info().get("workers", {})))
        elif self.workers > 1:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor
            global _FORKED
            _FORKED = self.game  # fork: the workers inherit the game as it is
            self._pool = ProcessPoolExecutor(self.workers,
                                             mp_context=multiprocessing.get_context("fork"))
        return self

    def __exit__(self, *exc: object) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
        if self._close is not None:
            self._close()

    def map(self, chunks: list[list[Any]], sleeps: list[Any] | None = None
            ) -> Iterator[dict[str, Any]]:
        n = len(chunks)
        sleeps = sleeps or [None] * n
        red = [self.reduce] * n
        packed = [PACK] * n
        if self._client is not None:  # other machines load the game by name
            futures = self._client.map(expand, [self.ident] * n, chunks, red, sleeps, packed,
                                       pure=False)
            yield from self._client.gather(futures)
        elif self._pool is not None:
            yield from self._pool.map(expand, [None] * n, chunks, red, sleeps, packed)
        else:
            for chunk, sl in zip(chunks, sleeps):
                yield expand(self.game, chunk, self.reduce, sl)


def _chunks(states: list[Any], n: int) -> list[list[Any]]:
    size = max(1, -(-len(states) // n))
    return [states[i:i + size] for i in range(0, len(states), size)]


# --- the walk ------------------------------------------------------------------------------

class Levels:
    """The states reached, level by level, in the few bytes each needs: its fingerprint,
    its parent's position one level up and its action's index (to find its path again),
    and the graph's edges as pairs of state numbers (to decide termination)."""

    def __init__(self, fp0: int) -> None:
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
        first = self.count()
        self.fps.append(fps)
        self.parents.append(parents.astype(np.int32))
        self.acts.append(acts.astype(np.int32))
        self.starts.append(first)
        seen = np.concatenate([self.seen, fps])
        ids = np.concatenate([self.ids, np.arange(first, first + len(fps), dtype=np.int64)])
        order = np.argsort(seen, kind="stable")
        self.seen, self.ids = seen[order], ids[order]

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


def walk(g: Any, s0: Any, max_states: int, runner: Runner,
         progress: Progress | None = None, red: Any = None) -> dict[str, Any]:
    """The level-by-level walk; the result has the fields of the exact walker's, less the
    violations' scenarios (the caller adds them), plus ``problems`` with their paths."""
    from .explore_reduce import NONE, Reducer

    red = red or Reducer(g)
    levels = Levels(fingerprint(red.key(s0)))
    frontier = [s0]
    sleeps: list[frozenset] | None = [NONE] if red.sleeps else None
    terminal = edges = deferred = pruned = 0
    outcomes: set = set()
    complete = True
    problems: dict[str, dict[str, Any]] = {}
    counts: dict[str, int] = {}
    t0 = time.perf_counter()
    depth = 0
    while frontier:
        chunks = _chunks(frontier, runner.workers * CHUNKS_PER_WORKER)
        fps: list[int] = []
        parents: list[int] = []
        acts: list[int] = []
        succ: list[Any] = []
        raws: list[int] = []
        skips: list[frozenset] = []
        offset = 0
        sleep_chunks = (_chunks(sleeps, runner.workers * CHUNKS_PER_WORKER)
                        if sleeps is not None else None)
        for chunk, out in zip(chunks, runner.map(chunks, sleep_chunks)):
            for prop, message, pos, k in out["problems"]:
                counts[prop] = counts.get(prop, 0) + 1
                if prop not in problems:
                    problems[prop] = {"invariant": prop, "message": message,
                                      "at": (depth, offset + pos, k)}
            fps += out["fps"]
            parents += [offset + p for p in out["parents"]]
            acts += out["acts"]
            succ += out["states"]
            terminal += out["terminal"]
            edges += out["edges"]
            deferred += out["deferred"]
            outcomes |= out["outcomes"]
            pruned += out["pruned"]
            raws += out["raws"]
            skips += out["skips"]
            offset += len(chunk)
        arr = np.array(fps, dtype=np.uint64)
        uniq, first = np.unique(arr, return_index=True)
        fresh = ~np.isin(uniq, levels.seen, assume_unique=True)
        keep = np.sort(first[fresh])  # first occurrence, in breadth-first order
        room = max_states - levels.count()
        if len(keep) > room:
            keep = keep[:room]
            complete = False
        par = np.array(parents, dtype=np.int64)
        if len(keep):
            levels.add(arr[keep], par[keep], np.array(acts, dtype=np.int64)[keep])
        levels.link(depth, par, arr)
        frontier = [succ[i] for i in keep]
        if sleeps is not None:
            sleeps = _sleep_sets(fps, raws, skips, set(uniq[fresh].tolist()), keep)
        depth += 1
        if progress is not None:
            elapsed = time.perf_counter() - t0
            progress({"depth": depth, "states": levels.count(), "frontier": len(frontier),
                      "seconds": elapsed,
                      "states_per_second": levels.count() / elapsed if elapsed else 0.0})
        if not complete:
            break
    seconds = time.perf_counter() - t0
    states = levels.count()
    return {"levels": levels, "states": states, "terminal_states": terminal, "edges": edges,
            "max_depth": len(levels.fps) - 1, "complete": complete, "seconds": seconds,
            "problems": problems, "counts": counts, "back_edges": levels.back,
            "deferred": deferred, "pruned": pruned, "outcomes": sorted(outcomes),
            "fingerprint_bytes": levels.nbytes(),
            "collision_probability": collision_probability(states)}


def _sleep_sets(fps: list[int], raws: list[int], skips: list[frozenset], fresh: set[int],
                keep: np.ndarray) -> list[frozenset]:
    """Each new state's sleep set: what every edge into it from this level skips, when the
    edge reached the state kept (its first one), else nothing (engine.explore_reduce)."""
    from .explore_reduce import NONE

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
    from .explore_reduce import Reducer

    key = (red or Reducer(g)).key
    state, _ = replay_path(g, s0, levels.action_indexes(*levels.where(a)))
    want = levels.fps[levels.where(b)[0]][levels.where(b)[1]]
    for act in g.legal_actions(state):
        s2 = g.apply(state, act)
        if fingerprint(key(s2)) == int(want):
            return act
    raise AssertionError(f"no action from state {a} to state {b}")  # pragma: no cover
