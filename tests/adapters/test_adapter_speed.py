"""An adapter step costs at most twice an engine step with the acting seat's view.

Every side plays the same deals in the same run, taking turns, several rounds; each keeps
its best round (the least disturbed on a shared machine), and the ratios compare those."""
from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

import engine  # noqa: E402
from engine.adapters.speed import MAX_RATIO, best_rates  # noqa: E402

#: room for what the best of a few rounds still leaves of a busy machine's noise: the
#: test guards against a fall back to the old 3-6 times; `python -m engine.adapters.speed`
#: measures the figures themselves
TOLERANCE = 1.35
STEPS, ROUNDS = 300, 5


@pytest.mark.parametrize("name", engine.games())
def test_an_adapter_step_costs_at_most_twice_an_engine_step_with_its_view(name):
    game = engine.load(name)
    rates = best_rates(game, STEPS, ROUNDS, ("engine+view", "pettingzoo", "openspiel"))
    base = rates["engine+view"]
    ratios = {side: base / rates[side] for side in ("pettingzoo", "openspiel")}
    figures = ", ".join(f"{k} {v:,.0f} steps/s" for k, v in rates.items())
    for side, ratio in ratios.items():
        assert ratio <= MAX_RATIO * TOLERANCE, (
            f"{name}: a {side} step costs {ratio:.2f} engine steps with a view"
            f" (at most {MAX_RATIO}): {figures}")
