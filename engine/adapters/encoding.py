"""The fixed numeric interface the adapters share: an action index and a view encoder.

Both are built once per configuration (game, players, variant, options), generically from
the spec, and cached; neither is used by the engine itself, so the engine's hot path pays
nothing for them.

**Action index.** Index 0 is :data:`WAIT`, the "nothing to do" answer of a seat that may
not act at a simultaneous step. Indices 1.. are every action body (``play B7``,
``take 2``...) the configuration can produce, sorted by move (in the spec's order) and then
by arguments. The bodies are found generically: each move's ``domain`` is enumerated over
the states of a few seeded random games, and each argument position that takes a component
(a card, a fruit letter) is widened to every component of the game, keeping the argument
tuples the move's own ``parse`` accepts. A seat's action ``i`` is ``Action(seat, *body)``.

**Observation.** ``game.view(state, seat)`` (and nothing else) is flattened to named
features, each a float:

* a number or a bool at a path → its value (``round``, ``hands/1`` a count);
* a string at a path → a one-hot feature ``path=token`` (``phase=trick``);
* a list of strings (a hand, a trick, a pile) → one count per token, ``path[token]``,
  plus its length ``path#``;
* any other list → its items under ``path/0``, ``path/1``... plus its length ``path#``;
* ``None`` → a feature ``path=None``; a mapping → its keys, ``path/key``.

The view's bookkeeping keys (``game``, ``players``, ``variant``, ``legal``) are left out:
the action mask carries ``legal``. The feature names of a configuration are those seen in
the views of every seat over the same seeded games, with every token-valued path widened to
every component token; a feature absent from a view is 0. Because the vector is a function
of the view alone, what a seat may not see cannot change its observation.

What a view shows that the vector deliberately leaves out: the bookkeeping keys above, the
order of a list of strings (a hand or a trick is one count per card, so which seat
played which card of a trick is not in the vector) and tokens no sampled game showed. ``tests/adapters/test_encoding_plan.py`` checks that views
differing in anything else give different vectors.

**Encoding plan.** The feature names are turned once per configuration into a tree
(:func:`plan`): per path of a view, the indices its value may write. A step walks the view
against the tree, keeping per node the last list or mapping it saw and what it wrote, so a
field equal to last time costs one comparison; the pairs found are scattered into the
vector with one ``np.bincount``. The action mask is read from the view's ``legal`` list
through a table of each seat's notations (:meth:`Interface.mask_of`).
"""
from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import Any, Iterable, Iterator, Mapping

import numpy as np

from spec.common.core import Action

from engine.core.game import Game, load

#: The reserved index of "no action": the only choice of a seat that may not act now.
WAIT = 0
#: Seeded random games sampled to enumerate actions and features.
SAMPLE_GAMES = 6
#: One sampled state in this many is viewed to collect features.
VIEW_EVERY = 3
#: Keys of a view that are not observations (constant, or carried by the action mask).
SKIPPED_KEYS = frozenset({"game", "players", "variant", "legal"})
#: Bounds of the observation Box: every feature is an int well inside these.
OBS_BOUND = float(2 ** 20)

Body = tuple[str, tuple[str, ...]]


