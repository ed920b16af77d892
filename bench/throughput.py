"""Hands per second of random play: bonepile's engines side by side with their peers.

Why this exists: the AI players (Monte Carlo rollouts) and the arena spend their
time playing random hands, so the number that matters is how many whole hands
per second an engine completes, dealing included. We measure it against the
public Python engines a user could pick instead (OpenSpiel's Python dominoes
games and the ``dominoes`` package), on the same workload on both sides:

* a fresh shuffled deal for every hand (for OpenSpiel, its chance nodes sampled
  with ``pyspiel.sample_action``, as its random simulation does);
* a uniform random choice among the legal moves, from a ``random.Random`` seeded
  with ``--seed``, until the hand ends;
* a time budget per measurement, repeated with the same seed, best repeat kept,
  after a short warm-up.

Each side is driven through its public API, the way a user would, with the
cheap habits (bound methods held in locals) applied to every side alike.

Run: ``.venv/bin/python bench/throughput.py [--seconds S]`` (or ``make bench``).
The peers are the optional extra ``peers`` (``pip install -e '.[peers]'``); a
missing peer is reported and skipped, never fatal.

To add a workload: write one function returning a ``Workload`` (see
``bonepile_dominoes``) and add a ``Row`` to ``ROWS``. For Tri-Ominos a "hand"
is a round; the report also times its legal-move generation at early, middle
and late board sizes.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

PlayHand = Callable[[], int]
"""Plays one whole hand, deal included, and returns how many decisions the random player made."""

PEERS_HINT = "install the optional extra: .venv/bin/pip install -e '.[peers]' (or run make bench)"


class PeerMissingError(Exception):
    """A peer engine is not installed; its measurement is skipped."""


@dataclass(frozen=True, slots=True)
class Workload:
    """One engine playing one kind of hand.

    ``make(seed)`` builds a fresh hand player whose random generator(s) start
    from ``seed``; it is called again for every repeat, so every repeat plays
    exactly the same hands and the repeats differ only by timing noise.
    """

    label: str
    make: Callable[[int], PlayHand]


@dataclass(frozen=True, slots=True)
class Row:
    """A line of the report: our workload and the peers it is compared with."""

    name: str
    ours: Workload
    theirs: tuple[Workload | ExternalWorkload, ...] = ()


@dataclass(frozen=True, slots=True)
class Measurement:
    hands_per_second: float
    decisions_per_hand: float


# ------------------------------------------------------------------ workloads


def bonepile_dominoes(preset: str, players: int, **options: Any) -> Workload:
    """Our Dominoes engine: ``Hand.deal`` then random legal moves until ``play`` reports the outcome."""

    def make(seed: int) -> PlayHand:
        from bonepile.dominoes import Hand, Rules

        rules = Rules.from_preset(preset, players, **options)
        rng = random.Random(seed)
        choice = rng.choice
        deal = Hand.deal

        def play_hand() -> int:
            hand = deal(rules, rng)
            play, legal_moves = hand.play, hand.legal_moves
            decisions = 1
            while play(choice(legal_moves())) is None:  # play returns the outcome once the hand ends
                decisions += 1
            return decisions

        return play_hand

    named = "".join(f" {key}={value}" for key, value in options.items())
    return Workload(f"bonepile {preset} {players}p{named}", make)


def open_spiel_game(short_name: str) -> Workload:
    """An OpenSpiel game: chance nodes (the deal) sampled, decision nodes chosen uniformly at random."""

    def make(seed: int) -> PlayHand:
        pyspiel = _import_peer("pyspiel", "open_spiel")
        _import_peer("open_spiel.python.games", "open_spiel")  # registers the python_* games
        game = pyspiel.load_game(short_name)
        sample_action = pyspiel.sample_action
        terminal, chance = int(pyspiel.PlayerId.TERMINAL), int(pyspiel.PlayerId.CHANCE)
        rng = random.Random(seed)
        choice, uniform = rng.choice, rng.random

        def play_hand() -> int:
            state = game.new_initial_state()
            current_player, chance_outcomes = state.current_player, state.chance_outcomes
            legal_actions, apply_action = state.legal_actions, state.apply_action
            decisions = 0
            while (player := current_player()) != terminal:
                if player == chance:
                    action = sample_action(chance_outcomes(), uniform())[0]
                else:
                    action = choice(legal_actions(player))
                    decisions += 1
                apply_action(action)
            return decisions

        return play_hand

    return Workload(f"open_spiel {short_name}", make)


def dominoes_package() -> Workload:
    """The ``dominoes`` package: ``Game.new()`` (it shuffles and deals), random valid moves until a result.

    The package deals from the module-level ``random`` generator, so that one is
    seeded too. Its ``skinny_board`` (ends only, no layout) is the cheapest
    public board, so we switch to it: the peer gets its fastest public path.
    """

    def make(seed: int) -> PlayHand:
        dominoes = _import_peer("dominoes", "dominoes")
        random.seed(seed)
        rng = random.Random(seed)
        choice = rng.choice
        new_game = dominoes.Game.new

        def play_hand() -> int:
            game = new_game()
            game.skinny_board()
            make_move = game.make_move
            decisions = 0
            while game.result is None:  # blocked players pass inside make_move
                make_move(*choice(game.valid_moves))
                decisions += 1
            return decisions

        return play_hand

    return Workload("dominoes package", make)


@dataclass(frozen=True, slots=True)
class ExternalWorkload:
    """A peer that cannot share our process: it measures itself in its own, the same way, and reports."""

    label: str
    run: Callable[[int, float, int, float], Measurement]
    """(seed, seconds, repeats, warm-up) -> the best repeat's measurement."""


