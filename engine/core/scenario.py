"""Scenario files: a game, a set-up and a list of actions, with optional expectations.

>>> from engine.core.scenario import load_scenario, replay
>>> sc = load_scenario({"game": "tindahan", "players": 3, "seed": 1, "actions": []})
>>> replay(sc).ok
True
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Mapping

import pydantic

from spec.common.core import Event
from spec.common.errors import ConfigError, IllegalAction
from spec.common.rng import KEYED, SPLITMIX64, GeneratorName

from engine.core.game import KEYED_SEEDS, SEEDS, Game, load

#: the longest scenario text read; real scenarios are a few kilobytes
MAX_SCENARIO_TEXT = 10_000_000


class ScenarioError(ConfigError):
    """A scenario file that is not valid JSON or does not have the scenario's shape."""


#: the widest integer JSON carries exactly to a JavaScript client (Number.MAX_SAFE_INTEGER)
JSON_SAFE_INT = 2**53 - 1


def seed_json(seed: int) -> int | str:
    """A seed as JSON carries it: wider than 2**53 - 1, as a text of decimal digits."""
    return seed if -JSON_SAFE_INT <= seed <= JSON_SAFE_INT else str(seed)


_DecimalText = Annotated[str, pydantic.StringConstraints(pattern=r"^(0|[1-9][0-9]*)$",
                                                         max_length=80)]
#: a seed read from JSON: a whole number, or (for one wider than 2**53) its decimal digits;
#: true, 1.0 and "0x1" are refused; written back by :func:`seed_json`
if TYPE_CHECKING:
    Seed = int  # what the validator makes of either
else:
    Seed = Annotated[pydantic.StrictInt | _DecimalText, pydantic.AfterValidator(int),
                     pydantic.PlainSerializer(seed_json, return_type=int | str)]


class Expect(pydantic.BaseModel):
    """What a scenario expects; each key that is present is checked."""

    model_config = pydantic.ConfigDict(extra="forbid", strict=True)

    scores: list[int] | None = None
    events: list[str] | None = None
    illegal_at: int | None = None
    illegal_rule: str | None = None
    over: bool | None = None
    winners: list[int] | None = None
    legal: list[str] | None = None


class Scenario(pydantic.BaseModel):
    """A replayable game fragment (see the contract's scenario format)."""

    model_config = pydantic.ConfigDict(extra="forbid")

    game: str
    # strict: "3" is not a player count and true is not a seed
    players: pydantic.StrictInt | None = None
    options: dict[pydantic.StrictStr, pydantic.StrictStr] = {}
    variant: str | None = None
    seed: Seed = 0
    #: where chance comes from (spec.common.rng); absent: SplitMix64, as every scenario
    #: written before the keyed generator existed
    generator: GeneratorName | None = None
    setup: dict[str, Any] | None = None
    actions: list[str] = []
    expect: Expect | None = None
    title: str = ""
    description: str = ""

    @pydantic.model_validator(mode="after")
    def _seed_fits(self) -> "Scenario":
        seeds = KEYED_SEEDS if self.generator == KEYED else SEEDS
        if self.seed not in seeds:
            raise ValueError(f"seed must be from 0 to {seeds.stop - 1} for the"
                             f" {self.generator or SPLITMIX64} generator")
        return self

    def to_json(self) -> dict[str, Any]:
        return self.model_dump(exclude_defaults=True, exclude={"expect"}) | (
            {"expect": self.expect.model_dump(exclude_unset=True)} if self.expect else {})


@dataclass
class Replay:
    """The outcome of replaying a scenario."""

    scenario: Scenario
    game: Game
    states: list[Any] = field(default_factory=list)
    events: list[list[Event]] = field(default_factory=list)
    illegal_at: int | None = None
    error: IllegalAction | None = None
    failures: list[str] = field(default_factory=list)

    @property
    def state(self) -> Any:
        return self.states[-1]

    @property
    def scores(self) -> list[int]:
        return self.game.scores(self.state)

    @property
    def ok(self) -> bool:
        return not self.failures

    @property
    def fired(self) -> list[str]:
        """Clause IDs of every event, in order."""
        return [e.rule for batch in self.events for e in batch]

    def winners(self) -> list[int]:
        return self.game.winners(self.state)

    def to_json(self) -> dict[str, Any]:
        g = self.game
        return {
            "scenario": self.scenario.to_json(),
            "actions_applied": len(self.events),
            "illegal_at": self.illegal_at,
            "error": str(self.error) if self.error else None,
            "error_rule": self.error.rule if self.error else None,
            "events": [[e.to_json() for e in batch] for batch in self.events],
            "over": g.is_over(self.state),
            "scores": self.scores,
            "legal": [str(a) for a in g.legal_actions(self.state)],
            "view": g.view(self.state, None),
            "failures": self.failures,
            "ok": self.ok,
        }