@dataclass(frozen=True)
class Interface:
    """One configuration's action index and feature index."""

    bodies: tuple[Body, ...]  # index i + 1 -> (move name, args)
    features: tuple[str, ...]
    longest: int = 0  # the longest sampled game, in actions
    seats: int = 0  # the player count (the seat prefixes of the views' legal actions)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {b: i + 1 for i, b in enumerate(self.bodies)})
        object.__setattr__(self, "_feature", {f: i for i, f in enumerate(self.features)})
        object.__setattr__(self, "_plan", plan(self.features))
        # a view lists legal actions in notation: their index is one lookup of that text
        object.__setattr__(self, "_named", {
            f"p{seat}: {' '.join((name, *args))}": i + 1
            for seat in range(self.seats) for i, (name, args) in enumerate(self.bodies)})

    @property
    def num_actions(self) -> int:
        return len(self.bodies) + 1

    @property
    def num_features(self) -> int:
        return len(self.features)

    def index(self, action: Action) -> int:
        """The index of a (legal) action; a clear error if the index lacks it."""
        try:
            # the index is set in __post_init__
            return self._index[(action.name, action.args)]  # type: ignore[attr-defined]
        except KeyError:
            raise LookupError(f"action {action.body!r} is missing from the action index"
                              " of this configuration") from None

    def action(self, seat: int, index: int) -> Action:
        """Seat ``seat``'s action number ``index`` (not :data:`WAIT`)."""
        if not 1 <= index < self.num_actions:
            raise ValueError(f"no action {index} (actions are 1..{self.num_actions - 1},"
                             f" {WAIT} is 'wait')")
        name, args = self.bodies[index - 1]
        return Action(seat, name, args)

    def notation(self, index: int) -> str:
        if index == WAIT:
            return "wait"
        name, args = self.bodies[index - 1]
        return " ".join((name, *args))

    def mask(self, legal: Iterable[Action], seat: int, acting: bool = True) -> np.ndarray:
        """1 for the seat's legal actions; a seat that is not acting has only WAIT."""
        out = np.zeros(self.num_actions, dtype=np.int8)
        index = self._index  # type: ignore[attr-defined]  # set in __post_init__
        for a in legal:
            if a.player == seat:
                out[index[(a.name, a.args)]] = 1
        if not out.any() and not acting:
            out[WAIT] = 1
        return out

    def mask_of(self, view: Mapping[str, Any]) -> np.ndarray:
        """:meth:`mask` read from a seat's view (its ``legal`` and ``actors``) alone."""
        out = np.zeros(self.num_actions, dtype=np.int8)
        legal = view["legal"]
        if legal:
            out[self.indices_of(view)] = 1
        elif view["seat"] not in view["actors"]:
            out[WAIT] = 1
        return out

    def indices_of(self, view: Mapping[str, Any]) -> list[int]:
        """The action indices of a seat's legal actions, read from its view's ``legal``."""
        named = self._named  # type: ignore[attr-defined]  # set in __post_init__
        try:
            return [named[text] for text in view["legal"]]
        except KeyError as exc:
            raise LookupError(f"action {exc.args[0]!r} is missing from the action index"
                              " of this configuration") from None

    def encode(self, view: Mapping[str, Any]) -> np.ndarray:
        """The feature vector of a view (features this configuration never shows are 0)."""
        out = np.empty(self.num_features, dtype=np.float32)
        self.encode_into(view, out)
        return out

    def encode_into(self, view: Mapping[str, Any], out: np.ndarray) -> None:
        """Write the feature vector of a view into ``out`` (a float32 array of the size)."""
        found: list[int] = []
        values: list[float] = []
        _walk(self._plan, view, found, values)  # type: ignore[attr-defined]  # set in __post_init__
        n = len(found)
        # one conversion of each list and one scatter: per-item numpy writes cost more
        out[:] = np.bincount(np.fromiter(found, np.intp, n),
                             np.fromiter(values, np.float64, n), self.num_features)

    def reference_encode(self, view: Mapping[str, Any]) -> np.ndarray:
        """:meth:`encode` by the definition (feature names looked up one by one): slow;
        the plan must give the very same vector."""
        out = np.zeros(self.num_features, dtype=np.float32)
        where = self._feature  # type: ignore[attr-defined]  # set in __post_init__
        for name, value in flatten(view):
            i = where.get(name)
            if i is not None:
                out[i] += value
        return out


def flatten(view: Mapping[str, Any]) -> Iterator[tuple[str, float]]:
    """The (feature, value) pairs of a view, as the module docstring describes."""
    for key, value in view.items():
        if key not in SKIPPED_KEYS:
            yield from _flat(str(key), value)


def _flat(path: str, value: Any) -> Iterator[tuple[str, float]]:
    # views are JSON data: exact type tests are enough, and much faster than ABC checks
    kind = type(value)
    if value is None:
        yield f"{path}=None", 1.0
    elif kind is bool or kind is int or kind is float:
        yield path, float(value)
    elif kind is str:
        yield f"{path}={value}", 1.0
    elif kind is dict:
        for k, v in value.items():
            yield from _flat(f"{path}/{k}", v)
    elif kind is list or kind is tuple:
        yield f"{path}#", float(len(value))
        if value and all(type(v) is str for v in value):
            for v in value:
                yield f"{path}[{v}]", 1.0
        else:
            for i, v in enumerate(value):
                yield from _flat(f"{path}/{i}", v)
    else:
        raise TypeError(f"{path}: a view holds JSON data, not {kind.__name__}")


