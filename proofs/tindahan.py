"""Tindahan: Z3 properties of the stall scoring, the round scoring and the trick winner
(``spec/tindahan/scoring.py``: ``stall_points``, ``round_parts``, ``trick_winner``,
``round_is_possible``).

Stall properties are proved under the default readings and checked under every reading of
the scoring options; the readings that break them are listed (``facts``). Witnesses are
games played by the engine (with agents steered towards the situation sought, or with
hands fixed by the set-up); Z3 checks that the game's round-end inputs satisfy the goal and
predicts the scores with the same scoring code, and the replay must agree.
"""
from __future__ import annotations

import itertools
import random
from typing import Any, Callable, Sequence

import z3

import engine
from spec.common.core import Action
from spec.tindahan import scoring as S
from spec.tindahan.rules import CATALOGUE
from spec.tindahan.state import CARDS_OF, FRUIT_NAMES, FRUIT_OF, FRUITS, HAND_SIZE, SELLERS, \
    VALUE_OF

from .core import (ERROR, PROVED, REFUTED, UNKNOWN, WITNESS, Context, Outcome, Suite, between, prove,
                   value)

GAME = "tindahan"
SUITE = Suite(GAME)
PLAYERS = (3, 4, 5)
STALL_OPTIONS = ("trump-tie", "second-after-tie", "rounding", "trump-stall")


def load(players: int, options: dict[str, str] | None = None) -> Any:
    return engine.load(GAME, players=players, options=options or {})


def score_options(players: int = 3, options: dict[str, str] | None = None) -> dict[str, str]:
    """The keyword readings the engine passes to ``round_parts`` (from its configuration)."""
    return dict(load(players, options).config.extra.score)


def stall_kw(score: dict[str, str]) -> dict[str, str]:
    return {"trump_tie": score["trump_tie"], "second_after_tie": score["second_after_tie"],
            "rounding": score["rounding"], "trump_stall": score["trump_values"]}


def readings(*names: str) -> list[dict[str, str]]:
    opts = [CATALOGUE.option(n) for n in names]
    return [dict(zip(names, combo)) for combo in itertools.product(*(o.values for o in opts))]


def one_at_a_time(*names: str) -> list[dict[str, str]]:
    """The default readings, then each other reading of one option with the rest at
    their defaults."""
    base = defaults(*names)
    out = [base]
    for name in names:
        out += [{**base, name: v} for v in CATALOGUE.option(name).values if v != base[name]]
    return out


def defaults(*names: str) -> dict[str, str]:
    return {n: CATALOGUE.option(n).default for n in names}


def _label(options: dict[str, str]) -> str:
    return ", ".join(f"{k}={v}" for k, v in options.items())


def _counts_text(m: z3.ModelRef, counts: Sequence[Any], trump: Any) -> str:
    return ("sellers " + ", ".join(f"seat {i}: {value(m, c)}" for i, c in enumerate(counts))
            + (" on the trump stall" if value(m, trump) else " on a plain stall"))


def stall_sweep(ctx: Context, claim: Callable[[list[Any], Any, dict[str, str]], Any],
                what: str) -> Outcome:
    """Prove ``claim(counts, is_trump, stall keywords)`` for 3-5 seats under the default
    readings; record which other readings of the stall options (one option changed at a
    time) break it."""
    base = defaults(*STALL_OPTIONS)
    broken: dict[str, str] = {}
    for opts in one_at_a_time(*STALL_OPTIONS):
        kw = stall_kw(score_options(3, opts))
        for n in PLAYERS:
            counts = [z3.Int(f"sellers_{i}") for i in range(n)]
            trump = z3.Bool("trump")
            out = prove(ctx, claim(counts, trump, kw), between(counts, 0, SELLERS),
                        decode=lambda m, counts=counts, trump=trump, kw=kw: (
                            _counts_text(m, counts, trump) + " give "
                            + str([value(m, p) for p in S.stall_points(counts, trump, **kw)])))
            if out.status == UNKNOWN:
                return out
            if out.status == REFUTED:
                if opts == base:
                    out.detail = f"{n} seats, default readings: {out.detail}"
                    return out
                changed = {k: v for k, v in opts.items() if v != base[k]}
                broken[_label(changed)] = f"{n} seats, {out.detail}"
                break
    facts = {"broken_under": broken}
    tail = ("; changing one reading breaks it: " + "; ".join(
        f"{k} ({v})" for k, v in broken.items())) if broken else \
        "; and with any one of the other readings of the stall options"
    return Outcome(PROVED, f"{what} for 3, 4 and 5 seats under the default readings" + tail,
                   facts=facts)


