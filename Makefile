# Two commands matter on a fresh machine: `make run` (the web server) and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
WEB_STAMP := $(VENV)/.installed-web
# The compiled copy of the package (tools/compile.py); first on PYTHONPATH, it runs instead
# of the source. Where it cannot be built, the commands below run the source unchanged.
COMPILED := build/compiled
WITH_COMPILED := PYTHONPATH=$(abspath $(COMPILED))

.PHONY: run play test lint typecheck unit compiled test-compiled bench bench-web bench-web-pg \
	browser golden clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# Only what the server needs (the web extra), not the learning and browser tools of the tests.
$(WEB_STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[web,compiled]'
	touch $(WEB_STAMP)

# The web server on 127.0.0.1:8000 with a SQLite file; it prints the address.
run: $(WEB_STAMP)
	$(BIN)/python tools/compile.py $(COMPILED)
	$(WITH_COMPILED) $(BIN)/lastcall serve --db sqlite:///lastcall-web.db --host 127.0.0.1 --port 8000

# The game menu at the terminal.
play: $(STAMP)
	$(BIN)/python tools/compile.py $(COMPILED)
	$(WITH_COMPILED) $(BIN)/lastcall

test: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	$(BIN)/ruff check src tests examples benchmarks tools
	$(BIN)/ruff format --check src tests examples benchmarks tools
	$(BIN)/mypy
	$(BIN)/python -m pytest -n auto
	$(BIN)/python tools/compile.py $(COMPILED)
	if [ -f $(COMPILED)/.compiled-from ]; then \
		$(WITH_COMPILED) LASTCALL_EXPECT_COMPILED=1 $(BIN)/python -m pytest -n auto $(COMPILED_CHECKS); \
	fi

# What `make test` runs on the compiled build too (where it could be built: the build says
# why not): every game's records, rules and bots, the generator's pinned numbers (its
# native path runs only there) and the learning environments; `make test-compiled` runs
# the rest.
COMPILED_CHECKS ?= tests/golden tests/games tests/bots tests/core/test_core_rng.py \
	tests/envs tests/test_compiled.py

# The compiled build, and the whole suite run on it (CI runs it after `make test`); both
# fail where it cannot be built.
compiled: $(STAMP)
	$(BIN)/python tools/compile.py --require $(COMPILED)

test-compiled: compiled
	$(WITH_COMPILED) LASTCALL_EXPECT_COMPILED=1 $(BIN)/python -m pytest -n auto

lint: $(STAMP)
	$(BIN)/ruff check src tests examples benchmarks tools
	$(BIN)/ruff format --check src tests examples benchmarks tools

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/python -m pytest -n auto

bench: compiled
	$(WITH_COMPILED) $(BIN)/lastcall bench

bench-web: $(STAMP)
	$(BIN)/lastcall bench-web --tables 100 --seconds 20

# Several server processes over PostgreSQL and Redis, in a database emptied first
# (PG_BENCH is dropped and created again: never point it at a database you keep).
PG_BENCH ?= postgresql://postgres@127.0.0.1:5432/lastcall_bench
REDIS_BENCH ?= redis://127.0.0.1:6379/1
PROCESSES ?= 2
TABLES ?= 1000
bench-web-pg: $(STAMP)
	$(BIN)/python benchmarks/fresh_database.py $(PG_BENCH)
	$(BIN)/lastcall bench-web --db $(PG_BENCH) --redis $(REDIS_BENCH) --processes $(PROCESSES) \
		--clients $(PROCESSES) --tables $(TABLES) --think 0.2 --seconds 30

# Debian's Chromium for the browser tests (never a browser downloaded by Playwright).
browser:
	test -x /usr/bin/chromium || (apt-get update && apt-get install -y chromium)

# Golden records of every game whose version changed (or GAMES="id ...").
golden: $(STAMP)
	$(BIN)/python -m tests.golden.golden $(GAMES)

clean:
	rm -rf $(VENV) $(COMPILED) .mypy_cache .ruff_cache .pytest_cache