# --- the encoding plan ------------------------------------------------------------------
# The feature names are fixed per configuration, so what each path of a view writes can be
# worked out once: a tree of nodes, one per path, each holding the indices its value may
# write (as a number, a one-hot token, a list's length and tokens) and its children. A
# view is then encoded by walking it against the tree, with no name built or parsed.
class Node:
    """What the value at one path of a view writes: feature indices, None for none."""

    __slots__ = ("num", "none", "length", "onehot", "tokens", "children", "items", "nums",
                 "last")

    def __init__(self) -> None:
        self.num: int | None = None  # path
        self.none: int | None = None  # path=None
        self.length: int | None = None  # path#
        self.onehot: dict[str, int] = {}  # path=token
        self.tokens: dict[str, int] = {}  # path[token]
        self.children: dict[str, Node] = {}  # path/key
        self.items: tuple[Node | None, ...] = ()  # path/0, path/1... (from children)
        self.nums: tuple[int, ...] | None = None  # the items' own indices, if all have one
        self.last: tuple[Any, list[int], list[float]] | None = None  # see _put


def _split(feature: str) -> tuple[str, str, str]:
    """(path, kind, token) of a feature name; paths are view keys and indices, which
    hold none of ``=``, ``[`` and ``#`` (tokens may hold anything)."""
    cut = min((i for i in (feature.find("="), feature.find("[")) if i >= 0), default=-1)
    if cut >= 0:
        kind = feature[cut]
        return feature[:cut], kind, feature[cut + 1:-1] if kind == "[" else feature[cut + 1:]
    if feature.endswith("#"):
        return feature[:-1], "#", ""
    return feature, "", ""


def plan(features: Iterable[str]) -> Node:
    """The tree of nodes that writes ``features`` (index = position) from a view."""
    nodes: dict[str, Node] = {"": Node()}

    def node(path: str) -> Node:
        if path not in nodes:
            nodes[path] = Node()
            # a dict key may hold "/" (a card such as "F/five"): every cut is a parent
            for cut in (i for i, c in enumerate(path) if c == "/"):
                node(path[:cut]).children.setdefault(path[cut + 1:], nodes[path])
            if "/" not in path:
                nodes[""].children[path] = nodes[path]
        return nodes[path]

    for i, feature in enumerate(features):
        path, kind, token = _split(feature)
        n = node(path)
        if kind == "":
            n.num = i
        elif kind == "#":
            n.length = i
        elif kind == "[":
            n.tokens[token] = i
        else:  # "=": the string "None" and None write the same feature, as their names do
            n.onehot[token] = i
            if token == "None":
                n.none = i
    for n in nodes.values():
        last = max((int(k) for k in n.children if k.isdigit()), default=-1)
        n.items = tuple(n.children.get(str(k)) for k in range(last + 1))
        if n.items and all(c is not None and c.num is not None for c in n.items):
            n.nums = tuple(c.num for c in n.items if c is not None and c.num is not None)
    return nodes[""]


_STR = {str}
_NUMBERS = frozenset({int, bool, float})


def _put(node: Node, value: Any, found: list[int], values: list[float]) -> None:
    """Append the (index, value) pairs ``value`` writes at ``node``: :func:`_flat`'s
    rules, over indices instead of names.

    Most of a view is as it was in the last view encoded (the scores, the table, another
    seat's view of the same moment), so a list or a mapping equal to the last one seen at
    its node writes what it wrote then. Equal JSON values write equal pairs (1 == True
    and 0 == 0.0 write the same value): this changes no vector, and one comparison in C
    costs far less than walking the value again."""
    kind = type(value)
    if kind is list or kind is tuple or kind is dict:
        last = node.last
        if last is None or last[0] != value:
            last = (value, [], [])
            _walk(node, value, last[1], last[2])
            node.last = last  # one assignment: a thread reading it sees old or new
        found.extend(last[1])
        values.extend(last[2])
    elif kind is str:
        i = node.onehot.get(value)
        if i is not None:
            found.append(i)
            values.append(1.0)
    elif kind is int or kind is bool or kind is float:
        if node.num is not None:
            found.append(node.num)
            values.append(value)
    elif value is None:
        if node.none is not None:
            found.append(node.none)
            values.append(1.0)
    else:
        raise TypeError(f"a view holds JSON data, not {kind.__name__}")


def _walk(node: Node, value: Any, found: list[int], values: list[float]) -> None:
    """The pairs of a list or a mapping."""
    if type(value) is dict:
        # a view's keys are strings (the engine makes every view plain JSON data)
        _items(zip(map(node.children.get, value), value.values()), found, values)
        return
    if node.length is not None:
        found.append(node.length)
        values.append(len(value))
    kinds = set(map(type, value))
    if kinds == _STR:
        hits = [i for i in map(node.tokens.get, value) if i is not None]
        found.extend(hits)
        values.extend([1.0] * len(hits))
    elif node.nums is not None and kinds <= _NUMBERS and len(value) <= len(node.nums):
        found.extend(node.nums[:len(value)])  # a row of numbers: no call per item
        values.extend(value)
    else:
        _items(zip(node.items, value), found, values)


