"""The site's base address, under which the PDF editions link to the site's other pages:
set by FRUITSPEC_SITE_URL, with a default that is stated as one."""
from __future__ import annotations

import runpy
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from fruitdocs import printable

ROOT = Path(__file__).resolve().parents[2]
CONF = ROOT / "docs" / "conf.py"


def _conf(monkeypatch: pytest.MonkeyPatch, url: str | None) -> dict:
    if url is None:
        monkeypatch.delenv("FRUITSPEC_SITE_URL", raising=False)
    else:
        monkeypatch.setenv("FRUITSPEC_SITE_URL", url)
    monkeypatch.setattr(sys, "path", list(sys.path))  # conf.py adds its folders
    return runpy.run_path(str(CONF))


def test_the_base_address_is_the_stated_default_unless_set(monkeypatch) -> None:
    conf = _conf(monkeypatch, None)
    assert conf["html_baseurl"] == conf["DEFAULT_SITE_URL"]
    assert conf["DEFAULT_SITE_URL"].startswith("https://")
    assert _conf(monkeypatch, "https://example.org/rules/")["html_baseurl"] == \
        "https://example.org/rules/"
    assert _conf(monkeypatch, "")["html_baseurl"] == conf["DEFAULT_SITE_URL"]


def test_the_pdf_links_use_the_setting_with_one_closing_slash(monkeypatch) -> None:
    app = SimpleNamespace(config=SimpleNamespace(html_baseurl="https://example.org/a"))
    monkeypatch.delenv("FRUITSPEC_SITE_URL", raising=False)
    assert printable.site_url(app) == "https://example.org/a/"
    monkeypatch.setenv("FRUITSPEC_SITE_URL", "https://example.net/b/")
    assert printable.site_url(app) == "https://example.net/b/"


def test_the_readme_says_how_to_set_it_and_what_the_default_is(monkeypatch) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    default = _conf(monkeypatch, None)["DEFAULT_SITE_URL"]
    assert "FRUITSPEC_SITE_URL=" in readme and f"`{default}`" in readme
    assert "default base address" in readme