# --- stall properties ---------------------------------------------------------------------

@SUITE.prop("TIN-P1", ("TIN-6.4", "TIN-6.5", "TIN-6.6", "TIN-6.7", "TIN-6.8", "TIN-6.9",
                       "TIN-6.10"),
            """A stall never hands out more than 5+2+1 = 8 points in all, and never a
            negative share, whatever the sellers (0-9 per seat, 3-5 seats) and whether it
            is the trump stall.""")
def stall_total(ctx: Context) -> Outcome:
    def claim(counts: list[Any], trump: Any, kw: dict[str, str]) -> Any:
        pts = S.stall_points(counts, trump, **kw)
        return z3.And(z3.Sum(pts) <= S.FIRST + S.SECOND + S.TRUMP_BONUS,
                      *[p >= 0 for p in pts])
    return stall_sweep(ctx, claim, "at most 8 points a stall, none negative")


@SUITE.prop("TIN-P2", ("TIN-6.7", "TIN-6.8"),
            """Seats with as many sellers as each other at a stall get the same points
            there.""")
def ties_equal(ctx: Context) -> Outcome:
    def claim(counts: list[Any], trump: Any, kw: dict[str, str]) -> Any:
        pts = S.stall_points(counts, trump, **kw)
        return z3.And(*[z3.Implies(counts[i] == counts[j], pts[i] == pts[j])
                        for i, j in itertools.combinations(range(len(counts)), 2)])
    return stall_sweep(ctx, claim, "tied seats score alike")


@SUITE.prop("TIN-P3", ("TIN-6.4", "TIN-6.5", "TIN-6.7", "TIN-6.8"),
            """A seat with more sellers than another at a stall never gets fewer points
            there.""")
def more_never_less(ctx: Context) -> Outcome:
    def claim(counts: list[Any], trump: Any, kw: dict[str, str]) -> Any:
        pts = S.stall_points(counts, trump, **kw)
        return z3.And(*[z3.Implies(counts[i] > counts[j], pts[i] >= pts[j])
                        for i, j in itertools.permutations(range(len(counts)), 2)])
    return stall_sweep(ctx, claim, "more sellers never score less")


@SUITE.prop("TIN-P4", ("TIN-5.1", "TIN-6.7", "TIN-6.8"),
            """Placing one more seller on a stall never lowers that seat's points at the
            stall (with the default readings; joining a large tie can cost points under
            others).""")
def one_more_seller(ctx: Context) -> Outcome:
    def claim(counts: list[Any], trump: Any, kw: dict[str, str]) -> Any:
        more = [counts[0] + 1] + counts[1:]
        return z3.Implies(counts[0] < SELLERS, S.stall_points(more, trump, **kw)[0]
                          >= S.stall_points(counts, trump, **kw)[0])
    return stall_sweep(ctx, claim, "a seller more never costs points")


# --- round inputs from the engine, and Z3's prediction of a round -------------------------

def round_end_inputs(pre: Any, action: Action, events: Sequence[Any]) -> dict[str, Any]:
    """The scoring inputs of the round that ``action`` ended, from the state before it and
    the trick award it caused (the engine deals the next round in the same step)."""
    winner = [e.data["seat"] for e in events if e.rule == "TIN-4.4"][-1]
    tricks = list(pre.tricks_won)
    tricks[winner] += 1
    hand_left = [len(h) for h in pre.hands]
    stalls = [list(row) for row in pre.stalls]
    placed = list(pre.placed)
    if action.name == "play":
        hand_left[action.player] -= 1
    elif action.name == "seller":
        stalls[pre.led][action.player] += 1
        placed[action.player] += 1
    return {"tricks": tricks, "hand_left": hand_left, "stalls": stalls, "cart": pre.cart,
            "placed": placed}


