"""Strength of our AI against the peers' AI and against our own agents, measured in one run.

Why this exists: the issue's targets are relative, so they can only be
checked by playing. ``ismcts`` must win at least 60% of the decisive games
against each peer's strongest fair AI, at a median of at most 300 ms a move
on a small two-core machine, and ``heuristic`` must beat ``greedy`` clearly
in both games. One run, in sections (``--only`` picks some):

* ``block``: Dominoes, 2 players, OpenSpiel's ``python_block_dominoes``
  rules (``bonepile.peers.openspiel_dominoes.rules_for``). Our ``ismcts``
  against OpenSpiel's own ISMCTS bot; as the ceiling of that row, a player
  that sees both hands and plays them perfectly (``bench/oracle.py``)
  against the same bot; and the bot against uniform random as a sanity
  line. Every hand is played through the lockstep bridge, so every
  move is checked in both engines.
* ``partnership``: Dominoes, 4 players in two teams, the ``dominoes``
  package's rules. Our ``ismcts`` team against the package's probabilistic
  alpha-beta (fair: it samples the hands it cannot see), its ``omniscient``
  player (it looks at every hand) and its ``double``; also through the bridge.
* ``dominoes``: our Dominoes agents against each other in whole games (to the
  target, D8) through the arena, 2-player ``block`` and 4-player
  ``partnership``: win rates, points and Elo.
* ``triominoes``: the same for Tri-Ominos (no peer plays it in Python),
  ``pressman`` with 2 and 4 players (4: all four agents at one table).
* ``all-fives``: Dominoes' scoring game with the spinner, 2 players, whole
  games to 150 through the arena (each deal once per seat rotation): each
  level against the one below it (``ismcts`` against ``heuristic``,
  ``heuristic`` against ``greedy``, ``greedy`` against ``random``). The
  ``all-fives-domino`` package's players are measured apart
  (``bench/allfives_peer.py``): its rules differ from ours (see there).
* ``mexican-train``: Mexican Train, 4 players (two seats each, A B A B, every
  deal once per seat rotation), whole games of ``--mt-rounds`` rounds (the
  12-12 engine down): the same ladder, each level against the one below. Its
  peer (a public program's strongest player, seated at our table) is
  ``bench/mexican_train_peer.py``.

A bridged hand is one game; each deal is played twice with the sides swapped
(mirrored), so the luck of the deal cancels out; a game is decisive when it
has a winner (by our rule sheet, which the bridge has checked against the
peer's result). Every decision is timed here, around the decider's own call;
times are reported over decisions with a real choice (two legal moves or
more) for every AI alike, since ours answers a forced move at once and
OpenSpiel's bot and the package's searchers do too.

Run: ``.venv/bin/python bench/strength.py [--games N] [--jobs J] [--only SECTION]``
or ``make bench-strength`` (which installs the optional extra ``peers``).
``--quick`` is a smoke run of a few games per line. Not run by the tests.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import importlib
import importlib.metadata
import math
import multiprocessing
import os
import platform
import statistics
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from itertools import combinations
from typing import Any

import bonepile.ai.triominoes_heuristic
import bonepile.ai.triominoes_ismcts  # noqa: F401  (registers the Tri-Ominos agents, here and in every worker)
from bonepile.ai import make_agent
from bonepile.ai.base import Agent, register
from bonepile.ai.ismcts import DEFAULT_ITERATIONS as DOMINOES_ISMCTS_ITERATIONS
from bonepile.ai.ismcts import SCORING_ITERATIONS as ALL_FIVES_ISMCTS_ITERATIONS
from bonepile.ai.ismcts import ISMCTSAgent
from bonepile.ai.mexican_train_ismcts import DEFAULT_ITERATIONS as MEXICAN_TRAIN_ISMCTS_ITERATIONS
from bonepile.ai.triominoes_ismcts import DEFAULT_ITERATIONS as TRIOMINOES_ISMCTS_ITERATIONS
from bonepile.arena import ArenaConfig, ArenaResult, GameResult, GameSpec, play_batch, run_arena, wilson_interval
from bonepile.arena.backends import batch_size_for, default_jobs
from bonepile.arena.runner import derived_seed
from bonepile.peers import Decider, LockstepMismatch, OurDecider, PeerDecider, PeerMissingError, bonepile_decider

SECTIONS = ("block", "partnership", "dominoes", "triominoes", "all-fives", "mexican-train")
AGENTS = ("ismcts", "heuristic", "greedy", "random")
"""Our agents, strongest first, as the arena sections rate them."""

OPENSPIEL_SIMULATIONS = 1000
"""OpenSpiel's ISMCTS bot as the issue measured it (about 530 ms a move there)."""
OPENSPIEL_UCT_C = 10.0
"""The bridge's default: OpenSpiel's returns are raw pips, so exploration must be larger than the textbook 1.4."""
ALPHABETA = {"sample_size": 10, "start_move": 4, "player": "double"}
"""The package's probabilistic alpha-beta as measured in the issue (72% against ``double``): 10 sampled deals
of the hidden tiles from move 4 on, searching moves in ``double``'s order. Its first moves, before the search
starts, are played as ``double`` plays them. A hand takes seconds to tens of seconds."""
OMNISCIENT = {"start_move": 0, "player": "double"}
"""The package's ``omniscient`` player: alpha-beta over every hand it can see (all of them), from the first move."""

