"""The web table's own routes, without a browser: catalogue, witnesses, clause pages."""
from __future__ import annotations

import warnings

import pytest
from starlette.applications import Starlette

with warnings.catch_warnings():  # Starlette's note about its test client's HTTP library
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

import spec
from engine.analysis import ambiguities
from engine.server import web


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(Starlette(routes=web.web_routes(None)))


def test_catalogue_has_every_option_with_readings_in_words(client):
    data = client.get("/api/web/catalogue").json()
    for g in data["games"]:
        sp = spec.get(g["name"])
        for v in g["variants"]:
            names = {o["name"] for o in v["options"]}
            assert names == {o.name for o in sp.options_for(v["name"])}
            for o in v["options"]:
                assert o["default"] in [r["value"] for r in o["readings"]]
                assert all(r["text"] for r in o["readings"])
                assert o["docs"] == f"/rules/{o['id']}"


def _entries_with_witness():
    return [(g, o) for g in spec.available() for o in ambiguities.options_of(g)
            if ambiguities.witness_path(g, o).exists()]


@pytest.mark.parametrize("game,opt", _entries_with_witness(),
                         ids=lambda x: getattr(x, "id", x))
def test_every_witness_parts_ways_where_the_register_says(game, opt):
    data = web.witness(opt.id)
    register = ambiguities.entry(game, opt)
    outs = register["outcomes"]
    a, b = (s["reading"] for s in data["sides"])
    differs = outs[a] != outs[b]
    assert (data["first_difference"] is not None) == differs
    i = data["first_difference"]
    if i is not None and i < len(data["sides"][0]["steps"]):
        sa, sb = (s["steps"][i] for s in data["sides"])
        assert (sa.get("events"), sa.get("refused"), sa.get("legal")) != \
            (sb.get("events"), sb.get("refused"), sb.get("legal"))
        for s in data["sides"]:
            for earlier in s["steps"][:i]:
                assert "events" in earlier  # nothing was refused before the difference


def test_witness_json_refuses_unknown_ids_and_readings(client):
    assert client.get("/api/web/ambiguities/TIN-A999").status_code == 404
    r = client.get("/api/web/ambiguities/TIN-A2?a=sits-out&b=bogus")
    assert r.status_code == 404 and "bogus" in r.json()["detail"]


def test_clause_pages(client, monkeypatch, tmp_path):
    r = client.get("/rules/TIN-3.2")
    assert r.status_code == 200 and spec.get("tindahan").catalogue["TIN-3.2"].text[:30] in r.text
    r = client.get("/rules/BAS-A1")
    assert r.status_code == 200 and "(default)" in r.text
    assert client.get("/rules/NOPE-1").status_code == 404
    assert client.get("/api/web/rules/TAN-2.6").json()["game"] == "tanuki-market"
    # with the docs built, the clause page is the docs' entry
    page = tmp_path / "generated" / "games" / "tindahan.html"
    page.parent.mkdir(parents=True)
    page.write_text('<section id="tin-3-2"><h3>TIN-3.2</h3></section>')
    monkeypatch.setattr(web, "DOCS_HTML", tmp_path)
    web.docs_pages.cache_clear()
    try:
        r = client.get("/rules/TIN-3.2", follow_redirects=False)
        assert r.status_code == 307
        assert r.headers["location"] == "/docs/generated/games/tindahan.html#tin-3-2"
    finally:
        web.docs_pages.cache_clear()


def test_unknown_pages_are_plain_pages(client):
    r = client.get("/ambiguities/XYZ-A1")
    assert r.status_code == 404 and "<h1>No such ambiguity</h1>" in r.text
    assert client.get("/").status_code == 200
    assert client.get("/static/js/table.js").headers["content-type"].startswith(
        ("application/javascript", "text/javascript"))


def test_every_static_file_is_package_data():
    """``pip install`` carries the web table: each file under static/ matches a pattern of
    the package data in pyproject.toml."""
    import fnmatch
    import tomllib
    from pathlib import Path

    root = Path(web.__file__).resolve().parents[2]
    data = tomllib.loads((root / "pyproject.toml").read_text())
    patterns = data["tool"]["setuptools"]["package-data"]["engine.server"]
    base = Path(web.__file__).parent
    files = [p.relative_to(base).as_posix() for p in web.STATIC.rglob("*") if p.is_file()]
    assert files
    missing = [f for f in files if not any(fnmatch.fnmatch(f, pat) and
                                           f.count("/") == pat.count("/") for pat in patterns)]
    assert not missing, f"not in package-data: {missing}"


def test_origin_counts_a_scenario_prelude_and_nothing_more():
    from engine.core.scenario import load_scenario
    from engine.server.tables import Tables
    from engine.core.table import TableSetup

    tables = Tables(None)
    sc = load_scenario({"game": "bastos", "players": 3, "seed": 5,
                        "actions": ["p0: bastos B1"]})
    table_id, _ = tables.create(TableSetup.from_scenario(sc))
    app = Starlette(routes=web.web_routes(tables))
    with TestClient(app) as c:
        r = c.get(f"/api/web/tables/{table_id}/origin")
        assert r.json() == {"prelude": 1}  # the count, never the (secret) pick
        assert c.get("/api/web/tables/nope/origin").status_code == 404
        assert c.get("/t/nope").status_code == 404
        assert c.get(f"/t/{table_id}").status_code == 200
