"""Fruit Passion played out by hand: plain Python, no engine, default readings.

Cards are ints: ``fruit << 4 | hybrid << 3 | number``. Each turn is two decisions, each a
uniformly random choice among the legal actions as the engine lists them: draw from the
deck, or take the top discard when it can be played (FRP-A1 must-play); then play it if
its stack has room (FRP-A3 max-only) or discard it (not a card taken from the pile).
Readings: the low-heavy distribution and hybrids CO1-PA2-FI3-AV4-PI5 (FRP-A7/A8), the
game ends when the deck is exhausted, by a draw or by the last card turned over
(FRP-A2 finish-turn), and the default scoring readings (FRP-A4/A5/A6/A9).
"""
from __future__ import annotations

import random

PLAYERS = 2
BOX = {2: 25, 3: 0, 4: 0}
TOP = (5, 5, 5, 5, 5, 5, 7)  # numbers per fruit: the most cards a stack holds
COPIES = ((3, 3, 3, 3, 3),) * 5 + ((3, 3, 2, 2, 2), (3, 3, 3, 3, 2, 2, 2))
HYBRID_NUMBER = (1, 2, 3, 4, 5)  # per common fruit
COMMON, POMEGRANATE, PASSION = range(5), 5, 6
RUN_POINTS = ({2: 3, 3: 5, 4: 8, 5: 11},) * 5 + ({2: 3, 3: 5, 4: 8, 5: 22},
                                                 {2: 6, 3: 10, 4: 16, 5: 22, 6: 27, 7: 33})
REPEAT_POINTS = (0,) * 6 + (-11,)
HYBRID_POINTS = {1: 1, 2: 9, 3: 15, 4: 24, 5: 33}


def _cards() -> list[int]:
    out = []
    for f, copies in enumerate(COPIES):
        for number, k in enumerate(copies, start=1):
            hybrid = f < 5 and HYBRID_NUMBER[f] == number
            out += [f << 4 | number] * (k - hybrid)
            if hybrid:
                out.append(f << 4 | 8 | number)
    return out


CARDS = _cards()


def playout(rng: random.Random, players: int = PLAYERS) -> tuple[int, list[int]]:
    """One whole game; returns (actions taken, final scores)."""
    n = players
    randrange = rng.randrange
    cards = CARDS[:]
    rng.shuffle(cards)
    box = BOX[n]
    pile = [cards[box]]
    deck = cards[box + 1:]  # the top is the end of the list
    stacks = [[[] for _ in TOP] for _ in range(n)]
    seat = randrange(n)
    actions = 0
    final = False
    while not final:
        mine = stacks[seat]
        top = pile[-1] if pile else -1
        can_take = top >= 0 and len(mine[top >> 4]) < TOP[top >> 4]
        actions += 2  # the draw, then play or discard
        if randrange(1 + can_take):  # take the discard: it must be played
            mine[top >> 4].append(pile.pop())
            if not pile:
                pile.append(deck.pop())  # a new discard pile from the deck (FRP-3.4)
                final = not deck
        else:
            card = deck.pop()
            final = not deck
            stack = mine[card >> 4]
            if len(stack) < TOP[card >> 4] and randrange(2):
                stack.append(card)
            else:
                pile.append(card)
        seat = (seat + 1) % n
    return actions, [seat_score(mine) for mine in stacks]


def seat_score(mine: list[list[int]]) -> int:
    """FRP-6: each stack's run from 1 (a repeat spoils it), then the hybrid run."""
    total = 0
    hybrids = [0] * 6
    for f, stack in enumerate(mine):
        counts = [0] * (TOP[f] + 1)
        for c in stack:
            counts[c & 7] += 1
        repeat = max(counts) > 1
        run = 0
        while run < TOP[f] and counts[run + 1]:
            run += 1
        total += REPEAT_POINTS[f] if repeat else RUN_POINTS[f].get(run, 0)
        if f < 5 and not repeat and run >= HYBRID_NUMBER[f] and any(c & 8 for c in stack):
            hybrids[HYBRID_NUMBER[f]] += 1
    run = 0
    while run < 5 and hybrids[run + 1]:
        run += 1
    return total + HYBRID_POINTS.get(run, 0)
