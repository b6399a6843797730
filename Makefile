# Two entry points for a newcomer: `make run` (the main job) and `make test` (the test suite).
# Each creates its own virtual environment in .venv on first use, installing torch first (see TORCH).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

# Which torch build to install (read when .venv is created; to change it later, `make clean` first):
#   TORCH=default  `pip install torch==2.13.0` as pip resolves it: on Linux x86-64, PyPI's wheel is
#                  the CUDA build (about 530 MB, plus several GB of NVIDIA packages); on macOS and
#                  Windows, the CPU build; where pip is set up with a local torch wheel (find-links),
#                  that one.
#   TORCH=cpu      the CPU-only build from PyTorch's own package index (about 200 MB, no NVIDIA packages).
#   TORCH=cuda     the CUDA build from PyPI on Linux, ignoring any local pip set-up (`pip --isolated`);
#                  elsewhere the same as default.
# e.g. `make run TORCH=cpu`. Everything the project trains runs on a CPU.
TORCH ?= default
TORCH_VERSION := 2.13.0
ifeq ($(TORCH),default)
TORCH_INSTALL := install torch==$(TORCH_VERSION)
else ifeq ($(TORCH),cpu)
TORCH_INSTALL := install torch==$(TORCH_VERSION) --index-url https://download.pytorch.org/whl/cpu
else ifeq ($(TORCH),cuda)
TORCH_INSTALL := --isolated install torch==$(TORCH_VERSION)
else
$(error TORCH=$(TORCH): choose TORCH=default, TORCH=cpu or TORCH=cuda)
endif

.PHONY: run serve demo test test-fast lint format bench notebooks notebooks-outputs docs venv browser clean core-sanitize core-thread-sanitize

$(BIN)/activate: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip $(TORCH_INSTALL) --quiet
	$(BIN)/pip install --quiet -e ".[dev,train,web]"
	touch $(BIN)/activate

# The compiled core is rebuilt whenever a C++ source or the build script changed.
CORE_SOURCES := $(shell find core -name '*.cpp' -o -name '*.hpp') setup.py
$(VENV)/core.stamp: $(BIN)/activate $(CORE_SOURCES)
	$(BIN)/pip install --quiet --no-deps -e .
	touch $@

venv: $(VENV)/core.stamp

# The main job: train a Duel self-play agent with the default configuration (3-6 minutes on
# two CPU cores), print its evaluation against the baselines, save the learning curve.
run: venv
	$(BIN)/python -m wonders_training.ppo_selfplay --game seven_wonders_duel --run-dir runs/duel_$(shell date +%Y%m%d-%H%M%S)

serve: venv
	$(BIN)/wonders serve

demo: venv
	$(BIN)/python -m wonders_cli demo

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

# The documentation site (Sphinx, furo, MyST; the pinned tools of the docs extra, Python 3.11+), HTML in
# docs/_build/html. Every warning is an error and every reference must resolve (-n); a link to a
# missing page, heading or file fails. tests/test_docs_site.py builds it the same way in `make test`.
$(VENV)/docs.stamp: $(BIN)/activate
	$(BIN)/pip install --quiet -e ".[docs]"
	touch $@

docs: venv $(VENV)/docs.stamp
	$(BIN)/python -m sphinx -W --keep-going -n -b html docs docs/_build/html
	@echo "open docs/_build/html/index.html"

# Re-run every notebook in its quick version and save it with its outputs (as they are committed).
notebooks-outputs: venv
	$(BIN)/python tests/notebooks/test_notebooks.py

# One style: ruff's checks on the Python sources, clang-format on the C++ core (both in the dev
# extra; tests/test_style.py runs the same checks in `make test`). `make format` applies them.
CPP_SOURCES = $(shell find core -name '*.cpp' -o -name '*.hpp')
lint: venv
	$(BIN)/ruff check .
	$(BIN)/clang-format --dry-run --Werror $(CPP_SOURCES)

format: venv
	$(BIN)/ruff check --fix .
	$(BIN)/clang-format -i $(CPP_SOURCES)

bench: venv
	$(BIN)/python benchmarks/bench_seven_wonders.py
	$(BIN)/python benchmarks/bench_duel.py

