"""Tanuki Market: Z3 properties of the deck, the carts and the scoring
(``spec/tanuki_market/scoring.py``: ``table_points``, ``seat_score``, ``five_sets``;
``spec/tanuki_market/game.py``: ``round_need``, the cart capacities, Granny's depth).

Witnesses start from a set-up that fixes the deck's top (``GRANNY`` where it lies) and,
for the scoring questions, the cards already on a seat's tables; the engine then plays
the last round. Z3 predicts the scores with the same scoring code and the replay must
agree.
"""
from __future__ import annotations

import itertools
from typing import Any, Sequence

import z3

import engine
from spec.tanuki_market import scoring as S
from spec.tanuki_market.cards import COMPOSITION, FRUIT_COUNTS, FRUITS
from spec.tanuki_market.game import GRANNY_DEPTH, SOLO, SPECIAL_CARTS, SPECIAL_POOL, round_need
from spec.tanuki_market.rules import CATALOGUE
from spec.tanuki_market.state import CAPACITY

from .core import (PROVED, REFUTED, UNKNOWN, WITNESS, Context, Outcome, Suite, between,
                   optimum, prove, value)

GAME = "tanuki-market"
SUITE = Suite(GAME)
END_EFFECTS = ("replace", "favorite", "five", "bitten")
FIELDS = ("fruit", "cards", "replace", "favorite", "five", "bitten")
COPIES = {card: n for card, n, _ in COMPOSITION}


def load(players: int, variant: str | None = None, options: dict[str, str] | None = None
         ) -> Any:
    return engine.load(GAME, players=players, variant=variant, options=options or {})


def modes(game: Any) -> dict[str, Any]:
    x = game.config.extra
    return {"favorite": x.favorite, "replace": x.replace, "effects": x.effects}


def _kind_capacity(kind: str) -> int:
    """Capacity of a special cart kind (move and salad carts come in one per fruit)."""
    return CAPACITY[kind if kind in CAPACITY else f"{kind}-{FRUITS[0]}"]


# --- the deck never runs dry ------------------------------------------------------------

def _last_round_draws(n: int, variant: str | None, fourth: bool, fruit_only: bool = False
                      ) -> tuple[Any, list[Any], dict[str, Any]]:
    """Z3 terms for the fruit cards the last round can take off the deck after Granny:
    every card dealt onto a cart plus the leader's kept card, with Taco and Granny each
    using a cart's place (Granny may be kept instead, or ride as a 4th card under
    granny-full=fourth; with ``fruit_only`` (special-capacity=fruit) neither uses a
    place)."""
    if variant == SPECIAL_CARTS:
        kinds = list(SPECIAL_POOL)
        chosen = [z3.Bool(f"cart_{k}") for k in kinds]
        facts: list[Any] = [z3.PbEq([(c, 1) for c in chosen], n)]
    else:
        kinds = ["plain"] * (2 if variant == SOLO else n)
        chosen = [z3.BoolVal(True)] * len(kinds)
        facts = []
    fruit = [z3.Int(f"fruit_{i}") for i in range(len(kinds))]
    taco = [z3.Int(f"taco_{i}") for i in range(len(kinds))]
    granny = [z3.Int(f"granny_{i}") for i in range(len(kinds))]
    kept_fruit, kept_granny = z3.Int("kept_fruit"), z3.Int("kept_granny")
    facts += [*between(taco, 0, 1), *between(granny, 0, 1), *[f >= 0 for f in fruit],
              *between([kept_fruit, kept_granny], 0, 1),
              z3.Sum(taco) == (0 if variant == SOLO else 1),  # TAN-2.1 (no Taco solo)
              z3.Sum(granny) + kept_granny == 1,  # TAN-5.2: Granny is dealt or kept
              kept_fruit + kept_granny <= 1]  # TAN-2.3: the leader keeps one card
    for i, k in enumerate(kinds):
        cap = _kind_capacity(k) if variant == SPECIAL_CARTS else CAPACITY[k]
        room = cap + (granny[i] if fourth else 0)  # TAN-A7 fourth: Granny over the top
        counted = fruit[i] if fruit_only else fruit[i] + taco[i] + granny[i]
        facts.append(z3.If(chosen[i], counted <= room,
                           z3.And(fruit[i] == 0, taco[i] == 0, granny[i] == 0)))
    return z3.Sum(fruit) + kept_fruit, facts, {"kinds": kinds, "chosen": chosen}