BLOCK_BUDGET = PARTNERSHIP_BUDGET = str(DOMINOES_ISMCTS_ITERATIONS)
"""Our ``ismcts`` budget in the bridged sections: iterations (deterministic for a seed), or a time like ``250ms``.
The registered agent's: its median move stays far under OpenSpiel's bot's and under 300 ms on a two-core machine,
and 6000 iterations (four times the time) won no more hands against OpenSpiel's bot (47% against 47%, 80 games)."""

CHEAP = 10
"""Rows and pairings where no side searches are fast: they play this many times ``--games``, for tight intervals."""

ARENA_CHEAP = 50
"""Arena pairings where no side searches play this many times ``--arena-games`` (400 by default): whole games
are long, and ``heuristic`` against ``greedy`` needs a few hundred to tell a clear lead from luck."""

FIVES_LADDER = (("ismcts", "heuristic"), ("heuristic", "greedy"), ("greedy", "random"))
"""The all-fives pairings (and Mexican Train's): each level against the one below it."""

MEXICAN_TRAIN_PLAYERS = 4
MEXICAN_TRAIN_ROUNDS = 3
"""Rounds in a Mexican Train game of the table (M2 option ``rounds``: 12-12, 11-11, 10-10), so that a few
hundred whole games fit in an hour on two cores."""

TIMED = "timed:"
"""Prefix of the arena agents that time their own decisions (the arena itself only sums thinking time)."""


# ------------------------------------------------------------------ who plays


@dataclass(frozen=True)
class Player:
    """Who decides for one side of a bridged line; built afresh in the worker for every hand.

    ``kind``: ``bonepile`` (our agent ``name``; ``budget`` for ``ismcts``),
    ``openspiel`` (``ismcts`` or ``random``), ``package`` (a ``dominoes``
    package player, ``options`` for its constructor) or ``oracle`` (the
    reference that sees both hands, ``bench/oracle.py``; block only).
    """

    kind: str
    name: str
    label: str
    budget: str | None = None
    options: tuple[tuple[str, Any], ...] = ()

    def build(self, seed: int) -> Decider:
        if self.kind == "bonepile":
            if self.name == "ismcts" and self.budget is not None:
                return bonepile_decider(ISMCTSAgent("dominoes", seed, **ismcts_budget(self.budget)))
            return bonepile_decider(self.name, seed)
        if self.kind == "openspiel":
            from bonepile.peers import openspiel_dominoes as spiel

            if self.name == "random":
                return spiel.openspiel_random_decider(seed)
            return spiel.openspiel_ismcts_decider(seed=seed, **dict(self.options))
        if self.kind == "package":
            return package_decider(self.name, seed, dict(self.options))
        if self.kind == "oracle":
            from oracle import oracle_decider

            return oracle_decider()
        raise ValueError(f"unknown kind of player {self.kind!r}")


def ismcts_budget(text: str) -> dict[str, Any]:
    """``"4000"`` -> 4000 iterations a move; ``"250ms"`` or ``"0.25s"`` -> that time a move."""
    if text.endswith("ms"):
        return {"time_limit": float(text[:-2]) / 1000}
    if text.endswith("s"):
        return {"time_limit": float(text[:-1])}
    return {"iterations": int(text)}


