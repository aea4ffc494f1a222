"""Pins down what engine/core/game.py says when it refuses (issue 23: survivors of engine.core.game).

The exact message and clause of every refusal the generic engine makes itself: a game
name, player count, variant or options of the wrong type (load), a seat out of range
(view, explain), a malformed or ambiguous action in notation (parse, resolve), a move
refused because the game is over, the phase is wrong or the seat may not act (the clause
cites the game's refusal_rule), a dumped state of the wrong type or for another game
(loads); and that is_over/scores answer for the state asked about.
"""
from __future__ import annotations

import dataclasses

import pytest

import engine
from engine.core.game import Game
from spec.common.core import Action
from spec.common.errors import ConfigError, IllegalAction, MalformedAction, StateError

from tests.core.toy import PLAY, SPEC as TOY


class _Cited(type(TOY)):
    """The toy, citing a clause per refusal reason and phase, and ending on a flag."""

    def refusal_rule(self, cfg, state, reason):
        return f"TOY-{reason}-{state.phase}-{cfg.players}"

    def is_over(self, cfg, state):
        return cfg.players == 2 and state.phase in ("over", "done")


def _spec(cls=type(TOY), **moves) -> Game:
    fields = {f.name: getattr(TOY, f.name) for f in dataclasses.fields(TOY) if f.init}
    if moves:
        fields["moves"] = (dataclasses.replace(PLAY, **moves),)
    spec = cls(**fields)
    return Game(spec, spec.configure(2, None, None))


def _toy() -> Game:
    return Game(TOY, TOY.configure(2, None, None))


def _msg(exc: pytest.ExceptionInfo) -> str:
    return str(exc.value.args[0]) if not isinstance(exc.value, IllegalAction) else exc.value.message


# --- load ---------------------------------------------------------------------------------
def test_load_refuses_wrong_types_with_their_type_named():
    with pytest.raises(ConfigError) as e:
        engine.load(3)
    assert str(e.value) == "a game name is a string, not int"
    with pytest.raises(ConfigError) as e:
        engine.load("tindahan", players=3, variant=7)
    assert str(e.value) == "a variant is a string or None, not int"
    with pytest.raises(ConfigError) as e:
        engine.load("tindahan", players=3, options=[("a", "b")])
    assert str(e.value) == ("options must map option names to readings"
                            " (e.g. {'name': 'value'}), not list")
    with pytest.raises(ConfigError) as e:
        engine.load("tindahan", players="3")
    assert str(e.value) == "players must be a whole number, not '3'"


@pytest.mark.parametrize("players", [10**6, -10**6])
def test_load_refuses_absurd_player_counts_without_echoing_a_huge_number(players):
    with pytest.raises(ConfigError) as e:
        engine.load("tindahan", players=players)
    assert str(e.value) == f"players must be a whole number, not {players}"


# --- view ---------------------------------------------------------------------------------
@pytest.mark.parametrize("seat", [2, -1, True, "0"])
def test_view_refuses_a_seat_outside_the_game(seat):
    game = _toy()
    s = game.new(0)
    with pytest.raises(ConfigError) as e:
        game.view(s, seat)
    assert str(e.value) == f"no seat {seat!r} in a 2-player game"


def test_view_extra_gets_the_seat():
    class Spec(type(TOY)):
        def view_extra(self, cfg, state, player):
            return {"asked": player}
    game = _spec(Spec)
    assert game.view(game.new(0), 1)["asked"] == 1


# --- parse / resolve ----------------------------------------------------------------------
def test_parse_refusals_name_the_notation_clause_and_the_text():
    game = _toy()
    s = game.new(0)
    with pytest.raises(MalformedAction) as e:
        game.parse(s, 5)
    assert (e.value.rule, e.value.message) == ("TOY-2", "not an action: 5")
    with pytest.raises(MalformedAction) as e:
        game.parse(s, " \t ")
    assert (e.value.rule, e.value.message) == ("TOY-2", "empty action ' \\t '")
    with pytest.raises(MalformedAction) as e:
        game.parse(s, "p1234567: play X1")
    assert (e.value.rule, e.value.message) == ("TOY-2", "there is no seat p123456...")
    # six digits are still a seat number
    assert game.parse(s, "p123456: play X1") == Action(123456, "play", ("X1",))
    with pytest.raises(MalformedAction) as e:
        game.resolve(s, 5)
    assert (e.value.rule, e.value.message) == ("TOY-2", "not an action: 5")


