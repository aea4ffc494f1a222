"""Bastos!: Z3 properties of the value table and of trick resolution
(``spec/bastos/scoring.py``: ``bump``, ``can_bump``, ``start_values``, ``declare_value``,
``trick_winner``, ``round_scores``).

Witnesses are decoded into a short *last* round (small hands fixed by the set-up, then
every pick, card and value change as an action), and Z3 predicts, with the same functions,
who takes each trick and the final scores; the engine's replay must agree.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any, Sequence

import z3

from spec.bastos import scoring as S
from spec.bastos.rules import CATALOGUE
from spec.bastos.state import ALL_CARDS, FRUIT, FRUIT_NAMES, FRUITS, HIGH, LOW, RANK, ROUNDS

from .core import (PROVED, REFUTED, UNKNOWN, WITNESS, Context, Outcome, Suite, between, prove,
                   value)

GAME = "bastos"
SUITE = Suite(GAME)
PLAYERS = (3, 4)
NFRUITS = len(FRUITS)


def in_range(v: Any) -> Any:
    return z3.And(LOW <= v, v <= HIGH)


def card(f: int, r: int) -> str:
    return f"{FRUITS[f]}{r}"


# --- a scripted last round and Z3's prediction of it ------------------------------------

@dataclass
class Round:
    """A last round fixed card by card: hands, picks, tricks (cards in play order, with a
    trump declaration flag) and the value changes owed, in order ("M+1")."""

    n: int
    dealer: int
    hands: list[list[str]]
    picks: list[str]
    tricks: list[list[tuple[str, bool]]]
    adjusts: list[str] = field(default_factory=list)
    leftover: str | None = None

    def predict(self, ctx: Context) -> dict[str, Any]:
        """Z3 runs the round's value changes, trick resolutions and scoring on symbolic
        inputs pinned to this script; returns winners, values and scores as ints."""
        s = ctx.solver()

        def pin(name: str, v: int) -> Any:
            t = z3.Int(name)
            s.add(t == v)
            return t

        colours = [pin(f"colour_{i}", FRUIT[c]) for i, c in enumerate(self.picks)]
        values = list(S.start_values(colours))
        trump: Any = S.NO_TRUMP
        leader = (self.dealer + 1) % self.n
        counts = [[0] * NFRUITS for _ in range(self.n)]
        winners: list[int | None] = []
        adjusts = list(self.adjusts)
        actions = [f"p{i}: bastos {c}" for i, c in enumerate(self.picks)]
        for t, trick in enumerate(self.tricks):
            fruits, ranks, own = [], [], []
            for pos, (c, declare) in enumerate(trick):
                seat = (leader + pos) % self.n
                f = pin(f"fruit_{t}_{pos}", FRUIT[c])
                fruits.append(f)
                ranks.append(pin(f"rank_{t}_{pos}", RANK[c]))
                own.append(f == colours[seat])
                actions.append(f"p{seat}: play {c}" + (" trump" if declare else ""))
                if declare:
                    values[FRUIT[c]] = S.declare_value(values[FRUIT[c]])
                    trump = pin("trump", FRUIT[c])
                if FRUIT[c] == FRUIT[self.picks[seat]]:  # owes a value change (at once)
                    change = adjusts.pop(0)
                    g, d = FRUITS.index(change[0]), int(change[1:])
                    s.add(S.can_bump(values[g], d))
                    values[g] = S.bump(values[g], d)
                    actions.append(f"p{seat}: adjust {change}")
            w = S.trick_winner(fruits, ranks, own, trump)
            if s.check() != z3.sat:
                raise ValueError(f"the script breaks a value limit by trick {t + 1}")
            pos = value(s.model(), w)
            if pos == S.SET_ASIDE:
                winners.append(None)
                continue
            seat = (leader + pos) % self.n
            winners.append(seat)
            for c, _ in trick:
                counts[seat][FRUIT[c]] += 1
            leader = seat
        scores = S.round_scores(counts, values)
        if s.check() != z3.sat:
            raise ValueError("the script is inconsistent")
        m = s.model()
        return {"winners": winners, "values": [value(m, v) for v in values],
                "scores": [value(m, x) for x in scores], "actions": actions}

    def scenario(self, ctx: Context, title: str, description: str,
                 events: Sequence[str]) -> tuple[dict[str, Any], dict[str, Any]]:
        p = self.predict(ctx)
        setup: dict[str, Any] = {"dealer": self.dealer, "round": ROUNDS[self.n],
                                 "hands": self.hands, "short": True}
        if self.leftover:
            setup["leftover"] = self.leftover
        sc = {"game": GAME, "players": self.n, "options": {}, "variant": None, "seed": 0,
              "title": title, "description": description, "setup": setup,
              "actions": p["actions"],
              "expect": {"scores": p["scores"], "over": True, "events": list(events)}}
        return sc, p


class Deck:
    """Cards not yet given out, handed out by fruit in a fixed order."""

    def __init__(self, used: Sequence[str] = ()) -> None:
        self.free = [c for c in ALL_CARDS if c not in set(used)]

    def take(self, fruit: int, low: bool = True) -> str:
        mine = [c for c in self.free if FRUIT[c] == fruit]
        c = mine[0] if low else mine[-1]
        self.free.remove(c)
        return c

    def remove(self, cards_: Sequence[str]) -> None:
        for c in cards_:
            self.free.remove(c)


def _seat_names(n: int) -> str:
    return ", ".join(f"seat {i}" for i in range(n))


# --- properties ---------------------------------------------------------------------------

@SUITE.prop("BAS-P1", ("BAS-1.3", "BAS-3.3", "BAS-5.2", "BAS-7.1", "BAS-1.4"),
            """Every fruit value stays within -2..+3 under every sequence of reveals, trump
            declarations and value changes: the start of a round lands in the range
            (start_values, for every choice of Bastos! colours with three or four seats),
            and each change maps the range into itself (declare_value; bump by +1 or -1,
            allowed or not under adjust-range).""")
def values_in_range(ctx: Context) -> Outcome:
    obligations = []
    for n in PLAYERS:
        colours = [z3.Int(f"colour_{i}") for i in range(n)]
        out = prove(ctx, z3.And(*[in_range(v) for v in S.start_values(colours)]),
                    between(colours, 0, NFRUITS - 1),
                    decode=lambda m, colours=colours: "colours " + ", ".join(
                        FRUIT_NAMES[value(m, c)] for c in colours))
        if out.status != PROVED:
            out.detail = f"initiation ({n} seats): {out.detail}"
            return out
        obligations.append(f"the reveal with {n} seats")
    v, d = z3.Int("v"), z3.Int("d")
    for name, claim, given in (
            ("a trump declaration", in_range(S.declare_value(v)), [in_range(v)]),
            ("a value change", in_range(S.bump(v, d)), [in_range(v), z3.Or(d == 1, d == -1)])):
        out = prove(ctx, claim, given, decode=lambda m: f"value {value(m, v)}, change"
                    f" {value(m, d)}")
        if out.status != PROVED:
            out.detail = f"{name}: {out.detail}"
            return out
        obligations.append(f"{name} preserves the range")
    return Outcome(PROVED, "; ".join(obligations) + " (the round's reset to 0 is in range)")


@SUITE.prop("BAS-P2", ("BAS-7.1", "BAS-7.2", "BAS-1.3", "BAS-1.2"),
            """A legal value change always exists: whatever the table (every value in
            -2..+3) and whichever fruit a three-player game removed, some fruit in play can
            move by +1 or -1 without passing a limit (can_bump, the guard of adjust under
            the default adjust-range=forbid).""")
def adjustment_exists(ctx: Context) -> Outcome:
    values = [z3.Int(f"value_{f}") for f in range(NFRUITS)]
    removed = z3.Int("removed")  # -1: nothing removed (four players)
    some = z3.Or(*[z3.And(removed != f, z3.Or(S.can_bump(values[f], 1),
                                               S.can_bump(values[f], -1)))
                   for f in range(NFRUITS)])
    given = [in_range(v) for v in values] + [removed >= -1, removed < NFRUITS]
    out = prove(ctx, some, given, decode=lambda m: "values " + ", ".join(
        f"{FRUITS[f]} {value(m, values[f])}" for f in range(NFRUITS)))
    if out.status == PROVED:
        single = prove(ctx, z3.Or(S.can_bump(values[0], 1), S.can_bump(values[0], -1)),
                       [in_range(values[0])])
        if single.status == PROVED:
            out.detail = ("every single fruit can always move one way, so every fruit in"
                          " play offers a legal change")
    return out


def _all_bastos(ctx: Context, n: int) -> Outcome:
    """Z3 picks colours and a trick in which every seat plays its own colour."""
    s = ctx.solver()
    dealer = 0
    leader = (dealer + 1) % n
    seats = [(leader + i) % n for i in range(n)]
    fruits_in_play = NFRUITS if n == 4 else NFRUITS - 1  # three seats: durian removed here
    colour = [z3.Int(f"colour_{i}") for i in range(n)]
    fruit = [z3.Int(f"fruit_{p}") for p in range(n)]
    rank = [z3.Int(f"rank_{p}") for p in range(n)]
    s.add(*between(colour, 0, fruits_in_play - 1), *between(fruit, 0, fruits_in_play - 1),
          *between(rank, 1, 9))
    s.add(z3.Distinct(*[f * 10 + r for f, r in zip(fruit, rank)]))
    own = [fruit[p] == colour[seats[p]] for p in range(n)]
    winner = S.trick_winner(fruit, rank, own, S.NO_TRUMP)
    # legality that the engine checks: a seat not of the led colour holds none of it
    s.add(winner == S.SET_ASIDE)
    # the richer case: two different colours (decoding then has spare fruits for fillers)
    s.add(z3.Or(*[z3.And(*[z3.Or(c == a, c == b) for c in colour], z3.Or(
        *[c == a for c in colour]), z3.Or(*[c == b for c in colour]))
        for a, b in itertools.combinations(range(fruits_in_play), 2)]))
    verdict = s.check()
    if verdict != z3.sat:
        return Outcome(UNKNOWN if verdict == z3.unknown else REFUTED, f"Z3 answered {verdict}")
    m = s.model()
    col = [value(m, c) for c in colour]
    played = [card(value(m, fruit[p]), value(m, rank[p])) for p in range(n)]
    led = FRUIT[played[0]]
    # decode into hands of three cards: the pick, the card played and a filler of a fruit
    # that is nobody's colour; a seat whose colour is not the led fruit so holds none of
    # it. With three seats both spare fruits show, so the hands fix the removed fruit.
    deck = Deck(played)
    picks = [deck.take(col[i], low=False) for i in range(n)]
    spare = [f for f in range(fruits_in_play) if f not in col]
    fillers = [deck.take(spare[1] if (i == 0 and n == 3) else spare[0], low=False)
               for i in range(n)]
    hands = [[picks[i], played[seats.index(i)], fillers[i]] for i in range(n)]
    trick2 = [(fillers[seat], False) for seat in seats]
    # each seat's value change raises the filler fruit (so the second trick is worth
    # something) while it can go up, else lowers it
    changes = [f"{FRUITS[spare[0]]}{(1 if k < HIGH else -1):+d}" for k in range(n)]
    rnd = Round(n, dealer, hands, picks, [[(c, False) for c in played], trick2], changes)
    desc = (f"{n} seats; colours " + ", ".join(f"seat {i} {FRUIT_NAMES[c]}"
                                              for i, c in enumerate(col))
            + f"; seat {leader} leads {played[0]}, then " + ", ".join(
                f"seat {seats[p]} {played[p]}" for p in range(1, n))
            + ": every card is its player's own colour, so the trick is set aside and"
            f" seat {leader} leads again. Seats whose colour is not {FRUIT_NAMES[led]}"
            f" hold no {FRUIT_NAMES[led]}.")
    sc, p = rnd.scenario(ctx, f"BAS-P{3 if n == 3 else 4}: an all-Bastos! trick, {n} seats",
                         desc, ("BAS-6.5", "BAS-7.1"))
    if p["winners"][0] is not None:
        return Outcome(REFUTED, f"Z3 found the trick but the script's trick went to seat"
                       f" {p['winners'][0]}")
    return Outcome(WITNESS, desc, sc, {"colours": col, "trick": played})


@SUITE.prop("BAS-P3", ("BAS-6.5", "BAS-6.2", "BAS-4.1", "BAS-3.2"),
            """Vacuity guard, three seats: a trick where every seat plays its own Bastos!
            colour can happen, even with two different colours: the decoded hands give each
            seat whose colour is not the led fruit none of it (else BAS-4.1 makes it
            follow). The trick is set aside and the same seat leads again.""",
            kind="witness")
def all_bastos_3(ctx: Context) -> Outcome:
    return _all_bastos(ctx, 3)


@SUITE.prop("BAS-P4", ("BAS-6.5", "BAS-6.2", "BAS-4.1", "BAS-3.2"),
            """Vacuity guard, four seats: an all-Bastos! trick can happen with four seats
            too, under the same condition on the hands.""", kind="witness")
def all_bastos_4(ctx: Context) -> Outcome:
    return _all_bastos(ctx, 4)


def _beats(fa: Any, ra: Any, fb: Any, rb: Any, trump: Any) -> Any:
    """Card a outranks card b (both eligible): trump over the led fruit, then rank."""
    return z3.Or(z3.And(fa == trump, fb != trump), z3.And(fa == fb, ra > rb))


def _symbolic_trick(n: int) -> tuple[list, list, list, Any, list]:
    """A trick of ``n`` distinct cards, own-colour flags and a trump, all left to Z3."""
    fruit = [z3.Int(f"fruit_{p}") for p in range(n)]
    rank = [z3.Int(f"rank_{p}") for p in range(n)]
    own = [z3.Bool(f"own_{p}") for p in range(n)]
    trump = z3.Int("trump")
    given = [*between(fruit, 0, NFRUITS - 1), *between(rank, 1, 9),
             z3.Distinct(*[f * 10 + r for f, r in zip(fruit, rank)]),
             trump >= S.NO_TRUMP, trump < NFRUITS]
    return fruit, rank, own, trump, given


def _decode_trick(m: Any, fruit: list, rank: list, own: list) -> str:
    """A model's trick in card notation, own-colour cards marked."""
    return "trick " + " ".join(card(value(m, f), value(m, r)) + ("(own)" if value(m, o) else "")
                               for f, r, o in zip(fruit, rank, own))


