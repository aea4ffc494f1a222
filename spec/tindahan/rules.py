"""Tindahan: the clause catalogue.

Every rule of the rulebook's first part ("Tindahan") is restated here in our own words,
under the rulebook section it comes from. Code, events, errors, tests and docs refer to
these clauses by ID only. Where the text is silent, ambiguous or at odds with other
editions, an :class:`Option` names the readings, picks a default and says why.
"""
from __future__ import annotations

from spec.common.rules import Catalogue, Clause, Option, Reading

C, R = Clause, Reading

COMPONENTS, SETUP, PLAY = "Components", "Setup", "Gameplay"
CARDS, SELLERS, SCORING = "Playing a Card", "Placing Sellers", "Round End and Scoring"
END, EXAMPLE = "Game End and Winner", "Round End and Scoring (examples)"

CLAUSES = (
    # --- components ------------------------------------------------------------------
    C("TIN-1.1", "The deck has fifty fruit cards: banana, lanzones, mango, pineapple and "
                 "durian, each fruit once in every value from 1 to 10.", COMPONENTS),
    C("TIN-1.2", "There are five market stalls, one for each fruit.", COMPONENTS),
    C("TIN-1.3", "Each seat owns nine sellers in its own colour; sellers are the only "
                 "pieces a seat puts on the stalls.", COMPONENTS),
    C("TIN-1.4", "A single donkey cart stands on one stall and marks that stall's fruit "
                 "as trump.", COMPONENTS),
    C("TIN-1.5", "Points are written down round after round; the running totals are the "
                 "scores.", COMPONENTS),
    # --- set-up ----------------------------------------------------------------------
    C("TIN-2.1", "How many fruits are used depends on the seats: five seats use all five "
                 "fruits, four seats leave one fruit out, three seats leave two out; the "
                 "bananas are never left out.", SETUP),
    C("TIN-2.2", "Only the stalls of the fruits in play are laid out: sellers can only go "
                 "to them and the cart can only stand on them.", SETUP),
    C("TIN-2.3", "The cart begins on the banana stall, so bananas are trump when play "
                 "starts.", SETUP),
    C("TIN-2.4", "The cards in play are shuffled and all dealt out, ten to each seat.",
      SETUP),
    C("TIN-2.5", "Every seat starts with its nine sellers beside it.", SETUP),
    C("TIN-2.6", "The first dealer is fixed by the set-up; when the set-up names none, the "
                 "seed draws one.", SETUP, kind="assumption",
      source="the rulebook names who starts relative to the dealer but never who deals "
             "first; any seat will do, and a draw favours none (as BAS-2.1 in Bastos!). "
             "Ruling (Game End and Winner): every seat deals once (TIN-8.1), so the first "
             "dealer sets only the order of the rounds and no rival reading exists"),
    # --- gameplay --------------------------------------------------------------------
    C("TIN-3.1", "The seat to the dealer's left starts the first trick of a round.", PLAY),
    C("TIN-3.2", "The starting seat of a trick either plays a card or drives the cart to "
                 "another stall in play, whose fruit replaces the old trump at once.", PLAY),
    C("TIN-3.3", "When the starting seat has moved the cart, the seat to its left is "
                 "obliged to play a card; that card is the led card.", PLAY),
    C("TIN-3.4", "Going round to the left, each other seat acts once in the trick: it "
                 "plays a card or places a seller.", PLAY),
    C("TIN-3.5", "When every seat has had its chance to play, the trick is over and goes "
                 "to the seat with the best card.", PLAY),
    C("TIN-3.6", "Seats are numbered 0 upward round the table; a seat's left-hand "
                 "neighbour is the next number (wrapping to 0), so play, the deal and the "
                 "dealer's role all move to higher numbers.", PLAY, kind="assumption",
      source="the rulebook says play passes clockwise and the deal passes to the left; "
             "we number seats in that direction. Ruling (Gameplay): both directions are "
             "printed, so only the numbering is ours, and it changes no outcome"),
    C("TIN-3.7", "A starting seat that moved the cart takes no further part in that trick: "
                 "the trick ends with the seat to its right.", PLAY, kind="assumption",
      source="the cart-move worked example (the fifth seat takes the trick right after "
             "playing); a German review (reich-der-spiele.de) and the Japanese editions' "
             "descriptions say the same"),
    # --- playing a card ---------------------------------------------------------------
    C("TIN-4.1", "A seat that plays a card must play the led fruit if it holds any.",
      CARDS),
    C("TIN-4.2", "A seat without the led fruit may play any card: a trump to try to win, "
                 "or another fruit as a throw-away.", CARDS),
    C("TIN-4.3", "Trump is always the fruit of the stall the cart stands on.", CARDS),
    C("TIN-4.4", "If any trump was played the highest trump wins the trick; otherwise the "
                 "highest card of the led fruit wins.", CARDS),
    C("TIN-4.5", "A seat keeps the tricks it wins face-down in front of it, apart from "
                 "the other seats' tricks.", CARDS),
    C("TIN-4.6", "The seat that wins a trick starts the next one.", CARDS),
    C("TIN-4.7", "A seat can only play a card from its own hand, and only cards of fruits "
                 "in play exist in a game.", CARDS, kind="assumption",
      source="implicit in every trick-taking game. Ruling (Playing a Card; Setup): a "
             "card is always played from the player's own hand, and the fruits taken out "
             "at the set-up (TIN-2.1) are not dealt, so no other reading exists"),
    # --- sellers ---------------------------------------------------------------------
    C("TIN-5.1", "Instead of playing a card, a seat may put one of its sellers on the "
                 "stall of the led fruit, whether or not it could follow.", SELLERS),
    C("TIN-5.2", "The starting seat of a trick may never place a seller.", SELLERS),
    C("TIN-5.3", "After a cart move, the seat to the mover's left may not place a seller "
                 "either: it must play.", SELLERS),
    C("TIN-5.4", "A seat whose nine sellers are all on the stalls has no seller to place "
                 "(the rulebook does not say so; see the option no-sellers).", SELLERS,
      kind="gap"),
    # --- round end and scoring -------------------------------------------------------
    C("TIN-6.1", "A round ends right after a trick is awarded if at least one seat then "
                 "holds no card; the round is scored.", SCORING),
    C("TIN-6.2", "Each trick a seat won is worth 2 points.", SCORING),
    C("TIN-6.3", "Each card still in a seat's hand costs 1 point.", SCORING),
    C("TIN-6.4", "At each stall, the seat with the most sellers gains 5 points.", SCORING),
    C("TIN-6.5", "At each stall, the seat with the second most sellers gains 2 points.",
      SCORING),
    C("TIN-6.6", "At the trump stall (the one under the cart) the majority holder gains "
                 "1 point more.", SCORING),
    C("TIN-6.7", "Seats tied for most sellers share the first- and second-place points "
                 "between them.", SCORING),
    C("TIN-6.8", "Seats tied for second share the second-place points.", SCORING),
    C("TIN-6.9", "Shared points are rounded down.", SCORING),
    C("TIN-6.10", "When nobody is in second place at a stall, its second-place points are "
                  "not given.", SCORING),
    C("TIN-6.11", "A seat that in the round neither placed a seller nor won a trick "
                  "scores as much as the round's best-scoring seat (the empty round).",
      SCORING),
    C("TIN-6.12", "The book suggests scoring tricks and hands first and the stalls after; "
                  "the order does not change any sum.", SCORING),
    C("TIN-6.13", "A stall with no seller gives no points.", SCORING, kind="assumption",
      source="implicit: there is nobody to give them to. Ruling (Round End and Scoring): "
             "stall points go to the seats with the most and second most sellers there, "
             "and an empty stall has neither"),
    C("TIN-6.14", "A trick of a single card, when every other seat placed a seller instead "
                  "of playing, is worth 2 points like any other (see the option "
                  "lone-card).", SCORING, kind="assumption",
      source="TIN-6.2 counts tricks, not cards, and a trick ends once every seat has had "
             "its chance to play (TIN-3.5), whether it played or not; the text never says "
             "how many cards make a trick"),
    C("TIN-6.15", "Under the other edition's stall table (option trump-stall, reading "
                  "six-three) the trump stall gives 6 points for the most sellers and 3 for "
                  "the second most, in place of TIN-6.5 and TIN-6.6 there; ties share them "
                  "as on any stall.", SCORING, kind="setting"),
    # --- next round and game end ------------------------------------------------------
    C("TIN-7.1", "After the scoring the next round is played; the dealer's role, and with "
                 "it the first start, passes one seat to the left.", EXAMPLE),
    C("TIN-7.2", "Each new round the cards in play are shuffled and dealt again, ten to "
                 "each seat, and the trick counts start at nothing.", EXAMPLE,
      kind="assumption", source="a new round repeats the shuffle and deal of the set-up. "
      "Rival reading, not taken: the unplayed hands are kept and topped up; the scoring "
      "already charged every card left in hand, so keeping them would count them twice"),
    C("TIN-7.3", "What else goes back to the set-up between rounds (the sellers on the "
                 "stalls, the cart) is not said; see the options sellers-between-rounds "
                 "and cart-start.", EXAMPLE, kind="gap"),
    C("TIN-8.1", "The game ends once every seat has been dealer once; the round points "
                 "are added up.", END),
    C("TIN-8.2", "The seat with the most points wins.", END),
    C("TIN-8.3", "For a tie the book jokingly names the absent designer as winner; we "
                 "let the tied seats share the win.", END, kind="gap",
      source="Ruling (Game End and Winner): the book's own tie-break names nobody at the "
             "table, so no reading within the game breaks the tie; sharing it is a change "
             "of the printed text, stated as one"),
    # --- notation ---------------------------------------------------------------------
    C("TIN-9.1", "Actions are written 'play B7' (play banana 7), 'cart M' (the starting "
                 "seat drives the cart to the mango stall) and 'seller' (place a seller on "
                 "the led fruit's stall); cards are a fruit letter B, L, M, P or D and a "
                 "value.", PLAY, kind="setting"),
)