def _items(pairs: Iterable[tuple[Node | None, Any]], found: list[int],
           values: list[float]) -> None:
    for child, item in pairs:
        if child is not None:
            kind = type(item)
            if (kind is int or kind is bool) and child.num is not None:  # the common leaf
                found.append(child.num)
                values.append(item)
            else:
                _put(child, item, found, values)


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            yield from _strings(v)


def _sample_games(game: Game, games: int) -> Iterator[list[Any]]:
    for seed in range(games):
        rng = random.Random(seed)
        s = game.new(seed=seed)
        states = [s]
        while not game.is_over(s):
            s = game.apply(s, rng.choice(game.legal_actions(s)))
            states.append(s)
        yield states


def build(game: Game, games: int = SAMPLE_GAMES) -> Interface:
    """Enumerate the action bodies and features of ``game``'s configuration."""
    spec, cfg = game.spec, game.config
    seen_args: dict[tuple[str, int], set[tuple[str, ...]]] = {}
    features: set[str] = set()
    seats = [*range(game.players), None]
    samples = list(_sample_games(game, games))
    longest = max(len(states) - 1 for states in samples)
    # the components: every string of every sampled deal (a deal may leave some out)
    components = {t for states in samples for t in _strings(states[0]._asdict())}
    for n, s in enumerate(s for states in samples for s in states):
        for mv in spec.moves_in(s.phase):
            if game.is_over(s):
                break
            for seat in mv.actors(cfg, s):
                for args in mv.domain(cfg, s, seat):
                    seen_args.setdefault((mv.name, len(args)), set()).add(tuple(args))
        # views are the costly part: one seat's view every VIEW_EVERY states, seats in turn
        if n % VIEW_EVERY == 0:
            seat = seats[n // VIEW_EVERY % len(seats)]
            features.update(name for name, _ in flatten(game.view(s, seat)))
    features |= _generalise(features, components)
    return Interface(_bodies(game, seen_args, components), tuple(sorted(features)), longest,
                     game.players)


_FEATURE = re.compile(r"(?P<path>.*?)(?P<kind>#|=None|=|\[|)(?P<token>[^=\[]*?)\]?$")
_INDEX = re.compile(r"/\d+(?=/|$)")
#: Above this many index combinations, a shape keeps only the paths that were seen.
MAX_COMBINATIONS = 400


def _generalise(features: set[str], components: set[str]) -> set[str]:
    """Widen the sampled features to what the same structure can show.

    Paths are grouped by shape (``tables/1/4`` has shape ``tables/*/*``). Every path of a
    shape, at every index seen at each of its positions (in any path sharing the shape up
    to there), gets every kind of feature seen for the shape; a slot seen empty may hold a
    component and a component slot may be empty; token kinds get every token seen for the
    shape and every component.
    """
    shapes: dict[str, dict[str, set]] = {}
    indices: dict[str, set[int]] = {}  # shape up to a star -> indices seen there
    for f in features:
        m = _FEATURE.fullmatch(f)
        assert m is not None  # every part of the pattern may be empty: any text matches
        path, kind, token = m.group("path"), m.group("kind"), m.group("token")
        if kind == "" and token:  # a plain number feature: the token is the path's end
            path, token = path + token, ""
        shape = _INDEX.sub("/*", path)
        info = shapes.setdefault(shape, {"kinds": set(), "tokens": set(), "paths": set()})
        info["kinds"].add(kind)
        info["paths"].add(path)
        if token and kind in ("=", "["):
            info["tokens"].add(token)
        for i in _INDEX.finditer(path):
            indices.setdefault(_INDEX.sub("/*", path[:i.end()]), set()).add(int(i.group()[1:]))
    out = set(features)
    for shape, info in shapes.items():
        kinds = info["kinds"]
        if "=" in kinds or "=None" in kinds:
            kinds |= {"=", "=None"}
        stars = [shape[:m.end()] for m in re.finditer(r"/\*(?=/|$)", shape)]
        choices = [sorted(indices.get(k, ())) for k in stars]
        paths = set(info["paths"])
        if math.prod(map(len, choices)) <= MAX_COMBINATIONS:
            paths |= {_fill(shape, combo) for combo in product(*choices)}
        tokens = info["tokens"] | components
        for path in paths:
            for kind in kinds:
                if kind == "=":
                    out.update(f"{path}={t}" for t in tokens)
                elif kind == "[":
                    out.update(f"{path}[{t}]" for t in tokens)
                else:
                    out.add(path + kind)
    return out


def _fill(shape: str, combo: tuple[int, ...]) -> str:
    parts = iter(combo)
    return re.sub(r"/\*(?=/|$)", lambda _m: f"/{next(parts)}", shape)


_RUN = re.compile(r"[A-Za-z]+|[0-9]+")


def _widen(tokens: set[str], components: set[str], words: set[str],
           numbers: set[str]) -> set[str]:
    """``tokens`` plus every component if one is a component, and every token made by
    putting another component word for a word (another number for a number) in one."""
    out = set(tokens) | (components if tokens & components else set())
    for t in tokens:
        for m in _RUN.finditer(t):
            pool = numbers if m.group().isdigit() else words if m.group() in words else ()
            out.update(t[:m.start()] + w + t[m.end():] for w in pool)
    return out


def _arities(notation: str) -> set[int]:
    """Argument counts a move's notation allows: ``play CARD [trump]`` -> {1, 2}."""
    out: set[int] = set()
    for alt in notation.split("|"):
        words = alt.split()[1:] if alt.split() else []
        optional = sum(w.startswith("[") for w in words)
        out.update(range(len(words) - optional, len(words) + 1))
    return out


def _bodies(game: Game, seen: Mapping[tuple[str, int], set[tuple[str, ...]]],
            components: set[str]) -> tuple[Body, ...]:
    words = {m.group() for c in components for m in _RUN.finditer(c)}
    said = {a for tuples in seen.values() for args in tuples for a in args}
    numbers = {m.group() for t in words | said for m in _RUN.finditer(t) if m.group().isdigit()}
    words -= numbers
    top = max(map(int, numbers), default=0)
    numbers |= {str(i) for i in range(top + 1)}
    # a position never seen in the sampled games may take any token the game uses
    pool = said | components | words | numbers
    out: list[Body] = []
    for mv in game.spec.moves:
        found: set[tuple[str, ...]] = set()
        arities = {n for (name, n) in seen if name == mv.name} | _arities(mv.notation)
        for arity in sorted(arities):
            tuples = seen.get((mv.name, arity), set())
            found |= tuples
            positions = [_widen({t[i] for t in tuples}, components, words, numbers)
                         if tuples else pool for i in range(arity)]
            found |= {args for args in product(*positions) if mv.parse(args) is None}
        out.extend((mv.name, args) for args in sorted(found))
    return tuple(out)


@lru_cache(maxsize=64)
def _cached(name: str, players: int, variant: str | None,
            options: tuple[tuple[str, str], ...]) -> Interface:
    return build(load(name, players=players, options=dict(options), variant=variant))


def interface(game: Game) -> Interface:
    """The (cached) interface of ``game``'s configuration."""
    return _cached(game.name, game.players, game.variant, tuple(sorted(game.options.items())))


def sample_length(game: Game) -> int:
    """The longest of the sampled games of ``game``'s configuration, in actions."""
    return interface(game).longest


# --- simultaneous steps ---------------------------------------------------------------------
def apply_joint(game: Game, state: Any, choices: Mapping[int, Action],
                rng: random.Random) -> tuple[Any, list[tuple[Action, list[Any]]]]:
    """Apply the actions several seats chose at once for ``state``.

    The engine runs one action at a time, so a simultaneous step is played in an order
    drawn by ``rng`` (who was quicker). Every choice must be legal in ``state``; a choice
    that an earlier one has made impossible (two seats grabbing the same cart) or that
    comes after the phase changed is dropped, and that seat simply chooses again.
    Returns the new state and the (action, events) pairs that were applied.
    """
    legal = game.legal_actions(state)
    for a in choices.values():
        if a not in legal:
            raise game.explain(state, a)
    order = sorted(choices)
    rng.shuffle(order)
    phase = state.phase
    applied: list[tuple[Action, list[Any]]] = []
    for seat in order:
        if game.is_over(state) or state.phase != phase:
            break
        a = choices[seat]
        if applied and a not in game.legal_actions(state):
            continue
        state, events = game.step(state, a)
        applied.append((a, events))
    return state, applied
