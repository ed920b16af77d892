"""Random-policy speed through the research interfaces, and OpenSpiel's block dominoes beside ours.

What it answers: does an interface cost the engine its lead? Every row plays
whole episodes with a uniform random policy over the legal actions (a
``random.Random`` seeded with ``--seed``) for a time budget, in rounds: the
sides of a comparison run in turns (A B A B ...), each in a worker process of
its own tree (``throughput.Worker``), and every ratio is the median of the
rounds' ratios with their range, so a change of the shared machine's load
falls on both sides of a pair alike. Rates are per CPU second of the worker
by default (``--clock wall`` for the wall clock); the load averages are
printed with every row. ``--baseline REV`` runs every row of ours on the code
of git revision REV too, in the same turns, and gives now/then ratios;
``--compiled [PATH]`` runs them on the compiled engine too (``make compiled``,
``build/compiled`` by default), with its own ratios and share of the ceiling:

* ``openspiel``: one hand (Dominoes) or round (Tri-Ominos, Mexican Train) per episode through
  the ``pyspiel`` API (``new_initial_state``, ``chance_outcomes``,
  ``legal_actions``, ``apply_action``), chance sampled with
  ``pyspiel.sample_action`` as OpenSpiel's own random simulation does. Our
  block game with OpenSpiel's rules (``leader=first_seat``,
  ``hand_score=opponents``, as ``bonepile.peers.openspiel_dominoes`` maps
  them) runs beside OpenSpiel's own ``python_block_dominoes`` through exactly
  the same loop; the ``ratio=`` line compares hands per second (OpenSpiel
  skips a player who cannot play where we have a pass action, so steps are not
  the same unit; the hand is). A third game that does nothing, shaped like a
  block hand, measures what the ``pyspiel`` calls and the loop cost alone, so
  the report also splits each hand's time into that shared cost and each
  game's own code;
* ``pettingzoo``: whole games (matches to the target) through the AEC API
  (``agent_iter``, ``last``, ``step``), the action drawn from the mask;
* ``gymnasium``: whole games through ``reset``/``step`` against the random agent.

Run: ``.venv/bin/python bench/envs.py [--seconds S] [--repeats R] [--only TEXT,...] [--baseline REV]
[--compiled [PATH]]``;
needs the ``rl`` and ``peers`` extras (``make test`` installs both).
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from throughput import (
    COMPILED,
    ROOT,
    Side,
    Spread,
    Worker,
    baseline_tree,
    compiled_tree,
    interleave,
    load_text,
    pair_ratios,
    serve_worker,
    uptime,
)

Episode = Callable[[], int]
"""Plays one whole episode and returns the number of steps (actions applied by a player)."""


# ------------------------------------------------------------------ pyspiel


def spiel_episodes(name: str) -> Callable[[int], Episode]:
    import open_spiel.python.games  # noqa: F401  (registers OpenSpiel's Python games)
    import pyspiel

    import bonepile.openspiel  # noqa: F401  (registers our games)

    game = pyspiel.load_game(name)

    sample_action = pyspiel.sample_action

    def make(seed: int) -> Episode:
        rng = random.Random(seed)
        choice, uniform = rng.choice, rng.random

        def episode() -> int:
            state = game.new_initial_state()
            steps = 0
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(sample_action(state.chance_outcomes(), uniform())[0])
                else:
                    state.apply_action(choice(state.legal_actions()))
                    steps += 1
            return steps

        return episode

    return make


def register_null_hand() -> str:
    """A game that does nothing, shaped like a block hand (14 deal nodes, 12 decisions of 3 actions).

    Through ``pyspiel`` every call crosses from C++ into Python and back; this
    game's rate is what that crossing and the loop cost alone, the ceiling any
    Python game's hand could reach in this loop.
    """
    import pyspiel

    name = "python_bench_null_hand"
    if name in pyspiel.registered_names():
        return name
    game_type = pyspiel.GameType(
        short_name=name,
        long_name="a do-nothing hand",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
    )
    info = pyspiel.GameInfo(
        num_distinct_actions=58,
        max_chance_outcomes=28,
        num_players=2,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=26,
    )
    odds = [[(tile, 1.0 / (28 - k)) for tile in range(28 - k)] for k in range(14)]

    class NullState(pyspiel.State):  # type: ignore[misc]
        def __init__(self, game: Any) -> None:
            super().__init__(game)
            self.moves = 0

        def current_player(self) -> int:
            moves = self.moves
            return -1 if moves < 14 else (-4 if moves >= 26 else moves % 2)

        def _legal_actions(self, player: int) -> list[int]:
            return [1, 5, 9]

        def chance_outcomes(self) -> list[tuple[int, float]]:
            return odds[self.moves]

        def _apply_action(self, action: int) -> None:
            self.moves += 1

        def is_terminal(self) -> bool:
            return self.moves >= 26

        def returns(self) -> list[float]:
            return [0.0, 0.0]

        def _action_to_string(self, player: int, action: int) -> str:
            return str(action)

        def __str__(self) -> str:
            return str(self.moves)

    class NullGame(pyspiel.Game):  # type: ignore[misc]
        def __init__(self, params: Any = None) -> None:
            super().__init__(game_type, info, params or {})

        def new_initial_state(self) -> NullState:
            return NullState(self)

    pyspiel.register_game(game_type, NullGame)
    return name


# ------------------------------------------------------------------ PettingZoo and Gymnasium


def aec_episodes(game: str, **rules: Any) -> Callable[[int], Episode]:
    import numpy as np

    from bonepile.envs import aec_env

    env = aec_env(game, **rules)

    def make(seed: int) -> Episode:
        rng = random.Random(seed)
        counter = iter(range(10**9))

        def episode() -> int:
            env.reset(seed=seed + next(counter))
            steps = 0
            for _agent in env.agent_iter():
                observation, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                env.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
                steps += 1
            return steps

        return episode

    return make


def gym_episodes(env_id: str, **rules: Any) -> Callable[[int], Episode]:
    import gymnasium
    import numpy as np

    import bonepile.envs  # noqa: F401  (registers the ids)

    env = gymnasium.make(env_id, opponent="random", **rules)

    def make(seed: int) -> Episode:
        rng = random.Random(seed)
        counter = iter(range(10**9))

        def episode() -> int:
            _, info = env.reset(seed=seed + next(counter))
            steps, done = 0, False
            while not done:
                action = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
                _, _, terminated, truncated, info = env.step(action)
                steps += 1
                done = terminated or truncated
            return steps

        return episode

    return make


OURS_AS_OPENSPIEL = "python_bonepile_dominoes(preset=block,players=2,leader=first_seat,hand_score=opponents)"
THEIRS = "python_block_dominoes"

ROWS: list[tuple[str, str, Callable[[], Callable[[int], Episode]]]] = [
    ("openspiel", "bonepile block (OpenSpiel's rules), one hand", lambda: spiel_episodes(OURS_AS_OPENSPIEL)),
    ("openspiel", "OpenSpiel python_block_dominoes, one hand", lambda: spiel_episodes(THEIRS)),
    ("openspiel", "a do-nothing game of a block hand's shape", lambda: spiel_episodes(register_null_hand())),
    ("openspiel", "bonepile draw 2p, one hand", lambda: spiel_episodes("python_bonepile_dominoes(preset=draw)")),
    ("openspiel", "bonepile Tri-Ominos pressman 2p, one round", lambda: spiel_episodes("python_bonepile_triominoes")),
    ("pettingzoo", "dominoes block 2p, match to 100", lambda: aec_episodes("dominoes", preset="block", players=2)),
    ("pettingzoo", "dominoes draw 4p, match to 100", lambda: aec_episodes("dominoes", preset="draw", players=4)),
    ("pettingzoo", "triominoes pressman 2p, match to 400", lambda: aec_episodes("triominoes", players=2)),
    ("gymnasium", "Dominoes-v0 block 2p vs random", lambda: gym_episodes("bonepile/Dominoes-v0", preset="block")),
    ("gymnasium", "TriOminos-v0 pressman 2p vs random", lambda: gym_episodes("bonepile/TriOminos-v0")),
    (
        "openspiel",
        "bonepile Mexican Train 4p, one round",
        lambda: spiel_episodes("python_bonepile_mexican_train(preset=mexican-train,players=4)"),
    ),
    (
        "pettingzoo",
        "mexican train 4p, a game of 3 rounds",
        lambda: aec_episodes("mexican-train", preset="mexican-train", players=4, rounds=3),
    ),
    (
        "gymnasium",
        "MexicanTrain-v0 4p, 3 rounds vs random",
        lambda: gym_episodes("bonepile/MexicanTrain-v0", players=4, rounds=3),
    ),
]
WORKLOADS = {label: build for _, label, build in ROWS}


def _line(interface: str, side: Side) -> str:
    if not side.ok:
        return f"{interface:<11} {side.label:<58} skipped: {side.error} (install the rl and peers extras)"
    median = side.median()
    episodes, steps = median.hands_per_second, median.hands_per_second * median.decisions_per_hand
    return f"{interface:<11} {side.label:<58} {episodes:>9.1f} episodes/s {steps:>10.0f} steps/s"


def _split(ours: Side, theirs: Side, floor: Side, name: str = "bonepile") -> list[str]:
    """The pyspiel trio's figures, each the median over the rounds of the value worked out within the round."""
    if not (ours.ok and theirs.ok and floor.ok):
        return [f"block dominoes through pyspiel ({name}): ratio=n/a (a side is not installed)"]
    rounds = list(zip(ours.rates(), theirs.rates(), floor.rates(), strict=True))
    ratio = Spread.of([a / b for a, b, _ in rounds])
    ceiling = Spread.of([c / b for _, b, c in rounds])
    share = Spread.of([100 * a / c for a, _, c in rounds])
    code = Spread.of([(1 / b - 1 / c) / (1 / a - 1 / c) for a, b, c in rounds if a < c])
    loop = statistics.median(1000 / c for _, _, c in rounds)
    own = statistics.median(1000 / a - 1000 / c for a, _, c in rounds)
    peer = statistics.median(1000 / b - 1000 / c for _, b, c in rounds)
    return [
        f"block dominoes through pyspiel, hands/s: {name} vs OpenSpiel ratio={ratio.text()}",
        f"ceiling for any Python game (the do-nothing game vs OpenSpiel): ratio={ceiling.text()}",
        f"{name}'s share of the ceiling (its hands/s over the do-nothing game's): {share.text('%')}",
        f"per hand: the pyspiel calls and the loop {loop:.3f} ms; on top, {name} {own:.3f} ms, OpenSpiel "
        f"{peer:.3f} ms (game code alone: ratio={code.text()})",
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=1.0, help="time budget of each run (default 1)")
    parser.add_argument("--repeats", type=int, default=7, help="rounds of runs, the sides in turns (default 7)")
    parser.add_argument("--warmup", type=float, default=0.5, help="seconds of play before measuring (default 0.5)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", metavar="TEXT", help="run only the rows whose interface or label contains TEXT")
    parser.add_argument(
        "--baseline",
        metavar="REV",
        help="also run every row on bonepile at git revision REV, in turns with today's, and give the ratio",
    )
    parser.add_argument(
        "--compiled",
        metavar="PATH",
        nargs="?",
        const=str(COMPILED),
        help=f"also run every row of ours on the compiled engine at PATH (default {COMPILED.relative_to(ROOT)})",
    )
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu", help="rates per CPU second or wall second")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return serve_worker(lambda key: WORKLOADS[key]())
    Side.clock = args.clock
    wanted = args.only.split(",") if args.only else None

    def chosen(row: tuple[str, str, object]) -> bool:
        return wanted is None or any(text in row[0] or text in row[1] for text in wanted)

    # The first three rows (ours, OpenSpiel's block game, the do-nothing game) are measured in turns.
    groups = [group for group in [ROWS[:3], *([row] for row in ROWS[3:])] if all(chosen(row) for row in group)]
    print(
        f"python {platform.python_version()} on {platform.machine()}; {args.repeats} rounds of {args.seconds:g} s "
        f"runs, the sides in turns (A B A B ...), after {args.warmup:g} s warm-up; rates per {args.clock} second, "
        "medians; each ratio the median of its rounds' values with their range"
    )
    print(f"start: {uptime()}")
    now = Worker(__file__, None, "now")
    workers = [now]
    print(f"bonepile now: {now.where}")
    before: Worker | None = None
    if args.baseline:
        before = Worker(__file__, baseline_tree(args.baseline), f"at {args.baseline}")
        workers.append(before)
        print(f"bonepile at {args.baseline}: {before.where}")
    compiled: Worker | None = None
    if args.compiled:
        compiled = Worker(__file__, compiled_tree(Path(args.compiled)), "compiled")
        workers.append(compiled)
        print(f"bonepile compiled: {compiled.where} ({compiled.ask({'key': '', 'compiled': True})['compiled']})")
    summary: list[str] = []
    try:
        for index, group in enumerate(groups, 1):
            print(f"[{index}/{len(groups)}] {' and '.join(label for _, label, _ in group)} ...", file=sys.stderr)
            sides = [Side(label, now, label) for _, label, _ in group]
            thens: list[tuple[Side, Side]] = []
            if before is not None:
                for (_, label, _), side in zip(group, sides, strict=True):
                    if not label.startswith(("OpenSpiel", "a do-nothing")):  # our rows, not the references
                        thens.append((side, Side(f"{label} at {args.baseline}", before, label)))
            fasts: list[tuple[Side, Side]] = []
            if compiled is not None:
                for (_, label, _), side in zip(group, sides, strict=True):
                    if not label.startswith(("OpenSpiel", "a do-nothing")):
                        fasts.append((side, Side(f"{label}, compiled", compiled, label)))
            everything = [*sides, *(fast for _, fast in fasts), *(then for _, then in thens)]
            started = load_text()
            interleave(everything, args.seed, args.seconds, args.repeats, args.warmup)
            print(f"({started} at the start, {load_text().removeprefix('load average ')} at the end)")
            for (interface, _, _), side in zip(group, sides, strict=True):
                print(_line(interface, side), flush=True)
            for _, fast in fasts:
                print(_line("", fast), flush=True)
            for _, then in thens:
                print(_line("", then), flush=True)
            if len(group) == 3:
                lines = _split(*sides)
                if fasts:
                    lines += _split(fasts[0][1], sides[1], sides[2], "bonepile compiled")
                summary += lines
                for line in lines:
                    print("  " + line)
            for side, fast in fasts:
                ratio = pair_ratios(fast, side)
                line = f"{side.label}: compiled vs pure ratio=" + (ratio.text() if ratio else "n/a")
                print("  " + line, flush=True)
                summary.append(line)
            for side, then in thens:
                ratio = pair_ratios(side, then)
                line = f"{side.label}: now vs at {args.baseline} ratio=" + (ratio.text() if ratio else "n/a")
                print("  " + line, flush=True)
                summary.append(line)
            pairs_with_rev = zip(fasts, thens, strict=True) if fasts and thens else ()  # the compiled engine and REV
            for (side, fast), (_, then) in pairs_with_rev:
                ratio = pair_ratios(fast, then)
                line = f"{side.label}: compiled vs at {args.baseline} ratio=" + (ratio.text() if ratio else "n/a")
                print("  " + line, flush=True)
                summary.append(line)
    finally:
        for worker in workers:
            worker.close()
    print()
    for line in summary:
        print(line)
    print(f"end: {uptime()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
