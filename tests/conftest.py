"""Hypothesis profiles: `ci` keeps `make test` fast, `thorough` explores much more.

Select one with `pytest --hypothesis-profile=thorough`. Tests that scale their own work
(explorations, simulations) read the `thorough` fixture.
"""
from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("ci", max_examples=20, deadline=None, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=50, deadline=None)
settings.register_profile("thorough", max_examples=500, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


@pytest.fixture(scope="session")
def thorough() -> bool:
    """True under the `thorough` profile: slow tests then run at full size."""
    return settings._current_profile == "thorough"  # noqa: SLF001