def _configs() -> list[tuple[str | None, int, str]]:
    """Every variant and player count, with each reading of granny-full where it applies."""
    opt = CATALOGUE.option("granny-full")
    out = []
    for variant, counts in ((None, (2, 3, 4, 5)), (SPECIAL_CARTS, (2, 3, 4, 5)), (SOLO, (1,))):
        readings = opt.values if opt.variants is None or variant in opt.variants \
            else (opt.default,)
        for n in counts:
            for reading in readings:
                out.append((variant, n, reading))
    return out


@SUITE.prop("TAN-P1", ("TAN-1.8", "TAN-5.1", "TAN-5.2", "TAN-2.7", "TAN-7.2", "TAN-2.8",
                       "TAN-2.15"),
            """The deck cannot run dry before the game ends, for every player count (solo
            included) and every mix of carts (special carts included) and both readings of
            granny-full: the last round takes at most as many cards after Granny as the 15
            under it - and exactly the spec's round_need at most. The worst case (five
            seats, 14 cards) is played by the engine.""")
def deck_never_dry(ctx: Context) -> Outcome:
    worst: dict[str, int] = {}
    for variant, n, reading in _configs():
        draws, facts, info = _last_round_draws(n, variant, reading == "fourth")
        label = f"{variant or 'base'}, {n} seat(s), granny-full={reading}"
        out = prove(ctx, draws <= GRANNY_DEPTH, facts, decode=lambda m, draws=draws: (
            f"{label}: {value(m, draws)} cards after Granny"))
        if out.status != PROVED:
            return out
        best, m, why = optimum(ctx, draws, facts)
        if best is None:
            return Outcome(UNKNOWN, f"{label}: {why}")
        opt = CATALOGUE.option("granny-full")
        applies = opt.variants is None or variant in opt.variants
        game = load(n, variant, {"granny-full": reading} if applies else {})
        if variant == SPECIAL_CARTS:
            mixes = [tuple(f"{k}-{FRUITS[0]}" if k in ("move", "salad") else k for k in combo)
                     for combo in itertools.combinations(SPECIAL_POOL, n)]
        else:
            mixes = [tuple(info["kinds"])]
        spec_need = max(round_need(game.config, kinds) for kinds in mixes)
        if spec_need != best:
            return Outcome(REFUTED, f"{label}: Z3 finds at most {best} cards after Granny,"
                           f" the spec's round_need says {spec_need}")
        worst[label] = best
    top = max(worst.values())
    sc, left = _worst_case(ctx)
    if left != GRANNY_DEPTH - 14:
        return Outcome(REFUTED, f"the worst-case round left {left} cards, not"
                       f" {GRANNY_DEPTH - 14}")
    return Outcome(PROVED, f"at most {top} of the {GRANNY_DEPTH} cards under Granny are"
                   f" taken (five seats with granny-full=fourth); the bound matches"
                   f" round_need for all {len(worst)} configurations; the engine's worst"
                   f" case with five plain carts takes 14 and leaves {left}",
                   sc, {"cards_after_granny": worst})


@SUITE.prop("TAN-P7", ("TAN-7.2", "TAN-1.8", "TAN-2.15"),
            """Question: under special-capacity=fruit (Taco and Granny ride on top of a
            special cart), can the last round need more cards than the 15 under Granny?
            Z3 bounds the cards after Granny for every seat count and mix of special carts;
            the bound must equal the spec's round_need, and the engine plays the worst
            case to the deck running dry (then option deck-out decides).""", kind="question")
