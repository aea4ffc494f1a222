"""Validated (de)serialisation of states, and JSON Schemas, derived from the state type.

Reading is strict: a field must have exactly its JSON type (``1.0``, ``"1"`` and ``true``
are not the whole number 1), a document may hold no unknown field, and the JSON itself is
parsed by pydantic's own parser, which bounds nesting depth and number sizes. Every
failure is one :class:`StateError` line naming the field.
"""
from __future__ import annotations

import typing
from functools import lru_cache
from typing import Any, Callable

import pydantic
import pydantic_core

from spec.common.core import GameSpec
from spec.common.errors import StateError, shown

_STRICT = pydantic.ConfigDict(extra="forbid", strict=True)


class StateAdapter:
    """A pydantic model mirroring one spec's state ``NamedTuple``, field for field."""

    def __init__(self, spec: GameSpec[Any]) -> None:
        self.spec = spec
        hints = typing.get_type_hints(spec.state_type)
        fields: dict[str, Any] = {name: (hints[name], ...)
                                  for name in spec.state_type._fields}
        self.model: type[pydantic.BaseModel] = pydantic.create_model(
            f"{spec.state_type.__name__}Model", __config__=_STRICT, **fields)
        # the document :meth:`engine.Game.dumps` writes: the configuration, then the state
        self.document = pydantic.create_model(
            f"{spec.state_type.__name__}Document", __config__=_STRICT,
            game=(str, None), players=(int, None), variant=(str | None, None),
            options=(dict[str, str], None), state=(self.model, ...))

    def load(self, data: Any) -> Any:
        """A state from already-parsed JSON data (lists, not tuples)."""
        try:
            m = self.model.model_validate_json(pydantic_core_json(data))
        except pydantic.ValidationError as exc:
            raise StateError(describe(exc, "state")) from None
        return self._state(m)

    def load_document(self, text: str | bytes) -> tuple[dict[str, Any], Any]:
        """The configuration fields present in a dumped document, and its state."""
        try:
            doc = self.document.model_validate_json(text)
        except pydantic.ValidationError as exc:
            raise StateError(describe(exc, "")) from None
        header: dict[str, Any] = {k: getattr(doc, k) for k in ("game", "players", "variant", "options")
                  if k in doc.model_fields_set}
        return header, self._state(getattr(doc, "state"))

    def _state(self, m: pydantic.BaseModel) -> Any:
        make: Callable[..., Any] = self.spec.state_type
        return make(**{f: getattr(m, f) for f in self.spec.state_type._fields})

    def json_schema(self) -> dict[str, Any]:
        return self.model.model_json_schema()


def pydantic_core_json(data: Any) -> bytes:
    """``data`` as JSON text, so that it is validated as strictly as a file would be."""
    try:
        return pydantic.TypeAdapter(Any).dump_json(data)
    except (pydantic_core.PydanticSerializationError, RecursionError, ValueError) as exc:
        raise StateError(f"state is not JSON data: {str(exc)[:80]}") from None


def describe(exc: pydantic.ValidationError, root: str) -> str:
    """One line for the first error: where (``state.hands[1][0]``), what, what was given."""
    err = exc.errors(include_url=False)[0]
    where = root
    for part in err["loc"]:
        where += f"[{part}]" if isinstance(part, int) else (f".{part}" if where else str(part))
    msg = err["msg"]
    if err["type"].startswith("json_"):
        return f"not JSON: {msg}"
    if err["type"] == "missing":
        return f"{where}: missing"
    if err["type"] == "extra_forbidden":
        return f"{where}: unknown field"
    return f"{where or 'document'}: {msg[0].lower() + msg[1:]}, not {shown(err.get('input'))}"


@lru_cache(maxsize=None)
def state_adapter(spec: GameSpec[Any]) -> StateAdapter:
    return StateAdapter(spec)