@SUITE.prop("BAS-P5", ("BAS-6.1", "BAS-6.2", "BAS-6.3", "BAS-6.5", "BAS-5.3"),
            """A trick has exactly one winner unless it is set aside: for three and four
            seats and every trick of distinct cards, trick_winner names one position; it
            sets the trick aside exactly when every card is its player's own colour; a
            winning card that is a trump or of the led fruit and not its player's colour
            outranks every other such card; otherwise the leader takes the trick.""")
def one_winner(ctx: Context) -> Outcome:
    for n in PLAYERS:
        fruit, rank, own, trump, given = _symbolic_trick(n)
        w = S.trick_winner(fruit, rank, own, trump)
        led = fruit[0]
        eligible = [z3.And(z3.Not(own[p]), z3.Or(fruit[p] == trump, fruit[p] == led))
                    for p in range(n)]
        clauses = [z3.Or(w == S.SET_ASIDE, z3.And(0 <= w, w < n)),
                   (w == S.SET_ASIDE) == z3.And(*own)]
        for p in range(n):
            others = [z3.Implies(eligible[q], _beats(fruit[p], rank[p], fruit[q], rank[q],
                                                      trump))
                      for q in range(n) if q != p]
            clauses.append(z3.Implies(z3.And(w == p, eligible[p]), z3.And(*others)))
            clauses.append(z3.Implies(z3.And(w == p, z3.Not(eligible[p])), p == 0))
        out = prove(ctx, z3.And(*clauses), given, decode=lambda m, fruit=fruit, rank=rank,
                    own=own, w=w, trump=trump: (
                        _decode_trick(m, fruit, rank, own)
                        + f", trump {value(m, trump)}: position {value(m, w)} wins"))
        if out.status != PROVED:
            out.detail = f"{n} seats: {out.detail}"
            return out
    return Outcome(PROVED, "for 3 and 4 seats: one position or set aside, set aside exactly"
                   " for all-own tricks, and the winning card outranks every eligible card")


