# Two entry points for a newcomer: `make run` (the main job) and `make test` (the test suite).
# Each creates its own virtual environment in .venv on first use. torch is installed first, pinned
# to the CPU build (a plain `torch` requirement would pull several GB of CUDA packages).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run serve demo test test-fast bench notebooks venv browser clean core-sanitize

$(BIN)/activate: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet torch==2.13.0
	$(BIN)/pip install --quiet -e ".[dev,train,web]"
	touch $(BIN)/activate

# The compiled core is rebuilt whenever a C++ source or the build script changed.
CORE_SOURCES := $(shell find core -name '*.cpp' -o -name '*.hpp') setup.py
$(VENV)/core.stamp: $(BIN)/activate $(CORE_SOURCES)
	$(BIN)/pip install --quiet --no-deps -e .
	touch $@

venv: $(VENV)/core.stamp

# The main job: train a Duel self-play agent with the default configuration (about 6 minutes on
# two CPU cores), print its evaluation against the baselines, save the learning curve.
run: venv
	$(BIN)/python -m training.ppo_selfplay --game seven_wonders_duel --run-dir runs/duel_$(shell date +%Y%m%d-%H%M%S)

serve: venv
	$(BIN)/wonders serve

demo: venv
	$(BIN)/python -m wonders_env.cli demo

# The browser tests (tests/web/test_browser.py) drive Debian's chromium; installed here when it is
# missing and apt-get can be used without a question (root, or sudo without a password). Without
# it those tests skip and say why.
browser:
	@if [ ! -x /usr/bin/chromium ] && command -v apt-get >/dev/null; then \
	  if [ "$$(id -u)" = 0 ]; then sudo=""; elif sudo -n true 2>/dev/null; then sudo="sudo -n"; else sudo=none; fi; \
	  if [ "$$sudo" = none ]; then echo "chromium is missing and apt-get needs root: the browser tests will skip"; \
	  else DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -q chromium >/dev/null \
	    || (DEBIAN_FRONTEND=noninteractive $$sudo apt-get update -q >/dev/null \
	        && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -q chromium >/dev/null) \
	    || echo "could not install chromium: the browser tests will skip"; fi; fi

test: venv browser
	$(BIN)/python -m pytest -q -n 2

test-fast: venv
	$(BIN)/python -m pytest -q -n 2 -m "not slow"

notebooks: venv
	$(BIN)/pip install --quiet -e ".[notebooks]"
	$(BIN)/jupyter lab notebooks

bench: venv
	$(BIN)/python benchmarks/bench_seven_wonders.py
	$(BIN)/python benchmarks/bench_duel.py

# The C++ test programs of the core (core/tests), built with AddressSanitizer and
# UndefinedBehaviorSanitizer and run on many random games. The tables come from the Python loaders.
SANITIZE_DIR := build/sanitize
SANITIZE_FLAGS := -std=c++17 -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all -Icore
SEVEN_WONDERS_CORE := $(filter-out core/seven_wonders/bindings.cpp,$(wildcard core/seven_wonders/*.cpp))

core-sanitize: venv
	mkdir -p $(SANITIZE_DIR)
	$(CXX) $(SANITIZE_FLAGS) $(SEVEN_WONDERS_CORE) core/tests/seven_wonders_sanitize.cpp -o $(SANITIZE_DIR)/seven_wonders_sanitize
	for edition in 1st 2nd; do \
		$(BIN)/python -c "from wonders_env.seven_wonders.compiled import write_table_file; write_table_file('$(SANITIZE_DIR)/seven_wonders_tables_$$edition.txt', '$$edition')" && \
		$(SANITIZE_DIR)/seven_wonders_sanitize $(SANITIZE_DIR)/seven_wonders_tables_$$edition.txt 100 || exit 1; \
	done

clean:
	rm -rf $(VENV) build *.egg-info
