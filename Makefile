# Two commands matter on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck unit bench golden clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/lastcall

test: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	$(BIN)/ruff check src tests examples
	$(BIN)/ruff format --check src tests examples
	$(BIN)/mypy
	$(BIN)/python -m pytest -n auto

lint: $(STAMP)
	$(BIN)/ruff check src tests examples
	$(BIN)/ruff format --check src tests examples

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/python -m pytest -n auto

bench: $(STAMP)
	$(BIN)/lastcall bench

# Golden records of every game whose version changed (or GAMES="id ...").
golden: $(STAMP)
	$(BIN)/python -m tests.golden.golden $(GAMES)

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