# The C++ test programs of the core (core/tests), built with AddressSanitizer and
# UndefinedBehaviorSanitizer and run on many random games, and the 7 Wonders searches in parallel
# threads built with ThreadSanitizer, and the Python thread-stress test on a ThreadSanitizer build
# of the extension (core-thread-sanitize). The tables come from the Python loaders.
SANITIZE_DIR := build/sanitize
SANITIZE_FLAGS := -std=c++17 -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all -Icore -pthread
THREAD_SANITIZE_FLAGS := -std=c++17 -O1 -g -fsanitize=thread -Icore -pthread
DUEL_CORE := $(filter-out %bindings.cpp,$(wildcard core/duel/*.cpp))
SEVEN_WONDERS_CORE := $(filter-out %bindings.cpp,$(wildcard core/seven_wonders/*.cpp))

core-sanitize: venv
	mkdir -p $(SANITIZE_DIR)
	$(BIN)/python -c "from wonders_env.duel.compiled import write_table_file; write_table_file('$(SANITIZE_DIR)/duel_tables.txt')"
	$(CXX) $(SANITIZE_FLAGS) $(DUEL_CORE) core/tests/duel_sanitize.cpp -o $(SANITIZE_DIR)/duel_sanitize
	$(BIN)/python -c "from wonders_agents.duel_heuristic import write_constants_file; write_constants_file('$(SANITIZE_DIR)/duel_heuristic.txt')"
	$(SANITIZE_DIR)/duel_sanitize $(SANITIZE_DIR)/duel_tables.txt $(SANITIZE_DIR)/duel_heuristic.txt 3000
	$(CXX) $(SANITIZE_FLAGS) $(SEVEN_WONDERS_CORE) core/tests/seven_wonders_sanitize.cpp -o $(SANITIZE_DIR)/seven_wonders_sanitize
	for edition in 1st 2nd; do \
		$(BIN)/python -c "from wonders_env.seven_wonders.compiled import write_table_file; write_table_file('$(SANITIZE_DIR)/seven_wonders_tables_$$edition.txt', '$$edition')" && \
		$(SANITIZE_DIR)/seven_wonders_sanitize $(SANITIZE_DIR)/seven_wonders_tables_$$edition.txt 100 || exit 1; \
	done
	$(BIN)/python -c "from wonders_env.seven_wonders.compiled import write_table_file; write_table_file('$(SANITIZE_DIR)/seven_wonders_tables_leaders.txt', '1st', ('leaders',))"
	$(SANITIZE_DIR)/seven_wonders_sanitize $(SANITIZE_DIR)/seven_wonders_tables_leaders.txt 100
	$(CXX) $(THREAD_SANITIZE_FLAGS) $(SEVEN_WONDERS_CORE) core/tests/seven_wonders_sanitize.cpp -o $(SANITIZE_DIR)/seven_wonders_threads
	TSAN_OPTIONS=halt_on_error=1 $(SANITIZE_DIR)/seven_wonders_threads $(SANITIZE_DIR)/seven_wonders_tables_1st.txt threads
	TSAN_OPTIONS=halt_on_error=1 $(SANITIZE_DIR)/seven_wonders_threads $(SANITIZE_DIR)/seven_wonders_tables_leaders.txt threads
	$(MAKE) core-thread-sanitize

# The Python thread-stress test (tests/core/test_thread_safety.py: batches, searchers, agents and
# envs shared by threads) on the whole extension built with ThreadSanitizer, in a copy of the
# packages (the sources' hash check is skipped there: no core/ beside it).
TSAN_SITE := $(SANITIZE_DIR)/tsan_site
EXTENSION_CORE := $(shell find core -name '*.cpp' -not -path 'core/tests/*')
core-thread-sanitize: venv
	rm -rf $(TSAN_SITE) && mkdir -p $(TSAN_SITE)
	cp -r wonders_env tests/core/test_thread_safety.py $(TSAN_SITE)/ && rm -f $(TSAN_SITE)/wonders_env/_core*.so
	cp -r agents $(TSAN_SITE)/wonders_agents
	$(CXX) $(THREAD_SANITIZE_FLAGS) -fPIC -shared $$($(BIN)/python -m pybind11 --includes) \
		-DWONDERS_CORE_SOURCE_HASH='"thread-sanitizer"' $(EXTENSION_CORE) \
		-o $(TSAN_SITE)/wonders_env/_core$$($(BIN)/python -c "import sysconfig; print(sysconfig.get_config_var('EXT_SUFFIX'))")
	cd $(TSAN_SITE) && LD_PRELOAD=$$($(CXX) -print-file-name=libtsan.so) TSAN_OPTIONS=halt_on_error=1 \
		$(CURDIR)/$(BIN)/python -m pytest -q -p no:xdist -p no:cacheprovider test_thread_safety.py

clean:
	rm -rf $(VENV) build dist wheelhouse *.egg-info
