"""Sphinx configuration of the fruitspec documentation.

Most pages are generated at build time by the ``fruitdocs`` extension (``docs/_ext``) from
the game specs, the engine, the proofs and the tests; they land in ``docs/generated``.
Build with ``make docs`` (warnings are errors).
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE / "_ext"))
sys.path.insert(0, str(ROOT))

project = "fruitspec"
author = "the fruitspec authors"
copyright = "the fruitspec authors"  # noqa: A001 - Sphinx's name for it
release = "0.1.0"

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.graphviz",
    "sphinx.ext.viewcode",
    "fruitdocs",
]

exclude_patterns = ["_build", "editions", "Thumbs.db", ".DS_Store"]
templates_path: list[str] = []
html_static_path = ["_static"]
html_css_files = ["fruitspec.css"]
html_theme = "furo"
html_title = "fruitspec"
html_theme_options = {
    "navigation_with_keys": True,
}
html_show_sourcelink = False
# the published site: the printed rulebooks' links to other pages are absolute under it.
# Set FRUITSPEC_SITE_URL to the address the site is served from (see README.md, "The two
# commands"); without it the links point to this default address
DEFAULT_SITE_URL = "https://fruitspec.readthedocs.io/en/latest/"
html_baseurl = os.environ.get("FRUITSPEC_SITE_URL") or DEFAULT_SITE_URL
html_last_updated_fmt = None

# diagrams: rendered by the local `dot` binary at build time, as SVG (no network)
graphviz_output_format = "svg"
graphviz_dot_args = ["-Gfontname=Helvetica", "-Nfontname=Helvetica", "-Efontname=Helvetica"]

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"undoc-members": False}
autoclass_content = "class"

# `sphinx -b doctest docs docs/_build/doctest` runs every example from the repository root
doctest_global_setup = f"""
import os
os.chdir({str(ROOT)!r})
"""
doctest_test_doctest_blocks = ""

# the fruitdocs extension (see docs/_ext/fruitdocs/__init__.py); environment variables
# FRUITDOCS_PLAYOUTS, FRUITDOCS_PROOFS=0, FRUITDOCS_EXPLORATION=0 override these
fruitdocs_root = str(ROOT)
fruitdocs_playouts = int(os.environ.get("FRUITDOCS_PLAYOUTS", "40"))
fruitdocs_playout_seconds = 6.0
fruitdocs_proofs = True
fruitdocs_exploration = True

nitpicky = False
suppress_warnings: list[str] = []
