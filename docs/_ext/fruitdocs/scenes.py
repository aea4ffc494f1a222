"""Pictures of engine states, per game: a trick laid out, a Tanuki table row, a Fruit
Passion stack with only its top card visible. Each is drawn from a seeded game that the
engine plays (random legal actions), so the picture shows what the engine really does;
the caption quotes the engine's own event texts."""
from __future__ import annotations

import random
from typing import Any, Callable, Iterator

from . import pictures as pic
from . import positions
from .pictures import CARD_H, CARD_W

Picture = tuple[str, str, str]  # (title, svg text, caption)
LETTERS = "BLMPD"  # Tindahan and Bastos! fruit order (the rulebook's components list)
NAMES = ("banana", "lanzones", "mango", "pineapple", "durian")


def pictures(name: str, spec: Any) -> list[Picture]:
    drawer = DRAWERS.get(name)
    return drawer() if drawer else []


def walk(name: str, seed: int, players: int | None = None, variant: str | None = None,
         max_steps: int = 5000) -> Iterator[tuple[Any, Any, Any, Any, list[Any]]]:
    """(game, state before, action, state after, events) along one seeded random game."""
    import engine
    game = engine.load(name, players=players, variant=variant)
    rng = random.Random(seed)
    state = game.new(seed=seed)
    for _ in range(max_steps):
        if game.is_over(state):
            return
        legal = game.legal_actions(state)
        if not legal:
            return
        action = rng.choice(legal)
        after, events = game.step(state, action)
        yield game, state, action, after, events
        state = after


def first(it: Iterator[Any], pred: Callable[..., bool]) -> Any:
    for item in it:
        if pred(*item):
            return item
    return None


# --- trick-taking games --------------------------------------------------------------------

def _trick(name: str, players: int) -> list[Picture]:
    """The first trick of a seeded game whose winner is decided, laid out seat by seat."""
    for seed in range(1, 40):
        found = first(walk(name, seed, players),
                      lambda g, s, a, s2, evs: any("wins the trick" in e.text for e in evs)
                      and len(s.trick) >= players - 1 and a.name == "play")
        if found:
            break
    else:
        return []
    game, before, action, after, events = found
    cards = list(before.trick) + [action.args[0]]
    if hasattr(before, "trick_seats"):
        seats = list(before.trick_seats) + [action.player]
    else:
        seats = [(before.leader + i) % players for i in range(len(cards))]
    win = next(e for e in events if "wins the trick" in e.text)
    winner = win.data.get("seat")
    trump = getattr(after, "cart", None)
    if trump is None:
        trump = getattr(before, "trump", -1) if getattr(after, "trump", -1) < 0 else after.trump
    trump_name = NAMES[trump] if isinstance(trump, int) and 0 <= trump < len(NAMES) else "none"
    captions = [f"seat {s}" + (" (led)" if i == 0 else "") for i, s in enumerate(seats)]
    marks = ["wins" if s == winner else "" for s in seats]
    body = [pic.text(16, 20, f"Trump: {trump_name}", 13, weight="bold")]
    width = 24 + len(cards) * (CARD_W + 16)
    for i, c in enumerate(cards):
        x = 16 + i * (CARD_W + 16)
        body.append(pic.card(name, c, x, 44, mark=marks[i]))
        body.append(pic.text(x + CARD_W / 2, 44 + CARD_H + 18, captions[i], 11, "middle"))
    svg = pic.svg(max(width, 220), 44 + CARD_H + 30, body, f"{name}: a trick")
    texts = [f"{e.rule}: {e.text}" for e in events]
    caption = (f"A trick of a seeded {players}-player game (seed {seed}), as the engine"
               f" resolved it: " + "; ".join(texts[:3]) + ".")
    return [("A trick laid out", svg, caption)]


