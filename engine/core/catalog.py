"""What the registered games offer: variants, player counts and options."""
from __future__ import annotations

from typing import Any

import spec as _specs


def describe_games() -> list[dict[str, Any]]:
    out = []
    for name in _specs.available():
        sp = _specs.get(name)
        out.append({
            "name": name,
            "title": sp.title,
            "prefix": sp.prefix,
            "clauses": len(sp.clauses),
            "variants": [{
                "name": v.name,
                "players": list(v.players),
                "description": v.description,
                "options": [{"name": o.name, "id": o.id, "default": o.default,
                             "values": list(o.values), "question": o.question}
                            for o in sp.options_for(v.name)],
            } for v in sp.variants],
        })
    return out


def short_title(text: str, limit: int = 70) -> str:
    """The first sentence of a clause's text, cut at ``limit`` characters: its title."""
    first = text.split(". ")[0].split(": ")[0].strip().rstrip(".")
    if len(first) <= limit:
        return first
    cut = first[:limit - 1].rsplit(" ", 1)[0]
    return cut.rstrip(",;") + "…"
