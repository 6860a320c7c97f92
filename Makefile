# The two commands in the README. Both build .venv from scratch when it is missing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: course test test-fast lint benchmark clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --upgrade pip

# Reinstall when the project's dependencies change.
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -e ".[dev]"
	touch $(STAMP)

# Jupyter refuses to run as root unless told; containers and CI machines often are root.
ALLOW_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root,)

# Opens on the start page, which offers the course in English, Spanish and Portuguese.
course: $(STAMP)
	$(BIN)/jupyter lab $(ALLOW_ROOT) --LabApp.default_url=/lab/tree/start/index.ipynb course/

# Lint, types and the layers first (seconds): a defect ruff, mypy or import-linter finds fails the
# build before the long tests.
test: lint
	$(BIN)/python -m pytest

# The fast layer (under two minutes on two cores), to run while working: no browser tests, no
# notebooks, none marked slow (the markers are in pyproject.toml). `make test` runs them all.
test-fast: $(STAMP)
	$(BIN)/python -m pytest -m "not browser and not notebooks and not slow"

lint: $(STAMP)
	$(BIN)/ruff check
	$(BIN)/mypy
	$(BIN)/lint-imports

# The quick ones; benchmarks/players.py, selfplay.py and crosscribb.py take minutes (see their docstrings).
benchmark: $(STAMP)
	$(BIN)/python -m pip install -e ".[dev,benchmark]"
	$(BIN)/python benchmarks/scoring.py
	$(BIN)/python benchmarks/discard.py
	$(BIN)/python benchmarks/stats_tables.py --quick

clean:
	rm -rf $(VENV) build *.egg-info

# The hand calculator as a standalone web app (Voilà); a link such as
# http://localhost:8866/?hand=5H5D6H7S&starter=8C opens with that hand scored. Its Voilà
# configuration (warm kernels, culling, limits, a template with no CDN) is in apps/config/.
.PHONY: calculator
calculator: $(STAMP)
	$(BIN)/python apps/calculator_app.py
