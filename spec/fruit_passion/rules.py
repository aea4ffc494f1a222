"""Fruit Passion: the clause catalogue (our wording, with the rulebook section of each clause).

Clause IDs are stable; code, events, errors, tests and proofs cite them. Options carry the
readings of every passage the rulebook leaves open, and of the card data it leaves out.
"""
from __future__ import annotations

from spec.common.rules import Catalogue, Clause, Option, Reading

from .cards import DEFAULT_DISTRIBUTION, DEFAULT_HYBRIDS, HYBRID_ASSIGNMENTS

C = Clause
S_COMP = "Fruit Passion > Components"
S_AIM = "Fruit Passion > The Aim of the Game"
S_SETUP = "Fruit Passion > Setting Up"
S_PLAY = "Fruit Passion > Gameplay"
S_END = "Fruit Passion > End of the Game"
S_SCORE = "Fruit Passion > Scoring"
S_HYB = "Fruit Passion > Scoring > Hybrid Cards"
S_NOTES = "Fruit Passion > Scoring > Scoring Notes to Remember"
S_EXAMPLE = "Fruit Passion > Scoring > Example"
S_SOLO = "Fruit Passion > One Player Variant"

CLAUSES: tuple[Clause, ...] = (
    # 1 components
    C("FRP-1.1", "There are 105 fruit cards: 15 each of the five common fruits (coconut,"
      " papaya, fig, avocado, pineapple), 12 pomegranates and 18 passion fruits. Passion"
      " fruits are numbered 1 to 7, every other fruit 1 to 5.", S_COMP),
    C("FRP-1.2", "Copies per number (the player aid is not in the text): each common fruit"
      " has three of every number; pomegranate 3-3-2-2-2 and passion fruit 3-3-3-3-2-2-2"
      " for numbers 1 upward (option distribution; the other reading puts the spare copies"
      " on the high numbers).", S_COMP, kind="assumption",
      source="the rulebook gives only the totals per fruit and refers to a player aid; no"
      " public source gives the split. 15 = 5 x 3 is the only even split; for the special"
      " fruits the spare copies go on the low numbers, which every scoring run needs"),
    C("FRP-1.3", "Each common fruit has exactly one hybrid card, marked differently; the"
      " special fruits have none. A hybrid is otherwise an ordinary card of its fruit.",
      S_PLAY, kind="assumption",
      source="inferred, not stated: the text says only that hybrid cards are found among"
      " the five common fruits; 'exactly one each' comes from Peter's example (FRP-7.1),"
      " (Peter holds one of each hybrid card) and from the hybrid table, which runs 1 to 5."
      " Evidence against it: the hybrid table has a row for a number held twice (0"
      " points), which can never apply if the five hybrids bear five different numbers;"
      " the printed deck may hold more hybrids, or hybrids sharing a number. To check"
      " against a printed player aid"),
    C("FRP-1.4", "The five hybrids bear the numbers 1 to 5, one each; pineapple's is 5."
      " By default coconut 1, papaya 2, fig 3, avocado 4 (option hybrids lists the eight"
      " assignments the worked example allows).", S_HYB, kind="assumption",
      source="the worked example names pineapple 5 as a hybrid and scores the other four"
      " hybrids as the run 1-2-3-4; solving it with Z3 (spec/fruit_passion/hybrids.py)"
      " leaves eight assignments. The default follows the rulebook's fruit order, as"
      " pineapple (fifth) bears 5. The five numbers being different is part of this"
      " assumption (see FRP-1.3: the table's 'a number twice' row speaks against it)"),
    C("FRP-1.5", "Cards are written fruit code + number, a hybrid with a trailing star: CO"
      " coconut, PA papaya, FI fig, AV avocado, PI pineapple, PG pomegranate, PF passion"
      " fruit (PI5*, PF7).", S_COMP, kind="setting"),
    # 2 set-up
    C("FRP-2.1", "With two players 25 cards chosen at random go back to the box unseen for"
      " the whole game; with three or four players every card is used.", S_SETUP),
    C("FRP-2.2", "The cards in play are shuffled into one face-down draw deck; its top card"
      " is turned face up to start the discard pile.", S_SETUP),
    C("FRP-2.3", "A start seat is chosen at random (the set-up may name it).", S_SETUP),
    C("FRP-2.4", "A scenario set-up may fix the start seat, the deck's top cards (top"
      " first), the discard pile (a card, or a list top first), the cards in the box, and"
      " cards already in each seat's stacks; what it leaves out is shuffled by the seed."
      " Without a discard pile, the deck's top card starts it, as at the table (FRP-2.2)."
      " With rest=box every card it does not place stays in the box, for short positions."
      " A set-up that names a card that does not exist, or a card more often than the"
      " game has it, is refused; so is one that leaves fewer than 25 cards for the box"
      " with two players (FRP-2.1), or no card to start the discard pile (FRP-2.2).",
      S_SETUP, kind="setting"),
    # 3 turns
    C("FRP-3.1", "Seats take turns clockwise, that is in increasing seat number.", S_PLAY),
    C("FRP-3.2", "A turn begins with a draw: the top card of the draw deck or the top card"
      " of the discard pile.", S_PLAY),
    C("FRP-3.3", "Then the seat either plays the drawn card to its own stacks or lays it"
      " face up on the discard pile; that ends the turn.", S_PLAY),
    C("FRP-3.4", "When a seat takes the only card of the discard pile, the top card of the"
      " draw deck is turned face up to start a new discard pile.", S_PLAY),
    C("FRP-3.5", "Only the top card of the discard pile can be seen.", S_PLAY),
    C("FRP-3.6", "A card drawn from the deck is seen by its drawer alone until it is played"
      " or discarded (both face up); a card taken from the discard pile was already seen"
      " by everyone.", S_PLAY, kind="assumption",
      source="the rulebook does not say the drawn card is shown; it is shown once placed."
      " The rival reading, a card drawn from the deck shown to all at once, is option"
      " drawn-card (FRP-A11); in the one-player variant the pair is its drawer's alone as"
      " well (a spectator sees two cards drawn)"),
    C("FRP-3.7", "Actions: draw deck, draw discard, play, discard; in the one-player"
      " variant play left, play right, discard both.", S_PLAY, kind="setting"),
    # 4 stacks
    C("FRP-4.1", "A played card goes on top of the seat's stack of its fruit, starting that"
      " stack if there is none: one stack per fruit, so seven at most.", S_AIM),
    C("FRP-4.2", "A stack holds at most five cards, seven for passion fruit; no card may be"
      " played beyond that.", S_PLAY),
    C("FRP-4.3", "Stacks are hidden: everyone, the owner too, sees only each stack's top"
      " card and its size until the game ends.", S_PLAY),
    C("FRP-4.4", "The numbers may be collected in any order; the goal is one card of each"
      " number, since a repeated number spoils the stack (FRP-6.7).", S_AIM),
    # 5 end
    C("FRP-5.1", "Once the last card of the draw deck is drawn, the game is over after"
      " that turn: the seat that drew the last card still plays or discards it, then the"
      " game is scored.", S_END),
    # 6 scoring
    C("FRP-6.1", "At the end every seat reveals its stacks and sorts each by number.",
      S_SCORE),
    C("FRP-6.2", "A stack scores its run: the numbers it holds from 1 upward, stopping at the"
      " first number it lacks (1-2-4-5 scores as 1-2).", S_SCORE),
    C("FRP-6.3", "Common fruit runs score 1-2: 3, 1-2-3: 5, 1-2-3-4: 8, 1-2-3-4-5: 11.",
      S_SCORE),
    C("FRP-6.4", "Pomegranate runs score 1-2: 3, 1-2-3: 5, 1-2-3-4: 8, 1-2-3-4-5: 22.",
      S_SCORE),
    C("FRP-6.5", "Passion fruit runs score 1-2: 6, 1-2-3: 10, 1-2-3-4: 16, 1-2-3-4-5: 22,"
      " 1-6: 27, 1-7: 33.", S_SCORE),
    C("FRP-6.6", "A stack without a 1 scores nothing; a lone 1 has no row in the table"
      " (option lone-one).", S_NOTES),
    C("FRP-6.7", "A stack that holds some number twice or more scores 0, a passion fruit"
      " stack minus 11, whatever its run.", S_NOTES),
    C("FRP-6.8", "The hybrids that count form one more sequence, scored 1: 1, 1-2: 9,"
      " 1-2-3: 15, 1-2-3-4: 24, 1-2-3-4-5: 33; without hybrid 1 it scores 0, with a"
      " repeated number 0.", S_HYB),
    C("FRP-6.9", "Only a hybrid that lies in a continuous sequence of its own fruit counts"
      " (option hybrid-run says which sequence; option hybrid-duplicates whether a"
      " spoiled stack still carries it).", S_NOTES),
    C("FRP-6.10", "A seat's score is the sum of its stacks and its hybrid sequence; the most"
      " points wins. The rulebook has no tie-break: tied seats share the win.", S_NOTES,
      kind="gap", source="Ruling (End of the game, Scoring): the total is the only"
      " measure the text gives, so tied seats are equal in every printed respect"),
    C("FRP-6.11", "Scores stay hidden until the end: they would reveal the stacks.", S_SCORE,
      kind="setting", source="Ruling (Gameplay): the stacks are hidden from everyone, the"
      " owner too (FRP-4.3), and a running score would tell what they hold"),
    C("FRP-6.12", "Pomegranate is scored as printed, although its last step (1-2-3-4: 8,"
      " 1-2-3-4-5: 22) jumps by 14 points where every other column climbs by at most 6:"
      " a suspected misprint, to check against a printed player aid.", S_SCORE,
      kind="assumption",
      source="the rulebook's table. No one-figure correction is plausible enough to offer"
      " as a reading: 11 for the full run would score pomegranate exactly as a common"
      " fruit, though the text says the special fruits score differently, and 16 for 1-2-3-4"
      " (passion fruit's figure) would leave its 1-2 and 1-2-3 rows at the common values; a"
      " complete pomegranate run is the rarest (12 cards, two copies of 3, 4 and 5), which a"
      " large last step would reward"),
    C("FRP-6.13", "The proven score range, -11 to 143 (FRP-P2), bounds every deal. With two"
      " players the 25 boxed cards may include hybrids; a seat then cannot carry its hybrid"
      " sequence past the lowest boxed hybrid's number, and the best score drops to 110"
      " plus the hybrid table's value one below that number (110 with hybrid 1 boxed, 134"
      " with hybrid 5 boxed). The minimum does not depend on the box.", S_SCORE,
      kind="setting"),
    # 7 worked example
    C("FRP-7.1", "Peter's example: coconut 1-5 (11), papaya 1-2 (3), fig 1-3 (5), avocado"
      " 1-4 (8), pineapple 1-2 with a 5 but no 3 (3), pomegranate without a 1 (0), passion"
      " fruit with two 4s (-11); the hybrid pineapple 5 lies outside its run, the other"
      " four hybrids make 1-2-3-4 (24): 43 points.", S_EXAMPLE),
    # 8 one-player variant
    C("FRP-8.1", "One player: 25 random cards go back to the box unseen; the other 80 are"
      " shuffled into two face-down decks of 40, left and right.", S_SOLO),
    C("FRP-8.2", "Each turn the top cards of both decks are drawn together.", S_SOLO),
    C("FRP-8.3", "At least one of the two is discarded; the other is played or discarded"
      " too (play left, play right, discard both).", S_SOLO),
    C("FRP-8.4", "The discard pile is never drawn from: discarded cards are out of the"
      " game.", S_SOLO),
    C("FRP-8.5", "The game ends when both decks are empty and is scored as usual.", S_SOLO),
)

