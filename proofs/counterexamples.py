"""What each counterexample to induction turned out to be, with the path that shows it.

A failed obligation is not a finding until it is classified. ``reachable``: a scenario
from a real set-up, replayed through the engine, reaches a state that breaks what the
obligation claims (a declared bound, an invariant) -- a bug in the rules or in their
declarations. ``endless``: under the reading, a position comes back after a few moves,
so no measure can fall on every move. A counterexample that is neither stays a failure:
the invariants are then strengthened (``spec/<game>/abstract.py``) until it goes away.

Each classified path is stored as a scenario in ``proofs/counterexamples/``, one for each
variant and player count with obligations the finding matches, played in that variant.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import engine
from engine.core import validate
from engine.core.game import Game

FOLDER = Path(__file__).resolve().parent / "counterexamples"


@dataclass(frozen=True)
class Finding:
    """A class of failed obligations, explained once and shown by one path per size."""

    key: str
    kind: str  # "reachable" or "endless"
    game: str
    reading: dict[str, str]
    matches: Callable[[str], bool]
    what: str
    path: Callable[[Game], list[Any]]


#: the set-up each finding's path starts from, by game (none: the seed's own deal). Tindahan's
#: stand-ins once gave one (a seat placing more sellers in a round than `placed` allowed);
#: the bound now follows from the rules (spec/tindahan/state.py most_placed), its proof
#: holds, and tests/proofs/test_tindahan_bounds.py plays the rounds that reach it
SETUPS: dict[str, dict[str, Any]] = {}

#: what a variant's paths add to the game's set-up, by (game, variant), from the player
#: count. Special carts (TAN-7.1, one per seat, named by the set-up): the Move Fruit and
#: Fruit Salad carts come first, as carts 1 and 2, the ones every path takes, so that the
#: stored paths show their effects do not break the loop; the others follow while seats
#: remain, all five at 5 seats
VARIANT_SETUPS: dict[tuple[str, str], Callable[[int], dict[str, Any]]] = {
    ("tanuki-market", "special-carts"):
        lambda n: {"carts": ["move-F", "salad-F", "secret", "small", "large"][:n]},
}


def setup(game: str, variant: str | None, players: int) -> dict[str, Any] | None:
    """The set-up a finding's path starts from in one configuration."""
    extra = VARIANT_SETUPS.get((game, variant or ""))
    if extra is None:
        return SETUPS.get(game)
    return {**SETUPS.get(game, {}), **extra(players)}


def _start(g: Game) -> Any:
    """The first state of every path: seed 1 and the configuration's set-up."""
    return g.new(seed=1, setup=setup(g.name, g.variant, g.players))


def _take_and_give_back(g: Game) -> list[Any]:
    """Fruit Passion with discard-take=literal: every seat in turn takes the pile's top card
    and discards it again. The first take turns a new pile over (FRP-3.4); from then on
    every round of turns brings back the very same position."""
    s = _start(g)
    path = []
    for _ in range(1 + g.players):
        for body in ("draw discard", "discard"):
            act = g.resolve(s, f"p{s.turn}: {body}")
            path.append(act)
            s, _ = g.step(s, act)
    return path


SETUPS["tanuki-market"] = {"leader": 0}  # the first seat leads the first round


def _swap_back_and_forth(g: Game) -> list[Any]:
    """Tanuki Market with swap=yes: Taco goes on cart 1, and the seat to the leader's left
    takes cart 2, exchanges it for cart 1 and then for cart 2 again: the position after its
    first take comes back, while the leader still holds its drawn card. With special carts
    the same takes loop: nothing is laid out, so no cart's effect comes in."""
    s = _start(g)
    path = []
    for body in ("p0: taco 1", "p1: take 2", "p1: take 1", "p1: take 2"):
        act = g.resolve(s, body)
        path.append(act)
        s, _ = g.step(s, act)
    return path


