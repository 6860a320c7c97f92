# The two commands in the README. Both build .venv from scratch when it is missing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: course test check test-fast lint lint-style lint-types lint-layers catalogues check-catalogues labextension benchmark clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --upgrade pip

# A .venv made by `make course` has no pip of its own (tools/course.py installs into it with this
# machine's pip, `pip --python`: the learner's .venv is 17 MB lighter); the installs below give it one
# first, the standard library's (ensurepip, offline), when it has none.
ENSURE_PIP := @$(BIN)/python -m pip --version >/dev/null 2>&1 || $(BIN)/python -m ensurepip --upgrade

# The developer's install (make test, check, lint): the project with every extra of [dev]. `make course`
# installs the runtime alone (tools/course.py); this one adds the rest to the same .venv.
# Reinstall when the project's dependencies change. pip compiles every module it installs one by one
# (about 20 s here); compileall does the same on every core (about 8 s): the kernels, servers and a
# class's learners (who cannot write into .venv) then read compiled modules from the start. The
# packages' own test folders (a fifth of the code, pandas' most of all) are left: nothing runs them.
# As with pip, a file of a package that does not compile (say, a template named .py) is named and left.
# The project's own packages (installed in place) and its tests are compiled too (a few CPU-s that the
# first `make check` from a fresh clone would otherwise spend); __pycache__ folders are git-ignored.
$(STAMP): pyproject.toml | $(BIN)/python
	$(ENSURE_PIP)
	$(BIN)/python -m pip install --no-compile -e ".[dev]"
	-$(BIN)/python -m compileall -q -j 0 -x '/tests?/' $(VENV)/lib
	-$(BIN)/python -m compileall -q -j 0 cribbage machinery widgets apps hub tests
	touch $(STAMP)

# Jupyter refuses to run as root unless told; containers and CI machines often are root.
ALLOW_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root,)

# The learner's own copy (`cribbage course`, cribbage/cli/course.py): the lessons in the learner's
# language (the locale's, LANGUAGE=es make course to choose) copied into a folder of their own
# (cribbage-course/<language> in their documents folder, or COURSE_DIR=...), then JupyterLab opened
# there on the first stop, its menus in that language (machinery/lab_language.py). The repository's
# notebooks are never written; a copy made by an older course is offered an update that keeps the
# learner's answers. JupyterLab opened on course/ itself shows the start page, course/start/index.ipynb,
# which offers the three languages (it names the lessons' kernel, so JupyterLab asks no "Select Kernel").
# tools/course.py (standard library only) installs the course's runtime first when .venv has no install
# newer than pyproject.toml (not the [dev] tools: `make test` adds those), with one progress line in the
# learner's language and pip's output in build/logs/install.log, and JupyterLab's own log goes to
# build/logs/jupyterlab.log; Ctrl-C closes it with a goodbye in the learner's language (see its docstring).
# Not echoed: the learner reads the course's words only. When tools/course.py fails (it has said why, in
# the learner's words), make would add its own English "make: *** [Makefile:...: course] Error 1": make
# prints that for any recipe that fails, and has no way to fail quietly. So the recipe ends make itself,
# by SIGPIPE: the one signal make does not catch (make's SIGINT handler would race with the recipe's end,
# and could still print) and that shells (bash, zsh, dash) do not announce; make is gone once kill
# returns. make course then ends with status 141 (128 + SIGPIPE) for a script that asks. Where make was
# started with SIGPIPE ignored, it lives on, and the recipe's status 1 fails it as before (in English).
course:
	@$(PYTHON) tools/course.py $(if $(COURSE_DIR),--dir "$(COURSE_DIR)") $(if $(ALLOW_ROOT),-- $(ALLOW_ROOT)) \
	  || { kill -PIPE $$PPID; exit 1; }

