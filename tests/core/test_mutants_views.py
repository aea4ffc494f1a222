"""The visibility vocabulary of ``spec.common.core``, each kind worked by hand for every
kind of seat (the owner, another seat, a spectator), and events as each seat reads them.

Written to kill mutants of the visibility code that the games' own tests left alive
(``make mutate``): a kind no current game declares (``TOPS``) and values no game shows
(an empty stack, a number behind ``HIDDEN``) must still mean what the vocabulary says.
"""
from __future__ import annotations

import pytest

from spec.common.core import (HIDDEN, OWNER, PUBLIC, SECRET, TOPS, Config, Event,
                              apply_visibility, count_of, ev, private_ev, tops_of)

CFG = Config("toy", 3, None, {})
HANDS = (("B3", "M2"), ("L1",), None)


@pytest.mark.parametrize("seat", [0, 1, 2, None])
def test_public_shows_everything_as_json(seat):
    assert apply_visibility(PUBLIC, CFG, None, HANDS, seat) == (
        True, [["B3", "M2"], ["L1"], None])


@pytest.mark.parametrize("seat", [0, 1, 2, None])
def test_secret_shows_nothing(seat):
    assert apply_visibility(SECRET, CFG, None, 12345, seat) == (False, None)


def test_hidden_shows_only_how_many_or_whether_set():
    assert apply_visibility(HIDDEN, CFG, None, ("B3", "M2", "L1"), 0) == (True, 3)
    assert apply_visibility(HIDDEN, CFG, None, (), None) == (True, 0)
    assert apply_visibility(HIDDEN, CFG, None, "B3", 1) == (True, True)
    assert apply_visibility(HIDDEN, CFG, None, None, 1) == (True, False)
    assert apply_visibility(HIDDEN, CFG, None, 0, 1) == (True, True)  # set, though zero


@pytest.mark.parametrize("seat,shown", [
    (0, [["B3", "M2"], 1, False]),
    (1, [2, ["L1"], False]),
    (2, [2, 1, None]),  # its own entry as it is: nothing set
    (None, [2, 1, False]),
])
def test_owner_shows_its_own_entry_and_counts_of_the_others(seat, shown):
    assert apply_visibility(OWNER, CFG, None, HANDS, seat) == (True, shown)


@pytest.mark.parametrize("seat", [0, None])
def test_tops_shows_each_stacks_top_and_size_to_everyone(seat):
    stacks = (("B3", "M2", "L1"), (), ("P4",))
    assert apply_visibility(TOPS, CFG, None, stacks, seat) == (True, [
        {"top": "L1", "count": 3}, {"top": None, "count": 0}, {"top": "P4", "count": 1}])


def test_tops_of_one_stack_nested_stacks_and_plain_values():
    assert tops_of(("B3", "M2")) == {"top": "M2", "count": 2}
    assert tops_of(()) == {"top": None, "count": 0}
    assert tops_of(((("B3",),), ())) == [[{"top": "B3", "count": 1}],
                                          {"top": None, "count": 0}]
    assert tops_of(7) == 7 and tops_of(None) is None


def test_count_of_sizes_and_flags():
    assert [count_of(v) for v in (None, "B3", 0, 5, (), ("a", "b"), [1])] == [
        False, True, True, True, 0, 2, 1]


def test_a_view_function_gets_the_seat_and_its_answer_becomes_json():
    def view(cfg, state, value, seat):
        return {seat: frozenset(value), "state": state}

    shown, out = apply_visibility(view, CFG, ("s",), ("M2", "B3"), 1)
    assert shown is True and out == {"1": ["B3", "M2"], "state": ["s"]}
    assert apply_visibility(view, CFG, None, (), None) == (True, {"None": [], "state": None})


def test_a_view_function_reads_the_configuration():
    def view(cfg, state, value, seat):
        return [cfg.game, cfg.players, seat]

    assert apply_visibility(view, CFG, None, (), 2) == (True, ["toy", 3, 2])


def test_an_unknown_kind_is_refused():
    with pytest.raises(ValueError, match="unknown visibility 'tops-and-all'"):
        apply_visibility("tops-and-all", CFG, None, (), 0)


# --- events as each seat reads them -----------------------------------------------------
def _draw(seat: int) -> Event:
    return private_ev("FRP-3.2", "seat {seat} draws {card}", seen_by=seat,
                      others="seat {seat} draws a card", seat=seat, card="CO3")


@pytest.mark.parametrize("drawer", [0, 2])
def test_a_secret_event_is_whole_for_its_seat_only(drawer):
    e = _draw(drawer)
    assert e.for_seat(drawer) is e and e.for_seat(drawer).text == f"seat {drawer} draws CO3"
    for other in {0, 1, 2, None} - {drawer}:
        hidden = e.for_seat(other)
        assert hidden.text == f"seat {drawer} draws a card"
        assert hidden.rule == "FRP-3.2"
        assert hidden.to_json() == {"rule": "FRP-3.2", "text": f"seat {drawer} draws a card",
                                    "data": {"seat": drawer}}
        assert hidden.seen_by is None and hidden.others is None


def test_a_public_event_reads_the_same_for_everyone():
    e = ev("TIN-5.1", "seat {seat} wins the trick with {card}", seat=2, card="M9")
    assert e.seen_by is None and e.others is None  # nothing to hide: no text for others
    for seat in (0, 1, 2, None):
        assert e.for_seat(seat) == e
    assert e.to_json() == {"rule": "TIN-5.1", "text": "seat 2 wins the trick with M9",
                           "data": {"seat": 2, "card": "M9"}}
    assert str(e) == "TIN-5.1: seat 2 wins the trick with M9"


def test_a_data_key_named_like_the_secret_fields_stays_data():
    # only private_ev hides an event: ev's keywords are all data, whatever their names
    e = ev("TIN-5.1", "{seen_by} {others}", seen_by=2, others="x")
    assert e.seen_by is None and e.others is None and e.data == {"seen_by": 2, "others": "x"}
    assert e.for_seat(0).text == "2 x"


def test_event_data_becomes_json():
    e = ev("BAS-8.1", "{n}", n=1, seats=frozenset({2, 0}), per={1: (3, 4)})
    assert e.to_json()["data"] == {"n": 1, "seats": [0, 2], "per": {"1": [3, 4]}}