@SUITE.prop("BAS-P6", ("BAS-5.1", "BAS-5.2", "BAS-5.3", "BAS-6.1"),
            """The rulebook's mango example can arise, and shows a trump being declared
            (vacuity guard): A leads mango, B cannot follow and discards a banana, C cannot
            follow and declares durian trump with its card; durian drops by 2 and C takes
            the trick.""", kind="witness")
def mango_example(ctx: Context) -> Outcome:
    n, dealer = 3, 2  # seat 0 (A) leads
    M, B, D = FRUITS.index("M"), FRUITS.index("B"), FRUITS.index("D")
    s = ctx.solver()
    colour = [z3.Int(f"colour_{i}") for i in range(n)]
    rank = [z3.Int(f"rank_{p}") for p in range(n)]
    fruits = [M, B, D]
    # colours among the example's fruits other than durian (a Bastos! colour can never be
    # trump), and nobody plays its own colour (the example mentions no value change)
    s.add(*between(rank, 1, 9), *[z3.Or(c == B, c == M) for c in colour])
    s.add(*[c != f for c, f in zip(colour, fruits)])
    own = [fr == c for fr, c in zip(fruits, colour)]
    start = S.start_values(colour)
    after = S.declare_value(start[D])
    w = S.trick_winner(fruits, rank, own, D)
    s.add(w == 2)
    verdict = s.check()
    if verdict != z3.sat:
        return Outcome(UNKNOWN if verdict == z3.unknown else REFUTED, f"Z3 answered {verdict}")
    m = s.model()
    col = [value(m, c) for c in colour]
    played = [card(f, value(m, r)) for f, r in zip(fruits, rank)]
    # three seats use four fruits: lanzones is the fourth (pineapple leaves the game); a
    # second trick of lanzones follows, in which everybody follows and nobody plays its
    # colour. B and C hold no mango, so they cannot follow the lead.
    deck = Deck(played)
    picks = [deck.take(c, low=False) for c in col]
    L = FRUITS.index("L")
    second = [deck.take(L, low=False) for _ in range(n)]
    hands = [[picks[i], played[i], second[i]] for i in range(n)]
    rnd = Round(n, dealer, hands, picks, [[(played[0], False), (played[1], False),
                                          (played[2], True)],
                                         [(second[(2 + p) % n], False) for p in range(n)]])
    desc = (f"seats 0, 1, 2 are A, B, C; colours {', '.join(FRUIT_NAMES[c] for c in col)};"
            f" A leads {played[0]}, B discards {played[1]}, C declares durian trump with"
            f" {played[2]}: durian goes from {value(m, start[D])} to {value(m, after)} and"
            f" C takes the trick")
    sc, p = rnd.scenario(ctx, "BAS-P6: the mango example", desc,
                         ("BAS-5.1", "BAS-5.2", "BAS-5.3", "BAS-6.1"))
    if p["winners"][0] != 2:
        return Outcome(REFUTED, f"the trick went to seat {p['winners'][0]}, not C")
    return Outcome(WITNESS, desc, sc)


