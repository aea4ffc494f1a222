"""The Tanuki Market clause catalogue: our wording of every rule, with its section.

Clause IDs follow the rulebook's order: TAN-1 components and set-up, TAN-2 the deal onto
the carts (real time), TAN-3 laying out, TAN-4 end of a round, TAN-5 end of the game and
scoring, TAN-6 end-of-game effects, TAN-7 the special-carts variant, TAN-8 the solo
game, TAN-9 how this model writes and shows the game. Options TAN-A* are the readings of
what the text leaves open.
"""
from __future__ import annotations

from spec.common.rules import Catalogue, Clause, Option, Reading

C = Clause
COMP, SETUP, ROUND, CONDUCT = "Components", "Setup", "Round Order", \
    "Round Order / Rules of conduct for players during the round"
LAY, MOVING, END_ROUND, END = ("Lay out the fruit on the tables / General rules",
                               "Lay out the fruit on the tables / Moving fruit",
                               "End of the round", "End of the Game")
EFFECTS, SPECIAL, SOLO = "End-of-Game Card Effects", "Variant: Special Carts", \
    "Solo Game: Try to Beat the Author"

CLAUSES = (
    # --- 1. components and set-up ---------------------------------------------------------
    C("TAN-1.1", "The deck holds 72 fruit cards: 24 strawberries (S), 16 figs (F), 16 bananas"
      " (B), 8 pineapples (P), 8 watermelons (W). A card's dots (3, 2 or 1) tell how many"
      " cards of its fruit the deck holds: 3 for strawberries, 2 for figs and bananas, 1 for"
      " pineapples and watermelons.", COMP),
    C("TAN-1.2", "Some fruit cards carry an effect: move (applied when laid) or one of the"
      " four end-of-game effects replace, favorite, five, bitten.", COMP),
    C("TAN-1.3", "Which cards carry which effect is not printed in the rulebook. Assumed:"
      " every fruit carries every effect, about in proportion to its count -- strawberries"
      " 4 move and 2 of each other effect; figs and bananas 3 move and 1 of each other;"
      " pineapples and watermelons 1 of each effect -- so half the deck is plain. The list"
      " lives in one table (cards.COMPOSITION); a set-up may replace it ('cards')."
      " Under this list 36 of the 54 cards of the two-player and solo deck carry an effect"
      " (the 18 removed cards are all plain), so Thursday's automaton, paid 10 points per"
      " card with an effect (TAN-8.12), scores far more than on the other days; a list with"
      " fewer effect cards would weaken it.",
      COMP, "assumption",
      "No public source lists the effects (publisher pages and reviews checked); the"
      " rulebook's scoring example needs at least B/bitten, F/five, F/favorite, W/five,"
      " S/replace, S/favorite, P/favorite and P/bitten, which the list has."),
    C("TAN-1.4", "With two players, the 18 cards with the two-player icon leave the game.",
      SETUP),
    C("TAN-1.5", "Which 18 cards bear the two-player icon is not printed. Assumed: a quarter"
      " of each fruit (6 S, 4 F, 4 B, 2 P, 2 W), all plain cards, so the 54-card deck keeps"
      " the dots' proportions and every effect card.", COMP, "assumption",
      "No public source; a quarter of each fruit keeps the dots meaningful (18 = 72 / 4)."),
    C("TAN-1.6", "As many cart cards as players lie in the centre, numbered from 1. A cart"
      " holds at most 3 cards, the Taco and Granny cards included. Settled against a rival"
      " reading, '3 fruit cards, with Taco and Granny riding on top' (the components call"
      " the cart's number the most fruit cards it holds): the rules of conduct count Taco"
      " and Granny among the 3 in so many words, and a French review of the game confirms"
      " three cards per cart, the Taco card included. Special carts: TAN-7.2.", SETUP),
    C("TAN-1.7", "Each seat has five tables numbered 1 to 5 from left to right.", SETUP),
    C("TAN-1.8", "The fruit cards are shuffled face down; Granny is put so that 15 cards lie"
      " under it (the 16th card from the bottom): 15 cards are counted off the top, Granny"
      " goes on them and those 16 go under the rest. With 15 fruit cards or fewer (a"
      " set-up's own list) the count takes them all, so all of them lie under Granny:"
      " Granny is the top card and the first round is the last. (Granny on top, not at the"
      " bottom, is what the counting step gives; Granny at the bottom would also leave no"
      " card at all for the last round.)", SETUP),
    C("TAN-1.9", "The first leader (who most recently ate fruit) holds Taco the Thief: drawn"
      " from the seed unless the set-up names the seat.", SETUP),
    # --- 2. the deal ------------------------------------------------------------------------
    C("TAN-2.1", "The seat holding Taco the Thief is the leader of the round; first of all it"
      " puts the Taco card on one of the carts.", ROUND),
    C("TAN-2.2", "The leader then draws the deck's top card, which only the leader sees."
      " Modelled: drawing is not a choice -- the engine draws for the leader whenever the"
      " leader holds no card, the deal goes on and a cart on the table can still take a"
      " card. One exception: in the solo game, once the automaton has its cart, going on"
      " is the player's choice (draw, TAN-8.8, solo-stop=before-draw).", ROUND),
    C("TAN-2.3", "With a drawn card the leader either keeps it and takes one cart (keep N),",
      ROUND),
    C("TAN-2.4", "or places it face up on one cart of the table that is not full (place N).",
      ROUND),
    C("TAN-2.5", "The leader goes on drawing and deciding until every seat has a cart or"
      " every cart left on the table is full.", ROUND),
    C("TAN-2.6", "From the moment Taco is down, every seat without a cart may take any one"
      " cart of the table, full or not, with whatever lies on it, at any moment -- even"
      " while the leader is deciding about a drawn card. Several seats may act at once: the"
      " model lists every seat's enabled actions together (no turn order). A cart with no"
      " card on it: see TAN-2.16.", CONDUCT),
    C("TAN-2.7", "No cart ever holds more than 3 cards (Taco and Granny count); the leader"
      " places cards so that everyone sees them.", CONDUCT),
    C("TAN-2.8", "The leader may keep the drawn card and take a cart that is full with it,"
      " getting 4 cards; the kept card is then shown to everyone.", CONDUCT),
    C("TAN-2.9", "A leader who has taken a cart goes on dealing cards onto the carts left"
      " for the others; it lays out its own cards later.", CONDUCT),
    C("TAN-2.10", "When only full carts are left on the table the leader stops; a drawn card"
      " still in the leader's hand goes back on top of the deck; then every seat without a"
      " cart takes one of those carts (whoever is quicker).", CONDUCT),
    C("TAN-2.11", "As soon as every seat (the leader too) has one cart, the deal ends and"
      " laying out starts (a card still in the leader's hand: TAN-2.17).", CONDUCT),
    C("TAN-2.12", "A seat takes one cart per round.", CONDUCT),
    C("TAN-2.13", "The leader with a drawn card is given two choices, keep it with a cart or"
      " place it, while 'any player may take any one cart at any moment, even while the"
      " leader thinks about the drawn card' could include the leader itself: whether the"
      " leader may take a cart without the card is option leader-take.", CONDUCT, "gap"),
    C("TAN-2.14", "Worked example (Yaroslav and Varvara): the leader holds a fig; the other"
      " seat takes the cart with the pineapple and Taco; the only cart left is full, so the"
      " fig goes back on the deck and the leader takes that cart with its 3 cards. Had the"
      " leader been quicker, keeping the fig with the full cart would have given 4 cards.",
      "Round Order / Example"),
    C("TAN-2.15", "The rulebook does not say what happens when the leader must draw and the"
      " deck is empty (possible only with a set-up's own, shorter deck): see option"
      " deck-out.", ROUND, "gap"),
    C("TAN-2.16", "The rulebook lets seats take carts that are not full, with the cards on"
      " them, but does not say whether a cart with no card at all may be taken -- right"
      " after Taco is down every cart but Taco's is empty: see option empty-cart.",
      CONDUCT, "gap"),
    C("TAN-2.17", "The rulebook sends a drawn card back on top of the deck only when just full"
      " carts are left (TAN-2.10); it does not say what becomes of the card the leader holds"
      " when the last seat without a cart takes one: see option drawn-card. Either way the"
      " event names the card when it is Granny (Granny is shown to all).", CONDUCT, "gap"),
    # --- 3. laying out ----------------------------------------------------------------------
    C("TAN-3.1", "When the deal is over each seat lays the cards it got, in the order it"
      " likes, face up on its tables; seats lay out at the same time, each at its own pace"
      " (lay CARD).", LAY),
    C("TAN-3.2", "A table holds one fruit only, any number of cards of it.", LAY),
    C("TAN-3.3", "A fruit not yet on the seat's tables goes to the leftmost free table.", LAY),
    C("TAN-3.4", "A fruit already on a table goes to that table.", LAY),
    C("TAN-3.5", "A card with the move effect must be applied at once after it is laid: all"
      " cards of its table go to the table just left or right of it; if that table holds"
      " another fruit, the two fruits change places (move left / move right).", MOVING),
    C("TAN-3.6", "Moves go only between neighbouring tables: never from table 1 to table 5"
      " or back, never past table 1 or table 5.", MOVING),
    C("TAN-3.7", "Nothing else ever moves cards between tables.", MOVING),
    C("TAN-3.8", "Worked example (Zoya): bananas on table 1, figs on table 2, strawberries on"
      " table 3; her cart holds two bananas and a strawberry with the move effect; the"
      " bananas join table 1, the strawberry joins table 3 and moves the strawberries to"
      " table 4 (or to table 2, changing places with the figs). After a move to 4, table 3"
      " is the leftmost free table.", "Lay out the fruit on the tables / Example"),
    # --- 4. end of the round ----------------------------------------------------------------
    C("TAN-4.1", "Once every seat has laid out, the carts go back to the centre and the seat"
      " that took the Taco card is the next round's leader.", END_ROUND),
    # --- 5. end of the game -----------------------------------------------------------------
    C("TAN-5.1", "When Granny comes off the deck, the round in play is the last one.", END),
    C("TAN-5.2", "The leader deals Granny like a fruit card: keeps it with a cart or places it"
      " on a cart.", END),
    C("TAN-5.3", "The game ends when that round ends.", END),
    C("TAN-5.4", "Each fruit card scores the number of the table it lies on.", END),
    C("TAN-5.5", "The Taco card and the Granny card each give 3 bonus points to the seat"
      " holding it at the end.", END),
    C("TAN-5.6", "Most points wins; on a tie, the most bonus points; if still tied, all"
      " tied seats win.", END),
    C("TAN-5.7", "Bonus points, for that tie-break, are the points the rulebook itself calls"
      " bonus: 3 for Taco, 3 for Granny (TAN-5.5) and 5 for each fruit-salad card (TAN-7.5)."
      " Favorite Fruit and 5 Different Fruits are not bonus points: the rulebook calls what"
      " they give 'victory points', and its scoring example counts them inside the tables'"
      " totals while only Taco's 3 appear under bonus points.", END),
    # --- 6. end-of-game effects -------------------------------------------------------------
    C("TAN-6.1", "Replacement: every card on that table scores the number on the"
      " Replacement card (3) instead of the table's number, even when that is lower.",
      "End-of-Game Card Effects / Replacement"),
    C("TAN-6.2", "Favorite Fruit: 3 points for each set on its table: 3 strawberries, 2 figs,"
      " 2 bananas, or each single pineapple or watermelon.",
      "End-of-Game Card Effects / Favorite Fruit"),
    C("TAN-6.3", "5 Different Fruits: 3 points for each complete set of the five fruits"
      " among the seat's tables. Cards on the fruit-salad pile (TAN-7.5) do not count:"
      " they lie face down off the tables and their own effects no longer apply. (A rival"
      " reading counts every fruit card the seat owns, the salad pile included; the text's"
      " sets are the fruit on the tables, and the salad card is only worth its 5 bonus"
      " points.)", "End-of-Game Card Effects / 5 Different Fruits"),
    C("TAN-6.4", "Bitten Fruit: 3 points less for each card with a bitten fruit.",
      "End-of-Game Card Effects / Bitten Fruit"),
    C("TAN-6.5", "The rulebook advises beginners to leave the end-of-game effects out"
      " (option effects=off).", EFFECTS, "setting"),
    C("TAN-6.6", "Worked example (scoring): 2 bananas (one bitten) on table 1, 5 figs (one"
      " five, one favorite) on table 2, 2 watermelons (one five) on table 3, 5 strawberries"
      " (one replace, one favorite) on table 4, 2 pineapples (one favorite, one bitten) on"
      " table 5, and Taco: -1 + 22 + 12 + 18 + 13 + 3 = 67. It shows that each card with"
      " an effect scores on its own (two five cards score the two sets twice) and that"
      " Replacement also lowers a table.", "End-of-Game Card Effects / Scoring Example"),
    C("TAN-6.7", "Assumed: every Replacement card shows the number 3 (the one the rulebook"
      " names).", EFFECTS, "assumption", "The rulebook's text and example name only 3."),
    # --- 7. special carts -------------------------------------------------------------------
    C("TAN-7.1", "Special carts: the special cart cards replace the plain ones, one per"
      " player, the others go back to the box. Which ones: drawn from the seed, or named by"
      " the set-up ('carts').", "Variant: Special Carts"),
    C("TAN-7.2", "A special cart holds at most 3 cards, except the small cart (2) and the"
      " large cart (4). Whether Taco and Granny count in those numbers, as on a plain cart,"
      " is option special-capacity.", "Variant: Special Carts / Large and Small Cart"),
    C("TAN-7.3", "Cart with a secret: the leader places fruit cards on it face down (Granny"
      " and Taco face up); only the leader knows them. Decided for the views: the leader"
      " and, once taken, the seat that took it see those cards until they are laid out;"
      " the leader keeps seeing them in the taker's haul (it placed them and knows them);"
      " every other seat sees only how many there are.",
      "Variant: Special Carts / Cart with a Secret"),
    C("TAN-7.4", "Move Fruit cart: the seat that took it may move all cards of the fruit the"
      " cart names to the table left or right, swapping with another fruit there"
      " (shift X left / shift X right), or decline (skip). Modelled: after that seat has"
      " laid its whole haul; with none of that fruit on its tables nothing happens.",
      "Variant: Special Carts / Move Fruit"),
    C("TAN-7.5", "Fruit Salad cart: after laying out, the seat that took it may put one card"
      " of the named fruit from its tables face down on its salad pile (salad X or salad"
      " CARD, TAN-9.1), or"
      " decline (skip); the card's effect no longer counts; each salad card is worth 5"
      " bonus points.", "Variant: Special Carts / Fruit Salad"),
    C("TAN-7.6", "Assumed: the five special carts are the large, the small, the secret, one"
      " Move Fruit and one Fruit Salad cart; the fruit a Move Fruit or Fruit Salad cart"
      " names is drawn from the seed (each fruit alike) unless the set-up names it"
      " (move-S, salad-W).", "Variant: Special Carts", "assumption",
      "No public source says which fruit those carts name; the components list gives 5"
      " special carts."),
    # --- 8. solo ----------------------------------------------------------------------------
    C("TAN-8.1", "Solo: the player picks a day of the week (option day); it sets when the"
      " automaton takes a cart and how it scores.", "Solo Game / 1. Setup"),
    C("TAN-8.2", "Taco goes back to the box; the game is set up as for two players (two"
      " carts), with one set of tables, the player's.", "Solo Game / 1. Setup"),
    C("TAN-8.3", "The player is the leader all game and may always keep a drawn card and"
      " take a cart: nobody is quicker.", "Solo Game / 2. Distribute"),
    C("TAN-8.4", "Placed cards alternate between the carts: the first placement goes on"
      " either cart, the next on the other, and so on.", "Solo Game / 2. Distribute"),
    C("TAN-8.5", "After each placement, the dots of all fruit cards on both carts are added;"
      " at the day's threshold or above, the automaton takes a cart.",
      "Solo Game / 2. Distribute"),
    C("TAN-8.6", "The automaton's choice, first that applies: the cart with more watermelons"
      " and pineapples; else the one with more bananas and figs; else the one with more"
      " strawberries.", "Solo Game / 2. Distribute"),
    C("TAN-8.7", "If none of those tells the carts apart, the player chooses the automaton's"
      " cart (give N).", "Solo Game / 2. Distribute"),
    C("TAN-8.8", "If the automaton took a cart first, the player may go on adding cards to"
      " its own cart until it is full, and takes it when it likes (take N). Whether it"
      " decides before drawing the next card (draw, then keep or place it) or after seeing"
      " it (the card then goes back on the deck) is option solo-stop.",
      "Solo Game / 2. Distribute"),
    C("TAN-8.9", "If the player took a cart first, the player goes on placing cards on the"
      " other cart until it is full; the automaton then takes it.",
      "Solo Game / 2. Distribute"),
    C("TAN-8.10", "If both carts are full, the player takes one cart and the automaton gets"
      " the other.", "Solo Game / 2. Distribute"),
    C("TAN-8.11", "The player lays out as usual; the automaton's cards go on one pile that"
      " everyone may look through.", "Solo Game / 3. Lay out"),
    C("TAN-8.12", "The automaton scores its pile by the day's table, plus 3 if it has"
      " Granny. Monday: threshold 10, 3 per card; Tuesday: 8, 3 per S/F/B and 7 per P/W;"
      " Wednesday: 9, 4 per card; Thursday: 9, 10 per card with an effect; Friday: 10,"
      " 5 per S and 4 per other card; Saturday: 9, 6 per card; Sunday: 8, 9 per card."
      " Thursday's 'any effect' includes the move effect (a rival reading would count only"
      " the end-of-game effects, since the automaton never lays its cards and so never"
      " applies a move; the table says any effect, and the card still carries it).",
      "Solo Game / Table for each day of the week"),
    C("TAN-8.13", "Modelled: the automaton is not a seat; its moves are events of the"
      " engine. scores() lists the player's score only; view_extra['automaton'] gives the"
      " automaton's pile, score and the day's threshold, and at the end who won"
      " ('player', 'automaton' or 'both'); winners() is [0] when the player wins (alone or"
      " with the automaton), [] otherwise. A tie: option solo-tie.", SOLO, "setting"),
    C("TAN-8.14", "Modelled: the solo game's first card is drawn as part of the set-up: the"
      " state new() returns already holds it in the player's hand (the view shows it to the"
      " player), and no event reports that draw, since a set-up returns no events; every"
      " later draw is an event.", SOLO, "setting"),
    # --- 9. the model -----------------------------------------------------------------------
    C("TAN-9.1", "Actions: taco N, keep N, place N, take N, lay CARD, move left|right;"
      " special carts: shift X left|right, salad X or salad CARD, skip; solo: give N, draw"
      " (go on filling one's cart, solo-stop=before-draw). Carts"
      " and tables are numbered from 1, seats from 0; a seat prefix (p1: take 2) is needed"
      " when several seats could make the same action. salad X (a fruit letter) takes the"
      " plain card of that fruit if there is one, else the first card of that fruit in"
      " table order (in haul order, face-up first, with salad-move=haul); salad S/five"
      " takes that very card.", "Round Order", "setting"),
    C("TAN-9.2", "Set-up keys: leader (seat), deck (top first, GRANNY where it lies; the"
      " rest follows shuffled), carts (cart kinds, cart 1 first), cards (replaces the card"
      " list), tables (cards already on each seat's tables, five lists per seat). A set-up"
      " that breaks the components is refused.", SETUP, "setting"),
    C("TAN-9.3", "Views: the deck shows its size only; the leader's drawn and kept cards are"
      " seen by the leader only (a kept card with a full cart, and Granny, are shown to"
      " all); the secret cart as in TAN-7.3; everything on the tables is public.",
      CONDUCT, "setting"),
)


