"""How good the review's marks are, on late decisions whose reference value is computed exactly.

For each decision collected (2-player Dominoes or, with ``--game triominoes``, 2-player Tri-Ominos; seeded
games of ``heuristic`` against ``random``, so there are mistakes to find), the reference is a
perfect-information Monte Carlo value computed without sampling or rollouts:

* every world the mover's observation allows is listed: each split of the hidden tiles between the other
  hand and the boneyard (the Tri-Ominos pool) that the game's own world sampler admits
  (``WorldSampler.admits``: counts, passes, draws), and, where the boneyard can still be drawn from, every
  order of it (a world fixes the pile order, so it is deterministic); where it cannot be drawn from its
  order is irrelevant and one order stands for all. The worlds are weighted equally (the deal is uniform;
  the opponents' choices are not modelled, as in the review's own sampler);
* each world's continuation after each legal move is solved exactly by minimax over the rest of the hand,
  the engine's own ``legal_moves``/``play``/``copy`` (no rule re-implemented), memoised on ``position()``:
  the mover's side maximises the review's margin (its hand points net of the other side's), the other side
  minimises it;
* a move's exact value is the mean over the worlds; the exact loss of the played move is the best value
  minus its value, and its exact mark the review's own ``mark`` of that loss over the same ``hand_scale``.

"Exact" is thus the value under perfect play in each world averaged over the worlds the observation allows,
not the value of the imperfect-information game. A decision is kept when it has two legal moves or more,
the worlds number at most ``--max-worlds`` and the searches together stay within ``--max-nodes``
positions. The review is run on the same position with its default budget (``Budget()``: 64 worlds) and
the web's seed (0). Writes one JSON line per decision to ``--out`` and prints the agreement:

    PYTHONPATH=src .venv/bin/python bench/review_quality.py --preset draw --decisions 200 --out draw.jsonl
    PYTHONPATH=src .venv/bin/python bench/review_quality.py --game triominoes --decisions 200 --out tri.jsonl
    PYTHONPATH=src .venv/bin/python bench/review_quality.py --summary draw.jsonl block.jsonl
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, cast

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from bonepile import games
from bonepile.ai import dominoes_sampling, triominoes_sampling
from bonepile.ai.base import make_agent
from bonepile.core.protocol import Game, Move, Observation
from bonepile.review import MARKS, Budget, hand_positions, hand_scale, hands_finished, mark, review_position
from bonepile.review._marks import margin
from bonepile.review._positions import Position

GAME = "dominoes"
"""The game measured (``--game``)."""
GRADES = [m for m in MARKS if m != "only move"]


class TooBig(Exception):
    """The exact search went past its node budget: the decision is left out."""


def worlds_of(observation: Observation, max_worlds: int) -> list[Any] | None:
    """Every world the observation allows, as engine deals, or None when there are more than ``max_worlds``."""
    obs = cast(Any, observation)
    rules = obs.rules
    if GAME == "dominoes":
        sampler: Any = dominoes_sampling.WorldSampler(obs)
        ordered = rules.may_draw(obs.boneyard_size)
        world, to_deal = dominoes_sampling.World, sampler.to_hand
    else:  # Tri-Ominos: a player may draw whenever the pool has tiles (T5), so its order counts then
        sampler = triominoes_sampling.WorldSampler(obs)
        ordered = obs.stock_size > 0
        world, to_deal = triominoes_sampling.World, sampler.to_round
    me = obs.player
    others = [p for p in range(rules.players) if p != me]
    if len(others) != 1:
        raise ValueError("two players only")
    other = others[0]
    count = obs.tile_counts[other]
    hidden = sampler.hidden
    orders = math.factorial(obs.stock_size) if ordered else 1
    if math.comb(len(hidden), count) * orders > 40 * max_worlds:
        return None
    found: list[Any] = []
    for held in itertools.combinations(hidden, count):
        hands: list[tuple[Any, ...]] = [(), ()]
        hands[me] = tuple(sorted(obs.hand))
        hands[other] = tuple(sorted(held))
        if not sampler.admits(hands):
            continue
        rest = [t for t in hidden if t not in held]
        piles = itertools.permutations(rest) if ordered else iter([tuple(sorted(rest))])
        for pile in piles:
            found.append(to_deal(world(tuple(hands), tuple(pile))))
            if len(found) > max_worlds:
                return None
    return found


class Solver:
    """Minimax over the rest of a hand with every tile known, memoised on the engine's position text."""

    def __init__(self, rules: Any, side: int, low: bool, max_nodes: int) -> None:
        self.rules = rules
        self.side = side
        self.low = low
        self.max_nodes = max_nodes
        self.nodes = 0
        self.memo: dict[str, float] = {}

    def after(self, world: Any, move: Move) -> float:
        child = world.copy()
        return self.value(child, child.play(cast(Any, move)))

    def value(self, state: Any, ended: object) -> float:
        if state.is_over:
            return margin(tuple(cast(Any, ended).points), self.side, self.low)
        key = state.position()
        known = self.memo.get(key)
        if known is not None:
            return known
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise TooBig
        player = state.to_move
        assert player is not None
        mine = self.rules.side_of(player) == self.side
        values = [self.after(state, move) for move in state.legal_moves()]
        best = max(values) if mine else min(values)
        self.memo[key] = best
        return best