def symbolic_round(tag: str, n: int) -> dict[str, Any]:
    return {"tricks": [z3.Int(f"{tag}_tricks_{i}") for i in range(n)],
            "hand_left": [z3.Int(f"{tag}_hand_{i}") for i in range(n)],
            "stalls": [[z3.Int(f"{tag}_stall_{f}_{i}") for i in range(n)]
                       for f in range(len(FRUITS))],
            "cart": z3.Int(f"{tag}_cart"),
            "placed": [z3.Int(f"{tag}_placed_{i}") for i in range(n)]}


def pin(sym: dict[str, Any], concrete: dict[str, Any]) -> list[Any]:
    out = [sym["cart"] == concrete["cart"]]
    for key in ("tricks", "hand_left", "placed"):
        out += [a == b for a, b in zip(sym[key], concrete[key])]
    out += [a == b for ra, rb in zip(sym["stalls"], concrete["stalls"]) for a, b in zip(ra, rb)]
    return out


def parts(sym: dict[str, Any], score: dict[str, str]) -> dict[str, Any]:
    return S.round_parts(sym["tricks"], sym["hand_left"], sym["stalls"], sym["cart"],
                         sym["placed"], **score)


def well_formed(sym: dict[str, Any], fruits: Sequence[int]) -> list[Any]:
    """Round inputs the spec's necessary conditions allow (round_is_possible), sellers only
    on stalls in play, at most nine a seat, the cart on a stall in play."""
    out = _round_and_stalls(sym, fruits)
    for i in range(len(sym["tricks"])):
        out.append(sym["placed"][i] == z3.Sum([row[i] for row in sym["stalls"]]))
    return out


def _round_and_stalls(sym: dict[str, Any], fruits: Sequence[int]) -> list[Any]:
    """What every round's inputs satisfy: the spec's necessary conditions
    (round_is_possible), the cart on a stall in play, sellers only on stalls in play."""
    out = [S.round_is_possible(sym["tricks"], sym["hand_left"], sym["placed"], HAND_SIZE),
           z3.Or(*[sym["cart"] == f for f in fruits])]
    for f, row in enumerate(sym["stalls"]):
        out += [c == 0 for c in row] if f not in fruits else between(row, 0, SELLERS)
    return out


def predict(ctx: Context, rounds: Sequence[dict[str, Any]], score: dict[str, str],
            goal: Callable[[list[dict[str, Any]], list[dict[str, Any]]], Any] | None = None
            ) -> tuple[bool, list[list[int]], list[list[bool]]]:
    """Z3 scores concrete rounds with ``round_parts``: (goal holds, points, empty flags)."""
    n = len(rounds[0]["tricks"])
    syms = [symbolic_round(f"r{k}", n) for k in range(len(rounds))]
    ps = [parts(sym, score) for sym in syms]
    s = ctx.solver()
    for sym, r in zip(syms, rounds):
        s.add(*pin(sym, r))
    if s.check() != z3.sat:
        raise ValueError("the round inputs contradict each other")
    m = s.model()
    holds = True
    if goal is not None:
        holds = value(m, goal(syms, ps))
    return (bool(holds), [[value(m, x) for x in p["final"]] for p in ps],
            [[value(m, e) for e in p["empty"]] for p in ps])


def running(points: Sequence[Sequence[int]]) -> list[int]:
    return [sum(col) for col in zip(*points)]


def play(game: Any, seed: int, choose: Callable[[Any, list[Action], random.Random], Action],
         stop_after_rounds: int | None = None, ctx: Context | None = None,
         reject: Callable[[Any, Action, list[Any]], bool] | None = None
         ) -> tuple[list[str], list[dict[str, Any]], Any] | None:
    """A game (or its first rounds) played by ``choose`` from a seed; returns the actions,
    each finished round's scoring inputs and the last state; None when ``reject`` fires."""
    rng = random.Random(seed)
    s = game.new(seed=seed)
    actions: list[str] = []
    rounds: list[dict[str, Any]] = []
    while not game.is_over(s):
        if ctx is not None:
            ctx.check_time()
        a = choose(s, game.legal_actions(s), rng)
        pre = s
        s, events = game.step(s, a)
        actions.append(str(a))
        if reject is not None and reject(pre, a, events):
            return None
        if any(e.rule == "TIN-6.1" for e in events):
            rounds.append(round_end_inputs(pre, a, events))
            if stop_after_rounds is not None and len(rounds) >= stop_after_rounds:
                break
    return actions, rounds, s