# Lint, types and the layers first (seconds): a defect ruff, mypy or import-linter finds fails the
# build before the long tests. Then every test of every layer (tests/plugins/layers.py: the fast layer,
# tests/integration/, tests/browser/, the notebooks, those marked slow), on every core (pytest-xdist):
# --dist loadgroup keeps together what must share a worker (a notebook's nbval cells; the browser tests
# of one notebook or one module, whose servers each worker starts once: see tests/plugins/scheduling.py).
# PYTEST_WORKERS=1 runs it in one process.
PYTEST_WORKERS ?= auto
# Python may cache its bytecode for the tests: the suite starts some 300 Pythons (kernels, servers,
# commands), each importing the engine and the widgets, and compiling them afresh when a machine sets
# PYTHONDONTWRITEBYTECODE (as CI machines and containers often do) costs each kernel about 0.1 s more.
# The caches go to __pycache__ folders, which git ignores.
TEST_ENV := env -u PYTHONDONTWRITEBYTECODE
# The class hub's test puts configurable-http-proxy, from npm, in front of the learners' servers, as a
# class's hub does (hub/README.md); installed here when npm is there (without it the test says so).
# npm writes node_modules/.package-lock.json at each install: newer than the lock when up to date.
HUB_PROXY := $(if $(shell command -v npm 2>/dev/null),hub/node_modules/.package-lock.json)
hub/node_modules/.package-lock.json: hub/package-lock.json
	cd hub && npm ci --no-audit --no-fund
test: lint $(HUB_PROXY)
	$(TEST_ENV) $(BIN)/python -m pytest -n $(PYTEST_WORKERS) --dist loadgroup --durations=25

# The fast layer, to run while working: the tests under tests/ and the packages' doctests, none marked
# slow. They run in pytest's own processes: a test there that starts a process, a kernel or a server
# fails, saying to move it to tests/integration/ (tests/plugins/layers.py). nbval is left out: it would
# collect no notebook here, and loading it costs each process about 2 CPU-s. `make test` runs them all.
# The statistics' tables go to a folder of the run's own, made empty: the fast layer builds none that
# takes seconds (a test that does is marked slow), whatever this machine has cached or another
# checkout has pruned from its cache (cribbage/stats/cache.py). The property tests draw the same
# examples every run (--hypothesis-profile=check, tests/plugins/layers.py). One process
# (CHECK_WORKERS=0): two xdist workers each import, compute and cache it all again, which on two cores
# cost some 30 CPU-s more than they saved in time.
FAST_LAYER := -p no:nbval --ignore=tests/integration --ignore=tests/browser -m "not slow" --hypothesis-profile=check
CHECK_WORKERS ?= 0
check: $(STAMP)
	tables=$$(mktemp -d) && trap 'rm -rf "$$tables"' EXIT && \
	CRIBBAGE_CACHE_DIR="$$tables" $(TEST_ENV) $(BIN)/python -m pytest -n $(CHECK_WORKERS) --dist loadgroup $(FAST_LAYER)

test-fast: check

# The four checks side by side (mypy alone takes most of the time on one core); each one's output
# together, and any failure fails the build.
lint: $(STAMP)
	$(MAKE) --no-print-directory -j 2 --output-sync=target lint-style lint-types lint-layers check-catalogues

lint-style: $(STAMP)
	$(BIN)/ruff check
lint-types: $(STAMP)
	$(BIN)/mypy
lint-layers: $(STAMP)
	$(BIN)/lint-imports

# The translations, with Babel's own commands. The English is in the code (keyed catalogues, read by
# the extractor cribbage/lang/extract.py, see babel.cfg); Spanish and Portuguese in each package's
# locale/<language>/LC_MESSAGES/<domain>.po; the lessons' in course/locale (cribbage/build/course_i18n.py).
# `make catalogues` after changing English: the templates (.pot) are extracted again, every .po
# updated (a changed English string is marked fuzzy for its translator) and compiled to .mo
# (installing compiles them too, see setup.py), and the Spanish and Portuguese lessons built again.
# Each domain's English is in its folder of the same name; tools (tools/course.py, which runs before the
# project is installed) keeps its compiled catalogues in git: check-catalogues checks them.
DOMAINS := cribbage widgets tools hub
EXTRACT = $(BIN)/pybabel -q extract -F babel.cfg --add-location=file --no-wrap --project="Cribbage Course" \
	--version=0.1 --msgid-bugs-address=https://github.com/cribbage-course/cribbage-course/issues \
	--header-comment="\# The Cribbage Course's messages. English is written in the code (see babel.cfg)."
UPDATE = $(BIN)/pybabel -q update --no-wrap --ignore-obsolete --ignore-pot-creation-date

