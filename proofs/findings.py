"""What the verification found: the rulebooks' own contradictions, impossibilities, loops,
exploits and suspect passages, each in two sentences with what shows it.

A finding is a summary for people; the evidence (a Z3 property, a register entry with its
witness, an exploration configuration) is what checks it. ``tests/proofs/test_findings.py``
makes sure every piece of evidence named here exists, so a finding cannot outlive its proof.
"""
from __future__ import annotations

from typing import NamedTuple


class Finding(NamedTuple):
    id: str
    game: str
    kind: str  # impossible example, exploit, loop, contradiction, dead rule, misprint suspect
    title: str
    text: str  # two sentences, in our words
    evidence: tuple[str, ...]  # property IDs, register IDs or "explore:<configuration>"


FINDINGS: tuple[Finding, ...] = (
    Finding("TIN-F1", "tindahan", "impossible example",
            "The scoring example cannot happen in play",
            "The printed scoring example (three seats ending on 9, 8 and 8 points) adds up"
            " under the scoring rules. Yet no round of three seats can reach it: Z3 checked"
            " every way the tricks, the hands left over and the sellers could combine.",
            ("TIN-P8",)),
    Finding("TIN-F2", "tindahan", "exploit",
            "A seat that never acts can win the game",
            "The empty-round rule pays a seat that neither places a seller nor wins a trick as"
            " much as the round's best scorer. Over a whole game such a seat can finish"
            " strictly ahead of everyone who played, which Z3 shows and a replayed game"
            " confirms.",
            ("TIN-P6", "TIN-A5", "TIN-A6")),
    Finding("TIN-F3", "tindahan", "contradiction",
            "Two editions score the trump stall differently",
            "This rulebook gives the majority at the trump stall one extra point; another"
            " edition scores that stall 6 and 3. Both readings run, and the witness shows a"
            " round whose winner depends on it.",
            ("TIN-A11",)),
    Finding("TIN-F4", "tindahan", "exploit",
            "Under one reading, fewer sellers can earn more",
            "If the seat below a tie for first still takes second place, four seats tied on"
            " two sellers share 7 points (1 each) while the seat with one seller takes 2. The"
            " default reading gives that seat nothing, which keeps more sellers worth more.",
            ("TIN-A4",)),
    Finding("BAS-F1", "bastos", "contradiction",
            "Two rules claim the same trick",
            "A trick where every card is its player's own Bastos! colour is set aside by one"
            " rule, yet can also fit the rules for a led Bastos! colour that everyone else"
            " discarded or followed. The two give different winners; the option chooses which"
            " rule comes first.",
            ("BAS-A10", "BAS-P3")),
    Finding("BAS-F2", "bastos", "contradiction",
            "The value change is both compulsory and optional",
            "One passage makes the value change after playing one's own Bastos! colour a duty,"
            " another presents it as a choice. Both readings run; the witness shows a trick"
            " that ends differently.",
            ("BAS-A6",)),
    Finding("TAN-F1", "tanuki-market", "contradiction",
            "A full cart may and may not take the drawn card",
            "The leader may keep a drawn card with a full cart, yet must put the card back"
            " when only full carts remain. The witness shows the moment where the two rules"
            " meet and what each reading does there.",
            ("TAN-A1",)),
    Finding("TAN-F2", "tanuki-market", "loop",
            "Swapping carts can go on forever",
            "If a seat may put its cart back and take another, two seats can trade carts"
            " without end and the deal never finishes. The exploration of the reading finds"
            " the cycle; the default forbids the swap.",
            ("TAN-A3",)),
    Finding("TAN-F3", "tanuki-market", "dead rule",
            "The deck never runs dry, but only because Granny sits high enough",
            "Z3 shows that the last round never needs more cards than lie under Granny, for"
            " every player count and every mix of carts. Had Granny been shuffled to the"
            " bottom, the last round would have had no card at all.",
            ("TAN-P1",)),
    Finding("TAN-F4", "tanuki-market", "contradiction",
            "Counting only fruit on special carts can empty the deck",
            "The components give a special cart's capacity in fruit cards, the variant in"
            " cards. Read as fruit only, five special carts can need 16 cards after Granny"
            " while 15 lie under her, so the last round can run out of cards.",
            ("TAN-P7", "TAN-A21")),
    Finding("FRP-F1", "fruit-passion", "loop",
            "Read literally, the discard pile allows an endless game",
            "Nothing forbids taking the top discard and discarding it again at once. Two seats"
            " can then pass one card back and forth forever; the exploration finds the loop,"
            " and the default reading forbids the move.",
            ("FRP-A1", "explore:two-seats-short-deck")),
    Finding("FRP-F2", "fruit-passion", "impossible example",
            "The worked example fixes numbers the components never state",
            "Only pineapple's hybrid number is printed. Exactly eight assignments of the other"
            " hybrids make Peter's 43-point example add up, and under one reading of the"
            " hybrid run the example cannot happen at all.",
            ("FRP-P4", "FRP-P5", "FRP-A7")),
    Finding("FRP-F3", "fruit-passion", "contradiction",
            "A passion fruit stack falls under two scoring notes",
            "A passion fruit stack with no 1 and a repeated number is scored 0 by one note and"
            " as a penalty by another. Both readings run; the witness scores the same stack"
            " both ways.",
            ("FRP-A9",)),
)


def for_game(game: str) -> list[Finding]:
    return [f for f in FINDINGS if f.game == game]
