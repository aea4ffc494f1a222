"""``bench/compare.py`` reads, judges and shows the figures of two benches rightly.

No benchmark runs here: the two sides' rounds are canned documents in the shape of
``bench/run.py --json``, handed to ``main`` in place of the measuring.
"""
from __future__ import annotations

import argparse
import json
import subprocess
from pathlib import Path
from typing import Any, Callable, Mapping

import pytest

from bench import compare
from bench.compare import CompareError, Side

ROOT = Path(__file__).resolve().parents[2]
RATIOS = {"tindahan": 0.30, "bastos": 0.25, "fruit-passion": 0.40}
STATES = {"tindahan": 80_000, "bastos": 70_000}


def _doc(ratios: Mapping[str, float], states: Mapping[str, float]) -> dict[str, Any]:
    """One round of ``bench/run.py --json``, cut to what compare reads."""
    games: dict[str, Any] = {g: {"ratio_to_hand": r} for g, r in ratios.items()}
    for g, s in states.items():
        games[g]["explore"] = {"config": f"{g}-config", "states_per_second": s}
        games[g]["states_per_second"] = s
    return {"build": "compiled", "workload": {"games": 30}, "games": games}


def _side(label: str, rounds: list[dict[str, Any]], compiled: bool = True) -> Side:
    side = Side(label, "10e4abe" if label == "old" else "the working tree", ROOT,
                "0123456789abcdef")
    side.runs = rounds
    side.provenance = {"compiled": ["spec.common.rng"] if compiled else [],
                       "rng": "/x/spec/common/rng.cpython-311-x86_64-linux-gnu.so"}
    return side


def _scaled(factor: float, game: str = "bastos") -> dict[str, Any]:
    """A round in which one game's figures are ``factor`` times the old ones."""
    return _doc({g: r * (factor if g == game else 1) for g, r in RATIOS.items()},
                {g: s * (factor if g == game else 1) for g, s in STATES.items()})


def _fake(old: list[dict[str, Any]], new: list[dict[str, Any]], **kw: Any
          ) -> Callable[[argparse.Namespace, Callable[[str], None]], tuple[Side, Side]]:
    return lambda args, say: (_side("old", old, **kw), _side("new", new))


def test_the_arguments_and_the_flags_passed_to_both_benches() -> None:
    args = compare.parse_args([])
    assert (args.rev, args.quick, args.json, args.game, args.rounds) == (
        "10e4abe", False, False, None, 2)
    assert compare.bench_flags(args) == ["--json"]
    args = compare.parse_args(["HEAD~2", "--quick", "--game", "bastos", "--game", "tindahan",
                               "--json", "--rounds", "3"])
    assert (args.rev, args.rounds) == ("HEAD~2", 3)
    assert compare.bench_flags(args) == ["--json", "--quick", "--game", "bastos",
                                         "--game", "tindahan"]


def test_one_round_a_side_is_refused() -> None:
    with pytest.raises(SystemExit) as stop:
        compare.parse_args(["--rounds", "1"])
    assert stop.value.code == 2


def test_every_figure_at_its_floor_passes(capsys: pytest.CaptureFixture[str]) -> None:
    old = [_doc(RATIOS, STATES), _scaled(0.9)]  # the best round is kept, not the last
    assert compare.main([], run=_fake(old, [_scaled(1.0), _scaled(compare.FLOOR)])) == 0
    out = capsys.readouterr().out
    assert "FAIL" not in out and out.count(" pass") == len(RATIOS) + len(STATES)
    assert "all figures clear the floor" in out


def test_a_figure_below_its_floor_fails(capsys: pytest.CaptureFixture[str]) -> None:
    assert compare.main([], run=_fake([_doc(RATIOS, STATES)] * 2, [_scaled(0.94)] * 2)) == 1
    failed = [ln for ln in capsys.readouterr().out.splitlines() if ln.endswith("FAIL")]
    assert [ln.split()[:-4] for ln in failed] == [["engine/hand", "bastos"],
                                                  ["explore", "states/s", "bastos"]]


def test_the_json_holds_the_rows_the_rounds_and_the_builds(
        capsys: pytest.CaptureFixture[str]) -> None:
    old = [_doc(RATIOS, STATES), _scaled(1.1)]
    assert compare.main(["--json", "--quick"], run=_fake(old, [_scaled(0.5)] * 2,
                                                         compiled=False)) == 1
    doc = json.loads(capsys.readouterr().out)
    assert (doc["rev"], doc["floor"], doc["quick"], doc["passed"]) == ("10e4abe", 0.95,
                                                                       True, False)
    bastos = next(r for r in doc["rows"] if r["figure"] == "engine/hand"
                  and r["game"] == "bastos")
    assert bastos["old"] == pytest.approx(0.275) and bastos["new"] == pytest.approx(0.125)
    assert bastos["new_over_old"] == pytest.approx(0.125 / 0.275, abs=1e-4)
    assert bastos["old_rounds"] == pytest.approx([0.25, 0.275]) and not bastos["pass"]
    assert [r["game"] for r in doc["rows"] if r["figure"] != "engine/hand"] == list(STATES)
    assert doc["sides"]["old"]["build"] == "pure" and doc["sides"]["new"]["build"] == "compiled"
    assert doc["sides"]["new"]["rng"] == "rng.cpython-311-x86_64-linux-gnu.so"
    assert doc["notes"] == ["10e4abe ran pure Python"]


