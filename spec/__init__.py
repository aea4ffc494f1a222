"""The four games' rules as data and pure functions. Knows nothing of the engine."""
from __future__ import annotations

import importlib
import importlib.util
from pathlib import Path

from .common.core import GameSpec
from .common.errors import ConfigError

# name -> module holding ``SPEC``; imported on first use so that loading one game
# does not pay for the others.
REGISTRY: dict[str, str] = {
    "tindahan": "spec.tindahan.game",
    "bastos": "spec.bastos.game",
    "tanuki-market": "spec.tanuki_market.game",
    "fruit-passion": "spec.fruit_passion.game",
}


def available() -> list[str]:
    """Names of the games whose spec module is present."""
    out = []
    for name, module in REGISTRY.items():
        try:
            found = importlib.util.find_spec(module) is not None
        except ModuleNotFoundError:
            found = False
        if found:
            out.append(name)
    return out


def package_dir(name: str) -> Path:
    """The folder of a game's spec package (its witnesses live there)."""
    # the package, not its game module: that may run compiled, from another folder
    package = importlib.import_module(REGISTRY[name].rpartition(".")[0])
    return Path(package.__file__).parent  # type: ignore[arg-type]  # a package has a file


def get(name: str) -> GameSpec:
    if name not in REGISTRY:
        raise ConfigError(f"unknown game {name!r} (games: {', '.join(REGISTRY)})")
    try:
        module = importlib.import_module(REGISTRY[name])
    except ModuleNotFoundError as exc:
        if exc.name and REGISTRY[name].startswith(exc.name):
            raise ConfigError(f"game {name!r} is not available in this build") from exc
        raise
    return module.SPEC
