"""Fruit Passion: Z3 properties of the scoring code (``spec/fruit_passion/scoring.py``).

A seat's collection is symbolic: for every fruit and number, how many cards of it the seat's
stack holds, and whether it holds the fruit's hybrid card. The card supply (how many copies
of each card exist under the configured readings) and the stack limits come from the spec's
own card data and the engine's loaded configuration, never from numbers restated here.

Every witness and counterexample is decoded into two seats' stacks and played out from the
start of a two-player game (each card drawn from the deck and played, every other card drawn
and discarded), so the engine's replay checks both that the collection arises under the
rules and that the engine scores it as Z3 did.
"""
from __future__ import annotations

import itertools
from collections import Counter
from typing import Any, Sequence

import z3

import engine
from spec.fruit_passion import cards as C
from spec.fruit_passion import hybrids, scoring
from spec.fruit_passion.rules import CATALOGUE

from .core import (PROVED, REFUTED, UNKNOWN, WITNESS, Context, Outcome, Suite, find, optimum, prove,
                   value)

GAME = "fruit-passion"
SUITE = Suite(GAME)
BOX = 25  # cards out of play with two players (FRP-2.1)


def extra(options: dict[str, str] | None = None) -> Any:
    """The engine's configuration of the rules (readings resolved) for two players."""
    return engine.load(GAME, players=2, options=options or {}).config.extra


def readings(*names: str) -> list[dict[str, str]]:
    """Every combination of the readings of the named options."""
    opts = [CATALOGUE.option(n) for n in names]
    return [dict(zip(names, combo)) for combo in itertools.product(*(o.values for o in opts))]


def _label(options: dict[str, str]) -> str:
    return ", ".join(f"{k}={v}" for k, v in options.items()) or "defaults"


class Collection:
    """One seat's stacks as Z3 integers (copies of each number) plus hybrid flags."""

    def __init__(self, name: str, x: Any) -> None:
        self.x = x
        self.counts = [[z3.Int(f"{name}_{C.FRUITS[f]}{n}") for n in range(1, top + 1)]
                       for f, top in enumerate(C.TOP_NUMBER)]
        self.held = [z3.Bool(f"{name}_{C.FRUITS[f]}_hybrid") for f in C.COMMON]

    def limits(self) -> list[Any]:
        """Stack limits of the configured play-limits reading; copies that exist."""
        x, out = self.x, []
        for f, stack in enumerate(self.counts):
            out += [c >= 0 for c in stack]
            if x.check_max:
                out.append(z3.Sum(stack) <= C.CAPACITY[f])
            for n, c in enumerate(stack, start=1):
                plain = x.counts[C.card(f, n)]
                if f in C.COMMON and x.hybrid_numbers[f] == n:
                    out.append(c <= plain + z3.If(self.held[f], 1, 0))
                    out.append(z3.Implies(self.held[f], c >= 1))
                else:
                    out.append(c <= plain)
            if x.check_duplicates:
                out += [c <= 1 for c in stack]
        return out

    def score(self, parts: bool = False) -> Any:
        x = self.x
        return scoring.player_score(self.counts, self.held, x.hybrid_numbers,
                                    lone_one=x.lone_one, hybrid_run=x.hybrid_run,
                                    hybrid_dup=x.hybrid_dup, parts=parts)

    def cards(self, model: z3.ModelRef) -> list[str]:
        """The decoded stacks as cards, fruit by fruit, numbers upward."""
        out: list[str] = []
        for f, stack in enumerate(self.counts):
            for n, c in enumerate(stack, start=1):
                k = value(model, c)
                hyb = f in C.COMMON and value(model, self.held[f]) and \
                    self.x.hybrid_numbers[f] == n
                if hyb:
                    out.append(C.card(f, n, True))
                    k -= 1
                out += [C.card(f, n)] * k
        return out


def shared_supply(x: Any, seats: Sequence[Collection]) -> list[Any]:
    """Two seats together use no card more often than it exists; one hybrid per fruit."""
    out = []
    for f, top in enumerate(C.TOP_NUMBER):
        for n in range(1, top + 1):
            total = x.counts[C.card(f, n)] + (x.counts[C.card(f, n, True)]
                                              if f in C.COMMON else 0)
            out.append(z3.Sum([s.counts[f][n - 1] for s in seats]) <= total)
    for f in C.COMMON:
        out.append(z3.PbLe([(s.held[f], 1) for s in seats], 1))
    return out