@SUITE.prop("BAS-P7", ("BAS-3.3", "BAS-1.3"),
            """The reveal examples hold: two banana and two mango picks make banana and
            mango worth 2 and the rest 0; four picks of one fruit make it +3, for every
            fruit. A four-seat round with the first reveal is played out.""",
            kind="witness")
def reveal_examples(ctx: Context) -> Outcome:
    B, M = FRUITS.index("B"), FRUITS.index("M")
    x = z3.Int("fruit")
    four = S.start_values([x] * 4)
    same = prove(ctx, z3.And(*[z3.Implies(x == f, four[f] == HIGH) for f in range(NFRUITS)]),
                 between([x], 0, NFRUITS - 1))
    if same.status != PROVED:
        same.detail = "four equal picks: " + same.detail
        return same
    colours = [z3.Int(f"colour_{i}") for i in range(4)]
    pinned = [c == f for c, f in zip(colours, (B, B, M, M))]
    want = (2, 0, 2, 0, 0)
    vals = S.start_values(colours)
    two = prove(ctx, z3.And(*[v == k for v, k in zip(vals, want)]), pinned)
    if two.status != PROVED:
        two.detail = "two and two picks: " + two.detail
        return two
    # play it: seats 0..3 pick B, B, M, M; seat 1 leads lanzones, seat 2 discards a
    # banana, seat 3 follows, seat 0 discards a mango: nobody plays its own colour
    L = FRUITS.index("L")
    deck = Deck()
    picks = [deck.take(B), deck.take(B), deck.take(M), deck.take(M)]
    plays = [deck.take(M), deck.take(L), deck.take(B), deck.take(L)]
    hands = [[picks[i], plays[i]] for i in range(4)]
    lead = [plays[(1 + p) % 4] for p in range(4)]
    rnd = Round(4, 0, hands, picks, [[(c, False) for c in lead]])
    desc = ("seats 0-3 pick B, B, M, M: banana and mango start at +2, the others at 0;"
            f" seat 1 leads {lead[0]}, seat 2 discards {lead[1]}, seat 3 follows with"
            f" {lead[2]}, seat 0 discards {lead[3]}; four equal picks would make that fruit"
            " +3")
    sc, p = rnd.scenario(ctx, "BAS-P7: the reveal example", desc, ("BAS-3.2", "BAS-3.3"))
    if p["values"] != list(want):
        return Outcome(REFUTED, f"the scripted round ends with values {p['values']}")
    return Outcome(WITNESS, desc, sc)


