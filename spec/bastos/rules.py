"""Bastos!: the clause catalogue (our wording, with the rulebook section of each clause).

Clause IDs are stable; code, events, errors, tests and proofs cite them. Options carry the
readings of every passage the rulebook leaves open.
"""
from __future__ import annotations

from spec.common.rules import Catalogue, Clause, Option, Reading

C = Clause
S_COMP = "Bastos! > Components"
S_SETUP = "Bastos! > Setup"
S_PLAY = "Bastos! > Gameplay"
S_START = "Bastos! > Start of the Round"
S_FOLLOW = "Bastos! > Playing, Following Suit, and Trumping"
S_TRICK = "Bastos! > The Trick"
S_COLOUR = "Bastos! > The Bastos! Color"
S_END = "Bastos! > Round End and Game End"

CLAUSES: tuple[Clause, ...] = (
    # 1 components and the value table
    C("BAS-1.1", "The deck holds 45 cards: five fruits (banana, lanzones, mango, pineapple,"
      " durian) in values 1 to 9; the tens of the shared card set are not used.", S_COMP),
    C("BAS-1.2", "With three players one whole fruit is put back in the box, leaving 36 cards"
      " and four value markers; with four players all five fruits are used.", S_SETUP),
    C("BAS-1.3", "The value table has one marker per fruit in play. A fruit's value is an"
      " integer from -2 to +3; any change that would pass a limit stops at it.", S_START),
    C("BAS-1.4", "At the start of every round each marker stands at 0 and no fruit is trump"
      " (the donkey cart is off the table).", S_END),
    # 2 rounds and dealing
    C("BAS-2.1", "The first dealer is fixed by the set-up; when the set-up names none, the"
      " seed draws one (the rulebook picks the youngest player, which a program cannot"
      " know).", S_PLAY, kind="assumption",
      source="the rulebook names the youngest player; ages are not part of a game state."
      " Ruling (Setup): that is the one printed rule, and the draw only stands in for"
      " it; the deal then passes round the table (BAS-2.2), so no rival reading exists"),
    C("BAS-2.2", "The deal passes to the left (the next seat number) every round; the game"
      " has two rounds per seat: 6 rounds with three players, 8 with four.", S_PLAY),
    C("BAS-2.3", "The cards are shuffled and dealt out evenly: 12 each with three players;"
      " 11 each with four, the one card left over lying face up beside the table and taking"
      " no part in the round.", S_START),
    C("BAS-2.4", "Seats are numbered clockwise, so a seat's left-hand neighbour is the next"
      " seat number; play runs in increasing seat order.", S_PLAY, kind="assumption",
      source="the usual convention for clockwise play; the rulebook has no seat numbers."
      " Ruling (Gameplay): the printed text gives the direction, so only the numbering is"
      " ours, and it changes no outcome"),
    # 3 Bastos! colours
    C("BAS-3.1", "At the start of a round every seat picks one card of its hand in secret;"
      " once all have picked, the picks are shown at the same moment.", S_START),
    C("BAS-3.2", "A shown card stays face up in front of its seat for the whole round; its"
      " fruit is that seat's Bastos! colour for the round. Several seats may share one"
      " colour.", S_START),
    C("BAS-3.3", "Each shown card raises its fruit's value by 1, never above +3 (two banana"
      " and two mango picks make both worth 2; four picks of one fruit make it +3).",
      S_START),
    # 4 play and following
    C("BAS-4.1", "A seat must play a card of the led fruit when it holds one; a seat that"
      " holds none plays any card (a discard).", S_FOLLOW),
    C("BAS-4.2", "The seat left of the dealer leads the first trick of a round; the others"
      " play in turn clockwise.", S_FOLLOW),
    C("BAS-4.3", "Each seat plays, in its turn, exactly one card of its own hand to the"
      " trick; a Bastos! card is likewise picked from the seat's own hand.", S_FOLLOW),
    # 5 trump
    C("BAS-5.1", "While no fruit is trump, a seat that cannot follow may make the fruit of"
      " the card it discards trump, unless that fruit is the Bastos! colour of any seat; a"
      " Bastos! colour never becomes trump.", S_FOLLOW),
    C("BAS-5.2", "Declaring trump puts the donkey cart on that fruit and lowers its value by"
      " 2 (not below -2); the fruit stays trump until the round ends.", S_FOLLOW),
    C("BAS-5.3", "The declaring card already counts as a trump card in the trick it was"
      " played to.", S_FOLLOW),
    C("BAS-5.4", "Once a trump exists, a seat that cannot follow may either discard another"
      " fruit or play a trump.", S_FOLLOW),
    # 6 the trick
    C("BAS-6.1", "The highest trump wins the trick; with no trump in it, the highest card of"
      " the led fruit wins. Cards rank by their printed number.", S_TRICK),
    C("BAS-6.2", "A card of the player's own Bastos! colour never wins the trick, whether it"
      " was led or discarded; it still belongs to the trick, and a led Bastos! colour must"
      " be followed as usual.", S_COLOUR),
    C("BAS-6.3", "When a seat leads its own Bastos! colour and every other seat discards,"
      " the leader takes the trick whatever its card.", S_COLOUR),
    C("BAS-6.4", "When a seat leads its own Bastos! colour and every other seat follows, the"
      " highest following card takes the trick, even if it is lower than the led card.",
      S_COLOUR),
    C("BAS-6.5", "When every seat has played its own Bastos! colour to a trick, that trick"
      " goes to nobody: it is set aside and the same seat leads again. Such a trick may"
      " also fit BAS-6.3 or BAS-6.4; which rule then decides is option BAS-A10.", S_COLOUR),
    C("BAS-6.7", "Value changes made during a trick that is then set aside stand: setting"
      " the trick aside removes its cards from the round, not the changes its players"
      " made (see the option aside-changes).", S_COLOUR, kind="assumption",
      source="the rulebook describes the all-Bastos! trick as one in which every player in"
             " turn changes a value, before the trick is set aside, and names nothing to"
             " undo"),
    C("BAS-6.6", "The winner keeps the trick face down (nobody may look at won tricks until"
      " the round is over) and leads the next trick.", S_TRICK),
    # 7 value changes
    C("BAS-7.1", "A seat that plays a card of its own Bastos! colour must at once, before"
      " anyone leads again, move the value of one fruit of its choice up or down by 1.",
      S_COLOUR),
    C("BAS-7.2", "Only fruits with a marker on the table (the fruits in play) can be"
      " changed.", S_SETUP),
    # 8 scoring and game end
    C("BAS-8.1", "When every card of the round has been played the round is scored: each"
      " seat adds up the current table values of the cards in its tricks. Set-aside tricks,"
      " shown Bastos! cards and the odd card score for nobody.", S_END),
    C("BAS-8.2", "After scoring, the table is reset, the cards are reshuffled and dealt again"
      " by the next dealer, until the last round has been played.", S_END),
    C("BAS-8.3", "The game's result is the sum of each seat's round scores; the most points"
      " wins.", S_END),
    C("BAS-8.4", "The rulebook gives no tie-break for Bastos!; tied seats share the win.",
      S_END, kind="gap", source="Ruling (Round End and Game End): the most points win and"
      " nothing else is counted, so tied seats are equal in every printed respect"),
    # 9 notation and model
    C("BAS-9.1", "Moves: 'bastos CARD' picks the Bastos! card; 'play CARD' plays a card,"
      " 'play CARD trump' discards it and declares its fruit trump; 'adjust F+1' or"
      " 'adjust F-1' changes fruit F's value after playing one's own colour ('adjust pass'"
      " declines it under the reading adjust-obligation=may).", S_PLAY,
      kind="setting"),
    C("BAS-9.2", "A set-up may fix a position for examples and exhaustive search: the dealer,"
      " the hands (equal sizes: a full deal, or fewer cards only when the set-up says"
      " 'short', the rest of the deck then staying out of the round), the odd card, the round"
      " number and the running totals. Whatever it leaves out is drawn from the seed; later"
      " rounds are dealt in full.", S_SETUP, kind="setting"),
)