def scenario(players: int, seed: int, actions: list[str], scores: list[int], title: str,
             description: str, events: Sequence[str], setup: dict[str, Any] | None = None,
             over: bool | None = None) -> dict[str, Any]:
    sc: dict[str, Any] = {"game": GAME, "players": players, "options": {}, "variant": None,
                          "seed": seed, "title": title, "description": description}
    if setup is not None:
        sc["setup"] = setup
    sc["actions"] = actions
    sc["expect"] = {"scores": scores, "events": list(events)}
    if over is not None:
        sc["expect"]["over"] = over
    return sc


def round_text(r: dict[str, Any], fruits: str) -> str:
    stalls = "; ".join(f"{FRUIT_NAMES[FRUITS.index(f)]} stall {r['stalls'][FRUITS.index(f)]}"
                       for f in fruits)
    return (f"tricks {r['tricks']}, cards left {r['hand_left']}, {stalls}, trump"
            f" {FRUIT_NAMES[r['cart']]}")


# --- witnesses ----------------------------------------------------------------------------

def _key(s: Any, card: str, led: int | None = None) -> int:
    lead = s.led if led is None else led
    return S.card_key(FRUIT_OF[card], VALUE_OF[card], s.cart, lead if lead >= 0
                      else FRUIT_OF[card])


def _random_seller_agent(p_seller: float) -> Callable[[Any, list[Action], random.Random],
                                                      Action]:
    def choose(s: Any, legal: list[Action], rng: random.Random) -> Action:
        sellers = [a for a in legal if a.name == "seller"]
        if sellers and rng.random() < p_seller:
            return sellers[0]
        plays = [a for a in legal if a.name == "play"] or legal
        return rng.choice(plays)
    return choose


@SUITE.prop("TIN-P5", ("TIN-6.7", "TIN-6.1", "TIN-5.1"),
            """Vacuity guard: a tied majority at a stall (two seats sharing the most
            sellers) arises in play; the round is played out by the engine and scored as Z3
            predicts.""", kind="witness")
def tied_majority(ctx: Context) -> Outcome:
    n = 3
    game = load(n)
    score = score_options(n)

    def goal(syms: list[dict[str, Any]], ps: list[dict[str, Any]]) -> Any:
        stalls = syms[0]["stalls"]
        return z3.Or(*[z3.And(c > 0, c == S.Max(row), z3.Or(*[z3.And(d == c) for j, d in
                                                               enumerate(row) if j != i]))
                       for row in stalls for i, c in enumerate(row)])

    agent = _random_seller_agent(0.35)
    for seed in range(200):
        got = play(game, seed, agent, stop_after_rounds=1, ctx=ctx)
        assert got is not None
        actions, rounds, _ = got
        holds, points, _ = predict(ctx, rounds, score, goal)
        if holds:
            r = rounds[0]
            tied = next(FRUIT_NAMES[f] for f, row in enumerate(r["stalls"])
                        if max(row) > 0 and row.count(max(row)) > 1)
            detail = (f"seed {seed}, round 1 ends after {len(actions)} actions with"
                      f" {round_text(r, game.new(seed=seed).fruits)}: a tie for most sellers"
                      f" at the {tied} stall; round points {points[0]}")
            return Outcome(WITNESS, detail, scenario(
                n, seed, actions, running(points), "TIN-P5: a tied majority", detail,
                ("TIN-6.7", "TIN-1.5")))
    return Outcome(UNKNOWN, "no tied majority in 200 steered games")