def fruit_capacity_runs_dry(ctx: Context) -> Outcome:
    worst: dict[int, int] = {}
    for n in (2, 3, 4, 5):
        draws, facts, _ = _last_round_draws(n, SPECIAL_CARTS, False, fruit_only=True)
        best, _, why = optimum(ctx, draws, facts)
        if best is None:
            return Outcome(UNKNOWN, f"{n} seats: {why}")
        game = load(n, SPECIAL_CARTS, {"special-capacity": "fruit"})
        need = max(round_need(game.config, tuple(f"{k}-{FRUITS[0]}" if k in ("move", "salad")
                                                 else k for k in combo))
                   for combo in itertools.combinations(SPECIAL_POOL, n))
        if need != best:
            return Outcome(REFUTED, f"{n} seats: Z3 finds at most {best} cards after Granny,"
                           f" the spec's round_need says {need}")
        worst[n] = best
    over = {n: b for n, b in worst.items() if b > GRANNY_DEPTH}
    if not over:
        return Outcome(REFUTED, f"at most {max(worst.values())} cards after Granny: the"
                       f" {GRANNY_DEPTH} under it always suffice", facts={"worst": worst})
    sc = _fruit_capacity_dry_round()
    from engine.core.scenario import replay
    r = replay(sc)
    if r.failures:
        return Outcome(REFUTED, "the engine does not run dry: " + "; ".join(r.failures))
    return Outcome(WITNESS, f"yes: with five special carts the last round can take"
                   f" {over[5]} cards after Granny, one more than the {GRANNY_DEPTH} under"
                   f" it; with 2-4 seats at most {max(worst[n] for n in (2, 3, 4))}. The"
                   " engine deals the worst case and the deck runs dry (TAN-2.15)", sc,
                   {"cards_after_granny": worst})


def _fruit_capacity_dry_round() -> dict[str, Any]:
    """Five special carts, Granny on top of 15 cards: Taco and Granny ride on the large
    cart, 14 fruit cards fill every cart but one place of the last, the leader keeps the
    15th with the full large cart, and the deck is empty when the last place waits."""
    fifteen = ["S", "F", "B", "P", "W"] * 3
    actions = ["p0: taco 1", "p0: place 1"] + ["p0: place 1"] * 4 + ["p0: place 2"] * 2
    actions += ["p0: place 3"] * 3 + ["p0: place 4"] * 3 + ["p0: place 5"] * 2
    actions += ["p0: keep 1"]
    return {"game": GAME, "players": 5, "options": {"special-capacity": "fruit"},
            "variant": SPECIAL_CARTS, "seed": 0,
            "title": "TAN-P7: special-capacity=fruit runs the deck dry",
            "description": "Granny and Taco ride free on the large cart; 16 cards would be"
                           " needed after Granny, 15 lie under it",
            "setup": {"leader": 0, "deck": ["GRANNY"] + fifteen, "cards": fifteen,
                      "carts": ["large", "small", "secret", "move-S", "salad-S"]},
            "actions": actions, "expect": {"events": ["TAN-2.15"]}}


def _worst_case(ctx: Context) -> tuple[dict[str, Any], int]:
    """Five seats, Granny on top of 15 plain cards: Granny and one card fill cart 1 with
    Taco, carts 3-5 and 2 are filled, the leader keeps a card with the full cart 2 while
    cart 5 has room, and the last card fills cart 5: 14 cards after Granny."""
    fifteen = ["S", "F", "B", "P", "W"] * 3
    deck = ["GRANNY"] + fifteen
    actions = ["p0: taco 1", "p0: place 1", "p0: place 1"]
    actions += ["p0: place 2"] * 3 + ["p0: place 3"] * 3 + ["p0: place 4"] * 3
    actions += ["p0: place 5"] * 2 + ["p0: keep 2", "p0: place 5"]
    actions += ["p1: take 1", "p2: take 3", "p3: take 4", "p4: take 5"]
    drawn = fifteen[:14]
    hauls = {0: drawn[1:4] + [drawn[12]], 1: drawn[:1], 2: drawn[4:7], 3: drawn[7:10],
             4: drawn[10:12] + [drawn[13]]}
    for seat in range(5):
        actions += [f"p{seat}: lay {c}" for c in hauls[seat]]
    tables = {seat: _lay_plain(cards) for seat, cards in hauls.items()}
    bonus = {0: 0, 1: 2, 2: 0, 3: 0, 4: 0}  # seat 1 took cart 1: Taco and Granny
    game = load(5)
    scores = predict_scores(ctx, [tables[s] for s in range(5)], [bonus[s] for s in range(5)],
                            modes(game))
    sc = {"game": GAME, "players": 5, "options": {}, "variant": None, "seed": 0,
          "title": "TAN-P1: the last round takes the most cards",
          "description": "Granny on top of the deck with 15 cards under it; the last round"
                         " takes 14 of them, one stays in the deck",
          "setup": {"leader": 0, "deck": deck, "cards": fifteen,
                    "carts": ["plain"] * 5},
          "actions": actions,
          "expect": {"scores": scores, "over": True, "events": ["TAN-5.1", "TAN-5.3"]}}
    from engine.core.scenario import replay
    r = replay(sc)
    if r.failures:
        raise ValueError("; ".join(r.failures))
    return sc, len(r.state.deck)


