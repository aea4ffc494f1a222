"""Tanuki Market (base game) played out by hand: plain Python, no engine, default readings.

Cards are ints, ``fruit * 8 + effect``; Taco and Granny are two more ints. The real-time
deal is what the engine models: at each step every seat's enabled actions together (the
leader's keep N / place N for its drawn card, and take N for every seat without a cart,
empty carts too), one of them drawn uniformly; drawing, putting a card back and ending
the deal happen by themselves (TAN-2.2, TAN-2.10, TAN-2.11). Laying out is the same over
every seat with cards to lay (one action per distinct card) or a move to make.
Readings: TAN-A1 example, A2 continue, A3 no swap, A6 inward, A7 like-card, A8
last-round, A9 effects on, A18 empty carts allowed, A19 the drawn card back on top,
A20 keep-only, and the scoring readings A4 card, A5 once.
"""
from __future__ import annotations

import random

PLAYERS = 2
PLAIN, MOVE, REPLACE, FAVORITE, FIVE, BITTEN = range(6)
S, F, B, P, W = range(5)
GRANNY, TACO = 100, 101
KEEP, PLACE, TAKE = range(3)  # the deal's three kinds of action
CART_ROOM = 3
UNDER_GRANNY = 15
#: (fruit, effect, copies, copies with the two-player icon): the card list the rules assume
COMPOSITION = (
    (S, PLAIN, 12, 6), (S, MOVE, 4, 0), (S, REPLACE, 2, 0), (S, FAVORITE, 2, 0),
    (S, FIVE, 2, 0), (S, BITTEN, 2, 0),
    (F, PLAIN, 9, 4), (F, MOVE, 3, 0), (F, REPLACE, 1, 0), (F, FAVORITE, 1, 0),
    (F, FIVE, 1, 0), (F, BITTEN, 1, 0),
    (B, PLAIN, 9, 4), (B, MOVE, 3, 0), (B, REPLACE, 1, 0), (B, FAVORITE, 1, 0),
    (B, FIVE, 1, 0), (B, BITTEN, 1, 0),
    (P, PLAIN, 3, 2), (P, MOVE, 1, 0), (P, REPLACE, 1, 0), (P, FAVORITE, 1, 0),
    (P, FIVE, 1, 0), (P, BITTEN, 1, 0),
    (W, PLAIN, 3, 2), (W, MOVE, 1, 0), (W, REPLACE, 1, 0), (W, FAVORITE, 1, 0),
    (W, FIVE, 1, 0), (W, BITTEN, 1, 0),
)


def cards(players: int) -> list[int]:
    two = players == 2
    return [f * 8 + e for f, e, k, icon in COMPOSITION for _ in range(k - icon * two)]


def playout(rng: random.Random, players: int = PLAYERS) -> tuple[int, list[int]]:
    """One whole game, until the round in which Granny came off the deck ends."""
    n = players
    deck = cards(n)
    rng.shuffle(deck)
    deck.insert(UNDER_GRANNY, GRANNY)  # the top of the deck is the end of the list
    tables = [[[] for _ in range(5)] for _ in range(n)]
    leader = rng.randrange(n)
    actions = 0
    last = False
    while not last:
        carts, taken, kept, dealt, last = deal(rng, deck, leader, n)
        haul, taco, granny = collect(carts, taken, kept, leader)
        actions += dealt + lay_out(rng, tables, haul)
        leader = taco  # TAN-4.1
    return actions, [seat_score(tables[p]) + 3 * (taco == p) + 3 * (granny == p)
                     for p in range(n)]