def _quiet_seat_agent(x: int, p_seller: float = 0.3) -> Callable[..., Action]:
    """Seat ``x`` never places a seller and tries never to win a trick (moving the cart
    when it leads, so that it sits the trick out; dumping its highest losing card); the
    other seats lead and follow so that ``x`` cannot win, and sometimes place sellers."""
    def choose(s: Any, legal: list[Action], rng: random.Random) -> Action:
        plays = [a for a in legal if a.name == "play"]
        if legal[0].player == x:
            carts = [a for a in legal if a.name == "cart"]
            if carts:
                return carts[0]
            best = max((_key(s, c) for c in s.trick), default=0)
            losing = [a for a in plays if _key(s, a.args[0]) < best]
            if losing:
                return max(losing, key=lambda a: (VALUE_OF[a.args[0]], a.args[0]))
            return min(plays, key=lambda a: (_key(s, a.args[0]), a.args[0]))
        sellers = [a for a in legal if a.name == "seller"]
        x_done = x in s.trick_seats or (s.cart_moved and s.leader == x)
        x_wins = bool(s.trick) and x in s.trick_seats and max(
            zip(s.trick, s.trick_seats), key=lambda t: _key(s, t[0]))[1] == x
        if sellers and x_done and not x_wins and rng.random() < p_seller:
            return sellers[0]
        if not s.trick:
            def beats_x(a: Action) -> bool:
                f = FRUIT_OF[a.args[0]]
                held = [d for d in s.hands[x] if FRUIT_OF[d] == f] or list(s.hands[x])
                mine = _key(s, a.args[0], f)
                return all(_key(s, d, f) < mine for d in held)
            return max(plays, key=lambda a: (beats_x(a), VALUE_OF[a.args[0]], rng.random()))
        return max(plays, key=lambda a: (_key(s, a.args[0]), rng.random()))
    return choose


@SUITE.prop("TIN-P6", ("TIN-6.11", "TIN-8.1", "TIN-8.2", "TIN-3.2", "TIN-3.7"),
            """The empty-round rule can make a seat that never acted win the game: a seat
            that never places a seller and never wins a trick, in any round, can end with
            strictly the most points (question; answered by Z3 over three rounds of round
            scoring, and by a whole three-seat game).""", kind="question")
def never_acted_wins(ctx: Context) -> Outcome:
    n, x = 3, 0
    score = score_options(n)
    fruits = [0, 2, 4]
    syms = [symbolic_round(f"r{k}", n) for k in range(n)]
    ps = [parts(sym, score) for sym in syms]
    totals = [z3.Sum([p["final"][i] for p in ps]) for i in range(n)]
    s = ctx.solver()
    for sym in syms:
        s.add(*well_formed(sym, fruits), sym["tricks"][x] == 0, sym["placed"][x] == 0)
    s.add(*[totals[x] > totals[j] for j in range(n) if j != x])
    verdict = s.check()
    if verdict == z3.unsat:
        return Outcome(PROVED, "no: a seat that never acts can never have strictly the most"
                       " points")
    if verdict != z3.sat:
        return Outcome(UNKNOWN, f"Z3 answered {verdict} over the round scoring")
    # the round scoring allows it: find a whole game of the engine that does it
    game = load(n)
    agent = _quiet_seat_agent(x)

    def reject(pre: Any, a: Action, events: list[Any]) -> bool:
        return any(e.rule == "TIN-4.4" and e.data["seat"] == x for e in events) or \
            (a.name == "seller" and a.player == x)

    def goal(syms_: list[dict[str, Any]], ps_: list[dict[str, Any]]) -> Any:
        tot = [z3.Sum([p["final"][i] for p in ps_]) for i in range(n)]
        return z3.And(*[z3.And(sym["tricks"][x] == 0, sym["placed"][x] == 0) for sym in syms_],
                      *[tot[x] > tot[j] for j in range(n) if j != x])

    for seed in range(400):
        got = play(game, seed, agent, ctx=ctx, reject=reject)
        if got is None:
            continue
        actions, rounds, last = got
        holds, points, empty = predict(ctx, rounds, score, goal)
        if holds and all(e[x] for e in empty):
            total = running(points)
            detail = (f"yes: seed {seed}, seat {x} never places a seller and never wins a"
                      f" trick in any of the {n} rounds (it moves the cart whenever it"
                      f" leads, sitting the trick out); the empty-round rule gives it the"
                      f" best round score each time: rounds "
                      + "; ".join(f"{p}" for p in points)
                      + f", totals {total}: seat {x} wins alone")
            return Outcome(WITNESS, detail, scenario(
                n, seed, actions, total, "TIN-P6: a seat that never acted wins", detail,
                ("TIN-6.11", "TIN-8.2"), over=True), {"totals": total})
    return Outcome(UNKNOWN, "the round scoring allows it (Z3), but no game of 400 steered"
                   " playouts realised it")


