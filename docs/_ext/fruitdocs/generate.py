"""Write every generated page into ``docs/generated/`` (git-ignored) before Sphinx reads."""
from __future__ import annotations

import json
import pkgutil
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any, Callable

from . import collect, designer, measure, pages, rulebook, sources
from . import obligations_page
from .collect import GameData, Settings
from .measure import attr

#: Modules documented on the API page, besides every module of ``engine``.
EXTRA_MODULES = ("spec.common.core", "spec.common.rules", "spec.common.moves",
                 "spec.common.symbolic", "spec.common.rng", "spec.common.errors",
                 "proofs.core", "proofs.runner")


def run_proofs(name: str) -> tuple[list[Any] | None, str, float]:
    """Run one game's Z3 properties; decoded scenarios go to a temporary folder so that
    building the docs never writes into the repository."""
    run, why = measure.optional("proofs.runner", "run")
    if run is None:
        return None, why, 0.0
    start = time.perf_counter()
    try:
        with tempfile.TemporaryDirectory(prefix="fruitdocs-") as tmp:
            try:
                results = list(run(name, scenarios=tmp))
            except TypeError:
                results = list(run(name))
    except Exception as exc:  # noqa: BLE001 - shown on the page
        return None, f"the proof runner failed: {measure.short_error(exc)}", \
            time.perf_counter() - start
    return results, "", time.perf_counter() - start


class Background:
    """The slow, independent jobs — each game's Z3 proofs and the explorations — run in
    worker processes (2 cores: they overlap with the coverage measured meanwhile). Anything
    that goes wrong with the workers falls back to running the job here."""

    def __init__(self, settings: Settings, names: list[str], log: Callable[[str], None]):
        self.pool: Any = None
        self.jobs: dict[str, Any] = {}
        wanted = [("explore", measure.exploration, ())] if settings.exploration and names \
            else []
        if settings.proofs:
            wanted += [(f"proofs:{n}", run_proofs, (n,)) for n in names]
        if not wanted or settings.workers < 1:
            return
        try:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor
            self.pool = ProcessPoolExecutor(max_workers=settings.workers,
                                            mp_context=multiprocessing.get_context("spawn"))
            for key, fn, args in wanted:
                self.jobs[key] = self.pool.submit(fn, *args)
        except Exception as exc:  # noqa: BLE001
            log(f"fruitdocs: running proofs and explorations here ({measure.short_error(exc)})")
            self.close()

    def _result(self, key: str, fn: Callable[..., Any], *args: Any) -> Any:
        job = self.jobs.get(key)
        if job is not None:
            try:
                return job.result()
            except Exception:  # noqa: BLE001, S110 - a dead worker: run it here instead
                pass
        return fn(*args)

    def proofs(self, name: str) -> tuple[list[Any] | None, str, float]:
        return self._result(f"proofs:{name}", run_proofs, name)

    def exploration(self) -> tuple[Any, str, float]:
        return self._result("explore", measure.exploration)

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)
            self.pool = None
        self.jobs = {}


#: the engine's folders whose modules the API reference lists one by one
LAYER_PACKAGES = ("core", "analysis", "cli")


def api_modules(root: Path) -> list[tuple[str, str]]:
    names = []
    engine_dir = root / "engine"
    if engine_dir.is_dir():
        names.append("engine")
        for m in pkgutil.iter_modules([str(engine_dir)]):
            if m.name.startswith("_"):
                continue
            names.append(f"engine.{m.name}")
            if m.name in LAYER_PACKAGES:  # the layers' folders: each of their modules
                names += [f"engine.{m.name}.{sub.name}"
                          for sub in pkgutil.iter_modules([str(engine_dir / m.name)])
                          if not sub.name.startswith("_")]
    names += [m for m in EXTRA_MODULES if collect.has_module(m)]
    out = []
    for name in names:
        mod, why = measure.optional(name)
        out.append((name, "" if mod is not None else why))
    return out


def schemas(names: list[str]) -> tuple[dict[str, Any], dict[str, str]]:
    got: dict[str, Any] = {}
    notes: dict[str, str] = {}
    fn, why = measure.optional("engine.core.schema", "schemas")
    for name in names:
        try:
            if fn is not None:
                got[name] = fn(name)
            else:
                import spec as specs
                from engine.core.serialize import state_adapter
                got[name] = {"state": state_adapter(specs.get(name)).json_schema()}
        except Exception as exc:  # noqa: BLE001
            notes[name] = measure.short_error(exc)
    return got, notes