def describe(cards_: Sequence[str]) -> str:
    """``coconut 1 2 3 4 5 (1*), papaya ...``"""
    if not cards_:
        return "no cards"
    parts = []
    for f, name in enumerate(C.NAMES):
        mine = sorted((c for c in cards_ if C.FRUIT[c] == f), key=lambda c: C.NUMBER[c])
        if mine:
            parts.append(name + " " + " ".join(c[2:] for c in mine))
    return ", ".join(parts)


def played_out(targets: Sequence[Sequence[str]], x: Any, options: dict[str, str],
               scores: Sequence[int], title: str, description: str,
               events: Sequence[str] = ("FRP-5.1",)) -> dict[str, Any]:
    """A two-player scenario from the first turn: each seat draws its target cards from the
    deck and plays them; every other drawn card is discarded; the deck runs out and the game
    is scored. 25 unused cards lie in the box, one starts the discard pile."""
    pool = Counter(x.cards)
    for t in targets:
        pool.subtract(t)
    if any(v < 0 for v in pool.values()):
        raise ValueError("the targets use a card more often than it exists")
    rest = list(pool.elements())
    box, pile, filler = rest[-BOX:], rest[:1], rest[1:-BOX]
    queues = [list(t) for t in targets]
    deck: list[str] = []
    actions: list[str] = []
    turn = 0
    while any(queues) or filler:
        seat = turn % 2
        if queues[seat]:
            deck.append(queues[seat].pop(0))
            actions += [f"p{seat}: draw deck", f"p{seat}: play"]
        elif filler:
            deck.append(filler.pop(0))
            actions += [f"p{seat}: draw deck", f"p{seat}: discard"]
        else:
            raise ValueError("not enough spare cards to let the other seat wait")
        turn += 1
    return {"game": GAME, "players": 2, "options": dict(options), "variant": None,
            "seed": 0, "title": title, "description": description,
            "setup": {"start": 0, "deck": deck, "discard": pile, "box": box, "rest": "box"},
            "actions": actions,
            "expect": {"scores": [int(s) for s in scores], "over": True,
                       "events": list(events)}}


def _stack_kinds() -> list[tuple[str, int]]:
    seen: dict[str, int] = {}
    for f, kind in enumerate(C.KIND):
        seen.setdefault(kind, f)
    return list(seen.items())


# --- properties ---------------------------------------------------------------------------

@SUITE.prop("FRP-P1", ("FRP-6.2", "FRP-6.3", "FRP-6.4", "FRP-6.5", "FRP-6.6", "FRP-6.7"),
            """A stack never scores outside 0..11 (common fruit), 0..22 (pomegranate) or
            -11..33 (passion fruit), under every reading of lone-one and play-limits; with
            the default readings every end is reached.""")
def stack_bounds(ctx: Context) -> Outcome:
    want = {"common": (0, 11), "pomegranate": (0, 22), "passion": (-11, 33)}
    found: dict[str, Any] = {}
    default = {o: CATALOGUE.option(o).default for o in ("lone-one", "play-limits")}
    for opts in readings("lone-one", "play-limits"):
        x = extra(opts)
        seat = Collection("s", x)
        for kind, f in _stack_kinds():
            pts = scoring.stack_score(seat.counts[f], kind, x.lone_one)
            low, high = want[kind]
            out = prove(ctx, z3.And(low <= pts, pts <= high), seat.limits(),
                        decode=lambda m, seat=seat, f=f, pts=pts, opts=opts, kind=kind: (
                            f"under {_label(opts)} a {kind} stack of"
                            f" {describe([c for c in seat.cards(m) if C.FRUIT[c] == f])}"
                            f" scores {value(m, pts)}"))
            if out.status != PROVED:
                return out
            if opts == default:
                for end in (low, high):
                    hit = find(ctx, pts == end, seat.limits())
                    if hit.status != WITNESS:
                        return Outcome(hit.status if hit.status == "unknown" else REFUTED,
                                       f"a {kind} stack never scores {end}")
                    found[kind] = [low, high]
    return Outcome(PROVED, "stack scores stay within common 0..11, pomegranate 0..22, passion"
                   " fruit -11..33 under every reading (Z3 optimum, confirmed by a second"
                   " solver call); the ends are reached under the defaults",
                   facts={"bounds": found})


@SUITE.prop("FRP-P2", ("FRP-6.8", "FRP-6.10", "FRP-1.2", "FRP-1.4"),
            """A seat's game score lies between MIN_SCORE (-11) and MAX_SCORE (143), the
            constants the spec states; both are reached, shown by one game where seat 0
            scores the maximum and seat 1 the minimum. (With two players the box may hold
            hybrids; the bound still holds, but the maximum is then out of reach: FRP-6.13.)""")