@SUITE.prop("BAS-P8", ("BAS-6.1", "BAS-6.2", "BAS-6.3", "BAS-6.5"),
            """Trick resolution sees only a trick's shape: trick_winner gives the same
            answer after the fruits are renamed (keeping which are equal and which is
            trump) and the ranks replaced by other ranks 1..9 in the same order, for three
            and four seats and every reading of all-discard and no-winner. (Ranks above 9
            would break it: a led 11 would tie a trump 1.)""")
def memo_sound(ctx: Context) -> Outcome:
    count = 0
    for n, tid, (una, unf) in itertools.product(PLAYERS, (False, True),
                                                ((False, False), (True, False), (False, True))):
        def trick(tag: str) -> tuple[list[Any], list[Any], Any]:
            return ([z3.Int(f"{tag}f{p}") for p in range(n)],
                    [z3.Int(f"{tag}r{p}") for p in range(n)], z3.Int(f"{tag}t"))
        (fa, ra, ta), (fb, rb, tb) = trick("a"), trick("b")
        own = [z3.Bool(f"own_{p}") for p in range(n)]
        given = []
        for f, r, t in ((fa, ra, ta), (fb, rb, tb)):
            given += [*between(f, 0, 3 * NFRUITS), *between(r, 1, 9), t >= S.NO_TRUMP,
                      t <= 3 * NFRUITS]
        given.append((ta == S.NO_TRUMP) == (tb == S.NO_TRUMP))
        for p in range(n):
            given.append((fa[p] == ta) == (fb[p] == tb))
            for q in range(n):
                given += [(fa[p] == fa[q]) == (fb[p] == fb[q]),
                          (ra[p] < ra[q]) == (rb[p] < rb[q]),
                          (ra[p] == ra[q]) == (rb[p] == rb[q])]
        flags = {"trump_is_discard": tid, "unbeatable_aside": una,
                 "unbeatable_follower": unf}
        wa = S.trick_winner(fa, ra, own, ta, **flags)
        wb = S.trick_winner(fb, rb, own, tb, **flags)
        out = prove(ctx, wa == wb, given)
        if out.status != PROVED:
            out.detail = f"{n} seats, flags {flags}: {out.detail}"
            return out
        count += 1
    return Outcome(PROVED, f"the answer depends only on the pattern of equal fruits, the"
                   f" trump and the rank order ({count} configurations)")


