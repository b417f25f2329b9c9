# The two commands of the README's contract are `make lab` and `make test`.
# Every target is idempotent: stamp files record what is installed, so a second run only
# re-installs when requirements*.txt or pyproject.toml changed.

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
CHROMIUM ?= /usr/bin/chromium
export PYTHONHASHSEED := 0
export PIP_DISABLE_PIP_VERSION_CHECK := 1

NBVAL := --nbval --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg

.PHONY: help lab test unit nbval browser notebooks chromium clean

help:
	@echo "make lab        set up .venv and open JupyterLab at notebooks/00_index.ipynb"
	@echo "make test       set up .venv, the test tools and Chromium, then run every check"
	@echo "make notebooks  re-execute every notebook in place (PYTHONHASHSEED=0)"

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.requirements: requirements.txt pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.requirements-test: requirements-test.txt $(VENV)/.requirements
	$(BIN)/python -m pip install --quiet -r requirements-test.txt
	touch $@

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

# One pytest run: unit tests, strict nbval over every notebook, then the browser tests.
test: $(VENV)/.requirements-test chromium
	TTT_CHROMIUM=$(CHROMIUM) $(BIN)/python -m pytest $(NBVAL) tests notebooks

unit: $(VENV)/.requirements-test
	$(BIN)/python -m pytest tests --ignore=tests/browser

nbval: $(VENV)/.requirements-test
	$(BIN)/python -m pytest $(NBVAL) notebooks

browser: $(VENV)/.requirements-test chromium
	TTT_CHROMIUM=$(CHROMIUM) $(BIN)/python -m pytest tests/browser

notebooks: $(VENV)/.requirements
	@for nb in notebooks/*.ipynb; do \
	  echo "executing $$nb"; \
	  $(BIN)/jupyter nbconvert --to notebook --execute --inplace \
	    --ExecutePreprocessor.timeout=600 "$$nb" || exit 1; \
	done

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
