"""A two-seat toy game used to test the engine without any fruit rules."""
from __future__ import annotations

from typing import Any, NamedTuple

from spec.common import (HIDDEN, OWNER, PUBLIC, SECRET, Catalogue, Clause, GameSpec,
                         Invariant, Move, Option, Reading, Variant, ev)
from spec.common.core import IMPERFECT, SAMPLED, SEQUENTIAL, GameKind
from spec.common.moves import guard, pattern
from spec.common.rng import mix, shuffled


class ToyState(NamedTuple):
    phase: str
    turn: int
    hands: tuple[tuple[str, ...], ...]
    deck: tuple[str, ...]
    played: tuple[str, ...]
    totals: tuple[int, ...]
    rng: int


def _play(cfg, s, a):
    card = a.args[0]
    hands = list(s.hands)
    hands[a.player] = tuple(c for c in hands[a.player] if c != card)
    gain = int(card[1:]) * (2 if cfg.opt("double") == "yes" else 1)
    totals = list(s.totals)
    totals[a.player] += gain
    over = not any(hands)
    s2 = s._replace(phase="over" if over else "play", turn=1 - s.turn, hands=tuple(hands),
                    played=s.played + (card,), totals=tuple(totals))
    return s2, [ev("TOY-2", "seat {seat} plays {card} for {gain}", seat=a.player, card=card,
                   gain=gain)]


PLAY = Move(
    name="play", rule="TOY-2", phases=frozenset({"play"}),
    actors=lambda cfg, s: (s.turn,),
    domain=lambda cfg, s, seat: ((c,) for c in s.hands[seat]),
    guards=(guard("TOY-2", lambda cfg, s, a: a.args[0] in s.hands[a.player],
                  "seat {seat} does not hold {arg}"),),
    effect=_play, parse=pattern(r"[A-Z]\d+", what="a card such as X3"),
    doc="play a card", to=("play", "over"), notation="play CARD")


class ToySpec(GameSpec):
    def initial(self, cfg, seed, setup):
        cards = [f"X{i}" for i in range(1, 7)]
        deck, rng = shuffled(cards, mix(seed))
        return ToyState("play", 0, (deck[:2], deck[2:4]), deck[4:], (), (0, 0), rng)

    def scores(self, cfg, state):
        return list(state.totals)


SPEC = ToySpec(
    name="toy", prefix="TOY", title="Toy",
    catalogue=Catalogue("TOY", (Clause("TOY-1", "Two seats hold two cards each.", "Setup"),
                                Clause("TOY-2", "Seats alternate playing a card.", "Play")),
                        (Option("TOY-A1", "double", ("TOY-2",), "Play",
                                "Does a card score twice?",
                                (Reading("no", "once"), Reading("yes", "twice")), "no",
                                "the simpler reading"),)),
    variants=(Variant(None, (2,), "base"),),
    state_type=ToyState,
    visibility={"phase": PUBLIC, "turn": PUBLIC, "hands": OWNER, "deck": HIDDEN,
                "played": PUBLIC, "totals": PUBLIC, "rng": SECRET},
    moves=(PLAY,), notation_rule="TOY-2",
    kind=GameKind(SEQUENTIAL, SAMPLED, IMPERFECT, lambda cfg: 4),  # four cards are played
    invariants=(Invariant("TOY-I1", ("TOY-1",), "six cards in all",
                          lambda cfg, s: None if sum(map(len, s.hands)) + len(s.deck)
                          + len(s.played) == 6 else "cards not conserved"),),
)