def _opt(id_, name, clauses, section, question, readings, default, reason, **kw) -> Option:
    return Option(id_, name, tuple(clauses), section, question,
                  tuple(Reading(v, t) for v, t in readings), default, reason, **kw)


BASE = (None, "special-carts")
OPTIONS = (
    _opt("TAN-A1", "full-cart-keep", ("TAN-2.8", "TAN-2.10", "TAN-2.14"), CONDUCT,
         "The leader may keep a drawn card with a full cart (4 cards), yet must put the card"
         " back when only full carts are left: which rule wins when a leader without a cart"
         " holds a card and only full carts remain?",
         (("example", "the card goes back on the deck; keeping it with a full cart is"
           " possible only while some cart on the table is not full"),
          ("keep-full", "a leader without a cart may still keep it with a full cart (4"
           " cards); the card goes back only when the leader already has a cart")),
         "example",
         "the Yaroslav/Varvara example settles the two-player case where the leader lacks a"
         " cart: the fig goes back. It does not settle whether keeping with a full cart"
         " needs a non-full cart elsewhere in other cases; we read it so.",
         affects=("legal actions", "scores"), kind="contradiction",
         settled_by="Round Order / Example (Yaroslav and Varvara), for two players",
         variants=BASE),
    _opt("TAN-A2", "leader-after-cart", ("TAN-2.5", "TAN-2.9"), CONDUCT,
         "Once the leader has taken a cart, does it go on drawing cards for the others?",
         (("continue", "yes: it deals onto the carts left until every seat has one or they"
           " are all full"),
          ("stop", "no: the deal is over for the leader; seats without a cart take the carts"
           " as they are")),
         "continue", "the rules of conduct say so in so many words",
         affects=("legal actions", "scores"), variants=BASE),
    _opt("TAN-A3", "swap", ("TAN-2.6", "TAN-2.12"), CONDUCT,
         "May a seat that already took a cart put it back and take another one?",
         (("no", "no: a cart once taken is kept"),
          ("yes", "yes: while the deal lasts, a seat with a cart may exchange it for a cart"
           " of the table (the leader's kept card stays with the leader)")),
         "no", "the text only ever lets seats 'without a cart' take one",
         affects=("legal actions", "termination"), variants=BASE),
    _opt("TAN-A4", "favorite-count", ("TAN-6.2",), EFFECTS,
         "Two Favorite Fruit cards on one table: do both score the table's sets?",
         (("card", "each Favorite Fruit card scores the sets of its table"),
          ("table", "a table scores its sets once, however many Favorite Fruit cards")),
         "card", "the scoring example counts 5 Different Fruits per card (two cards, twice)",
         affects=("scores",)),
    _opt("TAN-A5", "replacement-stack", ("TAN-6.1", "TAN-6.7"), EFFECTS,
         "When one table holds two Replacement cards, is each of its cards worth 3 (the"
         " table's number replaced by 3, however often that is done) or 3 for each"
         " Replacement card (6 with two)?",
         (("once", "the table is worth 3 per card, however many Replacement cards"),
          ("each", "each Replacement card applies: 3 per card per Replacement card")),
         "once", "a replacement of the table's number by 3 gives 3 however often it is done",
         affects=("scores",)),
    _opt("TAN-A6", "edge-move", ("TAN-3.5", "TAN-3.6"), MOVING,
         "A move card laid on table 1 or table 5 can go one way only: must it?",
         (("inward", "yes: the move is mandatory, so it goes the only possible way"),
          ("optional", "the seat may move inward or skip"),
          ("void", "the effect lapses: it cannot be applied as written (left or right)")),
         "inward", "the effect is mandatory and one direction remains possible",
         affects=("legal actions", "scores")),
    _opt("TAN-A7", "granny-full", ("TAN-5.2", "TAN-2.7", "TAN-2.10"), END,
         "The leader holds Granny and only full carts remain (or none): where does Granny go?",
         (("like-card", "like a fruit card: back on the deck (the round stays the last;"
           " Granny then scores for nobody)"),
          ("fourth", "Granny must be dealt: it may go on a full cart as a 4th card, or with"
           " the leader's own cart when no cart is left")),
         "like-card", "the capacity rule names Granny explicitly",
         affects=("legal actions", "scores"), variants=BASE),
    _opt("TAN-A8", "deck-out", ("TAN-2.15", "TAN-5.3"), ROUND,
         "The leader must draw but the deck is empty (only with a set-up's own deck):",
         (("last-round", "the deal stops as when all carts are full: every seat without a"
           " cart takes one as it is; this round is the last"),
          ("lay-out", "the round ends at once: seats without a cart get nothing; this round"
           " is the last")),
         "last-round", "the nearest rule: the leader stops when no card can be dealt",
         affects=("scores", "termination"), kind="gap"),
    _opt("TAN-A9", "effects", ("TAN-6.5",), EFFECTS,
         "Play with the end-of-game card effects?",
         (("on", "Replacement, Favorite Fruit, 5 Different Fruits and Bitten Fruit score"),
          ("off", "beginners: cards only score their table's number (move still applies)")),
         "on", "the full game; the rulebook advises 'off' for first games",
         affects=("scores",), kind="setting"),
    _opt("TAN-A10", "large-keep", ("TAN-2.8", "TAN-7.2"), SPECIAL,
         "May the leader keep a drawn card with the full large cart (5 cards)?",
         (("allowed", "yes: 'up to 4 cards' is the arithmetic of a 3-card cart"),
          ("four-max", "no: the leader never gets more than 4 cards in a round")),
         "allowed", "the rule is about taking a full cart; 4 follows from plain carts",
         affects=("legal actions", "scores"), variants=("special-carts",)),
    _opt("TAN-A11", "salad-move", ("TAN-7.5", "TAN-3.5"), SPECIAL,
         "Fruit Salad says a removed card's effect is not applied: for a move card, is the"
         " salad taken before the card is laid?",
         (("tables", "the salad card comes from the tables after laying out; a move already"
           " made stands"),
          ("haul", "the salad card may be set aside from the haul instead of being laid, so"
           " its move never happens")),
         "tables", "the text has the salad made after the laying out, from the tables",
         affects=("scores", "legal actions"), variants=("special-carts",)),
    _opt("TAN-A12", "day", ("TAN-8.1", "TAN-8.12"), SOLO,
         "Which day of the week is played?",
         tuple((d, f"{d.capitalize()}'s threshold and scoring") for d in
               ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
                "sunday")),
         "monday", "the first day of the week", affects=("scores", "legal actions"),
         kind="setting", variants=("solo",)),
    _opt("TAN-A13", "prefer-compare", ("TAN-8.6",), SOLO,
         "'More watermelons and/or pineapples' (and 'bananas and/or figs'): counted"
         " together, or fruit by fruit?",
         (("sum", "compare the two fruits' total on each cart"),
          ("each", "a cart is preferred only if it has at least as many of each of the two"
           " fruits and more of one; otherwise go to the next preference")),
         "sum", "'and/or' reads most simply as the two together",
         affects=("scores", "legal actions"), variants=("solo",)),
    _opt("TAN-A14", "threshold-check", ("TAN-8.5", "TAN-8.10"), SOLO,
         "A placement fills both carts and reaches the threshold: which comes first?",
         (("check-first", "the threshold check follows every placement, the last one too:"
           " the automaton chooses"),
          ("full-first", "two full carts: the player takes first, the automaton gets the"
           " other")),
         "check-first", "the check is made 'each time' a card is placed",
         affects=("scores", "legal actions"), variants=("solo",)),
    _opt("TAN-A15", "never-reached", ("TAN-8.10", "TAN-8.6"), SOLO,
         "Both carts are full and the threshold was never reached: who chooses first?",
         (("player-first", "the player takes a cart; the automaton gets the other"),
          ("automaton-prefers", "the automaton takes by its preferences (the player breaks a"
           " tie); the player gets the other")),
         "player-first", "the last line of the preference list says so",
         affects=("scores", "legal actions"), variants=("solo",)),
    _opt("TAN-A16", "solo-deck", ("TAN-8.2", "TAN-1.4"), SOLO,
         "'Set up as for two players': are the 18 two-player cards removed?",
         (("two-player", "yes: the 54-card deck"), ("full", "no: all 72 cards")),
         "two-player", "set-up for two players includes that step",
         affects=("scores", "termination"), variants=("solo",)),
    _opt("TAN-A17", "shift-timing", ("TAN-7.4",), SPECIAL,
         "When may the Move Fruit cart's shift be made?",
         (("after", "once the seat has laid its whole haul"),
          ("any", "at any point of the seat's laying out (once)")),
         "after", "the Fruit Salad cart acts after laying out; we time both alike",
         affects=("scores", "legal actions"), kind="gap", variants=("special-carts",)),
    _opt("TAN-A18", "empty-cart", ("TAN-2.6", "TAN-2.16"), CONDUCT,
         "May a seat take a cart with no card on it (e.g. right after Taco is down, every"
         " cart but Taco's)?",
         (("allowed", "yes: a seat may take an empty cart and gets no card from it (cards"
           " dealt later go on the other carts)"),
          ("needs-card", "not while the deal goes on: an empty cart may be taken only once"
           " the leader deals no more cards (the deal has stopped with empty carts left,"
           " e.g. leader-after-cart=stop or an empty deck)")),
         "allowed",
         "the rules of conduct let a seat take any cart, full or not, and set no lower"
         " limit; that the taker gets the cards lying on it says what it gets, it does not"
         " demand a card",
         affects=("legal actions", "scores"), kind="gap",
         found_by="review of the real-time rules (what may be taken right after Taco)",
         variants=BASE),
    _opt("TAN-A19", "drawn-card", ("TAN-2.17", "TAN-2.10", "TAN-2.11"), CONDUCT,
         "The leader holds a drawn card when the last seat without a cart takes one, so the"
         " card can go on no cart: where does it go?",
         (("top", "back on top of the deck, as when only full carts are left: the leader"
           " knows the next round's first card"),
          ("bottom", "under the deck: nobody knows the next card (the card is then drawn"
           " only if the deck runs that far)")),
         "top", "the only rule that puts an undealt drawn card anywhere sends it back on top",
         affects=("scores", "information"), kind="gap",
         found_by="clause-by-clause audit (the card went back in 7 deals of one seeded"
         " two-player game)", variants=BASE),
    _opt("TAN-A20", "leader-take", ("TAN-2.13", "TAN-2.3", "TAN-2.6"), CONDUCT,
         "May the leader, holding a drawn card, take a cart without keeping the card?",
         (("keep-only", "no: with a drawn card the leader keeps it with a cart or places it"),
          ("any", "yes: 'any player may take any one cart' includes the leader; the card"
           " stays in its hand and it deals it on (or it goes back when no cart can take"
           " it)")),
         "keep-only", "the rulebook gives the leader with a drawn card exactly two actions,"
         " A and B; the 'any player' sentence is about the others acting while it thinks",
         affects=("legal actions", "scores"), kind="gap",
         found_by="clause-by-clause audit", variants=BASE),
    _opt("TAN-A21", "special-capacity", ("TAN-7.2", "TAN-2.7", "TAN-1.6"), SPECIAL,
         "Do Taco and Granny count in a special cart's capacity (3; small 2, large 4)?",
         (("cards", "yes: every card counts, as on a plain cart (the small cart with Taco"
           " takes one fruit card)"),
          ("fruit", "no: the numbers count fruit cards; Taco and Granny ride on top (the"
           " small cart with Taco still takes two fruit cards)")),
         "cards", "the variant's own text says 'cards', and the rules of conduct count Taco"
         " and Granny on every cart; only the components say 'fruit cards'",
         affects=("legal actions", "scores"), kind="contradiction",
         found_by="clause-by-clause audit", variants=("special-carts",)),
    _opt("TAN-A22", "solo-tie", ("TAN-8.13", "TAN-5.6", "TAN-5.7"), SOLO,
         "The player and the automaton end with the same points: who wins?",
         (("strict", "the automaton: the player must beat it, so a tie is a loss"),
          ("bonus", "the base game's tie-break: more bonus points wins (the player's Granny"
           " against the automaton's); still tied, both win")),
         "strict", "the solo game is a challenge to beat the author; a tie does not beat him",
         affects=("scores", "winner"), kind="gap",
         found_by="clause-by-clause audit", variants=("solo",)),
    _opt("TAN-A23", "solo-stop", ("TAN-8.8", "TAN-2.2"), SOLO,
         "Once the automaton has its cart, does the player decide to stop before or after"
         " seeing the next card?",
         (("before-draw", "before: the player either takes its cart (take N) or draws on"
           " (draw) and must then keep or place the card"),
          ("after-draw", "after: the card is drawn at once; the player may still take its"
           " cart, and the card goes back on top of the deck, to be drawn next round")),
         "before-draw", "a drawn card may only be kept or placed; the solo rules never send"
         " one back, and 'you may continue adding cards' is a choice made before drawing",
         affects=("legal actions", "scores", "information"), kind="gap",
         found_by="clause-by-clause audit", variants=("solo",)),
)

CATALOGUE = Catalogue("TAN", CLAUSES, OPTIONS)
