PY ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
EXAMPLE := examples/starbattle-10x2.txt

AXE_VERSION := 4.14.1
AXE := .cache/npm/node_modules/axe-core/axe.min.js

.PHONY: run test lint typecheck pytest bench clean axe

$(BIN)/gridlogic: pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e .
	touch $@

$(VENV)/.dev: pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev]'
	touch $@

run: $(BIN)/gridlogic
	$(BIN)/gridlogic solve $(EXAMPLE)
	$(BIN)/gridlogic explain $(EXAMPLE)

test: $(VENV)/.dev
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy
	$(BIN)/pytest

# make bench: start-up, one solve/explain per kind, the step digests (minutes);
# make bench BENCH=--long: also the corpus, generator, web, *Star benchmarks and the mutation check.
bench: $(VENV)/.dev
	$(BIN)/pip install -q -e '.[dev,bench]'
	$(BIN)/python -m benchmarks.run_all $(BENCH)

# make axe: axe-core from npm for the accessibility test (tests/web/test_axe_browser.py), into .cache/npm,
# outside the package: the app never serves or fetches it.
axe: $(AXE)

$(AXE):
	npm install --no-audit --no-fund --prefix .cache/npm axe-core@$(AXE_VERSION)

clean:
	rm -rf $(VENV)
