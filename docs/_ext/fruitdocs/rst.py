"""Small helpers that write reStructuredText safely from data."""
from __future__ import annotations

import re
from typing import Iterable, Sequence

_SPECIAL = re.compile(r"([\\`*_|\[\]<>])")


def esc(text: object) -> str:
    """Text as it should read, with reST markup characters escaped (one line)."""
    s = " ".join(str(text).split())
    return _SPECIAL.sub(r"\\\1", s)


def lit(text: object) -> str:
    """Inline literal; falls back to escaped text where a literal cannot hold it."""
    s = " ".join(str(text).split())
    if not s:
        return "(empty)"
    if "``" in s or s.startswith(" ") or s.endswith(" ") or s.endswith("\\"):
        return esc(s)
    return f"``{s}``"


def heading(text: str, char: str, over: bool = False) -> str:
    from docutils.utils import column_width  # wide characters count twice
    text = " ".join(str(text).split())
    line = char * max(column_width(text), 3)
    return (f"{line}\n{text}\n{line}\n\n" if over else f"{text}\n{line}\n\n")


def label(name: str) -> str:
    return f".. _{name.lower()}:\n\n"


def ref(name: str, text: str | None = None) -> str:
    return f":ref:`{esc(text or name)} <{name.lower()}>`"


def link(text: str, uri: str) -> str:
    """An anonymous hyperlink (anonymous, so that equal texts never clash)."""
    return f"`{esc(text)} <{uri}>`__"


def indent(text: str, n: int = 3) -> str:
    pad = " " * n
    return "\n".join(pad + line if line.strip() else "" for line in text.splitlines())


def directive(name: str, arg: str = "", options: dict[str, str] | None = None,
              body: str = "") -> str:
    out = f".. {name}::" + (f" {arg}" if arg else "") + "\n"
    for k, v in (options or {}).items():
        out += f"   :{k}:" + (f" {v}" if v else "") + "\n"
    if body.strip():
        out += "\n" + indent(body.rstrip("\n")) + "\n"
    return out + "\n"


def admonition(kind: str, text: str) -> str:
    return directive(kind, body=text)


def code(text: str, language: str = "text") -> str:
    return directive("code-block", language, body=text if text.strip() else "(empty)")


def list_table(header: Sequence[str], rows: Iterable[Sequence[str]],
               widths: Sequence[int] | None = None, title: str = "") -> str:
    """A list-table; cells are reST already (escape them with :func:`esc`)."""
    rows = list(rows)
    if not rows:
        return ""
    opts = {"header-rows": "1"}
    if widths:
        opts["widths"] = " ".join(str(w) for w in widths)
    lines = []
    for row in [list(header), *rows]:
        for i, cell in enumerate(row):
            cell_text = str(cell) if str(cell).strip() else "\\ "
            first, *rest = cell_text.splitlines() or ["\\ "]
            lines.append(("* - " if i == 0 else "  - ") + first)
            lines.extend("    " + r if r.strip() else "" for r in rest)
    return directive("list-table", title, opts, "\n".join(lines))


def bullets(items: Iterable[str]) -> str:
    items = list(items)
    return "".join(f"* {i}\n" for i in items) + ("\n" if items else "")


def fields(pairs: Iterable[tuple[str, str]]) -> str:
    out = ""
    for k, v in pairs:
        if v is None or v == "":
            continue
        body = str(v).splitlines()
        out += f":{k}: {body[0]}\n" + "".join(f"   {line}\n" if line.strip() else "\n"
                                             for line in body[1:])
    return out + "\n" if out else ""


def pretty_json(value: object, width: int = 88, indent: int = 0) -> str:
    """JSON that keeps whatever fits on one line on one line (hands, decks...)."""
    import json
    flat = json.dumps(value, ensure_ascii=False)
    if len(flat) + indent <= width or not isinstance(value, (dict, list)) or not value:
        return flat
    pad = " " * (indent + 2)
    if isinstance(value, dict):
        items = [f"{pad}{json.dumps(k)}: {pretty_json(v, width, indent + 2)}"
                 for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [pad + pretty_json(v, width, indent + 2) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"