_R = Reading

OPTIONS: tuple[Option, ...] = (
    Option(
        "BAS-A1", "bastos-card", ("BAS-3.2", "BAS-8.1"), S_START,
        "Does the shown Bastos! card leave the hand (so hands shrink by one and it is never"
        " played), or is it only shown and still played to a trick later?",
        (_R("out", "the card lies in front of its seat all round and is never played; each"
            " seat plays one card fewer"),
         _R("in-hand", "the card is only shown: it stays in the hand, is known to all and is"
             " played to a trick like any other")),
        "out",
        "the card is said to stay face up in front of the player for the whole round, which"
        " it cannot do once played to a trick",
        affects=("legal actions", "scores")),
    Option(
        "BAS-A2", "adjust-timing", ("BAS-7.1",), S_COLOUR,
        "Is the value change made the moment the Bastos! card is played, or may it wait"
        " until the trick is complete (still before the next lead)?",
        (_R("at-once", "the seat changes a value right after its card, before the next seat"
            " plays"),
         _R("before-lead", "the seats that owe a change make it, in playing order, once the"
            " trick is complete and before the next lead")),
        "at-once",
        "'immediately afterward' is the main wording; 'before another player leads' reads as"
        " a reminder of the latest moment",
        affects=("legal actions", "scores", "information")),
    Option(
        "BAS-A3", "adjust-range", ("BAS-7.1", "BAS-1.3"), S_COLOUR,
        "May a seat pick a value change that would push a fruit past +3 or -2?",
        (_R("forbid", "no: the change must really move a marker, so a fruit at +3 can only"
            " go down and one at -2 only up"),
         _R("clamp", "yes: the change is allowed and the marker simply stays at its limit")),
        "forbid",
        "the seat 'must change' a value; a change that leaves the marker where it was does"
        " not change anything, and a legal change always exists",
        affects=("legal actions", "scores")),
    Option(
        "BAS-A4", "all-discard", ("BAS-6.3", "BAS-6.1"), S_COLOUR,
        "A seat led its own Bastos! colour and nobody followed, but one of the others"
        " trumped: does the leader still take the trick as 'all discarded'?",
        (_R("trump-wins", "a trump is not a discard here: the highest trump wins, and the"
            " leader only takes tricks in which nobody followed or trumped"),
         _R("leader-wins", "every card that did not follow counts as a discard, trumps too:"
            " the leader takes the trick")),
        "trump-wins",
        "the same paragraph lets a led Bastos! colour be beaten in the normal ways, by a"
        " better follower or by a trump",
        affects=("scores",)),
    Option(
        "BAS-A5", "declare-trump", ("BAS-5.1",), S_FOLLOW,
        "While no trump exists, may any seat that cannot follow declare trump, or only the"
        " first one in the trick that cannot follow?",
        (_R("any", "every seat that cannot follow may declare, as long as nobody has yet"),
         _R("first-only", "only the first seat of a trick that cannot follow may declare; if"
            " it discards without declaring, nobody may in that trick")),
        "any",
        "in the rulebook's mango example the first seat unable to follow declines and the"
        " next one declares durian",
        affects=("legal actions", "scores"), kind="settled",
        settled_by="the mango example (B discards banana, C declares durian trump)"),
    Option(
        "BAS-A6", "adjust-obligation", ("BAS-7.1",), S_COLOUR,
        "Is the value change after playing one's own Bastos! colour compulsory or optional?",
        (_R("must", "compulsory: the seat has to move one value by 1"),
         _R("may", "optional: the seat may also decline ('adjust pass')")),
        "must",
        "the rulebook says 'must'; only a German review's paraphrase says 'may'",
        affects=("legal actions", "scores"), kind="contradiction",
        found_by="comparing with a German review of the game (reich-der-spiele.de)"),
    Option(
        "BAS-A7", "no-winner", ("BAS-6.2", "BAS-6.3", "BAS-6.4", "BAS-6.5"), S_COLOUR,
        "A seat led its own Bastos! colour, the only seats that followed played their own"
        " (shared) Bastos! colour, nobody trumped, yet not every card is a Bastos! card: no"
        " card can win. Who takes the trick?",
        (_R("leader", "the leader, as when everybody discards"),
         _R("set-aside", "nobody: the trick is set aside as when every seat plays its own"
            " colour, and the same seat leads again"),
         _R("highest-follower", "the seat that followed with the highest card, as when"
            " everybody follows (BAS-6.4), although that card is its own Bastos! colour")),
        "leader",
        "the nearest rule for a led Bastos! colour that no card can beat gives the trick to"
        " the leader; the rulebook's only exception to BAS-6.2 is the leader's (BAS-6.3),"
        " whereas giving it to the highest follower lets an own-colour card win, which BAS-6.2"
        " forbids and BAS-6.4 does not allow either (there, someone discarded, so not everyone"
        " followed); setting aside is reserved for tricks of Bastos! cards only",
        affects=("scores",), kind="gap"),
    Option(
        "BAS-A8", "removed-fruit", ("BAS-1.2",), S_SETUP,
        "Which fruit is put back in the box in a three-player game?",
        (_R("drawn", "drawn by the seed at the start of the game among the fruits the set-up"
            " leaves possible"),
         _R("banana", "always banana"), _R("lanzones", "always lanzones"),
         _R("mango", "always mango"), _R("pineapple", "always pineapple"),
         _R("durian", "always durian")),
        "drawn",
        "the rulebook lets any one fruit go; a seeded draw favours none (unlike Tindahan,"
        " Bastos! does not keep bananas)",
        affects=("set-up", "legal actions"), kind="gap"),
    Option(
        "BAS-A9", "early-cards", ("BAS-5.3", "BAS-6.1"), S_FOLLOW,
        "A seat discards a fruit without declaring it; a later seat of the same trick"
        " declares that fruit trump. Is the earlier card a trump too?",
        (_R("discards", "no: the declaring card is the first trump; earlier cards of that"
            " fruit in the trick stay discards"),
         _R("trumps", "yes: once the fruit is trump, every card of it in the trick is a"
            " trump, whenever it was played")),
        "discards",
        "the rulebook calls the declaring card the first trump card played, so nothing"
        " before it was a trump",
        affects=("scores",)),
    Option(
        "BAS-A10", "own-colour-overlap", ("BAS-6.3", "BAS-6.4", "BAS-6.5"), S_COLOUR,
        "Every card of a trick is its player's own Bastos! colour, and the trick also fits"
        " BAS-6.3 (the leader led its colour and every other seat discarded) or BAS-6.4"
        " (all seats share the led colour and followed). Is it set aside, or does 6.3 / 6.4"
        " give it to a seat?",
        (_R("set-aside", "BAS-6.5 comes first: a trick of Bastos! cards only is always set"
            " aside"),
         _R("trick-rule", "BAS-6.3 / BAS-6.4 come first: the leader takes it when all others"
            " discarded, the highest follower when all followed; only other all-Bastos!"
            " tricks are set aside")),
        "set-aside",
        "BAS-6.5 is the rule written for exactly this kind of trick (every card a Bastos!"
        " card), so it is the more specific one",
        affects=("scores",), kind="gap"),
    Option(
        "BAS-A11", "declare-at-floor", ("BAS-5.1", "BAS-5.2", "BAS-1.3"), S_FOLLOW,
        "May a fruit whose value is already -2 be declared trump, when the declaration's"
        " drop of 2 then changes nothing?",
        (_R("allowed", "yes: the cart goes on the fruit and its value stays at -2"),
         _R("refused", "no: like a value change under adjust-range=forbid, a declaration"
            " must really lower the fruit, so a fruit at -2 cannot become trump")),
        "allowed",
        "the drop is a side effect of declaring, and BAS-1.3 says a change past a limit stops"
        " at it; nothing in the trump rule forbids a fruit at -2",
        affects=("legal actions", "scores"), kind="gap",
        found_by="review: contrast with BAS-A3's default"),
    Option(
        "BAS-A12", "follow-own", ("BAS-6.4", "BAS-6.2"), S_COLOUR,
        "A seat led its own Bastos! colour and every other seat followed, but the highest"
        " following card is its player's own Bastos! colour too. Does it take the trick, as"
        " 'the highest follower' read literally, or the highest follower that may win?",
        (_R("eligible", "the highest following card that is not its player's own colour"),
         _R("literal", "the highest following card, whoever's colour it is")),
        "eligible",
        "BAS-6.2 says a seat's own colour never wins a trick and the rulebook repeats it for"
        " a led Bastos! colour; BAS-6.4's 'even if lower than the led card' lifts the rank"
        " test only, not the colour test",
        affects=("scores",), kind="settled",
        settled_by="BAS-6.2: an own-colour card never wins, a rule the text states without"
                   " exception for followers",
        found_by="independent implementation compared step by step"),
    Option(
        "BAS-A13", "aside-changes", ("BAS-6.7", "BAS-6.5", "BAS-7.1"), S_COLOUR,
        "A trick is set aside after its players changed values: do those changes stand, or"
        " does setting the trick aside undo them too?",
        (_R("stand", "the changes stand; only the trick's cards leave the round"),
         _R("undone", "the trick is undone as a whole: every marker goes back to where it"
            " stood when the trick was led")),
        "stand",
        "the changes are made in turn as the cards fall, before the trick is set aside, and"
        " setting aside is said of the cards only",
        affects=("scores",), found_by="the sweep of the catalogue's assumptions (BAS-6.7"
        " named the rival reading)"),
)

CATALOGUE = Catalogue("BAS", CLAUSES, OPTIONS)