def allfives_package() -> ExternalWorkload:
    """The ``all-fives-domino`` package, in its own venv (its modules are a top-level ``src``): random rounds.

    ``bench/allfives_peer_driver.py speed`` plays whole rounds (its deal and
    its forced opening double included) between two of its ``RandomBrain``
    players, timed in that process with the same budget, repeats and warm-up;
    a round is its hand. Its rules differ from ours in places (see
    ``bench/allfives_peer.py``); our closest workload is all-fives with the
    last tile of the boneyard never drawn, as in the package.
    """

    def run(seed: int, seconds: float, repeats: int, warmup: float) -> Measurement:
        import json
        import subprocess

        from allfives_peer import DRIVER, peer_python

        try:
            python = peer_python()
        except (OSError, subprocess.CalledProcessError) as error:
            raise PeerMissingError(f"all-fives-domino could not be installed in its venv ({error})") from None
        command = [str(python), str(DRIVER), "speed", "--seed", str(seed), "--seconds", str(seconds)]
        command += ["--repeats", str(repeats), "--warmup", str(warmup)]
        result = json.loads(subprocess.run(command, capture_output=True, text=True, check=True).stdout)
        return Measurement(result["rounds_per_second"], result["decisions_per_round"])

    return ExternalWorkload("all-fives-domino package (own venv)", run)


def bonepile_triominoes(preset: str, players: int) -> Workload:
    """Our Tri-Ominos engine: ``Round.deal`` then random legal moves until ``play`` reports the round's end."""

    def make(seed: int) -> PlayHand:
        from bonepile.triominoes import Round, Rules

        rules = Rules.from_preset(preset, players)
        rng = random.Random(seed)
        choice = rng.choice
        deal = Round.deal

        def play_round() -> int:
            round_ = deal(rules, rng)
            play, legal_moves = round_.play, round_.legal_moves
            decisions = 1
            while play(choice(legal_moves())) is None:
                decisions += 1
            return decisions

        return play_round

    return Workload(f"bonepile triominoes {preset} {players}p", make)


def _import_peer(module: str, distribution: str) -> Any:
    """Import a peer only when its workload runs, so bonepile alone still benches."""
    try:
        return importlib.import_module(module)
    except ImportError as error:
        raise PeerMissingError(f"{distribution} is not installed ({error}); {PEERS_HINT}") from None


ROWS: tuple[Row, ...] = (
    Row("block 2p", bonepile_dominoes("block", 2), (open_spiel_game("python_block_dominoes"),)),
    Row(
        "partnership 4p",
        bonepile_dominoes("partnership", 4),
        (open_spiel_game("python_team_dominoes"), dominoes_package()),
    ),
    Row("draw 2p", bonepile_dominoes("draw", 2)),
    Row("all-fives 2p", bonepile_dominoes("all-fives", 2, boneyard_reserve=1), (allfives_package(),)),
    Row("triominoes pressman 2p", bonepile_triominoes("pressman", 2)),
    Row("triominoes pressman 4p", bonepile_triominoes("pressman", 4)),
    Row("triominoes pressman 6p", bonepile_triominoes("pressman", 6)),
)
"""The report, in order. A workload shared by two rows is measured once."""


# ------------------------------------------------------------------ measuring


def measure(workload: Workload, seed: int, seconds: float, repeats: int, warmup: float) -> Measurement:
    """Best of ``repeats`` runs of ``seconds`` each (whole hands only), after ``warmup`` seconds of play."""
    _run_for(workload.make(seed), warmup)
    best: Measurement | None = None
    for _ in range(repeats):
        hands, decisions, elapsed = _run_for(workload.make(seed), seconds)
        result = Measurement(hands / elapsed, decisions / hands)
        if best is None or result.hands_per_second > best.hands_per_second:
            best = result
    assert best is not None
    return best


def _run_for(play_hand: PlayHand, seconds: float) -> tuple[int, int, float]:
    """Play whole hands until ``seconds`` have passed; the clock is read once per hand."""
    clock = time.perf_counter
    hands = decisions = 0
    start = clock()
    deadline = start + seconds
    while True:
        decisions += play_hand()
        hands += 1
        now = clock()
        if now >= deadline:
            return hands, decisions, now - start


# ------------------------------------------------------------------ Tri-Ominos move generation

BOARD_STAGES: tuple[tuple[str, int, int], ...] = (("early", 1, 8), ("middle", 18, 26), ("late", 36, 56))
"""Board sizes (placed tiles, inclusive) at which Tri-Ominos move generation is timed."""


