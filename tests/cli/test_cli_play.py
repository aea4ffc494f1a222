"""Playing and replaying as one seat: the interactive prompt, `--seat` views and events.

What a seat sees is checked by what it must not see: cards still hidden in another seat's
hand never appear in the output, and an action whose argument is a secret (a Bastos! card
picked face down) is shown without it.
"""
from __future__ import annotations

import json
import re

import pytest

import engine
from engine.analysis.agents import seat_agents
from engine.cli.play import Session
from tests.cli.cli_support import cli, run

CARD = re.compile(r"[A-Z]{1,2}\d+\*?")


def tokens(text: str) -> set[str]:
    """Card codes in ``text``."""
    return set(CARD.findall(text))


def scripted(game: engine.Game, seat: int, seed: int, picks: int,
             lines: list[str] | None = None) -> tuple[Session, list[str]]:
    """A session where the person types ``lines`` first, then the first legal action,
    ``picks`` times, then leaves."""
    said: list[str] = []
    typed = list(lines or [])
    left = [picks]
    box: list[Session] = []

    def ask(prompt: str) -> str | None:
        if typed:
            return typed.pop(0)
        if left[0] <= 0:
            return None
        left[0] -= 1
        return box[0].my_legal()[0]

    s = Session(game, seat, seat_agents(["random"], game.players), seed, ask, said.append)
    box.append(s)
    s.run()
    return s, said


def hidden_from(game: engine.Game, state: object, seat: int) -> set[str]:
    """Cards in other seats' hands that ``seat`` may not see now."""
    hands = game.view(state, None).get("hands")
    truth = getattr(state, "hands")
    return {c for i, h in enumerate(truth) if i != seat for c in h} if hands else set()


@pytest.mark.parametrize("name,seed", [("tindahan", 1), ("tindahan", 5), ("bastos", 2),
                                       ("bastos", 7)])
def test_the_person_never_sees_other_hands(name: str, seed: int) -> None:
    game = engine.load(name)
    for picks in (0, 3, 8):
        s, said = scripted(game, 1, seed, picks)
        secret = hidden_from(game, s.state, 1)
        assert secret, "the test needs hidden cards"
        shown = tokens("\n".join(said))
        assert not shown & secret, shown & secret
        assert "you see what seat 1 may see" in "\n".join(said)


def test_a_bastos_pick_is_shown_without_its_card() -> None:
    game = engine.load("bastos")
    s, said = scripted(game, 2, 3, 1)
    text = "\n".join(said)
    # seat 2 picks first; seat 0's pick is still face down when it is made
    assert "p0: bastos ?" in text
    assert re.search(r"p2: bastos [A-Z]\d", text)


def test_refusals_cite_their_clause_and_change_nothing() -> None:
    game = engine.load("tindahan")
    s, said = scripted(game, 0, 1, 0, ["play Z9", "take 2", "p1: play B7", "legal", "help"])
    text = "\n".join(said)
    assert "refused under TIN-" in text and "says:" in text
    assert "you play seat 0" in text
    assert "you may: play" in text and "actions are written as TIN-9.1 says" in text
    assert s.count == 0 and s.state == game.new(seed=1)


VARIANTS = [(name, v.name, min(v.players)) for name in engine.games()
            for v in engine.load(name).spec.variants]


@pytest.mark.parametrize("name,variant,players", VARIANTS)
def test_a_scripted_person_finishes_every_game(name: str, variant: str | None,
                                               players: int) -> None:
    game = engine.load(name, variant=variant, players=players)
    s, said = scripted(game, 0, 4, 10_000)
    assert game.is_over(s.state)
    assert said[-1].startswith("game over after")


def test_real_time_phase_lets_the_person_pass() -> None:
    """Tanuki Market's cart grab: several seats may act at once; the person is asked
    first, and 'pass' lets each other seat that may act make one action, in seat order."""
    game = engine.load("tanuki-market", players=3)
    said: list[str] = []
    seen: dict[str, object] = {}
    box: list[Session] = []

    def ask(prompt: str) -> str | None:
        s = box[0]
        if "after" in seen:
            return None
        actors = game.actors(s.state)
        if len(actors) > 1 and "before" not in seen:
            seen["before"], seen["actors"] = s.count, actors
            return "pass"
        if "before" in seen:
            seen["after"] = s.count
            return None
        return s.my_legal()[0]

    box.append(Session(game, 0, seat_agents(["random"], 3), 2, ask, said.append))
    box[0].run()
    assert "actors" in seen, "no real-time phase reached"
    others = [a for a in seen["actors"] if a != 0]  # type: ignore[attr-defined]
    assert 1 <= seen["after"] - seen["before"] <= len(others)  # type: ignore[operator]
    moved = [line.split(":")[0].strip().split()[-1] for line in said
             if re.match(r"\s+\d+\s+p\d:", line)][-(seen["after"] - seen["before"]):]
    assert moved == sorted(moved) and "p0" not in moved


