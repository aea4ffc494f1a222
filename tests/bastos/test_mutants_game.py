"""Bastos!: the rare situations of the moves' effects, with their exact events (written
against the mutants of ``spec/bastos/game.py`` that ``make mutate`` found alive).

Pinned down here, each through the public API with the rule ID and full text of every
event: the shared win at the end of the game, reached by a short last round whose only
cards were the picks (BAS-8.3, BAS-8.4); a value change that stays at the floor under
adjust-range=clamp and a trump declared at the floor (BAS-1.3, BAS-5.2); the trick no card
can win under the two other readings of no-winner (BAS-A7); the all-Bastos! trick given to
the leader under own-colour-overlap=trick-rule (BAS-A10); a trump among the discards under
all-discard=leader-wins (BAS-A4); an own-colour highest follower under follow-own=literal
(BAS-A12); the adjust guards on 'pass' under adjust-obligation=may; and the check that
nobody owes a value change before the Bastos! cards are shown (BAS-I5).

Three players, durian put back in the box, seat 2 deals so seat 0 leads; expected values
are worked by hand from the rulebook's clauses.
"""
from __future__ import annotations

import json

import pytest

import engine
from engine import StateError


def _game(**options: str):
    return engine.load("bastos", players=3, options={"removed-fruit": "durian", **options})


def _run(game, hands, actions, **setup):
    """The state after ``actions`` from a short set-up, and the events of the last one."""
    s = game.new(seed=1, setup={"short": True, "dealer": 2, "hands": hands, **setup})
    events = []
    for a in actions:
        s, events = game.step(s, a)
    return s, _texts(events)


def _texts(events) -> list[tuple[str, str]]:
    return [(e.rule, e.text) for e in events]


def _with_state(game, s, **fields):
    """``s`` with some fields changed, through a dump and ``loads`` (which checks it)."""
    doc = json.loads(game.dumps(s))
    doc["state"].update(fields)
    return game.loads(json.dumps(doc))


def test_a_tie_after_a_last_round_of_picks_only_is_a_shared_win():
    # one card each: the picks empty the hands, so showing them ends the round and the game
    game = _game()
    s, events = _run(game, [["B1"], ["L1"], ["M1"]],
                     ["p0: bastos B1", "p1: bastos L1", "p2: bastos M1"],
                     round=6, totals=[4, 4, 1])
    assert events == [
        ("BAS-3.1", "seat 2 picks its Bastos! card face down"),
        ("BAS-3.2", "seat 0 shows B1: Banana is its Bastos! colour"),
        ("BAS-3.2", "seat 1 shows L1: Lanzones is its Bastos! colour"),
        ("BAS-3.2", "seat 2 shows M1: Mango is its Bastos! colour"),
        ("BAS-3.3", "Banana starts the round at +1 (1 shown)"),
        ("BAS-3.3", "Lanzones starts the round at +1 (1 shown)"),
        ("BAS-3.3", "Mango starts the round at +1 (1 shown)"),
        ("BAS-8.1", "round 6 is scored at the values B +1, L +1, M +1, P 0"),
        ("BAS-8.1", "seat 0 scores 0 (cards won: 0); total 4"),
        ("BAS-8.1", "seat 1 scores 0 (cards won: 0); total 4"),
        ("BAS-8.1", "seat 2 scores 0 (cards won: 0); total 1"),
        ("BAS-8.3", "the game is over: seat 0 and seat 1 share the win (BAS-8.4) with 4"
                    " points"),
    ]
    assert game.is_over(s) and game.scores(s) == [4, 4, 1] and game.winners(s) == [0, 1]
    assert s.trick == () and s.pending == ()


def test_a_change_and_a_declaration_at_the_floor_leave_the_value_at_minus_two():
    game = _game(**{"adjust-range": "clamp"})
    s, _ = _run(game, [["M1", "M2", "P3"], ["L1", "P2", "B5"], ["B1", "L3", "P4"]],
                ["p0: bastos M1", "p1: bastos L1", "p2: bastos B1"])
    s = _with_state(game, s, values=[1, 1, 1, -2, 0])  # pineapple at the floor
    s, events = game.step(s, "play M2")
    assert _texts(events) == [("BAS-4.2", "seat 0 leads M2"),
                      ("BAS-6.2", "M2 is seat 0's own Bastos! colour: it cannot win the trick"),
                      ("BAS-7.1", "seat 0 must change one fruit's value by 1 now")]
    s, events = game.step(s, "adjust P-1")
    assert _texts(events) == [("BAS-1.3", "seat 0 moves Pineapple down, but it stays at its limit -2")]
    s, events = game.step(s, "play P2 trump")
    assert _texts(events) == [
        ("BAS-5.1", "seat 1 cannot follow and declares Pineapple trump with P2"),
        ("BAS-5.2", "Pineapple stays at -2: it is already at the floor (reading"
                    " declare-at-floor=allowed)"),
        ("BAS-5.3", "P2 already counts as a trump")]
    assert game.view(s, None)["table"] == {"B": 1, "L": 1, "M": 1, "P": -2}


# seats 0 and 1 share mango, seat 2 has lanzones; seat 0 leads its colour, seat 1 can only
# follow with its own colour, seat 2 holds no mango and discards: no card can win
NO_WINNER = [["M1", "M2", "B1"], ["M3", "M5", "B2"], ["L1", "B3", "P1"]]
NO_WINNER_PLAY = ["p0: bastos M1", "p1: bastos M3", "p2: bastos L1", "play M2", "adjust B+1",
                  "play M5", "adjust B+1", "play B3"]


