"""Random-policy speed through the research interfaces, and OpenSpiel's block dominoes beside ours.

What it answers: does an interface cost the engine its lead? Every row plays
whole episodes with a uniform random policy over the legal actions (a
``random.Random`` seeded with ``--seed``) for a time budget, repeated, best
repeat kept:

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

Run: ``.venv/bin/python bench/envs.py [--seconds S] [--repeats R]``; needs the
``rl`` and ``peers`` extras (``make test`` installs both).
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

Episode = Callable[[], int]
"""Plays one whole episode and returns the number of steps (actions applied by a player)."""


@dataclass(frozen=True, slots=True)
class Rate:
    episodes_per_second: float
    steps_per_second: float


def run_once(make: Callable[[int], Episode], seed: int, seconds: float) -> Rate:
    episode = make(seed)
    episodes = steps = 0
    start = time.perf_counter()
    while True:
        steps += episode()
        episodes += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return Rate(episodes / elapsed, steps / elapsed)


def measure_side_by_side(
    makers: Sequence[Callable[[int], Episode]], seed: int, seconds: float, repeats: int
) -> list[Rate]:
    """Best of ``repeats`` runs of ``seconds`` each per maker, every run from the same seed, after a warm-up.

    The makers take turns run by run, so a busy machine slows every side alike
    rather than whichever happened to run during the busy spell.
    """
    for make in makers:
        warm = make(seed)
        for _ in range(3):
            warm()
    best: list[Rate | None] = [None] * len(makers)
    for _ in range(repeats):
        for index, make in enumerate(makers):
            rate = run_once(make, seed, seconds)
            held = best[index]
            if held is None or rate.episodes_per_second > held.episodes_per_second:
                best[index] = rate
    return [rate for rate in best if rate is not None]


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


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=2.0, help="time budget per repeat (default 2)")
    parser.add_argument("--repeats", type=int, default=3, help="repeats per row, best kept (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"python {platform.python_version()} on {platform.machine()}; {args.repeats} x {args.seconds:g} s per row")
    rates: dict[str, Rate] = {}
    # The first three rows (ours, OpenSpiel's block game, the do-nothing game) are measured in turns.
    groups = [ROWS[:3], *([row] for row in ROWS[3:])]
    done = 0
    for group in groups:
        done += len(group)
        labels = " and ".join(f"{interface}: {label}" for interface, label, _ in group)
        print(f"[{done}/{len(ROWS)}] {labels} ...", file=sys.stderr, flush=True)
        try:
            makers = [build() for _, _, build in group]
        except ImportError as error:
            for interface, label, _ in group:
                print(f"{interface:<11} {label:<48} skipped: {error} (install the rl and peers extras)")
            continue
        for (interface, label, _), rate in zip(
            group, measure_side_by_side(makers, args.seed, args.seconds, args.repeats), strict=True
        ):
            rates[label] = rate
            print(
                f"{interface:<11} {label:<48} {rate.episodes_per_second:>9.1f} episodes/s"
                f" {rate.steps_per_second:>10.0f} steps/s",
                flush=True,
            )
    ours, theirs = rates.get(ROWS[0][1]), rates.get(ROWS[1][1])
    if ours is not None and theirs is not None:
        ratio = ours.episodes_per_second / theirs.episodes_per_second
        print(f"block dominoes through pyspiel, hands/s: bonepile vs OpenSpiel ratio={ratio:.2f}")
        floor = rates.get(ROWS[2][1])
        if floor is not None:
            own = 1000 / ours.episodes_per_second - 1000 / floor.episodes_per_second
            peer = 1000 / theirs.episodes_per_second - 1000 / floor.episodes_per_second
            print(
                f"per hand: the pyspiel calls and the loop {1000 / floor.episodes_per_second:.3f} ms; on top, "
                f"bonepile {own:.3f} ms, OpenSpiel {peer:.3f} ms (game code alone: ratio={peer / own:.2f}); "
                f"ceiling for any Python game: ratio={floor.episodes_per_second / theirs.episodes_per_second:.2f}"
            )
    else:
        print("block dominoes through pyspiel: ratio=n/a (a side is not installed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