def triominoes_movegen(seed: int, samples: int = 60, calls: int = 200) -> list[tuple[str, float, float, float, int]]:
    """Time one full generation of the mover's placements at early, middle and late board sizes.

    Positions come from random 2-player ``pressman`` rounds (two players
    leave the largest pool, so boards grow largest). For each stage: (name, microseconds per call,
    mean frontier size, mean placed tiles, positions). Generation must track
    the frontier, not the number of placed tiles.
    """
    from bonepile.triominoes import Round, Rules

    rules = Rules.from_preset("pressman", 2)
    rng = random.Random(seed)
    found: dict[str, list[Round]] = {name: [] for name, _, _ in BOARD_STAGES}
    while any(len(rounds) < samples for rounds in found.values()):
        round_ = Round.deal(rules, rng)
        while not round_.is_over:
            placed = len(round_.board)
            for name, low, high in BOARD_STAGES:
                if low <= placed <= high and len(found[name]) < samples and rng.random() < 0.3:
                    found[name].append(round_.copy())
            round_.play(rng.choice(round_.legal_moves()))
    report = []
    clock = time.perf_counter
    for name, _, _ in BOARD_STAGES:
        rounds = found[name]
        total = 0.0
        for round_ in rounds:
            mover = round_.to_move
            assert mover is not None
            hand = round_.tiles_of(mover)
            placements = round_.placements
            start = clock()
            for _ in range(calls):
                placements(hand)
            total += clock() - start
        micro = 1e6 * total / (calls * len(rounds))
        frontier = sum(len(r.frontier()) for r in rounds) / len(rounds)
        placed = sum(len(r.board) for r in rounds) / len(rounds)
        report.append((name, micro, frontier, placed, len(rounds)))
    return report


# ------------------------------------------------------------------ reporting


def _versions() -> str:
    found = []
    for name in ("open_spiel", "dominoes"):
        try:
            found.append(f"{name} {importlib.metadata.version(name)}")
        except importlib.metadata.PackageNotFoundError:
            found.append(f"{name} (not installed)")
    return ", ".join(found)


def _rate(value: float) -> str:
    return f"{value:,.0f} hands/s"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=3.0, help="time budget of each repeat (default 3)")
    parser.add_argument("--repeats", type=int, default=3, help="repeats per measurement; the best is kept (default 3)")
    parser.add_argument("--warmup", type=float, default=0.5, help="seconds of play before measuring (default 0.5)")
    parser.add_argument("--seed", type=int, default=1, help="seed of every random generator (default 1)")
    parser.add_argument("--only", metavar="TEXT", help="run only the rows whose name contains TEXT")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.repeats < 1 or args.warmup < 0:
        parser.error("--seconds must be > 0, --repeats >= 1, --warmup >= 0")

    rows = [row for row in ROWS if args.only is None or args.only in row.name]
    if not rows:
        parser.error(f"no row matches {args.only!r}; rows: {', '.join(row.name for row in ROWS)}")

    print("Random play to the end of a hand (Tri-Ominos: a round), deal included: hands per second")
    print(
        f"best of {args.repeats} x {args.seconds:g} s after {args.warmup:g} s warm-up, seed {args.seed}; "
        f"Python {platform.python_version()}; {_versions()}"
    )
    print(f"{'workload':<40} {'hands/s':>12} {'decisions/hand':>15}")
    results: dict[str, Measurement | str] = {}
    for row in rows:
        for workload in (row.ours, *row.theirs):
            if workload.label in results:
                continue
            try:
                if isinstance(workload, ExternalWorkload):
                    result = workload.run(args.seed, args.seconds, args.repeats, args.warmup)
                else:
                    result = measure(workload, args.seed, args.seconds, args.repeats, args.warmup)
            except PeerMissingError as missing:
                results[workload.label] = str(missing)
                print(f"{workload.label:<40} skipped: {missing}", flush=True)
                continue
            results[workload.label] = result
            print(
                f"{workload.label:<40} {result.hands_per_second:>12,.0f} {result.decisions_per_hand:>15.1f}",
                flush=True,
            )

    print()
    for row in rows:
        ours = results[row.ours.label]
        assert isinstance(ours, Measurement)  # our own engine is always there
        mine = f"{row.name}: bonepile {_rate(ours.hands_per_second)}"
        if not row.theirs:
            print(mine)
        for peer in row.theirs:
            theirs = results[peer.label]
            if isinstance(theirs, Measurement):
                ratio = ours.hands_per_second / theirs.hands_per_second
                print(f"{mine} vs {peer.label} {_rate(theirs.hands_per_second)} ratio={ratio:.2f}")
            else:
                print(f"{mine} vs {peer.label} (not installed) ratio=n/a")
    if args.only is None or "movegen" in args.only or "triominoes" in args.only:
        print()
        print("Tri-Ominos legal-move generation (all placements of the mover's hand), pressman 2p random positions")
        for name, micro, frontier, placed, count in triominoes_movegen(args.seed):
            print(
                f"movegen {name:<7} {micro:8.1f} us/call  frontier {frontier:5.1f} places  "
                f"board {placed:5.1f} tiles  ({count} positions)"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