def _bastos_values(players: int = 4) -> list[Picture]:
    """The value table in the middle of a round: one column per fruit, trump marked."""
    for seed in range(1, 40):
        found = first(walk("bastos", seed, players),
                      lambda g, s, a, s2, evs: s2.phase == "play" and s2.trump >= 0
                      and any(v != 0 for v in s2.values) and len(s2.trick) == 0
                      and sum(map(len, s2.hands)) < 30)
        if found:
            break
    else:
        return []
    game, _, _, state, _ = found
    svg = positions.values(positions.Book(state=state))
    shown = ", ".join(f"seat {i}: {c}" for i, c in enumerate(state.bastos) if c)
    caption = (f"The value table during round {state.round} of a seeded game (seed {seed}):"
               f" each marker shows what a card of that fruit scores now. Bastos! cards shown:"
               f" {shown}.")
    return [("The value table", svg, caption)]


def tindahan() -> list[Picture]:
    return _trick("tindahan", 4) + _tindahan_stalls()


def _tindahan_stalls(players: int = 4) -> list[Picture]:
    """The market stalls near the end of a round: sellers per seat, the cart on trump."""
    best = None
    for seed in range(1, 20):
        prev = None
        for game, s, a, s2, evs in walk("tindahan", seed, players):
            if any(e.rule == "TIN-6.1" for e in evs) and prev is not None:
                if sum(map(sum, prev.stalls)) >= 6:
                    best = (seed, prev)
                break
            prev = s2
        if best:
            break
    if not best:
        return []
    seed, state = best
    seat_colours = ("#e74c3c", "#2e86c1", "#27ae60", "#8e44ad", "#d35400")
    body = [pic.text(16, 22, "Market stalls", 13, weight="bold")]
    x = 16
    stalls = [i for i, letter in enumerate(LETTERS) if letter in state.fruits]
    for f in stalls:
        colour = pic.COLOURS["tindahan"][LETTERS[f]]
        body.append(f'<rect x="{x}" y="40" width="110" height="120" rx="8" fill="{colour}"'
                    ' opacity="0.35" stroke="#8a6d1d"/>')
        body.append(pic.text(x + 55, 58, NAMES[f], 12, "middle", "bold"))
        if f == state.cart:
            body.append(pic.text(x + 55, 176, "cart: trump", 11, "middle", "bold",
                                 "#c0392b"))
        for seat, count in enumerate(state.stalls[f]):
            for k in range(count):
                cx = x + 16 + k * 13
                cy = 76 + seat * 20
                body.append(f'<circle cx="{cx}" cy="{cy}" r="5.5" fill="{seat_colours[seat]}"/>')
            if count:
                body.append(pic.text(x + 104, 80 + seat * 20, f"{count}", 10, "end"))
        x += 124
    legend_y = 196
    for seat in range(players):
        body.append(f'<circle cx="{24 + seat * 80}" cy="{legend_y}" r="5.5"'
                    f' fill="{seat_colours[seat]}"/>')
        body.append(pic.text(34 + seat * 80, legend_y + 4, f"seat {seat}", 11))
    svg = pic.svg(x + 8, legend_y + 16, body, "tindahan: stalls")
    caption = (f"The stalls just before round {state.round} is scored in a seeded"
               f" {players}-player game (seed {seed}): each dot is a seller.")
    return [("Sellers on the market stalls", svg, caption)]


def bastos() -> list[Picture]:
    return _trick("bastos", 4) + _bastos_values()


# --- Fruit Passion --------------------------------------------------------------------------