@SUITE.prop("TIN-P7", ("TIN-3.2", "TIN-3.3", "TIN-3.7", "TIN-5.1", "TIN-4.2", "TIN-4.4"),
            """The rulebook's cart example can arise: A moves the cart to mango, B must play
            and plays banana 10, C places a seller on bananas, D follows with banana 3, E has
            no banana and wins with mango 2. Played as the last trick of a five-seat game,
            so the scores show E's trick.""", kind="witness")
def cart_example(ctx: Context) -> Outcome:
    n = 5
    B, M = FRUITS.index("B"), FRUITS.index("M")
    fruits = [B, B, M]
    values = [10, 3, 2]
    pos = S.trick_winner(fruits, values, M, B)
    s = ctx.solver()
    w = z3.Int("winner")
    fz = [z3.Int(f"fruit_{i}") for i in range(3)]
    vz = [z3.Int(f"value_{i}") for i in range(3)]
    s.add(*[a == b for a, b in zip(fz, fruits)], *[a == b for a, b in zip(vz, values)],
          w == S.trick_winner(fz, vz, M, B))
    if s.check() != z3.sat or value(s.model(), w) != pos or pos != 2:
        return Outcome(REFUTED, "Z3 does not give the trick to E's mango 2")
    # the last trick of the game: every earlier trick is given as already won
    hands = [["L1"], ["B10"], ["P1"], ["B3"], ["M2"]]
    used = {c for h in hands for c in h}
    rest = [c for f in FRUITS for c in CARDS_OF[f] if c not in used]
    won = [[rest[k * n:(k + 1) * n] for k in range(t0, t1)]
           for t0, t1 in ((0, 3), (3, 5), (5, 6), (6, 8), (8, 9))]
    setup = {"dealer": 4, "round": n, "hands": hands, "won": won, "leader": 0}
    actions = ["p0: cart M", "p1: play B10", "p2: seller", "p3: play B3", "p4: play M2"]
    tricks = [len(w_) for w_ in won]
    tricks[4] += 1
    r = {"tricks": tricks, "hand_left": [1, 0, 1, 0, 0],
         "stalls": [[0, 0, 1, 0, 0]] + [[0] * n for _ in range(4)], "cart": M,
         "placed": [0, 0, 1, 0, 0]}
    _, points, _ = predict(ctx, [r], score_options(n))
    detail = ("seats 0-4 are A-E: A drives the cart to mango, B plays B10, C places a"
              " seller, D plays B3, E trumps with M2 and takes the trick; round points"
              f" {points[0]}")
    return Outcome(WITNESS, detail, scenario(
        n, 0, actions, points[0], "TIN-P7: the cart example", detail,
        ("TIN-3.2", "TIN-3.3", "TIN-5.1", "TIN-4.2", "TIN-4.4"), setup=setup, over=True))


EXAMPLE_TRICKS, EXAMPLE_HANDS = [3, 4, 2], [5, 0, 7]
EXAMPLE_STALLS = {"B": [3, 0, 2], "M": [2, 0, 2]}  # and durian (trump): only C's sellers


def example_premises(sym: dict[str, Any], fruits: str) -> list[Any]:
    """The scoring example's facts for seats A, B, C (seats 0-2); any further seat is
    unlisted: it has no seller on the stalls the example describes, and whatever else
    the necessary conditions allow."""
    n = len(sym["tricks"])
    durian = FRUITS.index("D")
    given = [*[sym["tricks"][i] == t for i, t in enumerate(EXAMPLE_TRICKS)],
             *[sym["hand_left"][i] == h for i, h in enumerate(EXAMPLE_HANDS)],
             sym["cart"] == durian]
    for f, row in enumerate(sym["stalls"]):
        letter = FRUITS[f]
        if letter not in fruits:
            given += [c == 0 for c in row]
        elif letter == "D":  # "only sellers of C": at least one
            given += [c == 0 for i, c in enumerate(row) if i != 2]
            given += [row[2] >= 1, row[2] <= SELLERS]
        elif letter in EXAMPLE_STALLS:
            want = EXAMPLE_STALLS[letter] + [0] * (n - 3)
            given += [a == b for a, b in zip(row, want)]
        else:  # a stall the example does not mention: only unlisted seats' sellers
            given += [c == 0 for c in row[:3]] + between(row[3:], 0, SELLERS)
    given += [sym["placed"][i] == z3.Sum([row[i] for row in sym["stalls"]]) for i in range(n)]
    given += [z3.Sum([row[i] for row in sym["stalls"]]) <= SELLERS for i in range(n)]
    return given