def test_parse_keeps_the_words_of_an_unlisted_action_for_the_first_actor():
    game = _toy()
    s = game.new(0)._replace(turn=1)
    a = game.parse(s, "  play   Z9 ")
    assert a == Action(1, "play", ("Z9",))
    with pytest.raises(IllegalAction) as e:
        game.resolve(s, "  play   Z9 ")
    assert (e.value.rule, e.value.message) == ("TOY-2", "seat 1 does not hold Z9")
    # nobody may act: seat 0
    over = s._replace(phase="over")
    assert game.parse(over, "play X1") == Action(0, "play", ("X1",))


# --- explain ------------------------------------------------------------------------------
def test_explain_of_an_unknown_move_lists_every_move_of_the_game():
    game = engine.load("tindahan", 4)
    err = game.explain(game.new(seed=0), Action(0, "fly", ()))
    assert (err.rule, err.message) == ("TIN-9.1", "'fly' is not a move of tindahan"
                                                  " (moves: cart, play, seller)")


def test_explain_of_shapes_and_unknown_moves():
    game = _toy()
    s = game.new(0)
    cases = [
        (Action(None, "play", ("X1",)), "a seat is a whole number, not None"),
        (Action("1", "play", ("X1",)), "a seat is a whole number, not '1'"),
        (Action(True, "play", ("X1",)), "a seat is a whole number, not True"),
        (Action(0, 5, ("X1",)), "a move name is a string, not 5"),
        (Action(0, "play", ["X1"]), "an action's arguments are a tuple of strings, not ['X1']"),
        (Action(0, "fly", ()), "'fly' is not a move of toy (moves: play)"),
        (Action(2, "play", ("X1",)), "there is no seat 2 in a 2-player game"),
    ]
    for act, text in cases:
        err = game.explain(s, act)
        assert (err.rule, err.message) == ("TOY-2", text)


def test_explain_in_tindahan_cites_the_end_and_the_turn_rule():
    game = engine.load("tindahan", players=3)
    s = game.new(1)
    assert game.actors(s) == [0]
    card = game.legal_actions(s)[0].args[0]
    err = game.explain(s, Action(1, "play", (card,)))
    assert (err.rule, err.message) == ("TIN-3.4", "seat 1 may not play now (seats that may: 0)")
    over = s._replace(phase="over")
    err = game.explain(over, Action(0, "play", (card,)))
    assert (err.rule, err.message) == ("TIN-8.1", "the game is over")
    assert game.is_over(over)


def test_explain_when_no_seat_may_act_says_none():
    game = _toy()
    s = game.new(0)
    # seat 0 holds two cards; pretend nobody may act by a state where the turn is seat 0
    # and ask for seat 1
    err = game.explain(s, Action(1, "play", ("X1",)))
    assert (err.rule, err.message) == ("TOY-2", "seat 1 may not play now (seats that may: 0)")


def test_explain_of_a_legal_shaped_action_not_listed():
    game = _toy()
    s = game.new(0)
    held = s.hands[0][0]
    err = game.explain(s, Action(0, "play", (held,)))
    assert (err.rule, err.message) == ("TOY-2", f"'play {held}' is not among seat 0's options")


# --- loads / scores -----------------------------------------------------------------------
def test_loads_refusals():
    game = _toy()
    with pytest.raises(StateError) as e:
        game.loads(5)
    assert str(e.value) == "a dumped state is JSON text, not int"


