"""Pictures of the printed rulebooks' own example positions: each example's scenario file is
replayed by the engine and the position it reaches is drawn, with the players named as the
book names them (player A, B, ...), so a picture can never disagree with the rules."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from . import pictures as pic
from .pictures import CARD_H, CARD_W

LETTERS = "BLMPD"  # Tindahan and Bastos! fruits, in the order of the components list
NAMES = ("banana", "lanzones", "mango", "pineapple", "durian")
TRICK_MOVES = ("play", "seller", "cart")
SEAT_COLOURS = ("#e74c3c", "#2e86c1", "#27ae60", "#8e44ad", "#d35400")


def player(seat: int, names: tuple[str, ...] = ()) -> str:
    """The book's name for a player: its own (``Zoya``) when the example names one."""
    return names[seat] if seat < len(names) else f"player {'ABCDE'[seat]}"


def replayed(root: Path, scenario: str) -> Any:
    from engine.core.scenario import load_scenario, replay
    return replay(load_scenario(root / scenario))


# --- trick-taking games: one trick, move by move -----------------------------------------------

def trick(rep: Any, names: tuple[str, ...] = ()) -> str:
    """Every move of the example in order: the cards played, a seller placed, the cart
    driven, with who made it; the trick's winner is marked."""
    game = rep.game
    winner = next((e.data.get("seat") for evs in rep.events for e in evs
                   if "wins the trick" in e.text), None)
    body: list[str] = []
    x = 16.0
    for i, text in enumerate(rep.scenario.actions[:len(rep.events)]):
        act = game.parse(rep.states[i], text)
        if act.name not in TRICK_MOVES:  # a Bastos! card chosen, a value changed
            continue
        who = player(act.player, names)
        if act.name == "play":
            card = str(act.args[0])
            body.append(pic.card(game.spec.name, card, x, 44,
                                 mark="wins" if act.player == winner and i == _last_play(
                                     rep, act.player, i) else ""))
        else:
            body.append(_token(x, 44, _move_word(act)))
        body.append(pic.text(x + CARD_W / 2, 44 + CARD_H + 18, who, 11, "middle"))
        x += CARD_W + 16
    trump = _trump(rep.state)
    body.insert(0, pic.text(16, 22, f"Trump: {trump}", 13, weight="bold"))
    return pic.svg(max(x + 8, 220), 44 + CARD_H + 30, body, "the example's trick")


def _last_play(rep: Any, seat: int, upto: int) -> int:
    """The step of ``seat``'s last card in the example (the one that can win)."""
    game = rep.game
    plays = [i for i, t in enumerate(rep.scenario.actions[:len(rep.events)])
             if game.parse(rep.states[i], t).player == seat
             and game.parse(rep.states[i], t).name == "play"]
    return plays[-1] if plays else upto


def _move_word(act: Any) -> str:
    if act.name == "cart":
        return f"cart to {NAMES[LETTERS.index(str(act.args[0]))]}"
    if act.name == "seller":
        return "seller"
    return " ".join([act.name, *map(str, act.args)])


def _token(x: float, y: float, word: str) -> str:
    """A move that is not a card (a seller, the cart), drawn as a pale tile."""
    lines = word.split(" ", 1)
    out = (f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="6" fill="#f4ecd8"'
           ' stroke="#8a6d1d" stroke-dasharray="4 3"/>')
    for k, line in enumerate(lines):
        out += pic.text(x + CARD_W / 2, y + 36 + k * 14, line, 10, "middle", "bold")
    return out


def _trump(state: Any) -> str:
    fruit = getattr(state, "cart", None)
    if fruit is None:
        fruit = getattr(state, "trump", -1)
    return NAMES[fruit] if isinstance(fruit, int) and 0 <= fruit < len(NAMES) else "none yet"


# --- Tindahan: the market stalls -----------------------------------------------------------------

