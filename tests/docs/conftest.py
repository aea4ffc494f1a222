"""Fixtures for the docs tests: the ``fruitdocs`` extension lives in ``docs/_ext``."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXT = ROOT / "docs" / "_ext"
if str(EXT) not in sys.path:
    sys.path.insert(0, str(EXT))

from fruitdocs.collect import Settings  # noqa: E402

#: Small measurements: the tests check the pages' content, not the coverage numbers.
QUICK = Settings(playouts=3, playout_seconds=0.5, explore_states=200, explore_seconds=0.3,
                 proofs=False, exploration=False)


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def generated(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    """Every generated page, written once into a temporary folder."""
    from fruitdocs.generate import generate

    out = tmp_path_factory.mktemp("generated")
    datas = generate(ROOT, out, QUICK, log=lambda _msg: None)
    return out, datas