@pytest.mark.parametrize("name", ["tindahan", "bastos"])
def test_no_rule_example_names_a_hidden_card(name: str) -> None:
    """The notation clause's example ('play B7') is left out when B7 is in another
    seat's hand: the person could not tell an example from a leak."""
    game = engine.load(name)
    for seed in range(12):
        s, said = scripted(game, 0, seed, 0, ["foo", "help"])
        text = "\n".join(said)
        assert "refused under" in text
        assert not tokens(text) & hidden_from(game, s.state, 0), seed


def test_piped_stdin_drives_the_prompt() -> None:
    feed = "help\nlegal\nplay Z9\nnonsense words\nquit\n"
    r = cli("play", "tindahan", "--seat", "0", "--seed", "1", stdin=feed)
    assert r.code == 0, r.err
    assert "seat 0> help" in r.out and "refused under TIN-" in r.out
    assert "you see what seat 0 may see" in r.out
    game = engine.load("tindahan")
    secret = hidden_from(game, game.new(seed=1), 0)
    assert not tokens(r.out) & secret


def test_piped_stdin_in_a_real_process() -> None:
    r = run("play", "bastos", "--seat", "1", "--seed", "2", stdin="legal\nplay Q1\n")
    assert r.code == 0 and "Traceback" not in r.err, r.err
    assert "refused under BAS-" in r.out and "end of input" in r.out
    game = engine.load("bastos")
    assert not tokens(r.out) & hidden_from(game, game.new(seed=2), 1)


# --- replay and play --json as one seat ----------------------------------------------------------
def test_play_json_shows_one_seats_events() -> None:
    game = engine.load("fruit-passion", players=2)
    spectator = json.loads(cli("play", "fruit-passion", "--seed", "3", "--json").out)
    seat0 = json.loads(cli("play", "fruit-passion", "--seed", "3", "--json", "--seat",
                           "0").out)
    assert spectator["seat"] is None and seat0["seat"] == 0
    assert spectator["view"]["legal"] == [] and spectator["view"]["seat"] is None
    draws = [e["text"] for a in spectator["actions"] for e in a["events"]
             if e["rule"] == "FRP-3.2" and "from the deck" in e["text"]]
    assert draws and all(not tokens(t) for t in draws)
    mine = [e["text"] for a in seat0["actions"] for e in a["events"]
            if e["rule"] == "FRP-3.2" and e["text"].startswith("seat 0 draws")]
    assert any(tokens(t) for t in mine)
    assert seat0["scores"] == spectator["scores"] == game.scores(
        engine.analysis.agents.play_game(game, ["random"], seed=3).final)


def test_replay_as_a_spectator_lists_no_hand(tmp_path) -> None:
    sc = {"game": "tindahan", "players": 3, "seed": 2, "actions": ["play B5"],
          "title": "A pinned trick", "description": "Seat 0 leads."}
    path = tmp_path / "s.json"
    path.write_text(json.dumps(sc))
    game = engine.load("tindahan", players=3)
    state = game.new(seed=2)
    if "p0: play B5" not in map(str, game.legal_actions(state)):
        sc["actions"] = [game.legal_actions(state)[0].body]
        path.write_text(json.dumps(sc))
    data = json.loads(cli("replay", str(path), "--json").out)
    assert data["legal"] == [] and data["view"]["seat"] is None
    r = cli("replay", str(path))
    assert r.out.startswith("A pinned trick\nSeat 0 leads.\n"), r.out
    assert "state" not in r.out.split("\n", 2)[2].split("to act")[0]
    assert '"phase"' not in r.out and '"phase"' in cli("replay", str(path), "--state").out
    seat1 = json.loads(cli("replay", str(path), "--json", "--seat", "1").out)
    assert seat1["legal"] == seat1["view"]["legal"]
    assert all(a.startswith("p1:") for a in seat1["legal"])