def stalls(rep: Any, names: tuple[str, ...] = ()) -> str:
    """The stalls of the position the example reaches, one dot a seller, the cart on trump."""
    state = rep.state
    body = [pic.text(16, 22, "Market stalls", 13, weight="bold")]
    x = 16
    seats = len(state.hands)
    for f in [i for i, letter in enumerate(LETTERS) if letter in state.fruits]:
        body.append(f'<rect x="{x}" y="40" width="110" height="{40 + seats * 20}" rx="8"'
                    f' fill="{pic.COLOURS["tindahan"][LETTERS[f]]}" opacity="0.35"'
                    ' stroke="#8a6d1d"/>')
        body.append(pic.text(x + 55, 58, NAMES[f], 12, "middle", "bold"))
        if f == state.cart:
            body.append(pic.text(x + 55, 96 + seats * 20, "donkey cart", 11, "middle",
                                 "bold", "#c0392b"))
        for seat, count in enumerate(state.stalls[f]):
            body += [f'<circle cx="{x + 16 + k * 13}" cy="{76 + seat * 20}" r="5.5"'
                     f' fill="{SEAT_COLOURS[seat]}"/>' for k in range(count)]
        x += 124
    legend = 116 + seats * 20
    for seat in range(seats):
        body.append(f'<circle cx="{24 + seat * 90}" cy="{legend}" r="5.5"'
                    f' fill="{SEAT_COLOURS[seat]}"/>')
        body.append(pic.text(34 + seat * 90, legend + 4, player(seat, names), 11))
    return pic.svg(max(x + 8, 24 + seats * 90), legend + 16, body, "the market stalls")


# --- Bastos!: the value table -------------------------------------------------------------------

def values(rep: Any, names: tuple[str, ...] = ()) -> str:
    """The value table of the position the example reaches: a marker per fruit in play."""
    state = rep.state
    col, top, step = 70, 40, 26
    levels = list(range(3, -3, -1))
    body = [pic.text(16, 22, "The table", 13, weight="bold")]
    for j, v in enumerate(levels):
        y = top + 20 + j * step
        body.append(pic.text(40, y + 5, f"{v:+d}" if v else "0", 12, "end"))
        body.append(f'<line x1="48" y1="{y}" x2="{60 + 5 * col}" y2="{y}" stroke="#dddddd"/>')
    for f in range(5):
        x = 60 + f * col
        out_of_play = state.removed == f
        body.append(f'<rect x="{x + 6}" y="{top}" width="{col - 12}"'
                    f' height="{len(levels) * step + 14}" rx="6"'
                    f' fill="{pic.COLOURS["bastos"][LETTERS[f]]}"'
                    f' opacity="{0.12 if out_of_play else 0.35}"/>')
        body.append(pic.text(x + col / 2, top + len(levels) * step + 32, NAMES[f], 11,
                             "middle"))
        if out_of_play:
            continue
        y = top + 20 + levels.index(state.values[f]) * step
        body.append(f'<circle cx="{x + col / 2}" cy="{y}" r="9" fill="#9b59b6"'
                    ' stroke="#4a235a"/>')
        if f == state.trump:
            body.append(pic.text(x + col / 2, top - 6, "trump", 11, "middle", "bold",
                                 "#c0392b"))
    return pic.svg(60 + 5 * col + 20, top + len(levels) * step + 48, body, "the table")


# --- Tanuki Market: a player's tables, the carts -------------------------------------------------

def tables(rep: Any, names: tuple[str, ...] = (), seat: int = 0) -> str:
    """One player's five tables in the position the example reaches."""
    row = rep.state.tables[seat]
    shown = min(max([len(t) for t in row] + [1]), 6)
    col = CARD_W + 26
    body = [pic.text(16, 22, f"The tables of {player(seat, names)}", 13, weight="bold")]
    for t, cards in enumerate(row):
        x = 16 + t * col
        body.append(f'<rect x="{x - 4}" y="36" width="{CARD_W + 8}" height="26" rx="4"'
                    ' fill="#34495e"/>')
        body.append(pic.text(x + CARD_W / 2, 54, f"table {t + 1}", 12, "middle", "bold",
                             "#ffffff"))
        body += [pic.card("tanuki-market", c, x, 70 + k * 22)
                 for k, c in enumerate(cards[:shown])]
        below = 70 + (shown - 1) * 22 + CARD_H + 22
        body.append(pic.text(x + CARD_W / 2, below, f"{len(cards)} card"
                             f"{'s' if len(cards) != 1 else ''}", 11, "middle"))
    return pic.svg(16 + 5 * col, 70 + (shown - 1) * 22 + CARD_H + 36, body, "a row of tables")


