"""Tanuki Market's invariants: what every reachable state has (checked by the explorer,
the property tests and when a state is loaded), and the most cards a round can take."""
from __future__ import annotations

from spec.common.core import Config, Invariant

from .cards import FRUIT_OF, GRANNY, TACO
from .state import AUTOMATON, CAPACITY, TanukiState, cards_counted


def _all_cards(s: TanukiState) -> list[str]:
    out = list(s.deck) + list(s.hand) + list(s.kept) + list(s.auto) + list(s.out)
    for c in s.carts:
        out += c
    for i in range(len(s.haul)):
        out += s.haul[i] + s.haul_hidden[i] + s.salad[i]
        for t in s.tables[i]:
            out += t
    return out


def _conservation(cfg: Config, s: TanukiState) -> str | None:
    everything = _all_cards(s)
    fruit = sorted(c for c in everything if c in FRUIT_OF)
    if fruit != list(s.cards):
        return f"{len(fruit)} fruit cards in play, the card list has {len(s.cards)}"
    grannies = everything.count(GRANNY) + (1 if s.granny >= 0 else 0)
    if grannies != 1:
        return f"{grannies} Granny cards"
    tacos = everything.count(TACO) + (1 if s.taco >= 0 else 0)
    if tacos != (0 if cfg.extra.solo else 1):
        return f"{tacos} Taco cards"
    return None


def _capacity(cfg: Config, s: TanukiState) -> str | None:
    for i, cart in enumerate(s.carts):
        cap = CAPACITY[s.kinds[i]] + (1 if GRANNY in cart and cfg.extra.granny_fourth else 0)
        if cards_counted(cfg, cart) > cap:
            return f"cart {i + 1} ({s.kinds[i]}) holds {len(cart)} cards, more than {cap}"
    if len([c for c in s.kept if c != GRANNY]) > 1:
        return "the leader kept more than one card"
    return None


def _one_fruit_per_table(cfg: Config, s: TanukiState) -> str | None:
    for seat, tabs in enumerate(s.tables):
        seen: set[str] = set()
        for t, cards in enumerate(tabs):
            fruits = {FRUIT_OF[c] for c in cards}
            if len(fruits) > 1:
                return f"seat {seat}'s table {t + 1} holds {sorted(fruits)}"
            if fruits & seen:
                return f"seat {seat} has {fruits.pop()} on two tables"
            seen |= fruits
    return None


def _one_cart_each(cfg: Config, s: TanukiState) -> str | None:
    for seat in range(cfg.players):
        if s.taken.count(seat) > 1:
            return f"seat {seat} holds {s.taken.count(seat)} carts"
    if s.taken.count(AUTOMATON) > 1:
        return "the automaton holds two carts"
    if s.phase == "lay" and not (s.dry and cfg.extra.deck_out == "lay-out"):
        missing = [p for p in range(cfg.players) if p not in s.taken]
        if missing:
            return f"laying out starts while seat(s) {missing} have no cart"
        if cfg.extra.solo and AUTOMATON not in s.taken:
            return "laying out starts while the automaton has no cart"
    return None


def round_need(cfg: Config, kinds: tuple[str, ...]) -> int:
    """The most fruit cards one round can take off the deck after Granny came: every
    cart's room, less Taco's place, less Granny's place, plus the leader's kept card
    (plus one when Granny may ride as a 4th card; with special-capacity=fruit, Taco and
    Granny take no room, so every cart's room plus the kept card)."""
    if cfg.extra.fruit_capacity:
        return sum(CAPACITY[k] for k in kinds) + 1
    return (sum(CAPACITY[k] for k in kinds) - (0 if cfg.extra.solo else 1)
            + (1 if cfg.extra.granny_fourth else 0))


def _never_dry(cfg: Config, s: TanukiState) -> str | None:
    need = round_need(cfg, s.kinds)
    if s.dry and s.under >= need:
        return (f"the deck ran dry although {s.under} cards lay under Granny and a round"
                f" takes at most {need}")
    return None


def _phase_shape(cfg: Config, s: TanukiState) -> str | None:
    if s.phase != "deal" and s.hand:
        return f"the leader holds a drawn card in phase {s.phase}"
    if s.phase != "lay" and (any(s.haul) or any(s.haul_hidden) or any(s.pending)
                             or any(s.special)):
        return f"cards wait to be laid in phase {s.phase}"
    for seat, t in enumerate(s.pending):
        if t and not s.tables[seat][t - 1]:
            return f"seat {seat} must move an empty table {t}"
    return None


INVARIANTS = (
    Invariant("TAN-I1", ("TAN-1.1", "TAN-2.10", "TAN-2.11"), "cards are conserved: every"
              " fruit card of the card list is in exactly one place; one Granny; one Taco"
              " (none in the solo game)", _conservation),
    Invariant("TAN-I2", ("TAN-2.7", "TAN-2.8", "TAN-7.2"), "no cart ever holds more than its"
              " capacity (3; small 2, large 4); the leader keeps at most one card",
              _capacity),
    Invariant("TAN-I3", ("TAN-3.2", "TAN-3.3", "TAN-3.4", "TAN-3.5"), "every table holds at"
              " most one fruit, and every fruit lies on at most one table", _one_fruit_per_table),
    Invariant("TAN-I4", ("TAN-2.11", "TAN-2.12", "TAN-8.9"), "a seat never holds two carts;"
              " laying out starts only when every seat (and the automaton) has exactly one",
              _one_cart_each),
    Invariant("TAN-I5", ("TAN-1.8", "TAN-2.15"), "the deck never runs dry when Granny has at"
              " least as many cards under it as one round can take (15 always are)",
              _never_dry),
    Invariant("TAN-I6", ("TAN-2.2", "TAN-3.1", "TAN-3.5"), "drawn cards exist only in the deal,"
              " hauls and pending moves only while laying out", _phase_shape),
)


