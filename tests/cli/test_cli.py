"""The command line: JSON output, one-line errors with exit 2, replay exit codes."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

import engine


def run(*args: str, input_: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "engine", *args], capture_output=True,
                          text=True, timeout=120, input=input_)


def test_games_lists_every_registered_game():
    out = run("games", "--json")
    assert out.returncode == 0, out.stderr
    assert [g["name"] for g in json.loads(out.stdout)] == engine.games()


@pytest.mark.parametrize("args,needle", [
    (("play", "no-such-game"), "unknown game"),
    (("play", "tindahan", "--players", "9"), "players"),
    (("play", "tindahan", "--option", "nonsense"), "KEY=VALUE"),
    (("replay", "/no/such/file.json"), "cannot read"),
    (("schema",), "game"),
    (("frobnicate",), "invalid choice"),
])
def test_user_errors_print_one_line_and_exit_2(args, needle):
    out = run(*args)
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and needle.lower() in lines[0].lower(), out.stderr
    assert "Traceback" not in out.stderr


def test_replay_of_a_malformed_scenario_names_the_field(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"game": "tindahan", "actions": 3}))
    out = run("replay", str(path))
    assert out.returncode == 2 and "actions" in out.stderr


def test_replay_checks_expectations(tmp_path):
    good = {"game": "tindahan", "players": 3, "seed": 2, "actions": [],
            "expect": {"scores": [0, 0, 0], "over": False}}
    path = tmp_path / "ok.json"
    path.write_text(json.dumps(good))
    out = run("replay", str(path), "--json")
    assert out.returncode == 0, out.stdout + out.stderr
    assert json.loads(out.stdout)["ok"] is True
    good["expect"]["scores"] = [1, 2, 3]
    path.write_text(json.dumps(good))
    assert run("replay", str(path)).returncode == 1


@pytest.mark.parametrize("name", engine.games())
def test_schema_describes_state_view_action_and_scenario(name):
    out = run("schema", name)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert set(data) >= {"state", "view", "action", "scenario"}


@pytest.mark.parametrize("name", engine.games())
def test_play_explain_shows_clause_ids(name):
    out = run("play", name, "--seed", "3", "--explain")
    assert out.returncode == 0, out.stderr
    prefix = engine.load(name).spec.prefix
    assert f"{prefix}-" in out.stdout


def test_explore_writes_each_violation_as_a_replayable_scenario(tmp_path):
    out = run("explore", "fruit-passion", "--config", "two-seats-short-deck",
              "--option", "discard-take=literal", "--out", str(tmp_path), "--json")
    assert out.returncode == 1, out.stderr
    data = json.loads(out.stdout)
    (violation,) = [v for v in data["violations"] if v["invariant"] == "termination"]
    replayed = run("replay", violation["scenario_file"], "--json")
    assert replayed.returncode == 0
    assert json.loads(replayed.stdout)["actions_applied"] == len(violation["scenario"]["actions"])
