# The two README commands (verify, test) and the docs. Each creates .venv when missing.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PIP    := $(PY) -m pip
STAMP  := $(VENV)/.installed

.PHONY: verify test docs bench clean venv graphviz chromium web-pictures compiled postgresql

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip

$(STAMP): $(PY) pyproject.toml
	$(PIP) install --quiet -e ".[test,docs,rl,build]"
	touch $(STAMP)

# The compiled twin of the hot path (fast/): Cython compiles the same .py files into
# fast/lib, rebuilding only the modules whose sources changed. Without a C compiler the
# reference runs alone. FRUITSPEC_ENGINE=reference runs the Python source in any build.
compiled: $(STAMP)
	$(PY) -m fast.build

venv: $(STAMP)

# Debian's graphviz renders the docs' diagrams; install it when the `dot` binary is missing.
graphviz:
	@command -v dot >/dev/null 2>&1 || { \
	  if command -v apt-get >/dev/null 2>&1; then \
	    (apt-get update -qq && apt-get install -y -qq graphviz >/dev/null) || \
	    (sudo apt-get update -qq && sudo apt-get install -y -qq graphviz >/dev/null); \
	  else echo "please install graphviz (the 'dot' command)"; exit 1; fi; }

# Debian's chromium runs the web table's browser tests and the docs' page checks (Playwright
# drives this binary; its own browser download is not used), and Pango lets WeasyPrint print
# the rulebooks. Installed when missing; outside CI a machine without chromium only skips
# the browser tests.
chromium:
	@{ test -x /usr/bin/chromium && ldconfig -p | grep -q libpangoft2; } || { \
	  (apt-get update -qq && apt-get install -y -qq chromium libpango-1.0-0 libpangoft2-1.0-0 >/dev/null) || \
	  (sudo -n apt-get update -qq && sudo -n apt-get install -y -qq chromium libpango-1.0-0 libpangoft2-1.0-0 >/dev/null) || \
	  { echo "chromium could not be installed: the browser tests are skipped"; test -z "$$CI"; }; }

# Debian's PostgreSQL server programs: the server tests start a throw-away cluster of
# their own with them (found through `pg_config --bindir`); installed when initdb is missing.
postgresql:
	@{ d="$$(pg_config --bindir 2>/dev/null)"; test -x "$$d/initdb" || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; } || { \
	  (apt-get update -qq && apt-get install -y -qq postgresql libpq-dev >/dev/null) || \
	  (sudo -n apt-get update -qq && sudo -n apt-get install -y -qq postgresql libpq-dev >/dev/null) || \
	  { echo "postgresql could not be installed: the PostgreSQL tests are skipped"; test -z "$$CI"; }; }

# Screenshots of each game's table for the docs, taken by the browser tests from real games.
web-pictures: $(STAMP) chromium
	FRUITSPEC_WEB_PICTURES=docs/_static/web $(PY) -m pytest -p no:cacheprovider -q \
	  tests/web/test_play.py -k full_game

verify: $(STAMP)
	$(VENV)/bin/fruitspec verify

# The type check (settings in pyproject.toml), the whole suite on the compiled twin, then
# PURE_TESTS on the reference engine.
PURE_TESTS ?= tests/core tests/analysis tests/cli tests/proofs tests/tindahan
test: $(STAMP) chromium postgresql compiled
	$(PY) -m mypy
	$(PY) -m pytest -p no:cacheprovider -n 2 --hypothesis-profile=ci
	FRUITSPEC_ENGINE=reference $(PY) -m pytest -p no:cacheprovider -n 2 --hypothesis-profile=ci $(PURE_TESTS)

# autodoc and the [source] links read modules from their .py files
docs: export FRUITSPEC_ENGINE := reference
docs: $(STAMP) graphviz chromium
	$(PY) -m sphinx -W --keep-going -q -b html docs docs/_build/html
	$(PY) docs/check_site.py docs/_build/html

# Engine speed against hand-written play-outs (a few minutes); e.g.
# BENCH_ARGS="--game bastos --profile" or "--json".
BENCH_ARGS ?=
bench: $(STAMP)
	$(PY) bench/run.py $(BENCH_ARGS)

# The table server's cost on loopback (a few minutes, stops by itself; make test runs a
# smoke version): actions against a bare route with the same transport and the same
# durable write, for 1, 2 and 4 workers on PostgreSQL and 1 on SQLite; e.g.
# BENCH_SERVER_ARGS="--tables 50 --seconds 10".
.PHONY: bench-server
BENCH_SERVER_ARGS ?=
bench-server: $(STAMP) postgresql
	$(PY) -m tests.server.bench_server $(BENCH_SERVER_ARGS)

clean:
	rm -rf docs/_build docs/generated .pytest_cache .hypothesis .mutate mutants
	rm -rf build fast/lib

# Mutation testing of the rule code with mutmut, module by module with the tests that check
# it (tests/mutation.py; settings in pyproject.toml); never part of `make test`.
# MODULES narrows the run, e.g. MODULES=spec/bastos/scoring.py; MUTATE_ARGS=--guards-only
# leaves the moves' effects in each game.py out.
.PHONY: mutate
MODULES ?=
# The mutants are the .py files, so they run on the reference engine.
mutate: $(STAMP)
	$(PIP) install --quiet -e ".[test,mutate]"
	FRUITSPEC_ENGINE=reference nice -n 19 $(PY) -m tests.mutation --jobs 2 \
	    $(MUTATE_ARGS) $(MODULES)
