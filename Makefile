# Lairside — run `make help` for the targets.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 0.0.0.0
DEV_HOST ?= 127.0.0.1
PORT ?= 8000
WORKERS ?= 2

.DEFAULT_GOAL := help

help: ## Show the targets
	@grep -E '^[a-z][a-z-]+:.*## ' $(MAKEFILE_LIST) \
	  | sed -e 's/\$$(PORT)/$(PORT)/g' -e 's/\$$(DEV_HOST)/$(DEV_HOST)/g' -e 's/\$$(HOST)/$(HOST)/g' \
	  | awk -F':.*## ' '{printf "  make %-12s %s\n", $$1, $$2}'

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip

$(VENV)/.stamp-install: pyproject.toml | $(PY)
	$(PY) -m pip install -q -e '.[test,dev]'
	touch $@

install: $(VENV)/.stamp-install ## Create .venv and install the project with test and dev tools

system-deps: ## Install the Debian packages the tests use (Chromium, poppler, zbar, PostgreSQL)
	@bash .ci/system-deps

TLS_DIR ?= instance/tls

run: install ## Serve on the network (HOST=0.0.0.0, port $(PORT)) and print the address and QR code phones open (SQLite in instance/); TLS=1: over HTTPS with this computer's own certificate (README "HTTPS at home")
	@mkdir -p instance
ifeq ($(TLS),1)
	LAIRSIDE_TLS_DIR=$(TLS_DIR) $(VENV)/bin/flask --app api:create_app tls-certificate
	LAIRSIDE_TLS_DIR=$(TLS_DIR) $(VENV)/bin/gunicorn -c python:api.config --workers $(WORKERS) --bind $(HOST):$(PORT) \
	  --certfile $(TLS_DIR)/server.crt --keyfile $(TLS_DIR)/server.key 'api:create_app()'
else
	$(VENV)/bin/gunicorn -c python:api.config --workers $(WORKERS) --bind $(HOST):$(PORT) 'api:create_app()'
endif

dev: install ## Start Flask's debug server with reload on http://$(DEV_HOST):$(PORT) (this computer only)
	LAIRSIDE_LISTEN=$(DEV_HOST) $(VENV)/bin/flask --app api:create_app run --debug --host $(DEV_HOST) --port $(PORT)

test: install system-deps ## Install everything the tests need and run them all, on TEST_WORKERS processes (2; 0: one)
	$(PY) -m pytest -n $(or $(TEST_WORKERS),2) --dist loadfile

# The import-linter contracts make lint checks (pyproject.toml [tool.importlinter]).
IMPORT_CONTRACTS := layers kernel registry routes circles game-folders

lint: install ## ruff on everything, mypy --strict on api, assistant and printables, and the import layers (import-linter)
	$(VENV)/bin/ruff check api assistant printables tests
	$(VENV)/bin/mypy --strict api assistant printables
	$(VENV)/bin/lint-imports --no-cache $(foreach c,$(IMPORT_CONTRACTS),--contract $(c))

bench: install bench-deps lighthouse ## Performance figures as ratios within one run (last line: JSON); SOAK_MINUTES (30); QUICK=1: every part with small numbers, about 5 minutes
	SOAK_MINUTES=$(or $(SOAK_MINUTES),$(if $(QUICK),0.5,30)) $(PY) tests/bench/run.py $(if $(QUICK),--quick)

# Lighthouse from the npm registry, into .lighthouse/ (git-ignored): 12.x is the newest line
# that runs on Debian's Node 20 (13.x asks for Node 22); it drives Debian's Chromium.
LIGHTHOUSE_VERSION := 12.8.2
LIGHTHOUSE_STAMP := .lighthouse/.stamp-$(LIGHTHOUSE_VERSION)

$(LIGHTHOUSE_STAMP):
	@command -v npm >/dev/null || { echo "Lighthouse needs Node >= 18.16 with npm (Debian: apt-get install nodejs npm)" >&2; exit 1; }
	npm install --prefix .lighthouse --no-audit --no-fund --loglevel=error lighthouse@$(LIGHTHOUSE_VERSION)
	touch $@

bench-deps:
	@bash .ci/system-deps bench

lighthouse: install bench-deps $(LIGHTHOUSE_STAMP) ## Lighthouse (mobile) on home, a rule, a setup, /join and a 7-seat live table, on loopback and at the LAN address over HTTPS: scores and targets
	CHROME_PATH=$${CHROME_PATH:-$$(command -v chromium)} $(PY) tests/pages/bench_lighthouse.py

fuzz: install ## Long API fuzz run (schemathesis, >= 10,000 requests): prints its 5xx and violation counts
	@mkdir -p test-artifacts
	LAIRSIDE_FUZZ_EXAMPLES=60 LAIRSIDE_FUZZ_STEPS=300 LAIRSIDE_FUZZ_COVERAGE=1 \
	LAIRSIDE_FUZZ_REPORT=$(CURDIR)/test-artifacts/fuzz.txt \
	$(PY) -m pytest tests/hardening/test_fuzz.py -q -p no:cacheprovider -s
	@cat test-artifacts/fuzz.txt

screenshots: install ## Every page of every game at 360, 390 and 768 px, light and dark, into test-artifacts/pages/matrix/
	LAIRSIDE_SCREENSHOTS=1 $(PY) -m pytest tests/pages/test_screenshots.py -q -p no:cacheprovider

expire: install ## Delete sessions unchanged for LAIRSIDE_RETENTION_DAYS (default 90): run daily
	$(VENV)/bin/flask --app api:create_app expire-sessions

printables: install ## Write every printable sheet (A4 + Letter) into printables/build/ with an index.html, codes for the server make run starts (HOST, PORT; LAIRSIDE_PUBLIC_URL wins); PACKS=0: no packs
	LAIRSIDE_LISTEN=$(HOST) LAIRSIDE_PORT=$(PORT) $(VENV)/bin/flask --app api:create_app printables $(if $(filter 0,$(PACKS)),--no-packs)

verbatim: ## List rules text copied word for word from a rulebook
	$(PYTHON) ../shared/tools/verbatim_check.py

clean: ## Remove build outputs (keeps .venv and instance/)
	rm -rf printables/build .pytest_cache .mypy_cache .ruff_cache

.PHONY: help install system-deps bench-deps run dev test lint bench lighthouse fuzz screenshots expire printables verbatim clean