def _safe(render: Callable[[], str], label: str, title: str,
          log: Callable[[str], None]) -> str:
    """A page's text, or a page that says why it could not be generated (same label)."""
    try:
        return render()
    except Exception as exc:  # noqa: BLE001 - one broken page must not stop the site
        log(f"fruitdocs: the page {title!r} failed: {traceback.format_exc()}")
        return f".. _{label}:\n\n" + pages.failed_page(title, measure.short_error(exc))


def _labels_of(d: GameData) -> set[str]:
    """The labels a game page defines (so other pages may link to them)."""
    out = {c.id.lower() for c in d.spec.clauses}
    out |= {f"trace-{c.id.lower()}" for c in d.spec.clauses}
    out |= {f"game-{d.name}", f"trace-{d.name}"}
    out |= {str(e["id"]).lower() for e in d.ambiguities}
    out.add(f"ambiguities-{d.name}")
    shown = d.results if d.results is not None else d.properties
    out |= {f"proof-{attr(p, 'id')}".lower() for p in shown or ()}
    return out


def findings_of(name: str) -> list[Any]:
    got, _ = measure.optional("proofs.findings", "for_game")
    return list(got(name)) if got is not None else []


def findings_page(names: list[str], datas: dict[str, GameData]) -> str:
    """Every game's findings on one page (the index shows it first)."""
    from .rst import heading, label
    ref = pages.ref
    out = label("findings") + heading("What the verification found", "=", over=True)
    out += ("Where checking the rulebooks against themselves turned up something a designer"
            " or a publisher should know: examples that cannot happen, loops, exploits,"
            " contradictions between passages and suspect numbers. Each comes with what shows"
            " it: a Z3 proof, a register entry whose witness replays under every reading, or"
            " an exploration.\n\n")
    for name in names:
        sp = datas[name].spec
        out += heading(rulebook.title_of(sp), "=")
        out += f"From {ref(f'game-{name}', 'the clarified rulebook')}.\n\n"
        out += rulebook.findings_list(findings_of(name))
    return out


def findings_summary(names: list[str], datas: dict[str, GameData]) -> str:
    """The findings of every game as one list, for the front page."""
    ref = pages.ref
    out = ""
    for name in names:
        found = findings_of(name)
        title = rulebook.title_of(datas[name].spec)
        out += f"**{title}** ({ref(f'game-{name}', 'rulebook')})\n\n"
        out += rulebook.findings_list(found)
    return out


def write(path: Path, text: str, written: set[Path]) -> None:
    """Write only when the text changed (so Sphinx re-reads only what changed)."""
    written.add(path.resolve())
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        if path.read_text(encoding="utf-8") == text:
            return
    except OSError:
        pass
    path.write_text(text, encoding="utf-8")