def deal(rng: random.Random, deck: list[int], leader: int,
         n: int) -> tuple[list[list[int]], list[int], list[int], int, bool]:
    """TAN-2: Taco down, then the real-time deal until every seat has a cart.

    Returns the carts, who took each, the leader's kept cards, the actions taken and
    whether this round is the last (Granny drawn, or the deck ran out: TAN-A8).
    """
    carts: list[list[int]] = [[] for _ in range(n)]
    taken = [-1] * n
    carts[rng.randrange(n)].append(TACO)  # TAN-2.1
    actions = 1
    hand = -1  # the leader's drawn card
    kept: list[int] = []
    dry = last = False
    while -1 in taken:
        open_ = [] if dry else [i for i in range(n)
                                if taken[i] < 0 and len(carts[i]) < CART_ROOM]
        if hand >= 0 and not open_:
            deck.append(hand)  # TAN-2.10: only full carts left
            hand = -1
        if hand < 0 and open_:
            if deck:
                hand = deck.pop()
                last = last or hand == GRANNY
            else:
                dry = last = True
                open_ = []
        # every seat's enabled actions at once: (KEEP / PLACE / TAKE, seat, cart)
        on_table = [i for i in range(n) if taken[i] < 0]
        choices = []
        if hand >= 0:
            has_cart = leader in taken
            for i in on_table:
                room = len(carts[i]) < CART_ROOM
                if not has_cart and (room or any(j != i for j in open_)):
                    choices.append((KEEP, leader, i))  # TAN-2.3, TAN-2.8 (TAN-A1 example)
                if room:
                    choices.append((PLACE, leader, i))  # TAN-2.4
        for seat in range(n):
            if seat not in taken and not (seat == leader and hand >= 0):  # TAN-A20
                choices += [(TAKE, seat, i) for i in on_table]  # TAN-2.6, empty carts too
        what, seat, i = choices[rng.randrange(len(choices))]
        actions += 1
        if what == KEEP:
            kept.append(hand)
            taken[i] = seat
            hand = -1
        elif what == PLACE:
            carts[i].append(hand)
            hand = -1
        else:
            taken[i] = seat
    if hand >= 0:
        deck.append(hand)  # TAN-A19 top: every seat has a cart
    return carts, taken, kept, actions, last


def collect(carts: list[list[int]], taken: list[int], kept: list[int],
            leader: int) -> tuple[list[list[int]], int, int]:
    """Each seat's cards to lay, who took Taco, and who holds Granny (-1: nobody)."""
    haul: list[list[int]] = [[] for _ in taken]
    taco = granny = -1
    for c in kept:
        if c == GRANNY:
            granny = leader
        else:
            haul[leader].append(c)
    for cart, who in zip(carts, taken):
        for c in cart:
            if c == TACO:
                taco = who
            elif c == GRANNY:
                granny = who
            else:
                haul[who].append(c)
    return haul, taco, granny


def lay_out(rng: random.Random, tables: list[list[list[int]]],
            haul: list[list[int]]) -> int:
    """TAN-3: every seat lays its haul, a card at a time, moves applied at once."""
    pending = [0] * len(haul)  # 1-based table whose move waits for a direction
    actions = 0
    while True:
        choices = []
        for seat, cards_ in enumerate(haul):
            t = pending[seat]
            if t:
                if t > 1:
                    choices.append((seat, -1))
                if t < 5:
                    choices.append((seat, 1))
            else:
                choices += [(seat, c) for c in set(cards_)]
        if not choices:
            return actions
        seat, x = choices[rng.randrange(len(choices))]
        actions += 1
        mine = tables[seat]
        t = pending[seat]
        if t:  # TAN-3.5: the table changes places with its neighbour
            mine[t - 1], mine[t - 1 + x] = mine[t - 1 + x], mine[t - 1]
            pending[seat] = 0
            continue
        haul[seat].remove(x)
        fruit = x >> 3
        for k, row in enumerate(mine):
            if row and row[0] >> 3 == fruit:
                break
        else:
            k = mine.index([])
        mine[k].append(x)
        if x & 7 == MOVE:
            pending[seat] = k + 1


def seat_score(mine: list[list[int]]) -> int:
    """TAN-5.4, TAN-6.1..6.4 under the default readings (every effect card counts)."""
    per_fruit = [0] * 5
    for row in mine:
        if row:
            per_fruit[row[0] >> 3] += len(row)
    sets5 = min(per_fruit)
    total = 0
    for number, row in enumerate(mine, start=1):
        if not row:
            continue
        effects = [c & 7 for c in row]
        fruit, k = row[0] >> 3, len(row)
        sets = k // 3 if fruit == S else k // 2 if fruit in (F, B) else k
        total += (k * (3 if REPLACE in effects else number)
                  + 3 * effects.count(FAVORITE) * sets + 3 * effects.count(FIVE) * sets5
                  - 3 * effects.count(BITTEN))
    return total