def _lay_plain(cards: Sequence[str]) -> list[list[str]]:
    """Tables after laying plain cards in order onto empty tables: a new fruit on the
    leftmost free table, a known fruit on its table (TAN-3.3, TAN-3.4)."""
    tables: list[list[str]] = [[] for _ in range(5)]
    for c in cards:
        for t in tables:
            if t and t[0][0] == c[0]:
                t.append(c)
                break
        else:
            next(t for t in tables if not t).append(c)
    return tables


def predict_scores(ctx: Context, tables: Sequence[Sequence[Sequence[str]]],
                   bonus: Sequence[int], mode: dict[str, Any]) -> list[int]:
    """Z3 evaluates seat_score on symbolic table counts pinned to the given tables."""
    s = ctx.solver()
    out = []
    for seat, tabs in enumerate(tables):
        sym = sym_tables(f"s{seat}")
        for t, cards in zip(sym, tabs):
            s.add(*[a == b for a, b in zip(t, S.table_counts(cards))])
        out.append(S.seat_score(sym, bonus[seat], **mode))
    if s.check() != z3.sat:
        raise ValueError("pinned tables are inconsistent")
    m = s.model()
    return [value(m, x) for x in out]


def sym_tables(tag: str) -> list[S.TableCounts]:
    return [S.TableCounts(*[z3.Int(f"{tag}_t{t}_{k}") for k in FIELDS]) for t in range(5)]


# --- the rulebook's deal example ------------------------------------------------------------

@SUITE.prop("TAN-P2", ("TAN-2.10", "TAN-2.14", "TAN-2.6", "TAN-2.8"),
            """The rulebook's deal example can arise, and with it a cart-full return
            (vacuity guard): two seats; the other seat takes the cart with a pineapple and
            Taco while the leader holds a fig; the only cart left is full, so the fig goes
            back on the deck and the leader takes that cart with its 3 cards.""",
            kind="witness")
def deal_example(ctx: Context) -> Outcome:
    cap = CAPACITY["plain"]
    # Z3: cart 1 holds Taco and a pineapple and has room; cart 2 is full of fruit
    c1, c2 = z3.Int("cart1"), z3.Int("cart2")
    s = ctx.solver()
    s.add(c1 == 2, c1 < cap, c2 == cap)
    if s.check() != z3.sat:
        return Outcome(REFUTED, "the carts of the example do not fit the capacities")
    deck = ["P", "S", "S", "S", "F"]
    actions = ["p0: taco 1", "p0: place 1", "p0: place 2", "p0: place 2", "p0: place 2",
               "p1: take 1", "p0: take 2", "p1: lay P", "p0: lay S", "p0: lay S", "p0: lay S"]
    tables = [_lay_plain(["S", "S", "S"]), _lay_plain(["P"])]
    game = load(2)
    scores = predict_scores(ctx, tables, [0, 1], modes(game))
    detail = ("seat 0 (Yaroslav) leads: Taco and a pineapple on cart 1, three strawberries"
              " fill cart 2, he draws the fig; seat 1 (Varvara) takes cart 1; only the full"
              " cart 2 is left, so the fig goes back on the deck and seat 0 takes cart 2")
    sc = {"game": GAME, "players": 2, "options": {}, "variant": None, "seed": 0,
          "title": "TAN-P2: the Yaroslav and Varvara example", "description": detail,
          "setup": {"leader": 0, "deck": deck}, "actions": actions,
          "expect": {"scores": scores, "events": ["TAN-2.10"]}}
    return Outcome(WITNESS, detail, sc)