def exact_values(position: Position, worlds: Sequence[Any], max_nodes: int) -> dict[str, float]:
    """Each legal move's mean perfect-information value over the worlds (raises ``TooBig``)."""
    rules = position.observation.rules
    solver = Solver(rules, rules.side_of(position.seat), games.game_kind(GAME).low_score_wins, max_nodes)
    values: dict[str, float] = {}
    for move in position.observation.legal_moves:
        values[str(move)] = sum(solver.after(world, move) for world in worlds) / len(worlds)
    return values


def played_games(preset: str, seed: int) -> Iterator[dict[str, Any]]:
    """Records of seeded games, ``heuristic`` against ``random`` (seats swapped every other seed)."""
    while True:
        game: Game = games.game_kind(GAME).new_game(preset, 2, seed)
        names = ("heuristic", "random") if seed % 2 else ("random", "heuristic")
        agents = [make_agent(names[p], GAME, 1000 * seed + p) for p in range(2)]
        while not game.is_over and game.deal_number <= 4:
            player = game.to_move
            assert player is not None
            game.play(agents[player].choose(game.observation(player)))
        yield {**game.to_record(), "bench_seed": seed, "bench_agents": names}
        seed += 1


def collect(args: argparse.Namespace) -> None:
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    budget = Budget()
    kept = skipped_worlds = skipped_nodes = 0
    started = time.perf_counter()
    columns = (TextColumn(f"{args.preset}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with (
        out.open("w") as sink,
        Progress(*columns, console=Console(stderr=True), refresh_per_second=1) as bar,
    ):
        task = bar.add_task("decisions", total=args.decisions)
        for record in played_games(args.preset, args.seed):
            if kept >= args.decisions or time.perf_counter() - started > args.minutes * 60:
                break
            scale = hand_scale(record)
            agents = record.pop("bench_agents")
            seed = record.pop("bench_seed")
            for hand in range(1, hands_finished(record) + 1):
                for position in hand_positions(record, hand):
                    observation = cast(Any, position.observation)
                    if len(observation.legal_moves) < 2 or kept >= args.decisions:
                        continue
                    if sum(observation.tile_counts) > args.max_in_hands:
                        continue
                    worlds = worlds_of(observation, args.max_worlds)
                    if worlds is None:
                        skipped_worlds += 1
                        continue
                    clock = time.perf_counter()
                    try:
                        values = exact_values(position, worlds, args.max_nodes)
                    except TooBig:
                        skipped_nodes += 1
                        continue
                    exact_time = time.perf_counter() - clock
                    played = str(position.played)
                    best_move = max(values, key=lambda m: values[m])
                    loss = max(0.0, values[best_move] - values[played])
                    exact_mark = mark(loss, scale, best_move == played or loss == 0.0)
                    clock = time.perf_counter()
                    review = review_position(GAME, position, scale, seed=0, budget=budget)
                    review_time = time.perf_counter() - clock
                    row = {
                        "game": GAME,
                        "preset": args.preset,
                        "seed": seed,
                        "hand": hand,
                        "move_number": position.move_number,
                        "agent": agents[position.seat],
                        "legal": len(observation.legal_moves),
                        "in_hands": sum(observation.tile_counts),
                        "boneyard": observation.stock_size,
                        "worlds": len(worlds),
                        "scale": scale,
                        "exact_loss": round(loss, 3),
                        "exact_mark": exact_mark,
                        "exact_best": best_move,
                        "review_loss": review.loss,
                        "review_mark": review.mark,
                        "review_exact": review.exact,
                        "review_worlds": review.worlds,
                        "exact_seconds": round(exact_time, 3),
                        "review_seconds": round(review_time, 3),
                    }
                    sink.write(json.dumps(row) + "\n")
                    sink.flush()
                    kept += 1
                    bar.advance(task)
    print(
        f"{args.preset}: {kept} decisions kept; left out: {skipped_worlds} with too many worlds, "
        f"{skipped_nodes} past the node budget; {time.perf_counter() - started:.0f} s",
        file=sys.stderr,
    )


def rereview(args: argparse.Namespace) -> None:
    """The review run again (as it is now) on the decisions of ``--rereview``; the exact values are kept."""
    rows = [json.loads(line) for line in Path(args.rereview).read_text().splitlines() if line.strip()]
    budget = Budget()
    columns = (TextColumn("review again"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    records: dict[tuple[str, int], dict[str, Any]] = {}
    with Path(args.out).open("w") as sink, Progress(*columns, console=Console(stderr=True)) as bar:
        for row in bar.track(rows):
            key = (row["preset"], row["seed"])
            if key not in records:
                record = next(played_games(row["preset"], row["seed"]))
                record.pop("bench_agents")
                record.pop("bench_seed")
                records[key] = record
            record = records[key]
            position = next(p for p in hand_positions(record, row["hand"]) if p.move_number == row["move_number"])
            clock = time.perf_counter()
            review = review_position(GAME, position, hand_scale(record), seed=0, budget=budget)
            row.update(
                review_loss=review.loss,
                review_mark=review.mark,
                review_exact=review.exact,
                review_worlds=review.worlds,
                review_seconds=round(time.perf_counter() - clock, 3),
            )
            sink.write(json.dumps(row) + "\n")


def grade(name: str) -> int:
    return GRADES.index(name)


def summary(paths: Sequence[str]) -> None:
    rows = [json.loads(line) for path in paths for line in Path(path).read_text().splitlines() if line.strip()]
    groups: dict[str, list[dict[str, Any]]] = {"all": rows}
    for row in rows:
        groups.setdefault(row["preset"], []).append(row)
        groups.setdefault("review exact" if row["review_exact"] else "review sampled", []).append(row)
        groups.setdefault("one world (all known)" if row["worlds"] == 1 else "2+ worlds", []).append(row)
    print("| decisions | n | same mark | within one grade | mean abs loss error / scale |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, group in groups.items():
        n = len(group)
        same = sum(r["exact_mark"] == r["review_mark"] for r in group)
        near = sum(abs(grade(r["exact_mark"]) - grade(r["review_mark"])) <= 1 for r in group)
        err = sum(abs(r["exact_loss"] - r["review_loss"]) / r["scale"] for r in group) / n
        print(f"| {name} | {n} | {same} ({100 * same / n:.0f}%) | {near} ({100 * near / n:.0f}%) | {100 * err:.1f}% |")
    print()
    print("Confusion (rows: exact mark, columns: the review's mark):")
    print("| exact \\ review | " + " | ".join(GRADES) + " |")
    print("| --- |" + " ---: |" * len(GRADES))
    table = Counter((r["exact_mark"], r["review_mark"]) for r in rows)
    for truth in GRADES:
        print(f"| {truth} | " + " | ".join(str(table[(truth, said)]) for said in GRADES) + " |")
    print()
    for label, worst in (("blunder", {"blunder"}), ("mistake or worse", {"mistake", "blunder"})):
        called = [r for r in rows if r["review_mark"] in worst]
        real = [r for r in rows if r["exact_mark"] in worst]
        hit = [r for r in called if r["exact_mark"] in worst]
        print(
            f"{label}: the review calls {len(called)}, {len(hit)} of them real; "
            f"{len(real)} real, the review finds {len(hit)} ({100 * len(hit) / max(1, len(real)):.0f}%)"
        )
    seconds = sorted(r["review_seconds"] for r in rows)
    print(f"review time a decision: median {seconds[len(seconds) // 2]:.2f} s")


def main() -> None:
    global GAME
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="dominoes", choices=["dominoes", "triominoes"])
    parser.add_argument("--preset", default=None, help="the game's default preset when left out")
    parser.add_argument("--decisions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--max-worlds", type=int, default=400)
    parser.add_argument("--max-nodes", type=int, default=200_000, help="positions searched for one decision")
    parser.add_argument("--max-in-hands", type=int, default=10, help="tiles in all hands at most")
    parser.add_argument("--minutes", type=float, default=18.0, help="stop collecting after this long")
    parser.add_argument("--out", default="bench/out/review_quality.jsonl")
    parser.add_argument("--summary", nargs="*", help="print the agreement of these JSON-lines files and stop")
    parser.add_argument("--rereview", help="review the decisions of this JSON-lines file again, to --out")
    args = parser.parse_args()
    GAME = args.game
    if args.preset is None:
        args.preset = games.game_kind(GAME).default_preset
    if args.summary:
        summary(args.summary)
    elif args.rereview:
        rereview(args)
    else:
        collect(args)


if __name__ == "__main__":
    main()
