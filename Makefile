# Two entry points for a newcomer: `make run` (the main job) and `make test` (the test suite).
# Each creates its own virtual environment in .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test test-fast bench venv clean

$(BIN)/activate: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[dev]"
	touch $(BIN)/activate

venv: $(BIN)/activate

run: venv
	$(BIN)/python -m wonders_env.cli demo

test: venv
	$(BIN)/python -m pytest -q -n 2

test-fast: venv
	$(BIN)/python -m pytest -q -n 2 -m "not slow"

bench: venv
	$(BIN)/python benchmarks/bench_seven_wonders.py
	$(BIN)/python benchmarks/bench_duel.py

clean:
	rm -rf $(VENV) build *.egg-info