# --- the best and the worst seat ---------------------------------------------------------------

def _table_domain(fruit: int, k: int) -> list[tuple[int, ...]]:
    """Every table of ``fruit`` with at least ``k`` (and one) cards the card list allows:
    (fruit, cards, replace, favorite, five, bitten)."""
    letter = FRUITS[fruit]
    out = []
    for eff in itertools.product(*[range(COPIES[f"{letter}/{e}"] + 1) for e in END_EFFECTS]):
        plain_max = COPIES[letter] + COPIES[f"{letter}/move"]
        for cards in range(max(k, 1, sum(eff)), FRUIT_COUNTS[letter] + 1):
            if cards - sum(eff) <= plain_max:
                out.append((fruit, cards) + eff)
    return out


def _table_guard(t: S.TableCounts, fruit: int, k: int) -> list[Any]:
    """The same domain as Z3 constraints (the card list's copies, TAN-1.3)."""
    letter = FRUITS[fruit]
    effects = [getattr(t, e) for e in END_EFFECTS]
    return [t.cards >= max(k, 1), t.cards <= FRUIT_COUNTS[letter],
            *[z3.And(0 <= x, x <= COPIES[f"{letter}/{e}"]) for x, e in zip(effects, END_EFFECTS)],
            z3.Sum(effects) <= t.cards,
            t.cards - z3.Sum(effects) <= COPIES[letter] + COPIES[f"{letter}/move"]]


def _extreme(ctx: Context, maximize: bool) -> tuple[int, list[list[int]], dict[str, Any]]:
    """The best (or worst) sum of a seat's five tables.

    A table's points depend only on its own counts, its number and the seat's number k of
    five-fruit sets (table_breakdown), and never drop when k grows (the five effect adds
    3 a set). So the best layout is the best over k and the fruit arrangement of the best
    single tables, each table holding at least k cards; the worst layout is bounded below
    by k = 0. Candidates come from running table_points on every table the card list
    allows; Z3 then proves, for each k, that no table of any fruit at any number beats its
    candidate (one query per k over all 25 tables).
    """
    game = load(3)
    mode = modes(game)
    top = min(FRUIT_COUNTS.values())
    ks = range(top + 1) if maximize else (0,)
    pick = max if maximize else min
    best_total, best_layout = None, None
    for k in ks:
        ctx.check_time()
        cand: dict[tuple[int, int], tuple[int, tuple[int, ...]]] = {}
        for f in range(len(FRUITS)):
            dom = _table_domain(f, k)
            for number in range(1, 6):
                cand[(number, f)] = pick((S.table_points(number, S.TableCounts(*d), k, **mode),
                                          d) for d in dom)
        beaten = []
        for (number, f), (pts, _) in cand.items():
            t = S.TableCounts(z3.IntVal(f), *[z3.Int(f"k{k}_n{number}_f{f}_{x}")
                                              for x in FIELDS[1:]])
            here = S.table_points(number, t, k, **mode)
            beaten.append(z3.And(*_table_guard(t, f, k), here > pts if maximize
                                 else here < pts))
        s = ctx.solver()
        s.add(z3.Or(*beaten))
        verdict = s.check()
        if verdict != z3.unsat:
            raise ValueError(f"k={k}: a table beats its candidate ({verdict})")
        arrangements = itertools.permutations(range(len(FRUITS))) if k else \
            itertools.product(range(-1, len(FRUITS)), repeat=5)
        for arr in arrangements:
            used = [f for f in arr if f >= 0]
            if len(used) != len(set(used)):
                continue
            total = sum(cand[(i + 1, f)][0] if f >= 0 else 0 for i, f in enumerate(arr))
            if best_total is None or (total > best_total if maximize else total < best_total):
                best_total = total
                best_layout = [list(cand[(i + 1, f)][1]) if f >= 0 else [-1, 0, 0, 0, 0, 0]
                               for i, f in enumerate(arr)]
    assert best_total is not None and best_layout is not None
    return best_total, best_layout, mode