def carts(rep: Any, names: tuple[str, ...] = (), step: int = -1) -> str:
    """The carts as they stand after the example's move ``step``: what lies on each and
    who has taken it."""
    state = rep.states[step]
    col = CARD_W + 40
    tallest = max([len(c) for c in state.carts] + [1])
    height = 30 + tallest * 24 + CARD_H
    body = [pic.text(16, 22, "The carts", 13, weight="bold")]
    for i, cards in enumerate(state.carts):
        x = 16 + i * col
        body.append(f'<rect x="{x - 6}" y="36" width="{CARD_W + 12}" height="{height}" rx="8"'
                    ' fill="#f4ecd8" stroke="#8a6d1d"/>')
        body.append(pic.text(x + CARD_W / 2, 54, f"cart {i + 1}", 12, "middle", "bold"))
        body += [pic.card("tanuki-market", c, x, 62 + k * 24) for k, c in enumerate(cards)]
        who = state.taken[i]
        note = f"taken by {player(who, names)}" if 0 <= who < len(state.tables) else "free"
        body.append(pic.text(x + CARD_W / 2, 36 + height + 18, note, 11, "middle"))
    return pic.svg(max(16 + len(state.carts) * col, 200), 36 + height + 30, body, "the carts")


# --- Fruit Passion: the sequences spread out at the end --------------------------------------------

def spread(rep: Any, names: tuple[str, ...] = (), seat: int = 0) -> str:
    """One player's sequences as they are spread out for scoring, each sorted by number."""
    stacks = [sorted(s, key=_number) for s in rep.state.stacks[seat] if s]
    body = [pic.text(16, 22, f"The sequences of {player(seat, names)}", 13, weight="bold")]
    gap = CARD_W * 0.62
    for r, cards in enumerate(stacks):
        y = 36 + r * (CARD_H * 0.55)
        body += [pic.card("fruit-passion", c, 16 + k * gap, y) for k, c in enumerate(cards)]
    width = 16 + max([len(s) for s in stacks] + [1]) * gap + CARD_W + 16
    return pic.svg(width, 36 + len(stacks) * CARD_H * 0.55 + CARD_H * 0.5 + 16, body,
                   "spread sequences")


def _number(card: str) -> int:
    digits = "".join(ch for ch in card if ch.isdigit())
    return int(digits) if digits else 0


DRAWERS: dict[str, Callable[..., str]] = {
    "trick": trick, "stalls": stalls, "values": values, "tables": tables, "carts": carts,
    "spread": spread,
}


class Book:
    """A position to draw without a replay: a printed example's that no scenario can reach,
    given as the book gives it (the docs' tests check its sums against the spec's scoring),
    or a ``state=`` some other walk reached."""

    def __init__(self, **fields: Any) -> None:
        self.__dict__.update(fields)
        self.state = fields.get("state", self)
        self.events: list[Any] = []
        self.states = [self.state]


#: Tindahan's scoring example: banana, mango and durian in play, the cart on durian;
#: sellers per stall (banana, lanzones, mango, pineapple, durian) and player A, B, C
BOOK: dict[str, Book] = {
    "scoring-example": Book(fruits="BMD", cart=4, hands=((),) * 3,
                            stalls=((3, 0, 2), (0, 0, 0), (2, 0, 2), (0, 0, 0), (0, 0, 1))),
}


def draw(root: Path, scenario: str, kind: str, names: tuple[str, ...] = (),
         **where: int) -> str:
    """The SVG of one example: its scenario replayed, its position drawn by ``kind``."""
    if scenario in BOOK:
        return DRAWERS[kind](BOOK[scenario], names, **where)
    rep = replayed(root, scenario)
    if rep.failures or rep.error is not None:
        raise ValueError(f"the example {scenario} does not replay: "
                         f"{'; '.join(rep.failures) or rep.error}")
    return DRAWERS[kind](rep, names, **where)