@SUITE.prop("BAS-P9", ("BAS-6.3", "BAS-6.4", "BAS-6.2"),
            """A led Bastos! colour is decided as the rulebook says: when every other seat
            discards (and nobody trumps) the leader takes the trick whatever its card; when
            every other seat follows with a card that is not its own colour, the highest
            follower takes it, even below the led card.""")
def led_bastos(ctx: Context) -> Outcome:
    for n in PLAYERS:
        fruit, rank, own, trump, given = _symbolic_trick(n)
        given += [own[0], fruit[0] != trump]
        w = S.trick_winner(fruit, rank, own, trump)
        led = fruit[0]
        all_discard = z3.And(*[z3.And(fruit[p] != led, fruit[p] != trump)
                               for p in range(1, n)])
        all_follow = z3.And(*[z3.And(fruit[p] == led, z3.Not(own[p])) for p in range(1, n)])
        highest = [z3.And(*[rank[p] > rank[q] for q in range(1, n) if q != p])
                   for p in range(1, n)]
        claim = z3.And(z3.Implies(z3.And(all_discard, z3.Not(z3.And(*own))), w == 0),
                       z3.Implies(all_follow, z3.And(*[z3.Implies(highest[p - 1], w == p)
                                                       for p in range(1, n)])))
        out = prove(ctx, claim, given, decode=lambda m, fruit=fruit, rank=rank, own=own, w=w: (
            _decode_trick(m, fruit, rank, own) + f": position {value(m, w)} wins"))
        if out.status != PROVED:
            out.detail = f"{n} seats: {out.detail}"
            return out
    return Outcome(PROVED, "for 3 and 4 seats: all discard -> the leader; all follow -> the"
                   " highest follower")