def game_bounds(ctx: Context) -> Outcome:
    x = extra()
    a, b = Collection("a", x), Collection("b", x)
    hi, m_hi, why = optimum(ctx, a.score(), a.limits())
    if hi is None:
        return Outcome(UNKNOWN, why)
    lo, _, why = optimum(ctx, b.score(), b.limits(), maximize=False)
    if lo is None:
        return Outcome(UNKNOWN, why)
    facts = {"max": hi, "min": lo}
    if (hi, lo) != (scoring.MAX_SCORE, scoring.MIN_SCORE):
        return Outcome(REFUTED, f"the scores range over {lo}..{hi}, but the spec states"
                       f" {scoring.MIN_SCORE}..{scoring.MAX_SCORE}", facts=facts)
    # one game showing both ends: seat 1 reaches the minimum with the fewest cards, from
    # what seat 0's best collection leaves
    best = a.cards(m_hi)
    fixed = [c == value(m_hi, c) for st in a.counts for c in st] + \
        [h == value(m_hi, h) for h in a.held]
    size = z3.Sum([c for st in b.counts for c in st])
    small, m_lo, why = optimum(ctx, size, a.limits() + b.limits() + shared_supply(x, [a, b])
                               + fixed + [b.score() == lo], maximize=False)
    if small is None:
        return Outcome(UNKNOWN, why)
    worst = b.cards(m_lo)
    detail = (f"scores range over {lo}..{hi}. Seat 0 scores {hi} with {describe(best)};"
              f" seat 1 scores {lo} with {describe(worst)}")
    sc = played_out([best, worst], x, {}, [hi, lo], "FRP-P2: the best and the worst score",
                    detail, events=("FRP-5.1", "FRP-6.8", "FRP-6.7"))
    return Outcome(PROVED, detail, sc, facts)


@SUITE.prop("FRP-P3", ("FRP-6.7", "FRP-4.4", "FRP-6.9"),
            """A repeated number never pays: removing one plain copy of a number a stack
            holds twice or more never lowers the seat's total (under both readings of
            hybrid-duplicates), nor the stack's own points (under both readings of
            lone-one).""")
def duplicate_never_pays(ctx: Context) -> Outcome:
    checked = []
    for opts in readings("hybrid-duplicates") + readings("lone-one"):
        x = extra(opts)
        seat = Collection("s", x)
        whole = "hybrid-duplicates" in opts
        if whole:
            terms = [(seat.score(), "the seat's total")]
        else:
            terms = [(scoring.stack_score(seat.counts[f], kind, x.lone_one), f"a {kind} stack")
                     for kind, f in _stack_kinds()]
        s = ctx.solver()
        s.add(*seat.limits())
        for pts, what in terms:
            for f, stack in enumerate(seat.counts):
                for n, c in enumerate(stack, start=1):
                    if not whole and f not in [g for _, g in _stack_kinds()]:
                        continue
                    s.push()
                    s.add(c >= 2, pts > z3.substitute(pts, (c, c - 1)))
                    verdict = s.check()
                    if verdict == z3.sat:
                        m = s.model()
                        return Outcome(REFUTED, f"counterexample under {_label(opts)}:"
                                       f" {describe(seat.cards(m))} gives {what}"
                                       f" {value(m, pts)}; one {C.NAMES[f]} {n} fewer gives"
                                       f" {value(m, z3.substitute(pts, (c, c - 1)))}")
                    s.pop()
                    if verdict != z3.unsat:
                        return Outcome(UNKNOWN, f"Z3 answered {verdict} under"
                                       f" {_label(opts)} ({C.NAMES[f]} {n})")
        checked.append(_label(opts))
    return Outcome(PROVED, "no stack holding a number twice scores more, for the seat"
                   f" ({checked[0]}; {checked[1]}) or the stack ({checked[2]};"
                   f" {checked[3]})")


@SUITE.prop("FRP-P4", ("FRP-1.4", "FRP-7.1", "FRP-6.8", "FRP-6.9"),
            """The hybrid assignments consistent with Peter's worked example are exactly the
            eight readings of option hybrids, the default among them (pineapple 5 and a
            hybrid run 1-2-3-4 worth 24); under hybrid-run=any the example is
            impossible.""", kind="witness")