def _layout_cards(layout: Sequence[Sequence[int]]) -> list[list[str]]:
    out: list[list[str]] = []
    for fruit, n_cards, *effects in layout:
        if fruit < 0:
            out.append([])
            continue
        letter = FRUITS[fruit]
        cards = [f"{letter}/{e}" for e, k in zip(END_EFFECTS, effects) for _ in range(k)]
        plain = n_cards - len(cards)
        extra_plain = min(plain, COPIES[letter])
        cards += [letter] * extra_plain + [f"{letter}/move"] * (plain - extra_plain)
        out.append(cards)
    return out


def _layout_text(tables: Sequence[Sequence[str]]) -> str:
    return "; ".join(f"table {i + 1}: " + (", ".join(t) if t else "empty")
                     for i, t in enumerate(tables))


def _extreme_outcome(ctx: Context, maximize: bool) -> Outcome:
    total, layout, mode = _extreme(ctx, maximize)
    tables = _layout_cards(layout)
    bonus = 2 if maximize else 0
    # confirm on the whole seat: the layout scores what the split found
    sym = sym_tables("w")
    s = ctx.solver()
    for t, row in zip(sym, layout):
        s.add(*[a == b for a, b in zip(t, row)])
    whole = S.seat_score(sym, bonus, **mode)
    s.add(S.well_formed(sym))
    if s.check() != z3.sat or value(s.model(), whole) != total + 3 * bonus:
        return Outcome(REFUTED, "the split's layout does not score its sum on the whole seat")
    score = total + 3 * bonus
    word = "most" if maximize else "fewest"
    detail = (f"the {word} points a seat can score with the effects (3-5 seats, the full"
              f" deck): {score}, with {_layout_text(tables)}"
              + (" and Taco and Granny" if maximize else " and no bonus card"))
    # played: the seat's tables are set up, Granny is on top of the deck, one last round
    scenario_seat = 0 if maximize else 1
    given_tables: list[list[list[str]]] = [[[] for _ in range(5)] for _ in range(3)]
    given_tables[scenario_seat] = tables
    actions = ["p0: taco 1", "p1: take 2", "p2: take 3", "p0: keep 1"]
    scores = [0, 0, 0]
    scores[scenario_seat] = score
    if not maximize:
        scores[0] = 6  # the leader keeps Granny with the Taco cart
    sc = {"game": GAME, "players": 3, "options": {}, "variant": None, "seed": 0,
          "title": f"TAN-P{3 if maximize else 4}: the {word} points",
          "description": detail,
          "setup": {"leader": 0, "deck": ["GRANNY"], "tables": given_tables},
          "actions": actions, "expect": {"scores": scores, "over": True,
                                         "events": ["TAN-5.1", "TAN-5.4"]}}
    return Outcome(PROVED, detail, sc, {"score": score, "tables": tables})


@SUITE.prop("TAN-P3", ("TAN-5.4", "TAN-5.5", "TAN-6.1", "TAN-6.2", "TAN-6.3", "TAN-6.4",
                       "TAN-1.3"),
            """The maximum score of a seat with the end-of-game effects, over every
            collection the (assumed) card list allows on the five tables, plus Taco and
            Granny; the layout that reaches it is scored by the engine.""")
def max_score(ctx: Context) -> Outcome:
    return _extreme_outcome(ctx, True)


@SUITE.prop("TAN-P4", ("TAN-5.4", "TAN-6.1", "TAN-6.4", "TAN-1.3"),
            """The minimum score of a seat with the end-of-game effects (bitten fruit on
            low tables); the layout that reaches it is scored by the engine.""")
