# The two commands of the README's contract are `make lab` and `make test`.
# Every target is idempotent: stamp files record what is installed, so a second run only
# re-installs when requirements*.txt, requirements.lock or pyproject.toml changed.
#
# Versions come from requirements.lock, a full lock of requirements.txt and every requirements-NAME.txt
# made for the Python that Binder runs (binder/runtime.txt). uv (pip-installed into the venv first)
# installs the ranges with the lock as constraints, so every package is pinned and only what a target
# needs is installed (Binder, through binder/requirements.txt, gets the notebook packages without the
# test tools). On another Python the lock is left out, with one line saying so, and uv takes the newest
# versions the ranges allow. uv rather than pip because it fetches and unpacks in parallel: a fresh
# `make test` venv takes about 25 s instead of 2 minutes (measured once: see the README, "Versions").

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
CHROMIUM ?= /usr/bin/chromium
LOCK   := requirements.lock
LOCK_PYTHON ?= $(patsubst python-%,%,$(strip $(shell cat binder/runtime.txt)))
# LOCKED=no: ignore the lock and upgrade to the newest versions the ranges allow (make test-latest).
LOCKED ?= yes
NOTEBOOKS ?= notebooks/*.ipynb
export PYTHONHASHSEED := 0
export PIP_DISABLE_PIP_VERSION_CHECK := 1

NBVAL := --nbval --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg

.PHONY: help lab test test-install test-latest unit nbval browser notebooks exercise-cells lock lock-upgrade chromium bubblewrap clean lite browser-lite npm assignments bench-grading test-grading

help:
	@echo "make lab          set up .venv and open JupyterLab at notebooks/00_index.ipynb"
	@echo "make test         set up .venv, the test tools and Chromium, then run every check"
	@echo "make test-install the README's route without make (a new venv, pip install -e .), on its own"
	@echo "make test-grading the longer grading tests: seven labs through nbgrader, the sandboxed class"
	@echo "make every notebook in Voila and JupyterLab: axe-core (WCAG 2.1 AA), keyboard-only games"
	@echo "make test-latest  every check in .venv-latest, on the newest versions the ranges allow"
	@echo "make notebooks    re-execute every notebook in place (PYTHONHASHSEED=0)"
	@echo "make exercise-cells  rewrite the notebooks' exercise cells from ttt/exercises (then make notebooks)"
	@echo "make lite         build the serverless JupyterLite edition into _site/ (serve it with any web server)"
	@echo "make lock         re-solve requirements.lock after a change to requirements*.txt"
	@echo "make assignments  write the nbgrader course generated from the exercises (COURSE=course)"
	@echo "make bench-grading  time autograding LAB for STUDENTS worked-solution submissions"
	@echo "make lock-upgrade requirements.lock with the newest versions the ranges allow"

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# The installer every target uses (the README's route without make, test-install, uses pip itself).
$(BIN)/uv: | $(BIN)/python
	$(BIN)/python -m pip install --quiet "uv>=0.5,<1"

# The installer's arguments for the versions: `-c requirements.lock`, or nothing and one line saying why.
PINS = $$($(BIN)/python -c 'import sys; print("%d.%d" % sys.version_info[:2])' | { \
  read version; \
  if [ "$(LOCKED)" != yes ]; then echo "--upgrade"; \
  elif [ "$$version" = "$(LOCK_PYTHON)" ]; then echo "-c $(LOCK)"; \
  else echo "Python $$version here, but $(LOCK) is for Python $(LOCK_PYTHON): installing the newest versions requirements*.txt allow instead" >&2; fi; })

# --compile-bytecode as pip does: with PYTHONDONTWRITEBYTECODE set, nothing else would ever write the .pyc files.
PIP_INSTALL = pins="$(PINS)"; echo "$(BIN)/uv pip install $(1) $$pins"; \
  $(BIN)/uv pip install --quiet --python $(BIN)/python --compile-bytecode $(1) $$pins

$(VENV)/.requirements: requirements.txt pyproject.toml $(LOCK) | $(BIN)/uv
	@$(call PIP_INSTALL,-r requirements.txt)
	touch $@

# One install for the three files, so that a fresh `make test` resolves (and reports) once; the teacher's
# tools (nbgrader) are in it because the tests run a whole grading cycle.
$(VENV)/.requirements-test: requirements.txt requirements-test.txt requirements-teacher.txt pyproject.toml $(LOCK) | $(BIN)/uv
	@$(call PIP_INSTALL,-r requirements.txt -r requirements-test.txt -r requirements-teacher.txt)
	touch $(VENV)/.requirements $@

# A teacher's set-up: the notebooks' packages and nbgrader (requirements-teacher.txt), not the test tools.
$(VENV)/.requirements-teacher: requirements.txt requirements-teacher.txt pyproject.toml $(LOCK) | $(BIN)/uv
	@$(call PIP_INSTALL,-r requirements.txt -r requirements-teacher.txt)
	touch $(VENV)/.requirements $@

# The nbgrader course generated from the exercises (see the teaching guide, "Grading with nbgrader").
COURSE ?= course
assignments: $(VENV)/.requirements-teacher
	$(BIN)/python -m ttt assignments --out $(COURSE)

# Measured, not asserted: autograde N worked-solution submissions of LAB (default lab05_pruning, 5 students).
bench-grading: $(VENV)/.requirements-teacher bubblewrap
	$(BIN)/python tests/tools/bench_grading.py --lab $(or $(LAB),lab05_pruning) --students $(or $(STUDENTS),5) \
	  $(if $(JOBS),--jobs $(JOBS))

# Jupyter refuses to run as root unless told; containers and CI machines often are root.
lab: $(VENV)/.requirements
	$(BIN)/jupyter lab $$([ "$$(id -u)" = 0 ] && echo --allow-root) notebooks/00_index.ipynb

# The browser tests drive Debian's chromium through Playwright (never a downloaded browser).
chromium:
	@if [ -x "$(CHROMIUM)" ]; then \
	  :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  echo "Installing Debian's chromium for the browser tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	else \
	  echo "The browser tests need Chromium at $(CHROMIUM)."; \
	  echo "Install it with:  sudo apt-get install chromium   (Debian/Ubuntu)"; \
	  echo "or point make at another binary:  make test CHROMIUM=/path/to/chromium"; \
	  exit 1; \
	fi

# `python -m ttt autograde` seals every submission's kernel with Debian's bubblewrap (bwrap).
bubblewrap:
	@if command -v bwrap >/dev/null; then \
	  :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  echo "Installing Debian's bubblewrap for the grading tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq bubblewrap >/dev/null; \
	else \
	  echo "Autograding (and its tests) needs bubblewrap's bwrap."; \
	  echo "Install it with:  sudo apt-get install bubblewrap   (Debian/Ubuntu)"; \
	  exit 1; \
	fi

# One pytest run: strict nbval over every notebook (each kernel kept under 500 MB by
# tests/kernel_memory.py), the unit tests and three labs' worked solutions through their own checks
# (tests/exercises/test_core.py) and through nbgrader, on every core (pytest-xdist):
# tests/conftest.py keeps each notebook in one worker and starts the longest pieces of work first.
# The browser tests (`make browser`, `make browser-lite`) and the longer checks (`make test-grading`)
# are CI's next steps (.ci/run).
XDIST := -n auto --dist loadgroup
test: $(VENV)/.requirements-test chromium bubblewrap
	$(BIN)/python -m pytest $(XDIST) $(NBVAL) notebooks tests -m "not grading and not long" \
	  --ignore=tests/browser --ignore=tests/test_windows_route.py

# Every browser test but the JupyterLite site's, on every core: the boards in JupyterLab and Voila, an
# exercise answering back, and every notebook rendered by Voila and opened in JupyterLab (its committed
# outputs; Run All where they hold widgets), checked by axe-core (WCAG 2.1 A and AA) and played by keyboard
# (tests/browser/test_accessibility.py).
browser: $(VENV)/.requirements-test chromium
	TTT_CHROMIUM=$(CHROMIUM) $(BIN)/python -m pytest $(XDIST) tests/browser \
	  --ignore=tests/browser/test_lite.py --ignore=tests/browser/test_lite_checks.py

# The longer runs that `make test` leaves out: tests marked `grading` (the worked solutions of the seven
# labs `make test` does not grade, every lab's release, and a class of misbehaving submissions of labs 00 and
# 05 graded in their bubblewrap sandboxes) and `long` (figures that take over ten seconds to recompute).
test-grading: $(VENV)/.requirements-test bubblewrap
	$(BIN)/python -m pytest $(XDIST) tests -m "grading or long" --ignore=tests/browser --ignore=tests/test_windows_route.py

# The README's route without make (tests/test_windows_route.py): a new venv and a pip install from the
# registry, about a minute of mostly waiting; .ci/run calls it after `make test`.
test-install: $(VENV)/.requirements-test
	$(BIN)/python -m pytest tests/test_windows_route.py

# The serverless edition: JupyterLite with a Pyodide kernel, built into _site/ by lite/build.py from
# a clean start every time (it deletes _site/, build/lite/ and jupyterlite's caches first). It needs
# npm (for the pinned Pyodide core) and PyPI (for the kernel's start-up wheels), nothing else.
LITE_SITE ?= _site

$(VENV)/.requirements-lite: requirements.txt requirements-lite.txt pyproject.toml $(LOCK) | $(BIN)/uv
	@$(call PIP_INSTALL,-r requirements.txt -r requirements-lite.txt)
	touch $(VENV)/.requirements $@

lite: $(VENV)/.requirements-lite npm
	$(BIN)/python lite/build.py --output $(LITE_SITE)

# npm fetches the pinned Pyodide core (lite/package-lock.json); Debian's npm will do.
npm:
	@if command -v npm >/dev/null; then \
	  :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  echo "Installing Debian's npm for make lite"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm >/dev/null; \
	else \
	  echo "make lite needs npm (Node.js): sudo apt-get install npm, or see https://nodejs.org"; \
	  exit 1; \
	fi

# The JupyterLite site in Chromium (tests/browser/test_lite.py): too slow for every `make test`, so
# .ci/run calls it after `make test`. It builds the site first, so it tests this checkout.
browser-lite: $(VENV)/.requirements-test $(VENV)/.requirements-lite chromium lite
	TTT_CHROMIUM=$(CHROMIUM) TTT_LITE_SITE=$(LITE_SITE) $(BIN)/python -m pytest $(XDIST) tests/browser/test_lite.py tests/browser/test_lite_checks.py

# The same checks on the newest releases the ranges allow, in their own venv, upgraded every run:
# it catches an upcoming release that breaks something before the lock takes it. Not part of CI.
test-latest:
	rm -f .venv-latest/.requirements .venv-latest/.requirements-test
	$(MAKE) test VENV=.venv-latest LOCKED=no

unit: $(VENV)/.requirements-test
	$(BIN)/python -m pytest $(XDIST) tests -m "not grading and not long" --ignore=tests/browser --ignore=tests/test_windows_route.py

nbval: $(VENV)/.requirements-test
	$(BIN)/python -m pytest -n auto --dist loadfile $(NBVAL) notebooks


# No per-cell timestamps; tests/tidy_notebooks.py then keeps only the widget state a stored output
# shows, under ids that do not change from run to run, so an unchanged notebook is rewritten as it was.
# The exercise cells come from ttt/exercises: the heading and prompt from nbNN.md, the starter from nbNN.py.
# Edit them there.
exercise-cells: $(VENV)/.requirements
	$(BIN)/python -m ttt exercises --write-cells $(foreach nb,$(filter-out notebooks/*.ipynb,$(NOTEBOOKS)),$(firstword $(subst _, ,$(notdir $(nb)))))

notebooks: $(VENV)/.requirements
	@for nb in $(NOTEBOOKS); do \
	  echo "executing $$nb"; \
	  $(BIN)/jupyter nbconvert --to notebook --execute --inplace \
	    --ExecutePreprocessor.timeout=600 --NotebookClient.record_timing=False "$$nb" || exit 1; \
	done
	$(BIN)/python tests/tidy_notebooks.py $(NOTEBOOKS)

# uv solves for Binder's Python and platform against PyPI itself (--no-config: no local indexes or
# settings from this machine), keeping the current pins that the ranges still allow; the project
# is installed on top of the lock, so it is not pinned in it.
# The lock covers requirements.txt and every requirements-NAME.txt (each mirrors the extra NAME).
LOCK_INPUTS := requirements.txt $(sort $(wildcard requirements-*.txt))
UV_COMPILE = $(BIN)/uv pip compile --no-config --index-url https://pypi.org/simple \
  --python-version $(LOCK_PYTHON) --python-platform x86_64-unknown-linux-gnu \
  --no-emit-package ttt --quiet $(LOCK_INPUTS) -o $(LOCK)

lock: $(BIN)/uv
	$(UV_COMPILE)

lock-upgrade: $(BIN)/uv
	$(UV_COMPILE) --upgrade

clean:
	rm -rf $(VENV) .venv-latest .pytest_cache .hypothesis _site build/lite lite/node_modules