def _rounds_that_deal_nothing(g: Game) -> list[Any]:
    """Tanuki Market with leader-take=any: the leader puts Taco on cart 1 and takes that
    cart still holding its drawn card, the others take the other carts, the card goes back
    on the deck and nothing is laid out; the leader took Taco and leads again. Every round
    is the one before, but for its number, which passes the declared most rounds (one a
    card of the deck). With special carts the Move Fruit and Fruit Salad carts find no
    fruit on the tables each round, so they lapse and change nothing."""
    s = _start(g)
    path = []
    while validate.problem(g, s) is None:
        bodies = ["p0: taco 1", "p0: take 1"] + [f"p{k}: take {k + 1}" for k in
                                                 range(1, g.players)]
        for body in bodies:
            act = g.resolve(s, body)
            path.append(act)
            s, _ = g.step(s, act)
    return path


FINDINGS = (
    Finding("TAN-swap-loop", "endless", "tanuki-market", {"swap": "yes"},
            lambda oid: oid.startswith("TAN-O-take.swap-measure-")
            and oid.endswith("-swap=yes"),
            "a seat may put its cart back and take it again, so the same position comes back "
            "during the deal and no measure can fall", _swap_back_and_forth),
    Finding("TAN-empty-rounds", "reachable", "tanuki-market", {"leader-take": "any"},
            lambda oid: oid.startswith("TAN-O-take.end-measure-")
            and oid.endswith("-leader-take=any"),
            "the leader may take a cart holding its drawn card, which then goes back on the "
            "deck: a round may deal nothing, rounds follow one another for ever, and the "
            "round number passes the declared bound", _rounds_that_deal_nothing),
    Finding("FRP-literal-loop", "endless", "fruit-passion", {"discard-take": "literal"},
            lambda oid: oid.startswith("FRP-O-discard.") and "-measure-" in oid
            and oid.endswith("-discard-take=literal"),
            "a card taken from the discard pile may go straight back onto it, so when every "
            "player does so the position comes back and no measure can fall",
            _take_and_give_back),
)


def finding_for(oid: str, game: str) -> Finding | None:
    for f in FINDINGS:
        if f.game == game and f.matches(oid):
            return f
    return None


def configurations(f: Finding) -> list[tuple[str | None, int]]:
    """(variant, player count) of each size with obligations the finding may match: every
    size a model of the game describes whose variant has the finding's options (Fruit
    Passion's solo game has no discard-take, so no FRP-literal-loop obligation)."""
    import spec as specs

    from .obligations import configurations as sizes

    game = specs.get(f.game)
    return [(variant, n) for variant, n in sizes(f.game)
            if set(f.reading) <= {o.name for o in game.options_for(variant)}]


def scenario_path(f: Finding, players: int, variant: str | None = None) -> Path:
    """Where the path of one configuration is stored: a variant's tag as in the obligation
    IDs (``TAN-swap-loop-3p-special.json``: special carts at 3 seats)."""
    from .obligations import variant_tag

    return FOLDER / f"{f.key}-{players}p{variant_tag(variant)}.json"


def scenario(f: Finding, players: int, variant: str | None = None) -> dict[str, Any]:
    """The finding's path at ``players`` seats (in ``variant``), as a scenario document."""
    g = engine.load(f.game, players=players, variant=variant, options=f.reading)
    texts = [str(act) for act in f.path(g)]
    doc = {"game": f.game, "players": players, "variant": variant, "options": f.reading,
           "seed": 1, "title": f"{f.key}: {f.kind}", "description": f.what,
           "setup": setup(f.game, variant, players), "actions": texts,
           "expect": {"over": False}}
    return {k: v for k, v in doc.items() if v is not None}


def replay(f: Finding, doc: dict[str, Any]) -> str | None:
    """Replay a stored path: the problem its last state has (None: it shows nothing)."""
    from engine.core.scenario import replay as run

    r = run(doc)
    if r.failures:
        return None
    if f.kind == "endless":
        first: dict[Any, int] = {}
        for i, state in enumerate(r.states):
            if state in first:
                return f"the position after action {first[state]} comes back after action {i}"
            first[state] = i
        return None
    return validate.problem(r.game, r.state)


def write_all() -> list[Path]:
    """Store every finding's path in each configuration it has obligations in."""
    out = []
    for f in FINDINGS:
        for variant, n in configurations(f):
            path = scenario_path(f, n, variant)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(scenario(f, n, variant), indent=1) + "\n",
                            encoding="utf-8")
            out.append(path)
    return out