def fruit_passion() -> list[Picture]:
    """Each seat's stacks as every player sees them: only the top card and the height."""
    found = None
    for seed in range(1, 20):
        steps = 0
        for game, s, a, s2, evs in walk("fruit-passion", seed, 3):
            steps += 1
            if steps >= 120:
                found = (game, s2, seed)
                break
        if found:
            break
    if not found:
        return []
    game, state, seed = found
    view = game.view(state, None)
    stacks = view.get("stacks")
    if not isinstance(stacks, list):
        return []
    seat_stacks = stacks[0]
    items = [st for st in seat_stacks if isinstance(st, dict) and st.get("count")]
    body = [pic.text(16, 22, "Seat 0's stacks, as everyone sees them", 13, weight="bold")]
    for i, st in enumerate(items):
        x = 16 + i * (CARD_W + 30)
        body += pic.stack("fruit-passion", st["top"], st["count"], x, 40,
                          f"{st['count']} card{'s' if st['count'] != 1 else ''}")
    width = 24 + max(1, len(items)) * (CARD_W + 30)
    discard = view.get("discard")
    extra = ""
    if isinstance(discard, dict) and discard.get("top"):
        x = width + 10
        body.append(pic.text(x + CARD_W / 2, 22, "discard", 12, "middle", "bold"))
        body += pic.stack("fruit-passion", discard["top"], discard["count"], x, 40,
                          f"{discard['count']} cards")
        width += CARD_W + 40
        extra = " The discard pile too shows only its top card."
    svg = pic.svg(width, 40 + CARD_H + 50, body, "fruit passion: stacks")
    caption = (f"A 3-player game (seed {seed}) after {steps} actions, drawn from the"
               f" spectator's view: each fruit's stack shows its top card and its height;"
               f" the cards beneath stay hidden until the end.{extra}")
    return [("Stacks with only the top visible", svg, caption)]


# --- Tanuki Market --------------------------------------------------------------------------

def tanuki_market() -> list[Picture]:
    return _tanuki_tables() + _tanuki_carts()


def _tanuki_tables(players: int = 3) -> list[Picture]:
    """One seat's row of five tables at the end of a seeded game."""
    last = None
    for last in walk("tanuki-market", 3, players):
        pass
    if last is None:
        return []
    game, _, _, state, _ = last
    seat = max(range(players), key=lambda i: sum(map(len, state.tables[i])))
    svg = positions.tables(positions.Book(state=state), seat=seat)
    scores = game.scores(state)
    caption = (f"The end of a seeded {players}-player game (seed 3): seat {seat}'s five"
               f" tables, one fruit per table, table 1 on the left. Final scores: {scores}.")
    return [("A table row", svg, caption)]


def _tanuki_carts(players: int = 3) -> list[Picture]:
    """The carts in the middle of a deal: what lies on each, who has taken which."""
    found = first(walk("tanuki-market", 5, players),
                  lambda g, s, a, s2, evs: s2.phase == "deal"
                  and sum(map(len, s2.carts)) >= players + 1)
    if not found:
        return []
    game, _, action, state, events = found
    col = CARD_W + 40
    body = [pic.text(16, 22, "The carts", 13, weight="bold")]
    tallest = max([len(c) for c in state.carts] + [1])
    for i, cards in enumerate(state.carts):
        x = 16 + i * col
        kind = state.kinds[i] if i < len(state.kinds) else ""
        body.append(f'<rect x="{x - 6}" y="36" width="{CARD_W + 12}"'
                    f' height="{30 + tallest * 24 + CARD_H}" rx="8" fill="#f4ecd8"'
                    ' stroke="#8a6d1d"/>')
        body.append(pic.text(x + CARD_W / 2, 54, f"cart {i + 1}", 12, "middle", "bold"))
        for k, c in enumerate(cards):
            body.append(pic.card("tanuki-market", c, x, 62 + k * 24))
        who = state.taken[i] if i < len(state.taken) else -1
        note = f"taken by seat {who}" if isinstance(who, int) and 0 <= who < players else \
            "on the table"
        body.append(pic.text(x + CARD_W / 2, 36 + 30 + tallest * 24 + CARD_H + 18,
                             note, 11, "middle"))
        if kind and kind not in ("simple", "plain"):
            body.append(pic.text(x + CARD_W / 2, 36 + 30 + tallest * 24 + CARD_H + 32,
                                 kind, 10, "middle", fill="#666666"))
    height = 36 + 30 + tallest * 24 + CARD_H + 40
    svg = pic.svg(16 + len(state.carts) * col, height, body, "tanuki market: carts")
    caption = (f"A deal of a seeded {players}-player game (seed 5), after '{action}': "
               + "; ".join(f"{e.rule}: {e.text}" for e in events[:2]) + ".")
    return [("Carts during a deal", svg, caption)]


DRAWERS: dict[str, Callable[[], list[Picture]]] = {
    "tindahan": tindahan,
    "bastos": bastos,
    "fruit-passion": fruit_passion,
    "tanuki-market": tanuki_market,
}