def package_decider(name: str, seed: int, options: dict[str, Any]) -> PeerDecider:
    """A ``dominoes`` package player; a searcher with ``start_move`` plays as its move ``player`` before then.

    The package composes players by chaining them; the bridge's decider
    takes one, so the chain "``double``, then the searcher from
    ``start_move`` on" is composed here, and the move order given to the
    search (``player``, a name) is resolved to the package's function.
    """
    from bonepile.peers import dominoes_package as package

    ordering = options.get("player")
    if isinstance(ordering, str):
        options = {**options, "player": getattr(importlib.import_module("dominoes").players, ordering)}
    searcher = package.dominoes_package_player(name, seed, **options)
    start = int(options.get("start_move", 0))
    if not start or not isinstance(ordering, str):
        return searcher
    early = package.dominoes_package_player(ordering, seed + 1)

    def choose(game: Any) -> Any:
        return (early if len(game.moves) < start else searcher).choose(game)

    return PeerDecider(searcher.name, choose)


def timed(decider: Decider, log: list[float]) -> Decider:
    """``decider``, appending to ``log`` the seconds of each of its decisions that had a real choice."""
    clock = time.perf_counter
    if isinstance(decider, OurDecider):

        def choose_ours(observation: Any) -> Any:
            start = clock()
            move = decider.choose(observation)
            if len(observation.legal_moves) > 1:
                log.append(clock() - start)
            return move

        return OurDecider(decider.name, choose_ours)

    def choose_theirs(state: Any) -> Any:
        # OpenSpiel's state lists legal actions, the package's game its valid moves.
        choices = len(state.valid_moves) if hasattr(state, "valid_moves") else len(state.legal_actions())
        start = clock()
        move = decider.choose(state)
        if choices > 1:
            log.append(clock() - start)
        return move

    return PeerDecider(decider.name, choose_theirs)


# ------------------------------------------------------------------ bridged lines


@dataclass(frozen=True)
class Line:
    """One row of a bridged section: ``first`` (ours, or the sanity line's subject) against ``second``."""

    section: str
    first: Player
    second: Player
    deals: int
    """Each deal is played twice, sides swapped."""


@dataclass
class HandRecord:
    """One bridged hand, from the first player's point of view."""

    winner: int | None
    """0: the first player's side won, 1: the second's, None: nobody."""
    points: tuple[int, int]
    """Points the first and the second player's sides gained."""
    times: tuple[list[float], list[float]]
    peer_bugs: tuple[str, ...] = ()
    error: str | None = None


def play_deals(line: Line, seed: int, deals: Sequence[int]) -> list[HandRecord]:
    """Play ``deals`` of ``line``, each twice with the sides swapped; a worker task (a pure function of its input)."""
    return [play_hand(line, seed, deal, swapped) for deal in deals for swapped in (False, True)]


def play_hand(line: Line, seed: int, deal: int, swapped: bool) -> HandRecord:
    """One hand through the bridge; the first player sits in the even seats, or the odd ones when ``swapped``."""
    players = 2 if line.section == "block" else 4
    times: tuple[list[float], list[float]] = ([], [])
    seats: list[Decider] = []
    for seat in range(players):
        who = (seat % 2) ^ swapped
        player = line.second if who else line.first
        seats.append(timed(player.build(derived_seed(seed, deal, int(swapped), 1 + seat)), times[who]))
    deal_seed = derived_seed(seed, deal, 0)
    try:
        if line.section == "block":
            from bonepile.peers import openspiel_dominoes as spiel

            result = spiel.play_lockstep(spiel.BLOCK, seats, seed=deal_seed)
        else:
            from bonepile.peers import dominoes_package as package

            result = package.play_lockstep(seats, seed=deal_seed)
    except LockstepMismatch as mismatch:
        return HandRecord(None, (0, 0), times, error=f"deal seed {deal_seed}: {mismatch}")
    outcome = result.outcome
    # Side s is the seats of parity s in both games, so the first player's side is 0 unless swapped.
    mine = int(swapped)
    winner = None if outcome.winner is None else int(outcome.winner != mine)
    return HandRecord(winner, (outcome.points[mine], outcome.points[1 - mine]), times, result.peer_bugs)


