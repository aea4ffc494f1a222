"""The bounded load test: small in `make test`, 200 tables under the thorough profile."""
from __future__ import annotations

import pytest

from .load import run


@pytest.mark.slow
def test_many_tables_at_once_on_one_core_without_errors(thorough, tmp_path):
    tables, seconds = (200, 60.0) if thorough else (12, 8.0)
    figures = run(tables, seconds, tmp_path)
    print("\nload:", figures)
    assert figures["errors"] == 0, figures["error_kinds"]
    assert figures["actions"] >= tables  # every table was served, not just a few
    assert figures["p50_ms"] > 0 and figures["engine_p50_ms"] > 0
