"""Tindahan played out by hand: plain Python, no engine, default readings.

The bound a competent programmer reaches without the engine: lists changed in place,
cards as ints (``fruit * 16 + value``), one uniformly random choice among the legal
actions at every decision, exactly as the engine lists them (TIN-3.2 cart moves for the
starting seat, TIN-4.1 following, TIN-5.1 sellers while the seat has one, TIN-A7
must-play). Readings: random removed fruits (TIN-A1), the cart mover sits out (TIN-A2),
the cart back on bananas every round (TIN-A9), sellers go back (TIN-A10), the default
scoring readings (TIN-A3/A4/A5/A6/A8/A11/A12).
"""
from __future__ import annotations

import random

PLAYERS = 3
HAND_SIZE = 10
SELLERS = 9
BANANA = 0
FIRST, SECOND, TRUMP_BONUS = 5, 2, 1


def playout(rng: random.Random, players: int = PLAYERS) -> tuple[int, list[int]]:
    """One whole game (a round per dealer); returns (actions taken, final totals)."""
    n = players
    fruits = [BANANA] + rng.sample(range(1, 5), n - 1)
    deck = [f * 16 + v for f in fruits for v in range(1, 11)]
    dealer = rng.randrange(n)
    totals = [0] * n
    actions = 0
    for _ in range(n):
        rng.shuffle(deck)
        hands = [deck[i * HAND_SIZE:(i + 1) * HAND_SIZE] for i in range(n)]
        taken, points = play_round(rng, hands, fruits, (dealer + 1) % n)
        actions += taken
        totals = [t + p for t, p in zip(totals, points)]
        dealer = (dealer + 1) % n
    return actions, totals


def play_round(rng: random.Random, hands: list[list[int]], fruits: list[int],
               leader: int) -> tuple[int, list[int]]:
    """Tricks until a hand is empty (TIN-6.1); returns (actions, the round's points).

    The trick is written inline, not as a function: a call per trick costs the bound
    several per cent.
    """
    n = len(hands)
    randrange = rng.randrange
    stalls = [[0] * n for _ in range(5)]
    supply = [SELLERS] * n
    placed = [0] * n
    tricks = [0] * n
    trump = BANANA
    actions = 0
    while all(hands):
        hand = hands[leader]
        k = randrange(len(hand) + len(fruits) - 1)
        actions += 1
        if k < len(hand):  # the starting seat leads a card
            seat, card, others = leader, hand.pop(k), n - 1
        else:  # it drives the cart; the next seat must lead (TIN-3.3)
            trump = [f for f in fruits if f != trump][k - len(hand)]
            seat = (leader + 1) % n
            hand = hands[seat]
            card, others = hand.pop(randrange(len(hand))), n - 2
            actions += 1
        led = card >> 4
        leader = seat
        best = 20 + (card & 15) if led == trump else card & 15
        for _ in range(others):
            seat = (seat + 1) % n
            hand = hands[seat]
            options = [c for c in hand if c >> 4 == led] or hand
            k = randrange(len(options) + (supply[seat] > 0))
            actions += 1
            if k == len(options):  # a seller on the led fruit's stall (TIN-5.1)
                stalls[led][seat] += 1
                supply[seat] -= 1
                placed[seat] += 1
                continue
            card = options[k]
            hand.remove(card)
            f = card >> 4
            key = 20 + (card & 15) if f == trump else (card & 15) if f == led else 0
            if key > best:  # TIN-4.4: the highest trump, else the highest led card
                best, leader = key, seat
        tricks[leader] += 1  # the winner starts the next trick (TIN-4.6)
    return actions, round_points(tricks, [len(h) for h in hands], stalls, trump, placed)


def stall_points(counts: list[int], is_trump: bool) -> list[int]:
    """TIN-6.4..6.10 under the default readings (a tie for first shares 5 + 2 (+1))."""
    first = max(counts)
    if first == 0:
        return [0] * len(counts)
    bonus = TRUMP_BONUS if is_trump else 0
    tied = counts.count(first)
    if tied > 1:
        share = (FIRST + SECOND + bonus) // tied
        return [share if c == first else 0 for c in counts]
    second = max([c for c in counts if c < first], default=0)
    share2 = SECOND // counts.count(second) if second else 0
    return [FIRST + bonus if c == first else share2 if c == second and second else 0
            for c in counts]


def round_points(tricks: list[int], left: list[int], stalls: list[list[int]], trump: int,
                 placed: list[int]) -> list[int]:
    """TIN-6.2..6.11: cards, stalls, then the empty round levels with the best seat."""
    base = [2 * t - h for t, h in zip(tricks, left)]
    for f, counts in enumerate(stalls):
        for i, pts in enumerate(stall_points(counts, f == trump)):
            base[i] += pts
    best = max(base)
    return [best if tricks[i] == 0 and placed[i] == 0 else base[i] for i in range(len(base))]
