"""Sphinx extension that generates the fruitspec documentation from the specs.

At ``builder-inited`` it writes ``docs/generated/`` (git-ignored): one page per game spec
present (clauses, their implementation, tests, proofs, ambiguities, coverage, diagrams,
pictures and worked examples replayed by the engine), the proof results, the exploration
manifest, the ambiguity register, the notation, the JSON schemas, the API reference and
source listings. It also adds the ``fruit-session`` directive, which runs Python examples
at build time and shows their real output as doctests.

Settings (``conf.py`` values, or the environment variable in brackets):

* ``fruitdocs_playouts`` [FRUITDOCS_PLAYOUTS]: random games per spec for clause coverage;
* ``fruitdocs_playout_seconds`` [FRUITDOCS_PLAYOUT_SECONDS]: their time budget per spec;
* ``fruitdocs_proofs`` [FRUITDOCS_PROOFS=0 to skip]: run the Z3 properties;
* ``fruitdocs_exploration`` [FRUITDOCS_EXPLORATION=0 to skip]: run the explorations.
"""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from . import collect, designer, generate, printable, rulebook, session
from .collect import Settings

logger = logging.getLogger(__name__)


def _env_flag(name: str, default: bool) -> bool:
    v = os.environ.get(name)
    return default if v is None else v.strip().lower() not in ("0", "no", "false", "off", "")


def settings_from(config: Any) -> Settings:
    s = Settings()
    s.playouts = int(os.environ.get("FRUITDOCS_PLAYOUTS", config.fruitdocs_playouts))
    s.playout_seconds = float(os.environ.get("FRUITDOCS_PLAYOUT_SECONDS",
                                             config.fruitdocs_playout_seconds))
    s.proofs = _env_flag("FRUITDOCS_PROOFS", config.fruitdocs_proofs)
    s.exploration = _env_flag("FRUITDOCS_EXPLORATION", config.fruitdocs_exploration)
    return s


def _root(app: Any) -> Path:
    return Path(app.config.fruitdocs_root or Path(app.srcdir).parent).resolve()


def on_builder_inited(app: Any) -> None:
    out = Path(app.srcdir) / "generated"
    generate.generate(_root(app), out, settings_from(app.config), log=logger.info)


# --- the fruit-session directive ------------------------------------------------------------

class FruitSession(SphinxDirective):
    """Run the Python statements of the content at build time; show them with their output.

    Options: ``:requires: GAME`` (shows a note instead while that game is not available),
    ``:group: NAME`` (sessions of one group in one page share their variables; default
    ``default``).
    """

    has_content = True
    option_spec = {"requires": directives.unchanged, "group": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        need = [g.strip() for g in (self.options.get("requires") or "").split(",") if g.strip()]
        absent = [g for g in need if g not in collect.available()]
        if absent:
            para = nodes.note()
            para += nodes.paragraph(text=f"This example needs {', '.join(absent)}, which is not"
                                         " yet available in this build.")
            return [para]
        # pages with sessions are re-read on every build: their output comes from the code
        docs = getattr(self.env, "fruit_session_docs", None)
        if docs is None:
            docs = self.env.fruit_session_docs = set()
        docs.add(self.env.docname)
        group = self.options.get("group", "default")
        store = self.env.temp_data.setdefault("fruit_sessions", {})
        key = (self.env.docname, group)
        globs = store.setdefault(key, {"__name__": "__doc_session__"})
        root = _root(self.env.app)
        ses = session.run("\n".join(self.content), globs, cwd=root)
        text = ".. doctest:: " + group + "\n\n" + "\n".join(
            "   " + line if line else "" for line in ses.doctest().splitlines()) + "\n"
        out: list[nodes.Node] = self.parse_text_to_nodes(text)
        for st in ses.errors:  # shown on the page; tests/docs fails on them
            logger.info("fruit-session in %s raised: %s", self.env.docname, st.error)
        return out


# --- docstrings that are not valid reST are shown verbatim --------------------------------------

_ROLE = re.compile(r":(?:[a-z]+:)?[a-z]+:`")


def guard_docstring(app: Any, what: str, name: str, obj: Any, options: Any,
                    lines: list[str]) -> None:
    """Render a docstring that docutils cannot parse cleanly as a literal block, so that a
    slip in one module's docstring cannot fail the whole build (-W)."""
    if not lines:
        return
    if len(lines) <= 2 and lines[0].startswith("Alias for field number"):
        lines[:] = []  # NamedTuple fields: the generated text says nothing
        return
    from docutils.core import publish_doctree
    from docutils.utils import Reporter

    text = "\n".join(_ROLE.sub("`", line) for line in lines)
    problems: list[Any] = []
    try:
        doc = publish_doctree(text, settings_overrides={
            "report_level": Reporter.SEVERE_LEVEL + 1, "halt_level": Reporter.SEVERE_LEVEL + 1,
            "warning_stream": False, "file_insertion_enabled": False, "raw_enabled": False})
        problems = [m for m in doc.findall(nodes.system_message) if m["level"] >= 2]
    except Exception as exc:  # noqa: BLE001
        problems = [exc]
    if problems:
        logger.info("fruitdocs: docstring of %s is not clean reST; shown verbatim", name)
        lines[:] = ["::", ""] + ["    " + line for line in lines] + [""]


def on_env_get_outdated(app: Any, env: Any, added: set[str], changed: set[str],
                        removed: set[str]) -> list[str]:
    return sorted(getattr(env, "fruit_session_docs", set()) - removed)


def on_env_purge_doc(app: Any, env: Any, docname: str) -> None:
    getattr(env, "fruit_session_docs", set()).discard(docname)


def setup(app: Any) -> dict[str, Any]:
    app.add_config_value("fruitdocs_root", "", "env")
    app.add_config_value("fruitdocs_playouts", 40, "env")
    app.add_config_value("fruitdocs_playout_seconds", 6.0, "env")
    app.add_config_value("fruitdocs_proofs", True, "env")
    app.add_config_value("fruitdocs_exploration", True, "env")
    app.connect("builder-inited", on_builder_inited)
    app.connect("autodoc-process-docstring", guard_docstring)
    app.connect("env-get-outdated", on_env_get_outdated)
    app.connect("env-purge-doc", on_env_purge_doc)
    app.add_directive("fruit-session", FruitSession)
    app.add_directive("fruit-ruling", rulebook.RulingDirective)
    app.add_role("clause", rulebook.clause_role)
    app.add_role("trace", rulebook.trace_role)
    app.add_role("proof", rulebook.proof_role)
    app.add_role("fruit-anchor", designer.anchor_role)
    app.connect("build-finished", printable.on_build_finished)
    return {"version": "1.0", "parallel_read_safe": False, "parallel_write_safe": True}