def min_score(ctx: Context) -> Outcome:
    return _extreme_outcome(ctx, False)


EXAMPLE = [["B", "B/bitten"], ["F", "F", "F", "F/five", "F/favorite"], ["W", "W/five"],
           ["S", "S", "S", "S/replace", "S/favorite"], ["P/favorite", "P/bitten"]]


@SUITE.prop("TAN-P5", ("TAN-6.6", "TAN-6.1", "TAN-6.2", "TAN-6.3", "TAN-6.4", "TAN-5.5"),
            """The rulebook's scoring example adds up to 67 under the scoring code
            (-1 + 22 + 12 + 18 + 13 + 3 for Taco), per table as printed, and the engine
            scores the same tables 67 at the end of a game.""", kind="witness")
def scoring_example(ctx: Context) -> Outcome:
    game = load(2)
    mode = modes(game)
    sym = sym_tables("ex")
    s = ctx.solver()
    for t, cards in zip(sym, EXAMPLE):
        s.add(*[a == b for a, b in zip(t, S.table_counts(cards))])
    per_table = S.table_breakdown(sym, **mode)
    total = S.seat_score(sym, 1, **mode)
    want = [-1, 22, 12, 18, 13]
    claim = z3.And(*[p == w for p, w in zip(per_table, want)], total == 67)
    out = prove(ctx, claim, [*[a == b for t, cards in zip(sym, EXAMPLE)
                               for a, b in zip(t, S.table_counts(cards))]])
    if out.status != PROVED:
        out.detail = "the example's arithmetic: " + out.detail
        return out
    detail = ("per table -1, 22, 12, 18, 13 and 3 for Taco: 67; seat 1 holds the example's"
              " tables and takes Taco in the last round, seat 0 keeps Granny")
    sc = {"game": GAME, "players": 2, "options": {}, "variant": None, "seed": 0,
          "title": "TAN-P5: the scoring example", "description": detail,
          "setup": {"leader": 0, "deck": ["GRANNY"],
                    "tables": [[[] for _ in range(5)], EXAMPLE]},
          "actions": ["p0: taco 1", "p1: take 1", "p0: keep 2"],
          "expect": {"scores": [3, 67], "over": True, "events": ["TAN-5.1", "TAN-5.4"]}}
    return Outcome(WITNESS, detail, sc)


@SUITE.prop("TAN-P6", ("TAN-3.8", "TAN-3.3", "TAN-3.4", "TAN-3.5"),
            """The rulebook's laying-out example (Zoya) can arise: bananas on table 1, figs
            on 2, strawberries on 3; her cart brings two bananas and a strawberry with the
            move effect; the strawberries move to table 4 and table 3 is left free.""",
            kind="witness")
def zoya_example(ctx: Context) -> Outcome:
    before = [["B"], ["F"], ["S"], [], []]
    after = [["B", "B", "B"], ["F"], [], ["S", "S/move"], []]
    deck = ["B", "B", "S/move", "W"]
    actions = ["p0: taco 1", "p0: place 2", "p0: place 2", "p0: place 2", "p1: take 2",
               "p0: keep 1", "p1: lay B", "p1: lay B", "p1: lay S/move", "p1: move right",
               "p0: lay W"]
    game = load(2)
    scores = predict_scores(ctx, [_lay_plain(["W"]), after], [1, 0], modes(game))
    detail = ("seat 1 (Zoya) takes cart 2 with B, B and S/move: the bananas join table 1,"
              " the strawberry joins table 3 and its move sends the strawberries right to"
              " table 4; table 3 is free again")
    sc = {"game": GAME, "players": 2, "options": {}, "variant": None, "seed": 0,
          "title": "TAN-P6: Zoya's laying-out example", "description": detail,
          "setup": {"leader": 0, "deck": deck, "tables": [[[] for _ in range(5)], before]},
          "actions": actions, "expect": {"scores": scores, "events": ["TAN-3.5"]}}
    return Outcome(WITNESS, detail, sc)