def test_the_game_s_refusal_rule_is_asked_with_the_state_and_the_reason():
    game = _spec(_Cited)
    s = game.new(0)
    err = game.explain(s, Action(1, "play", ("X1",)))
    assert (err.rule, err.message) == ("TOY-turn-play-2",
                                       "seat 1 may not play now (seats that may: 0)")
    err = game.explain(s._replace(phase="deal"), Action(0, "play", ("X1",)))
    assert (err.rule, err.message) == ("TOY-phase-deal-2",
                                       "'play' is not possible now (phase: deal)")
    done = s._replace(phase="done")
    assert game.is_over(done) is True
    assert game.is_over(s) is False
    err = game.explain(done, Action(0, "play", ("X1",)))
    assert (err.rule, err.message) == ("TOY-over-done-2", "the game is over")


def test_who_may_act_lists_the_seats_or_says_none():
    game = _spec(actors=lambda cfg, s: ())
    err = game.explain(game.new(0), Action(0, "play", ("X1",)))
    assert (err.rule, err.message) == ("TOY-2", "seat 0 may not play now (seats that may: none)")
    game = _spec(actors=lambda cfg, s: (5, 1))
    err = game.explain(game.new(0), Action(0, "play", ("X1",)))
    assert (err.rule, err.message) == ("TOY-2",
                                       "seat 0 may not play now (seats that may: 1, 5)")


def test_an_action_two_seats_may_make_needs_its_seat():
    pool = ("X1", "X2")
    game = _spec(actors=lambda cfg, s: (0, 1), domain=lambda cfg, s, seat: ((c,) for c in pool),
                 guards=())
    s = game.new(0)
    with pytest.raises(IllegalAction) as e:
        game.parse(s, " play  X2 ")
    assert (e.value.rule, e.value.message) == (
        "TOY-2", "seats [0, 1] could all make 'play X2': prefix it with the seat,"
                 " e.g. 'p0: play X2'")
    # one seat alone may make it: that seat's action, even when it is not the first actor
    only1 = _spec(actors=lambda cfg, s: (0, 1),
                  domain=lambda cfg, s, seat: (((f"X{seat + 1}",),)), guards=())
    assert only1.parse(s, "play   X2") == Action(1, "play", ("X2",))
    assert only1.parse(s, "play X1") == Action(0, "play", ("X1",))


def test_loads_checks_the_header_and_the_size_limit():
    game = engine.load("tindahan", players=3)
    s = game.new(1)
    text = game.dumps(s)
    with pytest.raises(StateError) as e:
        engine.load("tindahan", players=4).loads(text)
    assert str(e.value) == "state is for players=3, this game has 4"
    from engine.core import validate
    padded = text + " " * (validate.MAX_STATE_TEXT - len(text))
    assert len(padded) == validate.MAX_STATE_TEXT
    assert game.dumps(game.loads(padded)) == text
    with pytest.raises(StateError) as e:
        game.loads(padded + " ")
    assert str(e.value) == (f"a dumped state is at most {validate.MAX_STATE_TEXT} characters,"
                            f" not {validate.MAX_STATE_TEXT + 1}")


# --- load and new: what they refuse, word for word ---------------------------------------
def test_load_refuses_an_option_name_or_reading_that_is_no_string():
    for options, text in [({"rounding": 3}, "option 'rounding': names and readings are"
                                            " strings, not 3"),
                          ({3: "down"}, "option 3: names and readings are strings, not 'down'")]:
        with pytest.raises(ConfigError) as e:
            engine.load("tindahan", 3, options=options)
        assert str(e.value) == text


class _Crashy(type(TOY)):
    """The toy, with a set-up reader that did not foresee a field."""

    def initial(self, cfg, seed, setup):
        if setup:
            return {"a": 1}[setup["key"]]
        return super().initial(cfg, seed, setup)


def test_new_refuses_bad_seeds_and_setups_and_its_seed_defaults_to_0():
    game = engine.load("tindahan", 3)
    assert game.new() == game.new(0) != game.new(1)
    for seed, text in [("x", "seed must be a whole number, not 'x'"),
                       (2.5, "seed must be a whole number, not 2.5")]:
        with pytest.raises(ConfigError) as e:
            game.new(seed)
        assert str(e.value) == text
    with pytest.raises(engine.SetupError) as e:
        game.new(0, setup=[1])
    assert str(e.value) == "setup must be an object, not list"
    crashy = _spec(_Crashy)
    with pytest.raises(engine.SetupError) as e:
        crashy.new(0, setup={"key": "b"})
    assert str(e.value) == "malformed setup: KeyError 'b'"


