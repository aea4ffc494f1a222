"""The API's bodies as pydantic models: they validate requests and make ``/openapi.json``."""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from engine.core.scenario import Scenario, Seed
from engine.core.table import MAX_ACTION_CHARS

class CreateTable(BaseModel):
    """A new table: a game and its configuration, or a scenario to continue."""

    model_config = ConfigDict(extra="forbid")

    game: str | None = Field(None, min_length=1, max_length=40,
                             description="tindahan, bastos, tanuki-market or fruit-passion;"
                                         " may be left out when `scenario` is given")
    # the game itself names the counts it allows; the bound only keeps the number small.
    # Strict: "3" is not a count and true is not 1 (pydantic's default takes both)
    players: StrictInt | None = Field(None, ge=-(2**31), le=2**31)
    variant: str | None = Field(None, max_length=40)
    options: dict[str, str] = Field(default_factory=dict, max_length=32,
                                    description="option name to reading")
    seed: Seed | None = Field(
        None, description="fixes the deal, for tests: anyone who knows it knows every hand."
                          " Left out, the table is dealt from an unguessable seed on the"
                          " keyed generator, shown only in the finished game's scenario."
                          " A seed wider than 2**53 is written as a string of digits")
    generator: Literal["splitmix64", "blake2b-ctr"] | None = Field(
        None, description="the generator a given seed drives (default splitmix64)")
    setup: dict[str, Any] | None = Field(None, description="the game's set-up keys (see the"
                                                           " scenario format)")
    agents: list[str | None] | None = Field(
        None, max_length=64,
        description="one entry per seat: a built-in agent's name plays that seat in the"
                    " server, null leaves it to a client")
    scenario: Scenario | None = Field(
        None, description="a scenario file: the table continues from its last state")


class SeatToken(BaseModel):
    seat: int
    token: str | None = Field(description="the seat's secret (null for an agent's seat)")
    agent: str | None = None


class CreatedTable(BaseModel):
    table: str
    version: int
    seats: list[SeatToken]


class EventOut(BaseModel):
    version: int = Field(description="the version the action that caused it made")
    rule: str = Field(description="the clause ID")
    text: str
    data: dict[str, Any] = {}


class TableOut(BaseModel):
    table: str
    game: str
    players: int
    variant: str | None
    options: dict[str, str]
    version: int
    seat: int | None
    view: dict[str, Any] = Field(description="game.view(state, seat): the game's view"
                                             " schema (`fruitspec schema GAME`), with"
                                             " `legal` for this seat")
    over: bool
    agents: list[str | None]


class ActionIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    action: str = Field(min_length=1, max_length=MAX_ACTION_CHARS,
                        description="an action in notation; the `pN:` prefix may be left"
                                    " out", examples=["take 2"])
    # strict, as `players`: "0" or false against version 0 is a client's mistake
    version: StrictInt | None = Field(None, ge=0, le=2**31,
                                      description="the version the action was made against")


class ActionOut(BaseModel):
    version: int
    events: list[EventOut]
    view: dict[str, Any]


class EventsOut(BaseModel):
    version: int
    events: list[EventOut]


class ErrorOut(BaseModel):
    error: str = Field(description="the kind of refusal")
    rule: str | None = Field(None, description="the clause that forbids the action")
    message: str