def bridged_lines(section: str, games: int, budgets: dict[str, str]) -> list[Line]:
    """The rows of a bridged section: ``games`` in a main row, half in a sanity row, ``CHEAP`` times in a cheap one."""
    main, sanity, cheap = max(1, games // 2), max(1, games // 4), games * CHEAP // 2
    budget = budgets[section]
    ours = Player("bonepile", "ismcts", f"ismcts[{budget}]", budget=budget)
    heuristic = Player("bonepile", "heuristic", "heuristic")
    greedy = Player("bonepile", "greedy", "greedy")
    if section == "block":
        bot = Player(
            "openspiel",
            "ismcts",
            f"open_spiel ismcts[{OPENSPIEL_SIMULATIONS}]",
            options=(("simulations", OPENSPIEL_SIMULATIONS), ("uct_c", OPENSPIEL_UCT_C)),
        )
        return [
            Line(section, ours, bot, main),
            Line(section, Player("oracle", "oracle", "oracle (all hands)"), bot, main),
            Line(section, bot, Player("openspiel", "random", "open_spiel random"), sanity),
            Line(section, ours, heuristic, sanity),
            Line(section, heuristic, greedy, cheap),
        ]
    alphabeta = Player("package", "probabilistic_alphabeta", "pkg prob_alphabeta", options=tuple(ALPHABETA.items()))
    double = Player("package", "double", "pkg double")
    return [
        Line(section, ours, alphabeta, main),
        Line(section, ours, Player("package", "omniscient", "pkg omniscient", options=tuple(OMNISCIENT.items())), main),
        Line(section, ours, double, sanity),
        Line(section, alphabeta, double, sanity),
        Line(section, heuristic, greedy, cheap),
    ]


# ------------------------------------------------------------------ arena sections


class TimedAgent:
    """An agent that logs, in its process, how long each of its decisions with a real choice took."""

    def __init__(self, inner: Agent, log: list[float]) -> None:
        self.inner = inner
        self.name = inner.name
        self.log = log

    def choose(self, observation: Any) -> Any:
        start = time.perf_counter()
        move = self.inner.choose(observation)
        if len(observation.legal_moves) > 1:
            self.log.append(time.perf_counter() - start)
        return move


_DECISIONS: dict[str, list[float]] = {}
"""Decision times of this process's timed agents, by agent name; emptied by every ``arena_batch``."""


def _timed_factory(name: str) -> Callable[[str, int], Agent]:
    return lambda game, seed: TimedAgent(make_agent(name, game, seed), _DECISIONS.setdefault(name, []))


for _name in AGENTS:
    register(TIMED + _name, _timed_factory(_name))  # at import, so that every worker knows them


def arena_batch(config: ArenaConfig, specs: Sequence[GameSpec]) -> tuple[list[GameResult], dict[str, list[float]]]:
    """The arena's own batch of games, plus the decision times of its agents; a worker task."""
    _DECISIONS.clear()
    results = play_batch(config, specs)
    times = {name: list(values) for name, values in _DECISIONS.items()}
    _DECISIONS.clear()
    return results, times


@dataclass
class TimingBackend:
    """An arena backend on the shared pool that also gathers each agent's decision times."""

    pool: concurrent.futures.Executor
    parallelism: int
    progress: Callable[[int], None]
    times: dict[str, list[float]] = field(default_factory=dict)

    def __call__(self, config: ArenaConfig, batches: Sequence[Sequence[GameSpec]]) -> Iterator[list[GameResult]]:
        futures = [self.pool.submit(arena_batch, config, list(batch)) for batch in batches]
        for future in concurrent.futures.as_completed(futures):
            results, times = future.result()
            for name, values in times.items():
                self.times.setdefault(name, []).extend(values)
            self.progress(len(results))
            yield results


@dataclass
class ArenaRun:
    """One arena config of a section: a pairing of two agents, or a table of all (4-player Tri-Ominos)."""

    game: str
    preset: str
    players: int
    agents: tuple[str, ...]
    games: int
    options: tuple[tuple[str, object], ...] = ()
    result: ArenaResult | None = None
    times: dict[str, list[float]] = field(default_factory=dict)


def arena_runs(section: str, games: int, mt_rounds: int = MEXICAN_TRAIN_ROUNDS) -> list[ArenaRun]:
    """Every pair of agents meets, 2 and 4 players: ``games`` per pair with ``ismcts``, ``ARENA_CHEAP`` times without.

    4-player Tri-Ominos is every player for themselves, so all four agents
    share each table, seats rotating; the pairings without ``ismcts`` are
    also played apart (two seats each), for enough games to tell them apart.
    """
    if section == "mexican-train":
        return [
            ArenaRun(
                section,
                section,
                MEXICAN_TRAIN_PLAYERS,
                pair,
                max(2, games if "ismcts" in pair else games * ARENA_CHEAP // 10),
                options=(("rounds", mt_rounds),),
            )
            for pair in FIVES_LADDER
        ]
    if section == "all-fives":
        return [
            ArenaRun("dominoes", "all-fives", 2, pair, max(2, games if "ismcts" in pair else games * ARENA_CHEAP // 4))
            for pair in FIVES_LADDER
        ]
    if section == "dominoes":
        game, setups = "dominoes", (("block", 2), ("partnership", 4))
    else:
        game, setups = "triominoes", (("pressman", 2), ("pressman", 4))
    runs: list[ArenaRun] = []
    for preset, players in setups:
        table = game == "triominoes" and players > 2
        if table:
            runs.append(ArenaRun(game, preset, players, AGENTS, max(players, games)))
        for pair in combinations(AGENTS, 2):
            if table and "ismcts" in pair:
                continue  # ismcts met everyone at the table; the cheap pairings give the tight intervals
            count = games if "ismcts" in pair else games * ARENA_CHEAP
            runs.append(ArenaRun(game, preset, players, pair, max(2, count)))
    return runs


def play_arena(run: ArenaRun, seed: int, pool: concurrent.futures.Executor, jobs: int, progress: Progress) -> None:
    """Play ``run`` with the arena on the shared pool (called in its own thread, so all sections queue at once)."""
    config = ArenaConfig(
        run.game,
        tuple(TIMED + a for a in run.agents),
        games=run.games,
        seed=seed,
        preset=run.preset,
        players=run.players,
        options=run.options,
    )
    label = f"{run.game} {run.preset} {run.players}p {' vs '.join(run.agents)}"
    backend = TimingBackend(pool, jobs, lambda count: progress.advance(label, count, run.games))
    run.result = run_arena(config, backend=backend, batch_size=batch_size_for(run.games, jobs))
    run.times = {name.removeprefix(TIMED): values for name, values in backend.times.items()}


# ------------------------------------------------------------------ reporting


@dataclass
class LineStats:
    """What each printed row shows: first against second."""

    label: str
    games: int
    decisive: int
    wins: int
    points: tuple[float, float]
    """Points per hand (per round in Tri-Ominos) of each side."""
    times: tuple[list[float], list[float]]


def quantile(values: Sequence[float], q: float) -> float:
    """Nearest-rank quantile (the median of an even count is the mean of the middle two)."""
    if not values:
        return math.nan
    if q == 0.5:
        return statistics.median(values)
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def line_stats(line: Line, records: Sequence[HandRecord]) -> LineStats:
    played = [r for r in records if r.error is None]
    decisive = [r for r in played if r.winner is not None]
    hands = max(1, len(played))
    return LineStats(
        f"{line.first.label} vs {line.second.label}",
        len(played),
        len(decisive),
        sum(r.winner == 0 for r in decisive),
        (sum(r.points[0] for r in played) / hands, sum(r.points[1] for r in played) / hands),
        ([t for r in played for t in r.times[0]], [t for r in played for t in r.times[1]]),
    )


def pairing_stats(run: ArenaRun) -> LineStats:
    """A two-agent arena run as a row: games, decisive ones, the first agent's wins, points per seat and round."""
    assert run.result is not None
    first, second = (TIMED + a for a in run.agents)
    decisive = wins = 0
    points = {first: 0, second: 0}
    seat_hands = {first: 0, second: 0}
    for result in run.result.results:
        won = {name: False for name in (first, second)}
        for name, seat_won, seat_points in zip(result.seats, result.seat_won, result.seat_points, strict=True):
            won[name] = won[name] or seat_won
            points[name] += seat_points
            seat_hands[name] += result.hands
        if won[first] != won[second]:
            decisive += 1
            wins += won[first]
    return LineStats(
        " vs ".join(run.agents),
        len(run.result.results),
        decisive,
        wins,
        (points[first] / max(1, seat_hands[first]), points[second] / max(1, seat_hands[second])),
        (run.times.get(run.agents[0], []), run.times.get(run.agents[1], [])),
    )


HEADER = (
    f"  {'line':<47}{'games':>6}{'decisive':>9}  {'win %':>6}  {'95% interval':<15}"
    f"{'pts/hand':>15}  {'median ms':>13}  {'p95 ms':>13}"
)


def ms(values: Sequence[float], q: float) -> str:
    """Milliseconds, whole above 10 (noise is larger than a tenth there), else to a tenth."""
    if not values:
        return "-"
    value = 1000 * quantile(values, q)
    return f"{value:.0f}" if value >= 10 else f"{value:.1f}"


def print_row(stats: LineStats) -> None:
    low, high = wilson_interval(stats.wins, stats.decisive)
    rate = f"{100 * stats.wins / stats.decisive:5.1f}" if stats.decisive else "    -"
    first, second = stats.times
    print(
        f"  {stats.label:<47}{stats.games:>6}{stats.decisive:>9}  {rate:>6}  [{100 * low:4.1f}, {100 * high:5.1f}]  "
        f"{stats.points[0]:6.1f} vs {stats.points[1]:5.1f}  "
        f"{ms(first, 0.5):>5} / {ms(second, 0.5):>5}  {ms(first, 0.95):>5} / {ms(second, 0.95):>5}",
        flush=True,
    )


def print_elo(title: str, results: Sequence[GameResult], agents: Sequence[str], times: dict[str, list[float]]) -> None:
    """Each agent over all its games of a player count: share won, points per seat and round, Elo, think time."""
    config = ArenaConfig("-", tuple(TIMED + a for a in agents), games=1)
    merged = ArenaResult(config, 0, list(results))
    print(f"  {title}")
    print(
        f"    {'agent':<11}{'games':>6}  {'won %':>6}  {'95% interval':<15}{'pts/hand':>9}  {'Elo (95%)':<13}"
        "  ms/move median, p95"
    )
    for stats in merged.agents:
        name = stats.name.removeprefix(TIMED)
        low, high = stats.win_interval
        rating = stats.rating
        elo = f"{rating.elo:+5.0f} ± {rating.half_width:3.0f}" if rating is not None else "-"
        values = times.get(name, [])
        print(
            f"    {name:<11}{stats.games:>6}  {100 * stats.win_rate:6.1f}  [{100 * low:4.1f}, {100 * high:5.1f}]"
            f"{stats.points_per_hand:9.1f}  {elo:<13}  {ms(values, 0.5):>5}, {ms(values, 0.95):>5}",
            flush=True,
        )


class Progress:
    """Progress on stderr as tasks finish (the tables go to stdout), so a long run can be watched."""

    def __init__(self) -> None:
        self.start = time.perf_counter()
        self.done: dict[str, int] = {}
        self.lock = threading.Lock()

    def on_done(self, label: str, total: int) -> Callable[[concurrent.futures.Future[list[HandRecord]]], None]:
        """A done-callback for a bridged task of the row ``label``."""

        def done(future: concurrent.futures.Future[list[HandRecord]]) -> None:
            if future.exception() is None:
                self.advance(label, len(future.result()), total)

        return done

    def advance(self, label: str, count: int, total: int) -> None:
        with self.lock:
            self.done[label] = self.done.get(label, 0) + count
            elapsed = time.perf_counter() - self.start
            print(f"[{elapsed:6.0f} s] {label}: {self.done[label]}/{total} games", file=sys.stderr, flush=True)


def versions() -> str:
    found = []
    for name in ("open_spiel", "dominoes"):
        try:
            found.append(f"{name} {importlib.metadata.version(name)}")
        except importlib.metadata.PackageNotFoundError:
            found.append(f"{name} not installed")
    return ", ".join(found)


def peers_missing(section: str) -> str | None:
    """Why a bridged section cannot run (its peer is not installed), or None."""
    modules = {"block": ("pyspiel", "open_spiel.python.games"), "partnership": ("dominoes",)}.get(section, ())
    for module in modules:
        try:
            importlib.import_module(module)
        except ImportError as error:
            return f"{error}; install the optional extra: .venv/bin/pip install -e '.[peers]' (or make bench-strength)"
    return None


# ------------------------------------------------------------------ main


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--games",
        type=int,
        default=None,
        help=f"games in a main bridged row (default 80; --quick 4); sanity rows play half, rows where no side "
        f"searches {CHEAP} times as many",
    )
    parser.add_argument(
        "--arena-games",
        type=int,
        default=None,
        help=f"games per arena pairing with ismcts (default 8; --quick 2); {ARENA_CHEAP} times as many without",
    )
    parser.add_argument(
        "--fives-games",
        type=int,
        default=None,
        help=f"all-fives games of ismcts against heuristic (default 60; --quick 2); {ARENA_CHEAP // 4} times as "
        "many in the pairings without ismcts",
    )
    parser.add_argument(
        "--mt-games",
        type=int,
        default=None,
        help=f"Mexican Train games of ismcts against heuristic (default 200; --quick 2); {ARENA_CHEAP // 10} times "
        "as many in the pairings without ismcts",
    )
    parser.add_argument(
        "--mt-rounds", type=int, default=MEXICAN_TRAIN_ROUNDS, help="rounds in a Mexican Train game (M2 option)"
    )
    parser.add_argument("--jobs", type=int, default=default_jobs(), help="worker processes (default: all cores)")
    parser.add_argument("--seed", type=int, default=1, help="run seed: deals and every agent's seed derive from it")
    parser.add_argument("--only", action="append", choices=SECTIONS, help="run only this section (repeatable)")
    parser.add_argument("--quick", action="store_true", help="a smoke run: a few games per row")
    parser.add_argument(
        "--block-budget", default=BLOCK_BUDGET, help=f"our ismcts a move, 2p block (default {BLOCK_BUDGET})"
    )
    parser.add_argument(
        "--partnership-budget", default=PARTNERSHIP_BUDGET, help=f"our ismcts a move, 4p (default {PARTNERSHIP_BUDGET})"
    )
    args = parser.parse_args(argv)
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]  # whole rows, between the progress lines
    games = args.games if args.games is not None else 4 if args.quick else 80
    arena_games = args.arena_games if args.arena_games is not None else 2 if args.quick else 8
    fives_games = args.fives_games if args.fives_games is not None else 2 if args.quick else 60
    mt_games = args.mt_games if args.mt_games is not None else 2 if args.quick else 200
    if games < 2 or arena_games < 2 or args.jobs < 1:
        parser.error("--games and --arena-games must be at least 2, --jobs at least 1")
    for budget in (args.block_budget, args.partnership_budget):
        try:
            ismcts_budget(budget)
        except ValueError:
            parser.error(f"a budget is iterations (4000) or a time (250ms, 0.25s), not {budget!r}")
    sections = [s for s in SECTIONS if not args.only or s in args.only]
    budgets = {"block": args.block_budget, "partnership": args.partnership_budget}

    print(f"bonepile strength benchmark, {datetime.now().astimezone():%Y-%m-%d %H:%M %Z}")
    load = ", ".join(f"{v:.2f}" for v in os.getloadavg())
    print(
        f"machine: {os.cpu_count()} cores, load average at start {load} (shared: times are noisy); "
        f"Python {platform.python_version()}; {versions()}"
    )
    print(f"command: {' '.join([os.path.basename(sys.executable), *sys.argv])}")
    print(
        f"seed {args.seed}, {args.jobs} worker processes; bridged: {games} games in a main row, half in a sanity row, "
        f"{CHEAP}x where no side searches, each deal twice with the sides swapped; arena: {arena_games} games a "
        f"pairing with ismcts, {ARENA_CHEAP}x without, each deal once per seat rotation"
    )
    print(
        f"ours: ismcts[{args.block_budget}] in 2p block, ismcts[{args.partnership_budget}] in 4p partnership "
        f"(iterations a move, or a time); in the arena the registered agents (Dominoes ismcts "
        f"{DOMINOES_ISMCTS_ITERATIONS} iterations, all-fives {ALL_FIVES_ISMCTS_ITERATIONS}, "
        f"Tri-Ominos ismcts {TRIOMINOES_ISMCTS_ITERATIONS}, Mexican Train ismcts {MEXICAN_TRAIN_ISMCTS_ITERATIONS}; "
        f"Mexican Train games of {args.mt_rounds} rounds)"
    )
    if "mexican-train" in sections:
        print(
            f"Mexican Train: {MEXICAN_TRAIN_PLAYERS} players, two seats each (A B A B), each deal once per seat "
            f"rotation, {mt_games} games of ismcts vs heuristic, {ARENA_CHEAP // 10}x in the pairings without ismcts"
        )
    print(
        f"peers: OpenSpiel ISMCTSBot {OPENSPIEL_SIMULATIONS} simulations, uct_c {OPENSPIEL_UCT_C}, random rollouts; "
        f"dominoes probabilistic_alphabeta {ALPHABETA} (double before start_move); omniscient {OMNISCIENT}"
    )
    print(
        "win %: the first-named side's share of the decisive games (with a winner), Wilson 95% interval; "
        "pts/hand: each side's points per hand (per seat and round in the arena); times: per decision with a real "
        "choice, first / second, timed around each call"
    )

    progress = Progress()
    context = multiprocessing.get_context("spawn")
    pool: concurrent.futures.Executor = (
        concurrent.futures.ProcessPoolExecutor(max_workers=args.jobs, mp_context=context)
        if args.jobs > 1
        else concurrent.futures.ThreadPoolExecutor(max_workers=1)
    )
    failures: list[str] = []
    with pool:
        # Everything is queued at once, in the order of the report, so the workers never wait between sections.
        bridged: dict[str, list[tuple[Line, list[concurrent.futures.Future[list[HandRecord]]]]]] = {}
        skipped: dict[str, str] = {}
        for section in sections:
            if section not in budgets:
                continue
            missing = peers_missing(section)
            if missing is not None:
                skipped[section] = missing
                continue
            bridged[section] = []
            for line in bridged_lines(section, games, budgets):
                label = f"{section} {line.first.label} vs {line.second.label}"
                per_task = max(1, math.ceil(line.deals / (args.jobs * 4)))
                futures = []
                for start in range(0, line.deals, per_task):
                    deals = list(range(start, min(line.deals, start + per_task)))
                    future = pool.submit(play_deals, line, args.seed, deals)
                    future.add_done_callback(progress.on_done(label, 2 * line.deals))
                    futures.append(future)
                bridged[section].append((line, futures))
        per_section = {"all-fives": fives_games, "mexican-train": mt_games}
        arenas = {
            s: arena_runs(s, per_section.get(s, arena_games), args.mt_rounds) for s in sections if s not in budgets
        }
        threads = concurrent.futures.ThreadPoolExecutor(max_workers=max(1, sum(len(r) for r in arenas.values())))
        arena_futures = {
            section: [threads.submit(play_arena, run, args.seed, pool, args.jobs, progress) for run in runs]
            for section, runs in arenas.items()
        }

        for section in sections:
            if section in skipped:
                print(f"\n{section}: skipped, the peer is missing: {skipped[section]}")
                continue
            if section in bridged:
                title = (
                    "Dominoes 2p block, OpenSpiel python_block_dominoes rules, lockstep with OpenSpiel"
                    if section == "block"
                    else "Dominoes 4p partnership (teams), dominoes package rules, lockstep with the package"
                )
                print(f"\n{title}\n{HEADER}")
                for line, futures in bridged[section]:
                    records = [record for future in futures for record in future.result()]
                    failures.extend(r.error for r in records if r.error is not None)
                    print_row(line_stats(line, records))
                    bugs = sum(bool(r.peer_bugs) for r in records)
                    if bugs:
                        print(f"    ({bugs} hands met a known peer difference; scored by our rule sheet)")
                continue
            runs = arenas[section]
            for arena_future in arena_futures[section]:
                arena_future.result()  # waits, and raises a worker's error here
            game = {"triominoes": "Tri-Ominos", "mexican-train": "Mexican Train"}.get(section, "Dominoes")
            for players in sorted({r.players for r in runs}):
                group = [r for r in runs if r.players == players]
                preset = group[0].preset
                print(f"\n{game} {players}p {preset}, arena, whole games to the target")
                if any(len(run.agents) == 2 for run in group):
                    print(HEADER)
                results: list[GameResult] = []
                times: dict[str, list[float]] = {}
                for run in group:
                    assert run.result is not None
                    results.extend(run.result.results)
                    for name, values in run.times.items():
                        times.setdefault(name, []).extend(values)
                    if len(run.agents) == 2:
                        print_row(pairing_stats(run))
                print_elo(f"{game} {players}p {preset}: each agent over all its games", results, AGENTS, times)
        threads.shutdown()

    if failures:
        print(f"\n{len(failures)} hands disagreed between the engines (lockstep mismatch); the first:\n{failures[0]}")
        return 1
    print(f"\ndone in {time.perf_counter() - progress.start:.0f} s")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except PeerMissingError as error:
        sys.exit(str(error))