def example_round(ctx: Context, n: int) -> tuple[Outcome, z3.CheckSatResult, Any]:
    """(the example's arithmetic under ``n`` seats, whether it can arise, the model)."""
    fruits = {3: "BMD", 4: "BMPD", 5: FRUITS}[n]
    sym = symbolic_round(f"ex{n}", n)
    given = example_premises(sym, fruits)
    pts = parts(sym, score_options(n))["final"]
    adds_up = prove(ctx, z3.And(pts[0] == 9, pts[1] == 8, pts[2] == 8), given)
    s = ctx.solver()
    s.add(*given, S.round_is_possible(sym["tricks"], sym["hand_left"], sym["placed"],
                                      HAND_SIZE))
    verdict = s.check()
    return adds_up, verdict, (s.model() if verdict == z3.sat else None, sym)


@SUITE.prop("TIN-P8", ("TIN-6.1", "TIN-6.2", "TIN-6.3", "TIN-3.4", "TIN-6.4", "TIN-6.6"),
            """The rulebook's scoring example, read as a three-seat game (A: 3 tricks, 5
            cards left; B: 4 tricks, no card left; C: 2 tricks, 7 cards left; stalls as
            described; 9, 8, 8 points) adds up under the scoring code, but can it arise in
            play with three seats? A finding: it cannot.""",
            kind="question")
def scoring_example(ctx: Context) -> Outcome:
    adds_up, verdict, (model, sym) = example_round(ctx, 3)
    if adds_up.status != PROVED:
        adds_up.detail = "the example's arithmetic: " + adds_up.detail
        return adds_up
    if verdict == z3.unknown:
        return Outcome(UNKNOWN, "Z3 answered unknown")
    # the necessary conditions must themselves hold in real games
    lemma = _check_lemma(ctx)
    if lemma:
        return Outcome(ERROR, "round_is_possible fails on an engine game: " + lemma)
    if verdict == z3.sat:
        durian = FRUITS.index("D")
        return Outcome(WITNESS, "it can arise: C with "
                       + str(value(model, sym["stalls"][durian][2])) + " durian sellers")
    return Outcome(REFUTED, "it cannot arise with three seats: the scores add up to 9, 8, 8"
                   " as printed, but B played all ten cards, one a trick, in only 3 + 4 + 2"
                   " = 9 tricks, and A acted ten times (five cards, five sellers) in nine"
                   " tricks. Z3 finds no durian seller count meeting the spec's necessary"
                   " conditions (round_is_possible, checked on 60 engine games). With four"
                   " or five seats it can (TIN-P9). A finding for the designer.")


@SUITE.prop("TIN-P9", ("TIN-6.1", "TIN-6.2", "TIN-6.3", "TIN-3.4", "TIN-2.1"),
            """The scoring example with four or five seats: A, B and C as printed, the
            unlisted seats with no seller on the stalls the example describes. Can it arise?
            (Yes: an unlisted seat wins the tricks the three listed seats are short of, and
            A, B and C still score 9, 8 and 8.)""", kind="question")
def scoring_example_more_seats(ctx: Context) -> Outcome:
    found = []
    for n in (4, 5):
        adds_up, verdict, (model, sym) = example_round(ctx, n)
        if adds_up.status != PROVED:
            adds_up.detail = f"{n} seats, the example's arithmetic: {adds_up.detail}"
            return adds_up
        if verdict == z3.unsat:
            return Outcome(REFUTED, f"it cannot arise with {n} seats")
        if verdict != z3.sat:
            return Outcome(UNKNOWN, f"Z3 answered {verdict} for {n} seats")
        found.append(f"{n} seats: tricks {value(model, sym['tricks'])}, cards left"
                     f" {value(model, sym['hand_left'])}, sellers placed"
                     f" {value(model, sym['placed'])}")
    return Outcome(WITNESS, "it can arise with four and with five seats, A, B and C scoring"
                   " 9, 8, 8 as printed: " + "; ".join(found))