def test_a_game_that_ends_by_its_own_rule_lists_nothing_once_over():
    """A spec with its own is_over (not the phase "over"): the engine asks it before
    listing, and lists the moves while it says the game goes on."""
    game = _spec(_Cited)
    s = game.new(0)
    assert game.legal_actions(s) == _toy().legal_actions(s) != []
    done = s._replace(phase="done")
    assert game.is_over(done) and game.legal_actions(done) == []
    assert game.legal_actions(done) == []  # and again, from the remembered answer


def test_configure_names_the_game_its_variants_players_and_options():
    """What the spec's configure() gives and refuses, through load (the game's name and
    default player count) and on the toy (a game without options)."""
    game = engine.load("tindahan")
    assert (game.config.game, game.config.players, game.config.variant) == ("tindahan", 3, None)
    cases = [
        (("tindahan", 3), {"variant": "zz"}, "tindahan has no variant 'zz' (variants: none)"),
        (("tanuki-market", 2), {"variant": "zz"},
         "tanuki-market has no variant 'zz' (variants: special-carts, solo)"),
        (("tindahan", 9), {}, "tindahan (base game) is for 3, 4, 5 players, not 9"),
        (("tanuki-market", 9), {"variant": "solo"}, "tanuki-market (solo) is for 1 players,"
                                                    " not 9"),
        (("tindahan", 3), {"options": {"rounding": True}},
         "option rounding takes down, up, not 'true'"),
        (("tindahan", 3), {"options": {"zz": "a"}},
         "tindahan has no option 'zz' (options: cart-mover, cart-start, empty-round,"
         " empty-round-among, empty-round-best, lone-card, no-sellers, removed-fruits,"
         " rounding, second-after-tie, sellers-between-rounds, trump-stall, trump-tie)"),
    ]
    for args, kw, text in cases:
        with pytest.raises(ConfigError) as e:
            engine.load(*args, **kw)
        assert str(e.value) == text
    fields = {f.name: getattr(TOY, f.name) for f in dataclasses.fields(TOY) if f.init}
    book = TOY.catalogue
    bare = type(TOY)(**{**fields, "catalogue": type(book)(book.prefix, book.clauses, ())})
    with pytest.raises(ConfigError) as e:
        bare.configure(2, None, {"zz": "a"})
    assert str(e.value) == "toy has no option 'zz' (options: none)"
    with pytest.raises(ConfigError) as e:
        TOY.configure(2, None, {"zz": "a"})
    assert str(e.value) == "toy has no option 'zz' (options: double)"


def test_step_checks_an_action_listed_for_another_state():
    """step() skips resolving only for an action listed for the very state it is given: an
    action legal one turn earlier is refused in the next state."""
    game = engine.load("tindahan", 3)
    s = game.new(seed=0)
    first = game.legal_actions(s)[0]
    after = game.apply(s, first)
    game.legal_actions(s)  # the remembered listing is that of the earlier state again
    with pytest.raises(IllegalAction) as e:
        game.step(after, first)
    assert e.value.rule == "TIN-3.4"
    with pytest.raises(ConfigError) as c:
        game.new(-1)
    assert str(c.value) == "seed must be from 0 to 2**64 - 1, not -1"


def test_the_explorers_step_gives_what_step_gives():
    """_successor, the explorers' step: the same state and events as step() for a listed
    action, and a seat that is no int still resolved (True is no seat)."""
    game = engine.load("tindahan", 3)
    s = game.new(seed=0)
    for a in game.legal_actions(s):
        assert game.successor(s, a) == game.step(s, a)
    odd = Action(True, *game.legal_actions(s)[0][1:])
    with pytest.raises(MalformedAction) as e:
        game.successor(s, odd)
    assert (e.value.rule, e.value.message) == ("TIN-9.1", "a seat is a whole number, not True")