def test_no_winner_set_aside_sets_the_trick_aside_and_the_leader_leads_again():
    s, events = _run(_game(**{"no-winner": "set-aside"}), NO_WINNER, NO_WINNER_PLAY)
    assert events == [
        ("BAS-4.1", "seat 2 cannot follow and discards B3"),
        ("BAS-6.2", "no card of the trick can win: it is set aside and seat 0 leads again"
                    " (reading no-winner=set-aside)")]
    assert s.aside == ("M2", "M5", "B3") and s.tricks == ((), (), ()) and s.turn == 0


def test_no_winner_highest_follower_gives_the_trick_to_the_own_colour_follower():
    s, events = _run(_game(**{"no-winner": "highest-follower"}), NO_WINNER, NO_WINNER_PLAY)
    assert events == [
        ("BAS-4.1", "seat 2 cannot follow and discards B3"),
        ("BAS-6.4", "seat 1 wins the trick with M5 (highest follower, though only Bastos!"
                    " cards followed; reading no-winner=highest-follower)")]
    assert s.tricks == ((), ("M2", "M5", "B3"), ()) and s.turn == 1


def test_trick_rule_gives_an_all_bastos_trick_nobody_followed_to_the_leader():
    # every seat plays its own colour, the others discarding theirs (cf. BAS-6.5's set-aside)
    game = _game(**{"own-colour-overlap": "trick-rule"})
    s, events = _run(game, [["M1", "M2", "P1"], ["L1", "L2", "P2"], ["B1", "B2", "P3"]],
                     ["p0: bastos M1", "p1: bastos L1", "p2: bastos B1", "play M2",
                      "adjust P+1", "play L2", "adjust P+1", "play B2", "adjust P+1"])
    assert events == [
        ("BAS-7.1", "seat 2 moves Pineapple from +2 to +3"),
        ("BAS-6.3", "seat 0 wins the trick with M2 (every other seat discarded; every card is"
                    " a Bastos! card, reading own-colour-overlap=trick-rule)")]
    assert s.tricks == (("M2", "L2", "B2"), (), ()) and s.aside == ()


def test_leader_wins_counts_a_trump_right_after_the_lead_as_a_discard():
    # the trump is the second card of the trick, the third a plain discard
    game = _game(**{"all-discard": "leader-wins"})
    s, events = _run(game, [["M1", "M2", "P1"], ["L1", "P2", "L3"], ["B1", "B2", "L4"]],
                     ["p0: bastos M1", "p1: bastos L1", "p2: bastos B1", "play M2",
                      "adjust M-1", "play P2 trump", "play L4"])
    assert events == [
        ("BAS-4.1", "seat 2 cannot follow and discards L4"),
        ("BAS-6.3", "seat 0 wins the trick with M2 (every other seat discarded, a trump"
                    " included, under the reading all-discard=leader-wins)")]


def test_follow_literal_gives_the_trick_to_the_highest_follower_of_its_own_colour():
    game = _game(**{"follow-own": "literal"})
    s, events = _run(game, [["M1", "M2", "B1"], ["M3", "M8", "B2"], ["L1", "M5", "B3"]],
                     ["p0: bastos M1", "p1: bastos M3", "p2: bastos L1", "play M2",
                      "adjust B+1", "play M8", "adjust B+1", "play M5"])
    assert events == [
        ("BAS-4.1", "seat 2 follows with M5"),
        ("BAS-6.4", "seat 1 wins the trick with M8 (highest follower, its own colour though;"
                    " reading follow-own=literal)")]


def test_pass_under_may_meets_every_adjust_guard():
    # the listing skips implied guards: 'pass' must meet them as every other candidate does
    game = _game(**{"adjust-obligation": "may"})
    s, _ = _run(game, [["M1", "M2", "P1"], ["L1", "L2", "P2"], ["B1", "B2", "P3"]],
                ["p0: bastos M1", "p1: bastos L1", "p2: bastos B1", "play M2"])
    legal = game.legal_actions(s)
    assert "p0: adjust pass" in map(str, legal)
    adjust = game.spec.move("adjust")
    for a in legal:
        for g in adjust.guards:
            assert g.ok(game.config, s, a), f"{a} fails guard {g.rule}"
    s, events = game.step(s, "adjust pass")
    assert _texts(events) == [("BAS-7.1", "seat 0 leaves every value as it is (reading"
                                  " adjust-obligation=may)")]


def test_nobody_owes_a_value_change_before_the_bastos_cards_are_shown():
    # seat 0 has led L3 in the choose phase (a made-up position): with no colour shown, it
    # cannot have played its own, so a change it owes is refused by the check of BAS-7.1
    game = _game(**{"adjust-timing": "before-lead"})
    s = game.new(seed=1, setup={"short": True, "dealer": 2,
                                "hands": [["L3", "M1"], ["L1", "P2"], ["B1", "L4"]]})
    doc = json.loads(game.dumps(s))
    doc["state"].update(hands=[["M1"], ["L1", "P2"], ["B1", "L4"]], trick=["L3"], pending=[0])
    with pytest.raises(StateError) as info:
        game.loads(json.dumps(doc))
    assert str(info.value) == ("BAS-I5: seat 0 owes a change without having played its"
                               " Bastos! colour")


def test_no_trick_begins_before_the_bastos_cards_are_picked():
    # every seat has played a card while the picks are still to be made (a made-up
    # position): BAS-I6 refuses it, where the round's end used to drop the trick's cards
    game = _game()
    s = game.new(seed=1, setup={"short": True, "dealer": 2,
                                "hands": [["B1", "B2"], ["L1", "L2"], ["M1", "M2"]]})
    doc = json.loads(game.dumps(s))
    doc["state"].update(hands=[["B1"], ["L1"], ["M1"]], trick=["B2", "L2", "M2"])
    with pytest.raises(StateError) as info:
        game.loads(json.dumps(doc))
    assert str(info.value) == "BAS-I6: a trick begun before every seat picked its Bastos! card"
