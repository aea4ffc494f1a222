"""A change to the engine's side of a rule shows up as a failing witness replay.

Each mutation runs in a fresh interpreter, so no cache filled by earlier tests hides it.
"""
from __future__ import annotations

import subprocess
import sys
import textwrap

from proofs import runner

REPLAY = """
import json, sys
from engine.core.scenario import replay
{mutate}
doc = json.load(open({path!r}))
r = replay(doc)
print("OK" if r.ok else "FAILED: " + "; ".join(r.failures))
"""


def _replay_with(pid: str, mutate: str) -> str:
    path = runner.WITNESSES / f"{pid}.json"
    assert path.exists(), f"{pid} has no stored witness"
    code = REPLAY.format(mutate=textwrap.dedent(mutate), path=str(path))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def test_unmutated_witnesses_replay():
    assert _replay_with("BAS-P3", "") == "OK"
    assert _replay_with("FRP-P5", "") == "OK"


def test_bastos_value_table_drift_is_caught():
    mutate = """
    import spec.bastos.scoring as sc
    down_only = sc.bump
    sc.bump = lambda value, delta: value if delta > 0 else down_only(value, delta)  # no +1
    """
    assert _replay_with("BAS-P3", mutate).startswith("FAILED")


def test_fruit_passion_scoring_drift_is_caught():
    mutate = """
    import spec.fruit_passion.scoring as sc
    sc.HYBRID_TABLE[4] = 25  # the engine would pay 25 for the hybrid run 1-2-3-4
    """
    assert _replay_with("FRP-P5", mutate).startswith("FAILED")


def test_tindahan_stall_drift_is_caught():
    mutate = """
    import spec.tindahan.scoring as sc
    sc.FIRST = 6  # the engine would pay 6 for a majority
    """
    assert _replay_with("TIN-P5", mutate).startswith("FAILED")