def hybrid_assignments(ctx: Context) -> Outcome:
    allowed = hybrids.allowed_assignments()
    per_reading = {r: len(hybrids.allowed_assignments(hybrid_run=r))
                   for r in CATALOGUE.option("hybrid-run").values}
    facts = {"assignments": allowed, "count_by_hybrid_run": per_reading}
    listed = list(CATALOGUE.option("hybrids").values)
    if sorted(listed) != allowed or C.DEFAULT_HYBRIDS not in allowed:
        return Outcome(REFUTED, f"Z3 allows {allowed}; the option lists {listed}", facts=facts)
    if per_reading.get("any", 0):
        return Outcome(REFUTED, "hybrid-run=any fits the example", facts=facts)
    last = allowed[-1]
    sc = _peter_scenario(last, "FRP-P4: Peter's example under hybrids=" + last)
    if sc is None:
        return Outcome(REFUTED, f"no collection of Peter's fits hybrids={last}", facts=facts)
    return Outcome(WITNESS, f"{len(allowed)} assignments fit: {', '.join(allowed)}"
                   f" (hybrid-run readings allow {per_reading}); shown for {last}", sc, facts)


def _peter_scenario(assignment: str, title: str) -> dict[str, Any] | None:
    vectors = hybrids.peter_collection(assignment)
    if vectors is None:
        return None
    opts = {} if assignment == C.DEFAULT_HYBRIDS else {"hybrids": assignment}
    x = extra(opts)
    mine: list[str] = []
    for f, vec in enumerate(vectors):
        for n, k in enumerate(vec, start=1):
            if f in C.COMMON and x.hybrid_numbers[f] == n and k:
                mine.append(C.card(f, n, True))
                k -= 1
            mine += [C.card(f, n)] * k
    total = scoring.player_score(vectors, [True] * 5, x.hybrid_numbers)
    return played_out([mine, []], x, opts, [total, 0], title,
                      f"Peter (seat 0) collects {describe(mine)} and scores {total}",
                      events=("FRP-6.7", "FRP-6.8", "FRP-6.9"))


@SUITE.prop("FRP-P5", ("FRP-7.1", "FRP-6.10"),
            """Peter's worked example (43 points) is reachable under the rules with the
            default card data: a collection exists that the engine builds card by card and
            scores 43.""", kind="witness")
def peter_reachable(ctx: Context) -> Outcome:
    sc = _peter_scenario(C.DEFAULT_HYBRIDS, "FRP-P5: Peter's worked example")
    if sc is None:
        return Outcome(REFUTED, "no collection fits the example under the default readings")
    if sc["expect"]["scores"][0] != hybrids.PETER_TOTAL:
        return Outcome(REFUTED, f"the collection scores {sc['expect']['scores'][0]}, not 43")
    return Outcome(WITNESS, sc["description"], sc)


@SUITE.prop("FRP-P6", ("FRP-6.7", "FRP-4.2", "FRP-4.4"),
            """Vacuity guard: a stack holding a repeated number can arise (the default
            play-limits lets it be played), and it changes the score.""", kind="witness")
def duplicate_reachable(ctx: Context) -> Outcome:
    x = extra()
    seat = Collection("d", x)
    clean = Collection("c", x)
    dup = z3.Or(*[scoring.has_duplicate(st) for st in seat.counts])
    fewer = [z3.And(c2 <= c, c2 >= z3.If(c >= 1, 1, 0)) for st, st2 in
             zip(seat.counts, clean.counts) for c, c2 in zip(st, st2)]
    goal = z3.And(dup, seat.score() != clean.score(),
                  *[z3.Not(scoring.has_duplicate(st)) for st in clean.counts])
    s = ctx.solver()
    s.add(*seat.limits(), *clean.limits(), *fewer, goal,
          *[h1 == h2 for h1, h2 in zip(seat.held, clean.held)],
          z3.Sum([c for st in seat.counts for c in st]) <= 4)
    verdict = s.check()
    if verdict != z3.sat:
        return Outcome(UNKNOWN if verdict == z3.unknown else REFUTED,
                       f"Z3 answered {verdict}")
    m = s.model()
    mine = seat.cards(m)
    pts, without = value(m, seat.score()), value(m, clean.score())
    detail = (f"seat 0 collects {describe(mine)} and scores {pts}; without the repeat"
              f" ({describe(clean.cards(m))}) it would score {without}")
    sc = played_out([mine, []], x, {}, [pts, 0], "FRP-P6: a repeated number in a stack",
                    detail, events=("FRP-6.7",))
    return Outcome(WITNESS, detail, sc)