def test_a_missing_figure_is_one_clear_line(capsys: pytest.CaptureFixture[str]) -> None:
    new = _doc(RATIOS, STATES)
    del new["games"]["tindahan"]["ratio_to_hand"]
    assert compare.main([], run=_fake([_doc(RATIOS, STATES)] * 2, [new] * 2)) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == ("compare: the working tree's bench JSON has no"
                            " games.tindahan.ratio_to_hand\n")


def test_a_game_asked_for_must_be_in_both(capsys: pytest.CaptureFixture[str]) -> None:
    old = [_doc(RATIOS, STATES)] * 2
    assert compare.main(["--game", "tanuki-market"], run=_fake(old, old)) == 2
    assert "10e4abe's bench JSON has no games.tanuki-market" in capsys.readouterr().err


def test_the_explorers_figure_is_read_where_either_layout_puts_it() -> None:
    doc = _doc(RATIOS, STATES)
    del doc["games"]["bastos"]["explore"]
    assert compare.figure(doc, "old", "bastos", compare.STATES_KEYS) == 70_000
    doc["games"]["bastos"]["states_per_second"] = None
    with pytest.raises(CompareError, match="states_per_second is None, not a positive"):
        compare.figure(doc, "old", "bastos", compare.STATES_KEYS)


def test_a_difference_of_configuration_is_noted() -> None:
    new = _doc(RATIOS, STATES)
    new["games"]["tindahan"]["explore"]["config"] = "other"
    new["workload"] = {"games": 300}
    notes = compare.notes(_side("old", [_doc(RATIOS, STATES)]), _side("new", [new]),
                          list(RATIOS))
    assert notes == ["tindahan: the explorer ran on different configurations"
                     " {'old': 'tindahan-config', 'new': 'other'}",
                     "the two benches ran different workloads"]



def test_a_module_compiled_on_one_side_only_is_noted() -> None:
    old, new = _side("old", [_doc(RATIOS, STATES)]), _side("new", [_doc(RATIOS, STATES)])
    old.provenance["compiled"] = ["spec.common.rng", "spec.fruit_passion.state"]
    assert compare.notes(old, new, list(RATIOS)) == [
        "compiled in 10e4abe only: spec.fruit_passion.state"]
    new.provenance["compiled"], new.drifted = [], True  # pure: noted once, not per module
    assert compare.notes(old, new, list(RATIOS)) == [
        "the working tree ran pure Python", "the working tree's compiled modules changed"
        " between rounds (a source was edited during the run)"]



def _child(monkeypatch: pytest.MonkeyPatch, code: int, out: str, err: str,
           compiled: list[str]) -> None:
    """The next bench child ends with ``code``, printing ``out`` and ``err``."""
    mark = compare.MARK + json.dumps({"engine": "/x/engine/__init__.py", "rng": None,
                                      "compiled": compiled, "foreign": []})
    done = subprocess.CompletedProcess([], code, out, f"{err}\n{mark}\n")
    monkeypatch.setattr(compare, "_run", lambda cmd, cwd, env=None: done)


def test_a_childs_json_and_provenance_are_kept_round_by_round(
        monkeypatch: pytest.MonkeyPatch) -> None:
    side = Side("new", "the working tree", ROOT)
    for compiled in (["spec.common.rng"], ["spec.common.rng"], []):
        _child(monkeypatch, 0, json.dumps(_doc(RATIOS, STATES)), "", compiled)
        compare.bench_once(side, ["--json"])
        assert side.provenance["compiled"] == compiled
        assert side.drifted == (not compiled)  # a module fell back to its source
    assert len(side.runs) == 3


def test_a_failing_child_is_reported_by_its_own_last_line(
        monkeypatch: pytest.MonkeyPatch) -> None:
    _child(monkeypatch, 2, "", "bench: unknown or absent game(s): chess", [])
    with pytest.raises(CompareError, match=r"bench failed: bench: unknown .* chess$"):
        compare.bench_once(Side("old", "10e4abe", ROOT), ["--json"])


@pytest.mark.skipif(not (ROOT / ".git").exists(), reason="not a git checkout")
def test_the_worktree_is_removed_when_the_comparison_fails() -> None:
    tree = compare.Worktree(compare.git("rev-parse", "HEAD"))
    with pytest.raises(RuntimeError), tree as path:
        assert (path / "bench" / "run.py").exists()
        raise RuntimeError("a build fails")
    assert not tree.tmp.exists()
    listed = subprocess.run(["git", "worktree", "list"], cwd=ROOT, capture_output=True,
                            text=True, check=True).stdout
    assert str(path) not in listed