def _check_lemma(ctx: Context, games: int = 60) -> str:
    """round_is_possible holds at every round end of random engine games (3-5 seats)."""
    for k in range(games):
        n = PLAYERS[k % len(PLAYERS)]
        got = play(load(n), 1000 + k, _random_seller_agent(0.3), ctx=ctx,
                   stop_after_rounds=1)
        assert got is not None
        for r in got[1]:
            if not S.round_is_possible(r["tricks"], r["hand_left"], r["placed"], HAND_SIZE):
                return f"seed {1000 + k}, {n} seats: {r}"
    return ""


# --- the empty round: does the rule ever lower a seat? (TIN-A12) ---------------------------

def stay_well_formed(sym: dict[str, Any], fruits: Sequence[int]) -> list[Any]:
    """Round inputs with sellers staying between rounds (TIN-A10=stay): what stands on the
    stalls may come from earlier rounds, so a seat may own sellers it did not place this
    round; still at most nine a seat (TIN-A7's default), sellers only on stalls in play."""
    out = _round_and_stalls(sym, fruits)
    for i in range(len(sym["tricks"])):
        standing = z3.Sum([row[i] for row in sym["stalls"]])
        out += [standing <= SELLERS, sym["placed"][i] <= standing]
    return out


def _lowered_text(m: z3.ModelRef, sym: dict[str, Any], p: dict[str, Any]) -> str:
    base, final = value(m, p["base"]), value(m, p["final"])
    low = [i for i, (b, f) in enumerate(zip(base, final)) if f < b]
    stalls = "; ".join(f"{FRUITS[f]} {value(m, row)}" for f, row in enumerate(sym["stalls"])
                       if any(value(m, row)))
    return (f"{len(base)} seats, tricks {value(m, sym['tricks'])}, cards left"
            f" {value(m, sym['hand_left'])}, placed this round {value(m, sym['placed'])},"
            f" sellers standing {stalls}, trump {FRUITS[value(m, sym['cart'])]}: before the"
            f" rule {base}, after {final}; seat(s) {low} lowered")


def never_lowers(ctx: Context, among: str, stay: bool) -> Outcome:
    """final >= base for every seat, 3-5 seats, the empty-round rule read as ``among``."""
    options = {"empty-round-among": among,
               "sellers-between-rounds": "stay" if stay else "return"}
    for n in PLAYERS:
        score = score_options(n, options)
        sym = symbolic_round(f"n{n}", n)
        p = parts(sym, score)
        fruits = list(range(n))  # which fruits leave does not matter: stalls are alike
        given = stay_well_formed(sym, fruits) if stay else well_formed(sym, fruits)
        out = prove(ctx, z3.And(*[f >= b for f, b in zip(p["final"], p["base"])]), given,
                    decode=lambda m, sym=sym, p=p: _lowered_text(m, sym, p))
        if out.status != PROVED:
            return out
    return Outcome(PROVED, f"for 3, 4 and 5 seats, empty-round-among={among}, sellers"
                   f" {'staying' if stay else 'going back'} between rounds")


@SUITE.prop("TIN-P10", ("TIN-6.11", "TIN-2.5", "TIN-6.13"),
            """With the sellers going back after every round (TIN-A10's default), the
            empty-round rule read as empty-round-among=played never lowers a seat's round
            score (a finding: it can, when every seat that played ends the round below the
            empty seat's own hand penalty).""", kind="question")
def played_lowers_with_return(ctx: Context) -> Outcome:
    return never_lowers(ctx, "played", stay=False)


def _stay_prop(ident: str, among: str, verdict: str) -> None:
    @SUITE.prop(ident, ("TIN-6.11", "TIN-7.3"),
                f"""With the sellers staying on the stalls between rounds, the empty-round
                rule read as empty-round-among={among} never lowers a seat's round score
                ({verdict}).""",
                kind="question")
    def check(ctx: Context) -> Outcome:
        return never_lowers(ctx, among, stay=True)


_stay_prop("TIN-P11", "played", "it can: an empty seat's own majorities are not compared")
_stay_prop("TIN-P12", "others", "it can, when the empty seat owns the best score")
_stay_prop("TIN-P13", "all", "the default reading; it cannot: the seat's own score is"
           " among those compared")
_stay_prop("TIN-P14", "at-least", "it cannot, by construction")