def load_scenario(source: str | Path | Mapping[str, Any] | Scenario) -> Scenario:
    """Read and validate a scenario from a path, a JSON text, a dict or a Scenario."""
    if isinstance(source, Scenario):
        return source
    if isinstance(source, Mapping):
        data: Any = dict(source)
    elif isinstance(source, (str, Path)):
        data = _parse(_read(source))
    else:
        raise ScenarioError(f"a scenario is a path, a JSON text or a mapping,"
                            f" not {type(source).__name__}")
    try:
        return Scenario.model_validate(data)
    except pydantic.ValidationError as exc:
        err = exc.errors(include_url=False)[0]
        where = ".".join(str(p) for p in err["loc"]) or "scenario"
        raise ScenarioError(f"scenario field '{where}': {err['msg']}") from None
    except RecursionError:
        raise ScenarioError("scenario is nested too deeply") from None


def _read(source: str | Path) -> str:
    """The scenario text: ``source`` itself when it is JSON, else the file it names."""
    text = str(source)
    if isinstance(source, str) and text.lstrip().startswith("{"):
        return text
    path = Path(text)
    try:
        with path.open("rb") as f:
            raw = f.read(MAX_SCENARIO_TEXT + 1)
    except OSError as exc:
        raise ScenarioError(f"cannot read scenario {path}:"
                            f" {exc.strerror or type(exc).__name__}") from None
    except ValueError as exc:  # e.g. a NUL byte in the path
        raise ScenarioError(f"cannot read scenario {text[:80]!r}: {exc}") from None
    if len(raw) > MAX_SCENARIO_TEXT:
        raise ScenarioError(f"scenario {path} is larger than {MAX_SCENARIO_TEXT} bytes")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ScenarioError(f"scenario {path} is not UTF-8 text (byte {exc.start})") from None


def _parse(text: str) -> Any:
    if len(text) > MAX_SCENARIO_TEXT:
        raise ScenarioError(f"scenario is larger than {MAX_SCENARIO_TEXT} characters")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ScenarioError(f"scenario is not valid JSON: {exc.msg} at line {exc.lineno}"
                            f" column {exc.colno}") from None
    except RecursionError:
        raise ScenarioError("scenario is not valid JSON: nested too deeply") from None
    except ValueError:  # Python reads at most 4300 digits of a whole number
        raise ScenarioError("scenario is not valid JSON: a number has too many digits"
                            " to read") from None


def replay(source: Any, options: Mapping[str, str] | None = None) -> Replay:
    """Play a scenario's actions; stop at the first illegal one and check ``expect``.

    ``options`` override the scenario's own (to replay it under another reading).
    """
    sc = load_scenario(source)
    if options is not None and not isinstance(options, Mapping):
        raise ScenarioError(f"options override a scenario's as a mapping, not"
                            f" {type(options).__name__}")
    game = load(sc.game, players=sc.players, options={**sc.options, **(options or {})},
                variant=sc.variant)
    result = Replay(sc, game, [game.new(seed=sc.seed, setup=sc.setup,
                                                 generator=sc.generator)])
    for i, text in enumerate(sc.actions):
        try:
            state, events = game.step(result.state, text)
        except IllegalAction as exc:
            result.illegal_at, result.error = i, exc
            break
        result.states.append(state)
        result.events.append(events)
    result.failures = _check(sc, result)
    return result


def _check(sc: Scenario, r: Replay) -> list[str]:
    fails: list[str] = []
    exp = sc.expect
    if r.error is not None and (exp is None or "illegal_at" not in exp.model_fields_set):
        fails.append(f"action {r.illegal_at} '{sc.actions[r.illegal_at or 0]}' was refused:"
                     f" {r.error}")
    if exp is None:
        return fails
    given = exp.model_fields_set
    if "illegal_at" in given and exp.illegal_at != r.illegal_at:
        fails.append(f"expected the first illegal action at {exp.illegal_at},"
                     f" got {r.illegal_at}" + (f" ({r.error})" if r.error else ""))
    if exp.illegal_rule is not None and (r.error is None or r.error.rule != exp.illegal_rule):
        fails.append(f"expected an action refused under {exp.illegal_rule},"
                     f" got {r.error.rule if r.error else 'none'}")
    if exp.scores is not None and exp.scores != r.scores:
        fails.append(f"expected scores {exp.scores}, got {r.scores}")
    if exp.events is not None:
        fired = set(r.fired)
        missing = [rule for rule in exp.events if rule not in fired]
        if missing:
            fails.append(f"expected events {missing} did not fire")
    if exp.over is not None and exp.over != r.game.is_over(r.state):
        fails.append(f"expected over={exp.over}")
    if exp.winners is not None and exp.winners != r.winners():
        fails.append(f"expected winners {exp.winners}, got {r.winners()}")
    if exp.legal is not None:
        legal = sorted(str(a) for a in r.game.legal_actions(r.state))
        if sorted(exp.legal) != legal:
            fails.append(f"expected legal actions {sorted(exp.legal)}, got {legal}")
    return fails