def test_explain_is_a_record_with_rounds_and_the_viewers_hand() -> None:
    r = cli("play", "bastos", "--seed", "3", "--explain", "--seat", "1")
    assert r.code == 0, r.err
    assert "== Round 1 ==" in r.out and "Card codes:" in r.out
    assert r.out.count("Card codes:") == 1
    assert "seat 1 (you): " in r.out and "seat 0: 12 cards (hidden)" in r.out
    assert "== End ==" in r.out
    spectator = cli("play", "bastos", "--seed", "3", "--explain").out
    assert "(you)" not in spectator and "as a spectator sees it" in spectator


def test_tab_completion_offers_the_legal_actions() -> None:
    from engine.cli.play import completions

    legal = ["play B5", "play B6", "play M2", "cart L", "legal"]
    assert completions(legal, "pl", "pl") == ["play B5", "play B6", "play M2"]
    assert completions(legal, "play B", "B") == ["B5", "B6"]
    assert completions(legal, "ca", "ca") == ["cart L"]
    assert completions(legal, "x", "x") == []


@pytest.mark.parametrize("seat", [None, 0])
def test_replay_output_does_not_depend_on_what_the_seat_cannot_see(tmp_path, seat) -> None:
    """Non-interference: two deals that differ only in cards hidden from the viewer (one
    card swapped between seats 1 and 2) replay to the same output for that viewer."""
    game = engine.load("tindahan", players=3)
    s = game.new(seed=4)
    hands = [list(h) for h in s.hands]
    swapped = [list(h) for h in hands]
    swapped[1][0], swapped[2][0] = swapped[2][0], swapped[1][0]
    outputs = []
    for i, deal in enumerate((hands, swapped)):
        sc = {"game": "tindahan", "players": 3, "seed": 4, "title": "same to seat 0",
              "setup": {"dealer": s.dealer, "hands": deal},
              "actions": ["p2: play M3", "p0: play M1"]}
        path = tmp_path / f"{i}.json"
        path.write_text(json.dumps(sc))
        args = [str(path)] + (["--seat", str(seat)] if seat is not None else [])
        data = json.loads(cli("replay", *args, "--json").out)
        human = cli("replay", *args, "--state")
        assert human.code == 0, human.err
        outputs.append((data["view"], data["events"], data["legal"], human.out))
    assert outputs[0] == outputs[1]


def test_the_view_is_drawn_as_tables_not_json() -> None:
    from engine.cli.show import draw_view

    game = engine.load("tindahan", players=3)
    lines = draw_view(game.view(game.new(seed=1), 2))
    text = "\n".join(lines)
    assert "{" not in text and '"' not in text
    header = next(line for line in lines if line.strip().startswith("seat "))
    assert "hands" in header and "totals" in header
    assert any(line.strip().startswith("2 (you)") for line in lines)
    tanuki = engine.load("tanuki-market", players=3)
    lines = draw_view(tanuki.view(tanuki.new(seed=1), 0))
    assert any(line.split()[:2] == ["cart", "kinds"] for line in lines)
    assert [line.split()[0] for line in lines if line.split()[0] in "123"][:3] == ["1", "2", "3"]


def _first_view(out: str) -> str:
    """The person's hand as the table is first drawn for them (the deal, not what the
    agents did since: their choices need not repeat)."""
    return " ".join(next(line for line in out.splitlines() if "(you)" in line).split()[2:12])


def test_without_a_seed_the_prompt_deals_afresh_and_shows_the_seed_only_at_the_end() -> None:
    first = cli("play", "tindahan", "--seat", "1", stdin="view\nquit\n")
    second = cli("play", "tindahan", "--seat", "1", stdin="view\nquit\n")
    assert first.code == second.code == 0
    assert "a fresh deal" in first.out.splitlines()[0]
    last = first.out.strip().splitlines()[-1]
    found = re.search(r"seed was (\d+); to deal it again: fruitspec (.*)$", last)
    assert found, last
    seed = found.group(1)
    assert int(seed).bit_length() > 64
    assert first.out.count(seed) == 2  # the closing line alone: never while the game runs
    assert _first_view(first.out) != _first_view(second.out)  # two fresh deals differ
    again = cli(*found.group(2).split(), stdin="view\nquit\n")
    assert again.code == 0 and _first_view(again.out) == _first_view(first.out)


def test_a_seed_at_the_prompt_is_research_play_and_shown_at_once() -> None:
    r = cli("play", "bastos", "--seat", "0", "--seed", "5", stdin="quit\n")
    assert "seed 5" in r.out.splitlines()[0] and "seed was" not in r.out