BASE = (None,)

OPTIONS: tuple[Option, ...] = (
    Option(
        "FRP-A1", "discard-take", ("FRP-3.2", "FRP-3.3", "FRP-5.1"), S_PLAY,
        "May a seat take the top discard and discard it again? Read literally, yes - and"
        " then seats can pass one card back and forth forever without touching the deck,"
        " so the game need not end.",
        (Reading("must-play", "a card taken from the discard pile must be played, so a seat"
                 " may take it only when it can play it"),
         Reading("literal", "a card taken from the discard pile may be discarded again (the"
                 " game may never end)")),
        "must-play",
        "the original game (GYUMI Geniusz) describes a card drawn from a deck as discarded"
        " or played, suggesting a card taken from the discard pile is played; it makes every"
        " game end",
        affects=("legal actions", "termination"), kind="gap",
        found_by="termination analysis: the take-and-discard cycle repeats a state",
        variants=BASE),
    Option(
        "FRP-A2", "last-turnover", ("FRP-3.4", "FRP-5.1"), S_END,
        "When a seat takes the only discard and the deck's last card is turned to start a"
        " new discard pile, the deck is exhausted - does that end the game?",
        (Reading("finish-turn", "yes: the seat still plays or discards the card it took,"
                 " then the game ends"),
         Reading("keep-last", "the last card is not turned over; it stays the deck's last"
                 " card and the game ends after the turn that draws it"),
         Reading("play-on", "play goes on from the discard pile alone until the seat to"
                 " move cannot draw"),
         Reading("play-on-skip", "play goes on from the discard pile alone; a seat that"
                 " cannot draw is passed over, and the game ends once no seat can draw")),
        "finish-turn",
        "the end rule speaks of the deck being exhausted, however that happens; the two"
        " play-on readings keep the game going past that, which the end rule does not allow"
        " for either, whether the first seat unable to draw ends it or is passed over",
        affects=("termination", "legal actions"), kind="ambiguity",
        found_by="reading the rulebook (the turn-over rule and the end rule meet)",
        variants=BASE),
    Option(
        "FRP-A3", "play-limits", ("FRP-4.2", "FRP-4.3", "FRP-4.4"), S_PLAY,
        "Is a play that overfills a stack, or repeats a number already in it, legal? The"
        " size of a stack is public, its contents are not, even to the owner.",
        (Reading("max-only", "a play beyond the stack's maximum is refused; a repeated"
                 " number may be played and is punished at scoring"),
         Reading("max-and-duplicates", "a play that repeats a number in the stack is"
                 " refused as well (the refusal reveals a hidden card)"),
         Reading("unchecked", "nothing is refused; an overfull stack must hold a repeated"
                 " number and scores as such")),
        "max-only",
        "the text forbids overfilling outright, while repeats are a scoring matter the"
        " players cannot check; refusing them would show the owner a hidden card",
        affects=("legal actions", "information", "scores"), kind="ambiguity"),
    Option(
        "FRP-A4", "hybrid-duplicates", ("FRP-6.7", "FRP-6.9"), S_NOTES,
        "Does a hybrid in a stack that holds a repeated number still count for the hybrid"
        " sequence?",
        (Reading("void", "no: a spoiled stack scores 0 and is no valid sequence, so its"
                 " hybrid does not count"),
         Reading("count", "yes, when it lies in its stack's run; the repeat spoils only the"
                 " stack's own points")),
        "void",
        "the example excludes a hybrid that is not part of a valid sequence, and a spoiled"
        " stack is not one",
        affects=("scores",), kind="ambiguity"),
    Option(
        "FRP-A5", "hybrid-run", ("FRP-6.9", "FRP-7.1"), S_NOTES,
        "Which continuous sequence must a hybrid lie in: its stack's scoring run from 1,"
        " any two or more consecutive numbers, or none at all?",
        (Reading("from-one", "its stack holds every number from 1 up to the hybrid's"),
         Reading("continuous", "its stack holds the hybrid's number and a neighbouring"
                 " number (4-5 counts without 1-2-3)"),
         Reading("any", "every hybrid collected counts"),
         Reading("scoring-run", "as from-one, and the run must be at least 1-2, the shortest"
                 " the table scores: a hybrid 1 alone in its stack (a stack worth 0) does"
                 " not count")),
        "from-one",
        "the example rules pineapple 5 out because pineapple 3 is missing, i.e. because"
        " the run from 1 does not reach it; a lone 1 is such a run, and the hybrid table"
        " scores a sequence of hybrid 1 alone, so nothing asks the run to score (both"
        " from-one and scoring-run fit the example's 43 points, with the same eight hybrid"
        " assignments)",
        affects=("scores",), kind="ambiguity",
        settled_by="Peter's example (FRP-7.1) refutes 'any' (it would give 33 for the"
        " hybrids) and explains its exclusion by the run from 1; 'continuous' stays"
        " consistent only if Peter held no pineapple 4"),
    Option(
        "FRP-A6", "lone-one", ("FRP-6.3", "FRP-6.6"), S_SCORE,
        "Does a common fruit stack whose run is just the 1 score anything?",
        (Reading("none", "no: the table starts at 1-2"),
         Reading("common", "a common fruit's lone 1 scores 1 point (special fruits"
                 " still 0)")),
        "none",
        "the rulebook's table has no row for a lone 1 (a review reports 1 point, perhaps"
        " from a player aid)",
        affects=("scores",), kind="gap",
        found_by="comparison with a published review (thefamilygamers.com)"),
    Option(
        "FRP-A7", "hybrids", ("FRP-1.4", "FRP-7.1"), S_HYB,
        "Which number does each common fruit's hybrid bear? Only pineapple's (5) is named."
        " The readings are the eight assignments Peter's example allows under"
        " hybrid-run=from-one (FRP-A5's default) and scoring-run; under continuous six more"
        " fit (papaya's hybrid a 4), which are not offered, so choosing hybrid-run=continuous"
        " keeps the example true but does not widen this list.",
        tuple(Reading(a, "hybrids " + a.replace("-", " ")) for a in HYBRID_ASSIGNMENTS),
        DEFAULT_HYBRIDS,
        "every assignment here fits the worked example; the default follows the rulebook's"
        " fruit order, as pineapple, listed fifth, bears 5",
        affects=("set-up", "scores"), kind="gap",
        found_by="Z3 over the scoring code and the worked example",
        settled_by="Peter's example (FRP-7.1) narrows the choice to these eight"),
    Option(
        "FRP-A8", "distribution", ("FRP-1.1", "FRP-1.2"), S_COMP,
        "How many copies of each number are there? The text gives only the totals per"
        " fruit; pomegranate (12) and passion fruit (18) do not split evenly.",
        (Reading("low-heavy", "pomegranate 3-3-2-2-2, passion fruit 3-3-3-3-2-2-2"),
         Reading("high-heavy", "pomegranate 2-2-2-3-3, passion fruit 2-2-2-3-3-3-3")),
        DEFAULT_DISTRIBUTION,
        "as even as the totals allow; spare copies on the low numbers, which every scoring"
        " run needs",
        affects=("set-up", "scores"), kind="gap"),
    Option(
        "FRP-A9", "passion-no-one-duplicate", ("FRP-6.5", "FRP-6.6", "FRP-6.7"), S_NOTES,
        "A passion fruit stack that lacks a 1 and repeats a number falls under two scoring"
        " notes: one scores a stack without a 1 at 0, the other a passion fruit stack with a"
        " repeat at minus 11. Which wins? (A common fruit or pomegranate stack with a repeat"
        " and no 1 scores 0 under both notes, so only passion fruit parts the readings.)",
        (Reading("penalty", "the repeat wins: the passion fruit stack scores minus 11"),
         Reading("zero", "the missing 1 wins: the stack scores 0, whatever it repeats")),
        "penalty",
        "the repeat note is stated for any repeat, whatever the stack's run, and the penalty"
        " exists to punish repeats",
        affects=("scores",), kind="ambiguity",
        found_by="review of the scoring notes: the two notes overlap; Peter's example"
        " (FRP-7.1) scores a passion fruit repeat at -11 without saying whether that stack"
        " holds a 1, so it fits both readings"),
    Option(
        "FRP-A10", "hidden-repeats", ("FRP-4.3", "FRP-4.4"), S_PLAY,
        "With repeated numbers refused (play-limits=max-and-duplicates), a seat cannot see"
        " the numbers buried in its own stacks: which plays is it offered, and what becomes"
        " of a play its hidden cards forbid?",
        (Reading("set-aside", "every play within the stack's maximum is offered; when the"
                 " stack turns out to hold that number already, the card is not played but"
                 " set aside out of the game, and everyone is told why"),
         Reading("owner-looks", "the owner may look through its own stacks, so it sees its"
                 " buried cards and is offered only the plays that repeat no number")),
        "set-aside",
        "the seat is then offered only what it can see, as the printed rule that stacks are"
        " hidden from their owner too (FRP-4.3) requires; setting the card aside rather than"
        " discarding it keeps a refused card from going round the table for ever",
        affects=("legal actions", "information", "scores"), kind="gap",
        found_by="the non-interference check of legal moves under play-limits"),
    Option(
        "FRP-A11", "drawn-card", ("FRP-3.2", "FRP-3.6"), S_PLAY,
        "Is a card drawn from the deck shown to the other players before it is played or"
        " discarded? The text says how a turn begins and that both places are face up, not"
        " whether the drawn card is shown at once.",
        (Reading("drawer-only", "the drawer alone sees it until it is played or discarded,"
                 " both face up"),
         Reading("shown", "it is shown to everyone as it is drawn, as it ends face up on one"
                 " of the two places anyway")),
        "drawer-only",
        "only the drawer needs to see the card to choose, and nothing in the text has it"
        " shown earlier; the choice is all the others learn from it meanwhile",
        affects=("information",), kind="gap", found_by="the sweep of the catalogue's"
        " assumptions (FRP-3.6 named the rival reading)", variants=(None,)),
)

CATALOGUE = Catalogue("FRP", CLAUSES, OPTIONS)