def generate(root: Path, out: Path, settings: Settings | None = None,
             log: Callable[[str], None] = print) -> dict[str, GameData]:
    settings = settings or Settings()
    t0 = time.perf_counter()
    sources.clear_cache()
    pages.LABELS.clear()
    import spec as specs
    names = collect.available()
    missing = [n for n in specs.REGISTRY if n not in names]

    # the proofs and the explorations run in two other processes while this one measures
    bg = Background(settings, names, log)
    datas: dict[str, GameData] = {}
    for name in names:
        datas[name] = collect.collect(root, name, settings, {})
        log(f"fruitdocs: measured {name} in {datas[name].seconds:.1f} s")
    results: dict[str, Any] = {}
    if settings.proofs:
        for name in names:
            results[name] = bg.proofs(name)
            datas[name].results, datas[name].results_note, datas[name].results_seconds = \
                results[name]
            log(f"fruitdocs: proofs of {name}: {results[name][2]:.1f} s")
    broken = {n: d.error for n, d in datas.items() if d.spec is None}
    good = [n for n in names if n not in broken]

    for d in datas.values():
        if d.spec is not None:
            pages.LABELS.update(_labels_of(d))

    written: set[Path] = set()
    svg_dir = out / "_svg"
    svg_dir.mkdir(parents=True, exist_ok=True)
    for old in svg_dir.glob("*.svg"):
        old.unlink()
    write(out / "games.rst", _safe(lambda: pages.games_index(good, missing, broken), "games",
                                    "The games", log), written)
    listings: set[str] = set()
    for name, d in datas.items():
        if d.spec is None:
            continue
        try:
            book = rulebook.rulebook_page(root, d, svg_dir, findings_of(name))
            text = pages.game_page(root, d, svg_dir) + rulebook.record_extras(
                root, d, svg_dir, findings_of(name))
        except Exception as exc:  # noqa: BLE001 - one broken page must not stop the site
            log(f"fruitdocs: the page of {name} failed: {traceback.format_exc()}")
            pages.LABELS.difference_update(_labels_of(d))
            book = text = pages.failed_page(name, measure.short_error(exc))
        write(out / pages.GAMES_DIR / f"{name}.rst", book, written)
        write(out / rulebook.TRACE_DIR / f"{name}.rst", text, written)
        listings |= d.files
        listings |= {e["witness"] for e in d.ambiguities if e.get("witness")}
        listings |= {a["witness"] for e in d.ambiguities
                     for a in (e.get("apart") or {}).values() if a.get("witness")}
    for svg in svg_dir.glob("*.svg"):
        written.add(svg.resolve())
    write(out / "findings.rst", _safe(lambda: findings_page(good, datas), "findings",
                                       "What the verification found", log), written)
    write(out / "findings.inc", _safe(lambda: findings_summary(good, datas), "findings-inc",
                                       "What the verification found", log), written)

    if settings.proofs:
        by_game = {n: results[n] for n in good if n in results}
        note = ""
    else:
        by_game, note = {}, "the proofs were not run in this build"
    props, why = measure.properties()
    write(out / "proofs.rst", _safe(lambda: pages.proofs_page(by_game, note or why)
                                     + obligations_page.section(), "proofs",
                                     "Proof results", log), written)

    manifest, _ = measure.optional("engine.analysis.explore", "load_manifest")
    stored = None
    if manifest is not None:
        try:
            stored = manifest()
        except Exception:  # noqa: BLE001
            stored = None
    if settings.exploration and good:
        ex, why, secs = bg.exploration()
    else:
        ex, why, secs = None, ("no game is available yet" if not good else
                               "skipped in this build"), 0.0
    bg.close()
    log(f"fruitdocs: exploration: {secs:.1f} s")
    write(out / "exploration.rst", _safe(lambda: pages.exploration_page(ex, why, secs, stored),
                                          "exploration", "Exploration manifest", log), written)

    entries = [(n, e) for n in good for e in datas[n].ambiguities]
    notes = "; ".join(f"{n}: {datas[n].ambiguities_note}" for n in good
                      if datas[n].ambiguities_note)
    write(out / "register.rst", _safe(lambda: pages.register_page(entries, notes),
                                       "register",
                                       "Ambiguity register", log), written)
    designer.write_pages(out, {n: datas[n].spec for n in good},
                         lambda path, text: write(path, text, written), written.add)
    write(out / "notation.rst", _safe(lambda: pages.notation_page([datas[n].spec for n in good]),
                                       "notation", "Notation", log), written)
    got, why_not = schemas(good)
    write(out / "schemas.rst", _safe(lambda: pages.schemas_page(got, why_not), "schemas",
                                      "JSON schemas", log), written)
    write(out / "api.rst", _safe(lambda: pages.api_page(api_modules(root)), "api",
                                  "API reference", log), written)
    for rel in sorted(listings):
        if (root / rel).is_file():
            write(out / pages.SOURCE_DIR / f"{sources.source_docname(rel)}.rst",
                  pages.listing_page(root, rel), written)

    # remove what an earlier build wrote and this one did not (a renamed file, a game gone)
    for p in sorted(out.rglob("*"), reverse=True):
        if p.is_file() and p.resolve() not in written:
            p.unlink()
        elif p.is_dir() and not any(p.iterdir()):
            p.rmdir()
    (out / "manifest.json").write_text(json.dumps({
        "games": good, "missing": missing, "broken": broken,
        "seconds": round(time.perf_counter() - t0, 2)}, indent=2) + "\n", encoding="utf-8")
    log(f"fruitdocs: generated {len(written)} files in {time.perf_counter() - t0:.1f} s")
    return datas