catalogues: $(STAMP)
	for domain in $(DOMAINS); do \
	  $(EXTRACT) -o $$domain/locale/$$domain.pot $$domain && \
	  $(UPDATE) -i $$domain/locale/$$domain.pot -d $$domain/locale -D $$domain && \
	  $(BIN)/pybabel -q compile -d $$domain/locale -D $$domain || exit 1; \
	done
	$(BIN)/python -m cribbage.build.course_i18n extract
	$(BIN)/python -m cribbage.build.course_i18n update
	$(BIN)/python -m cribbage.build.course_i18n build
	$(BIN)/python -m machinery.langpacks.build build

# Fails when the English and the catalogues disagree: a template not extracted again, or a .po that
# `make catalogues` would change (a new, changed or removed message); for the lessons (one domain
# each, course/locale), also an untranslated or fuzzy cell and a notebook not built again. The
# engine's and widgets' untranslated and fuzzy entries are named by tests/test_catalogue_i18n.py. JupyterLab's
# own words: the course's language packs (machinery/langpacks) built from their .po files.
check-catalogues: $(STAMP)
	@fresh=$$(mktemp -d) && trap 'rm -rf $$fresh' EXIT && for domain in $(DOMAINS); do \
	  $(EXTRACT) -o $$fresh/$$domain.pot $$domain && \
	  diff -u -I '^"POT-Creation-Date' $$domain/locale/$$domain.pot $$fresh/$$domain.pot && \
	  $(UPDATE) --check -i $$fresh/$$domain.pot -d $$domain/locale -D $$domain 2>/dev/null \
	  || { echo "the catalogues of $$domain are out of date: run make catalogues"; exit 1; }; \
	done
	@fresh=$$(mktemp -d) && trap 'rm -rf $$fresh' EXIT && cp -R tools/locale $$fresh/ && \
	$(BIN)/pybabel -q compile -d $$fresh/locale -D tools && for po in tools/locale/*/LC_MESSAGES/tools.po; do \
	  mo=$${po%.po}.mo; cmp -s $$mo $$fresh/$${mo#tools/} \
	  || { echo "$$mo is not its .po compiled (it is kept in git): run make catalogues"; exit 1; }; \
	done
	@$(BIN)/python -m cribbage.build.course_i18n check
	@$(BIN)/python -m machinery.langpacks.build check

# The course's JupyterLab extension (labextension/, see tools/labextension.py) built again after its
# source changed: npm ci, then jupyter-builder. Needs Node.js 20 or later and npm; a learner's install
# needs neither (the build is kept in git, and installed as the package's data files).
# The project is installed again after it, so that .venv has the new build (its data files).
labextension: $(STAMP)
	$(BIN)/python tools/labextension.py build
	$(ENSURE_PIP)
	$(BIN)/python -m pip install --no-deps --no-compile -e .

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
# PORT=8900 make calculator serves it on another port (Voilà's own default is 8866).
PORT ?= 8866
# An extra of pyproject.toml beside whatever install .venv has (the course's or the developer's):
# [app] (Voilà) for the calculator app, [hub] (JupyterHub) for a class's hub (`make hub`, then hub/README.md).
$(VENV)/.installed-app $(VENV)/.installed-hub: $(VENV)/.installed-%: pyproject.toml | $(BIN)/python
	$(ENSURE_PIP)
	$(BIN)/python -m pip install --no-compile -e ".[$*]"
	touch $@
APP_STAMP := $(VENV)/.installed-app
.PHONY: hub
hub: $(VENV)/.installed-hub
.PHONY: calculator
calculator: $(APP_STAMP)
	$(BIN)/python -m apps.calculator_app --port=$(PORT)

# My deal (the 15 keeps of six cards) is served by the same app at /my-deal, e.g.
# http://localhost:8866/my-deal?deal=5H5D6H7S8C9D&dealer=1&scores=100-95 (PORT= as above)
.PHONY: my-deal
my-deal: $(APP_STAMP)
	@echo "My deal: http://localhost:$(PORT)/my-deal (the calculator is at http://localhost:$(PORT)/)"
	$(BIN)/python -m apps.calculator_app --port=$(PORT) --no-browser

# The calculator as a folder of plain files (build/static-calculator): the engine runs in the
# visitor's browser (Pyodide, from npm), so any static host serves any number of visitors; each file
# worth it has a gzipped twin (name.gz). Serve it to a class, compressed, with
# .venv/bin/python -m apps.static_calculator.serve --bind 0.0.0.0 --port 8000
.PHONY: static-calculator
static-calculator: $(STAMP)
	$(BIN)/python -m apps.static_calculator.build
