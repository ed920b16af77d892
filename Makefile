# One command each: `make play` (the web app) and `make test` create .venv and install what they need
# (`make test` and `make check` also the optional `peers` and `rl` extras, so the lockstep tests against OpenSpiel
# and `dominoes` and the research interfaces' own checkers run, and mypy sees the libraries the adapters use).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-test
PEERS := $(VENV)/.installed-peers
SHOTS := $(VENV)/.installed-screenshots
GAME ?= dominoes
ARGS ?=

ALLFIVES := .venv-allfives/.installed

.PHONY: play play-terminal test check messages bench bench-envs bench-strength bench-allfives screenshots install clean \
	compiled

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

$(PEERS): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,peers,rl]'
	touch $(PEERS)

$(SHOTS): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet -e '.[screenshots]'
	touch $(SHOTS)

install: $(STAMP)

# The web app: open the address it prints (ARGS="--port 8080", "--db postgresql+psycopg://...").
play: $(STAMP)
	$(BIN)/bonepile serve $(ARGS)

play-terminal: $(STAMP)
	$(BIN)/bonepile play $(GAME) $(ARGS)

# The whole suite on the pure engine, then the compiled games' tests on the compiled engine (`make compiled`;
# skipped with a message on a machine that cannot build it, a failure in CI).
test: $(PEERS)
	$(BIN)/python -m pytest -n auto -q
	$(BIN)/python tools/compiled.py test -n auto -q

# The optional compiled engine (docs/library.md): mypyc builds the engine's typed modules into build/compiled,
# a copy of the package beside the source, used only with PYTHONPATH=build/compiled. Needs a C compiler and the
# Python headers; nothing else (make install, make play) ever does.
compiled: $(STAMP)
	$(BIN)/python tools/compiled.py build

check: $(PEERS)
	$(BIN)/ruff check src tests bench tools
	$(BIN)/ruff format --check src tests bench tools
	$(BIN)/mypy

bench: $(PEERS) $(ALLFIVES)
	$(BIN)/python bench/throughput.py $$($(BIN)/python tools/compiled.py check >/dev/null 2>&1 && \
		$(BIN)/python tools/compiled.py build >/dev/null && echo --compiled)

# Random-policy speed through the OpenSpiel, PettingZoo and Gymnasium interfaces (ARGS="--seconds 5").
bench-envs: $(PEERS)
	$(BIN)/python bench/envs.py $(ARGS)

# Our AI against the peers' AI and our agents against each other (ARGS="--quick", "--only block", "--games 200").
bench-strength: $(PEERS)
	$(BIN)/python bench/strength.py $(ARGS)

# The all-fives-domino package installs a top-level `src` package: it gets a venv of its own, never ours.
$(ALLFIVES):
	$(PYTHON) -m venv .venv-allfives
	.venv-allfives/bin/python -m pip install --quiet all-fives-domino==1.0.23
	touch $(ALLFIVES)

# Its rounds replayed move by move in our engine (ARGS="--games 40").
bench-allfives: $(STAMP) $(ALLFIVES)
	$(BIN)/python bench/allfives_peer.py $(ARGS)

# The README's pictures in docs/images/, remade from the real app: seeded games in headless Chromium
# (/usr/bin/chromium) and the terminal in tmux (ARGS="--only phone").
screenshots: $(SHOTS)
	$(BIN)/python tools/screenshots.py $(ARGS)

clean:
	rm -rf $(VENV) .venv-allfives .pytest_cache .mypy_cache .ruff_cache build/compiled

# The English that bonepile says to a person, extracted from the sources into the template, and every
# language's catalog updated from it (docs/languages.md); new entries are then translated in each .po.
LOCALES := src/bonepile/i18n/locales
KEYWORDS := -k _ -k n_:1,2 -k p_:1c,2 -k N_ -k T_ -k t -k tn:1,2 -k tp:1c,2
messages: $(STAMP)
	$(BIN)/pybabel extract -F babel.cfg $(KEYWORDS) --no-wrap --sort-by-file --add-comments=TRANSLATORS: \
		--project=bonepile --copyright-holder="the bonepile authors" -o $(LOCALES)/bonepile.pot .
	$(BIN)/pybabel update -i $(LOCALES)/bonepile.pot -d $(LOCALES) -D bonepile --no-wrap --ignore-obsolete
	$(BIN)/pybabel compile -d $(LOCALES) -D bonepile --statistics