OPTIONS = (
    Option(
        "TIN-A1", "removed-fruits", ("TIN-2.1", "TIN-2.2"), SETUP,
        "Which fruits leave the game with four or three seats? The text only says how "
        "many, and that bananas stay.",
        (R("random", "the seed draws which non-banana fruits leave, once for the game"),
         R("last-listed", "the fruits listed last leave: durian at four seats, pineapple "
                          "and durian at three"),
         R("scoring-example", "as in the scoring example (bananas, mangoes and durians at "
                              "three seats): lanzones leave at four seats, lanzones and "
                              "pineapples at three")),
        "random",
        "the text lets the players pick any fruit but bananas; a draw is the neutral model "
        "of that choice, and given hands fix it in a set-up",
        affects=("set-up", "legal actions")),
    Option(
        "TIN-A2", "cart-mover", ("TIN-3.2", "TIN-3.5", "TIN-3.7"), PLAY,
        "Does a starting seat that moved the cart still play a card in that trick "
        "(the trick ends once every seat has had its turn to play)?",
        (R("sits-out", "no: the trick ends with the seat to the mover's right"),
         R("plays-last", "yes: after everybody else, the mover plays a card too (no "
                         "seller, as the starting seat)")),
        "sits-out",
        "the cart-move example awards the trick as soon as the last other seat has "
        "played; a German review and the Japanese editions say the mover plays no card",
        affects=("legal actions", "scores"), kind="settled",
        settled_by="the cart-move example: E takes the trick right after playing M2"),
    Option(
        "TIN-A3", "trump-tie", ("TIN-6.6", "TIN-6.7"), SCORING,
        "Who gets the trump stall's extra point when the most sellers there are tied?",
        (R("split", "the extra point joins the shared pool: (5+2+1) split among the tied"),
         R("each", "every tied seat gets its share of 5+2 plus the whole extra point"),
         R("none", "a tie has no majority holder, so no extra point is given")),
        "split",
        "TIN-6.6 says the seat holding the majority at the trump stall scores one point "
        "more there; seats tied for the most sellers all hold that majority, and the tie "
        "rule that follows (TIN-6.7) shares 'the first- and second-place points', which at "
        "the trump stall are 6 and 2; the singular 'holder' describes the usual case rather "
        "than ruling ties out. So two tied seats get 8/2 = 4 each (none would give 7/2 = 3, "
        "as on a plain stall, making the trump stall worth nothing extra in a tie); the "
        "Japanese edition's 6/3 table shares a tie the same way, first plus second"),
    Option(
        "TIN-A4", "second-after-tie", ("TIN-6.7", "TIN-6.8", "TIN-6.10"), SCORING,
        "After a tie for first has shared the first- and second-place points, does the "
        "next seat down still get second place?",
        (R("none", "no: both prizes went to the tied seats"),
         R("next", "yes: the next-highest seats share the second-place points as well")),
        "none",
        "the tied seats already received the second-place points, so there are none left "
        "to give"),
    Option(
        "TIN-A5", "empty-round", ("TIN-6.11",), SCORING,
        "Do an empty-round seat's points replace its own round score (its hand penalty) "
        "or come on top of it?",
        (R("replace", "the seat's round score becomes the best seat's round score"),
         R("add", "the best seat's round score is added on top of the seat's whole own "
                  "round score: its hand penalty and any stall points of sellers left from "
                  "earlier rounds")),
        "replace",
        "'receive as many points as' the best seat reads as ending level with it"),
    Option(
        "TIN-A6", "empty-round-best", ("TIN-6.11", "TIN-6.12"), SCORING,
        "Which score makes a seat 'the best-scoring player of the round'? The advice to "
        "score tricks and hand cards before the stalls sits right after the empty-round "
        "rule, as if the order mattered to it.",
        (R("round", "the highest whole round score (tricks, hand cards and stalls) among "
                    "the seats not in an empty round"),
         R("cards", "the highest score from tricks and hand cards alone, the part scored "
                    "first")),
        "round",
        "a seat's score for the round includes its stall points; the order advice only "
        "makes the sums easier to add, it changes none of them"),
    Option(
        "TIN-A7", "no-sellers", ("TIN-5.1", "TIN-5.4", "TIN-1.3"), SELLERS,
        "May a seat whose nine sellers are all placed still choose to place one?",
        (R("must-play", "no: with no seller left it must play a card"),
         R("unlimited", "yes: the nine pieces are not a limit; another marker stands in")),
        "must-play",
        "the components give each seat exactly nine sellers and nothing says to make more",
        kind="gap", affects=("legal actions", "scores")),
    Option(
        "TIN-A8", "rounding", ("TIN-6.9",), SCORING,
        "How are shared points rounded?",
        (R("down", "every share is rounded down"),
         R("up", "every share is rounded up")),
        "down",
        "the text says to round down and the scoring example (two and two sellers on the "
        "mango stall: 3 points each) confirms it",
        kind="settled", settled_by="the scoring example: mango stall 2 and 2 gives 3 each"),
    Option(
        "TIN-A9", "cart-start", ("TIN-2.3", "TIN-7.3"), SETUP,
        "Where does the cart stand when a later round begins? The set-up puts it on "
        "bananas 'at the start of the game'.",
        (R("bananas", "back on bananas at the start of every round"),
         R("stays", "it stays where the last round left it"),
         R("dealer-chooses", "the dealer puts it on any stall in play before every round,"
                             " the first one included, as the Japanese editions let it"
                             " start on any stall (this reading sets TIN-2.3 aside)")),
        "bananas",
        "a new round repeats the set-up, of which the cart's place is part",
        kind="gap", affects=("legal actions", "scores")),
    Option(
        "TIN-A10", "sellers-between-rounds", ("TIN-2.5", "TIN-7.3"), SETUP,
        "Do the sellers go back to their owners after a round is scored?",
        (R("return", "yes: every round starts with empty stalls and nine sellers a seat"),
         R("stay", "no: sellers stay on the stalls and count again in later rounds")),
        "return",
        "a stall is scored per round and the set-up hands out the sellers afresh",
        kind="gap", affects=("legal actions", "scores")),
    Option(
        "TIN-A11", "trump-stall", ("TIN-6.5", "TIN-6.6", "TIN-6.15"), SCORING,
        "What is the trump stall worth? This rulebook adds 1 for its majority; a Japanese "
        "edition scores it 6 and 3.",
        (R("plus-one", "6 for first and 2 for second (this rulebook)"),
         R("six-three", "6 for first and 3 for second (a Japanese edition, as reported "
                        "by tk-game-diary.net)")),
        "plus-one",
        "this is the rulebook being specified; the other edition's table is kept as a "
        "reading",
        kind="contradiction", found_by="comparing editions"),
    Option(
        "TIN-A12", "empty-round-among", ("TIN-6.11", "TIN-7.3"), SCORING,
        "Among which seats is 'the best-scoring player of that round' sought, the score an "
        "empty-round seat is levelled with? With sellers staying on the stalls an empty "
        "seat can own majorities from earlier rounds, and then the choice can lower it.",
        (R("played", "the best round score among the seats not in an empty round"),
         R("others", "the best round score among all the other seats, empty ones included "
                     "(as scored before the rule)"),
         R("all", "the best round score of all seats, the seat's own included"),
         R("at-least", "the best among the seats that played, or the seat's own score if "
                       "that is higher: the rule only ever raises")),
        "all",
        "the text leaves no seat out; counting the seat's own score too, it ends level with "
        "the round's best and never below its own score (proved, TIN-P13), whereas leaving "
        "empty seats out can lower one even with sellers going back (TIN-P10, TIN-P11)",
        affects=("scores", "winner")),
    Option(
        "TIN-A13", "lone-card", ("TIN-6.14", "TIN-6.2", "TIN-3.5", "TIN-6.11"), SCORING,
        "Is a single card a trick won, when every other seat placed a seller instead of "
        "playing?",
        (R("trick", "yes: it is a trick like any other, worth 2 points"),
         R("no-trick", "no: a trick needs cards from several seats, so the lone card earns "
                       "nothing and is no trick won (for the empty round too); its seat "
                       "still keeps the card and starts the next trick")),
        "trick",
        "the trick is awarded once every seat has had its chance to play (TIN-3.5), and "
        "the points are per trick won, not per card (TIN-6.2)",
        affects=("scores", "winner"), found_by="the sweep of the catalogue's"
        " assumptions (TIN-6.14 named the rival reading)"),
)

CATALOGUE = Catalogue("TIN", CLAUSES, OPTIONS)
