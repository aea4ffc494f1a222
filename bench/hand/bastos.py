"""Bastos! played out by hand: plain Python, no engine, default readings.

Cards are ints (``fruit * 16 + rank``). Every decision is one uniformly random choice
among the legal actions as the engine lists them: the secret picks of all seats that
have not picked (BAS-3.1, any seat may pick first), following (BAS-4.1), declaring trump
with a discard that is nobody's Bastos! colour (BAS-5.1), the value change after one's
own colour within -2..+3 (BAS-7.1, BAS-A3 forbid). Readings: the shown card leaves the
hand (BAS-A1), changes at once (BAS-A2), the removed fruit drawn (BAS-A8), early
discards stay discards (BAS-A9), and the trick readings' defaults (BAS-A4/A7/A10/A12).
"""
from __future__ import annotations

import random

PLAYERS = 3
ROUNDS = {3: 6, 4: 8}
HAND = {3: 12, 4: 11}
LOW, HIGH = -2, 3
SET_ASIDE = -1


def playout(rng: random.Random, players: int = PLAYERS) -> tuple[int, list[int]]:
    """One whole game (two rounds per seat); returns (actions taken, final totals)."""
    n = players
    removed = rng.randrange(5) if n == 3 else -1
    fruits = [f for f in range(5) if f != removed]
    deck = [f * 16 + r for f in fruits for r in range(1, 10)]
    size = HAND[n]
    dealer = rng.randrange(n)
    totals = [0] * n
    actions = 0
    for _ in range(ROUNDS[n]):
        rng.shuffle(deck)
        hands = [deck[i * size:(i + 1) * size] for i in range(n)]
        colour = pick_colours(rng, hands)
        taken, points = play_round(rng, hands, colour, fruits, (dealer + 1) % n)
        actions += n + taken
        totals = [t + p for t, p in zip(totals, points)]
        dealer = (dealer + 1) % n
    return actions, totals


def pick_colours(rng: random.Random, hands: list[list[int]]) -> list[int]:
    """BAS-3.1: every seat picks a card, the seats in any order; the card leaves the hand."""
    size = len(hands[0])
    colour = [-1] * len(hands)
    waiting = list(range(len(hands)))
    while waiting:
        k = rng.randrange(size * len(waiting))
        seat = waiting.pop(k // size)
        colour[seat] = hands[seat].pop(k % size) >> 4
    return colour


def play_round(rng: random.Random, hands: list[list[int]], colour: list[int],
               fruits: list[int], leader: int) -> tuple[int, list[int]]:
    """The tricks of a round; returns (actions, each seat's points at the final values).

    The trick is written inline, not as a function: a call per trick costs the bound
    several per cent.
    """
    n = len(hands)
    randrange = rng.randrange
    colours = set(colour)
    values = [0] * 5
    for f in colour:
        values[f] = min(values[f] + 1, HIGH)  # BAS-3.3
    won = [[0] * 5 for _ in range(n)]
    trump = -1
    actions = 0
    while hands[leader]:
        trick: list[int] = []
        trump_from = 0  # cards of the trump fruit before this position were discards
        for i in range(n):
            seat = (leader + i) % n
            hand = hands[seat]
            declare = False
            if i == 0:
                card = hand.pop(randrange(len(hand)))
            else:
                led = trick[0] >> 4
                follow = [c for c in hand if c >> 4 == led]
                if follow:
                    card = follow[randrange(len(follow))]
                else:
                    trumpable = [c for c in hand if c >> 4 not in colours] if trump < 0 else []
                    k = randrange(len(hand) + len(trumpable))
                    declare = k >= len(hand)
                    card = trumpable[k - len(hand)] if declare else hand[k]
                hand.remove(card)
            actions += 1
            f = card >> 4
            if declare:  # BAS-5.2: the cart on the fruit, its value 2 lower
                trump, trump_from = f, i
                values[f] = max(values[f] - 2, LOW)
            trick.append(card)
            if f == colour[seat]:  # BAS-7.1: change one value by 1, within range
                changes = [(g, d) for g in fruits for d in (1, -1)
                           if LOW <= values[g] + d <= HIGH]
                g, d = changes[randrange(len(changes))]
                values[g] += d
                actions += 1
        pos = trick_winner(trick, [colour[(leader + i) % n] for i in range(n)], trump,
                           trump_from)
        if pos != SET_ASIDE:  # else the same seat leads again (BAS-6.5)
            leader = (leader + pos) % n
            row = won[leader]
            for c in trick:
                row[c >> 4] += 1
    return actions, [sum(k * v for k, v in zip(row, values)) for row in won]


def trick_winner(trick: list[int], colours: list[int], trump: int, trump_from: int) -> int:
    """BAS-6.1..6.5 under the default readings: the position that takes the trick."""
    led = trick[0] >> 4
    own = [c >> 4 == colours[i] for i, c in enumerate(trick)]
    if all(own):
        return SET_ASIDE  # BAS-6.5
    trumps = [c >> 4 == trump and i >= trump_from for i, c in enumerate(trick)]
    rest = range(1, len(trick))
    if (own[0] and all(trick[i] >> 4 != led for i in rest)
            and not any(trumps[i] and not own[i] for i in rest)):
        return 0  # BAS-6.3: the leader led its colour and everybody discarded
    top, best = 0, 0
    for i, c in enumerate(trick):
        if own[i] or (not trumps[i] and c >> 4 != led):
            continue
        key = (20 if trumps[i] else 10) + (c & 15)
        if key > best:
            top, best = i, key
    return top  # no card can win: the leader's (BAS-A7 leader)
