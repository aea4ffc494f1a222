"""Validated (de)serialisation of states, and JSON Schemas, derived from the state type."""
from __future__ import annotations

import typing
from functools import lru_cache
from typing import Any

import pydantic

from spec.common.core import GameSpec
from spec.common.errors import StateError


class StateAdapter:
    """A pydantic model mirroring one spec's state ``NamedTuple``, field for field."""

    def __init__(self, spec: GameSpec) -> None:
        self.spec = spec
        hints = typing.get_type_hints(spec.state_type)
        fields = {name: (hints[name], ...) for name in spec.state_type._fields}
        self.model = pydantic.create_model(  # type: ignore[call-overload]
            f"{spec.state_type.__name__}Model",
            __config__=pydantic.ConfigDict(extra="forbid"),
            **fields,
        )

    def load(self, data: Any) -> Any:
        try:
            m = self.model.model_validate(data)
        except pydantic.ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err["loc"]) or "state"
            raise StateError(f"state field {where}: {err['msg']}") from None
        return self.spec.state_type(**{f: getattr(m, f) for f in self.spec.state_type._fields})

    def json_schema(self) -> dict[str, Any]:
        return self.model.model_json_schema()


@lru_cache(maxsize=None)
def state_adapter(spec: GameSpec) -> StateAdapter:
    return StateAdapter(spec)
