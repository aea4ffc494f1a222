"""The web table's routes (lobby, table page, witness viewer, static files).

:func:`create_app` appends what :func:`web_routes` returns after the JSON API's routes.
``tables`` is the server's :class:`engine.server.tables.Tables`: the web table drives
tables through it exactly as the API does (see engine/server/README.md).
"""
from __future__ import annotations

from typing import Any


def web_routes(tables: Any) -> list:
    """Starlette routes of the web table, served after the API's (none yet)."""
    return []
