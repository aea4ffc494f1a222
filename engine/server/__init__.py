"""The table server: the engine over HTTP and WebSocket, tables kept in SQLite or PostgreSQL.

>>> from engine.server import create_app
>>> app = create_app(None)  # tables in memory only; give a path to keep them
>>> sorted(r.path for r in app.routes if r.path.startswith("/api/tables/{table_id}"))[:2]
['/api/tables/{table_id}', '/api/tables/{table_id}/actions']

How a front-end or the web table drives tables is described in ``README.md`` beside this
file and in the docs' "Serving the engine" page. The web framework is imported on first
use, so ``fruitspec`` commands that do not serve stay quick to start.
"""
from __future__ import annotations

import importlib
from typing import Any

_WHERE = {"create_app": "app", "Store": "store", "StoreError": "store", "BadToken": "tables",
          "Subscription": "tables", "Tables": "tables", "UnknownTable": "tables"}
__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f".{_WHERE[name]}", __name__), name)
