"""``bonepile arena``: many games between agents, with a progress bar and a results table."""

from __future__ import annotations

import argparse
import json

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from bonepile.ai.base import agent_names
from bonepile.arena import ArenaConfig, ArenaResult, GameResult, run_arena
from bonepile.core.errors import RulesError
from bonepile.games import game_info


def run_arena_command(args: argparse.Namespace) -> int:
    agents = tuple(name.strip() for name in args.agents.split(",") if name.strip())
    known = agent_names()
    for name in agents:
        if name not in known:
            raise RulesError(f"unknown agent {name!r}; choose from {', '.join(known)}")
    info = game_info(args.game)
    preset = args.preset or info.default_preset
    # Building one game first turns a bad preset or player count into a clear error before the bar starts.
    probe = info.new_game(preset, args.players, 0)
    config = ArenaConfig(
        game=args.game,
        agents=agents,
        games=args.games,
        seed=args.seed,
        preset=preset,
        players=probe.num_players,
        hands_only=args.hands,
    )
    console = Console(stderr=True)
    unit = "hands" if args.hands else "games"
    with Progress(
        TextColumn(f"[bold]{args.game}[/] {config.preset}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn(unit),
        TimeElapsedColumn(),
        TextColumn("eta"),
        TimeRemainingColumn(),
        console=console,
        transient=args.json,
    ) as progress:
        task = progress.add_task("arena", total=config.games)

        def advance(_: GameResult) -> None:
            progress.advance(task)

        result = run_arena(config, progress=advance)
    if args.json:
        print(json.dumps(result.to_dict(), indent=2))
    else:
        Console().print(results_table(result))
    return 0


def results_table(result: ArenaResult) -> Table:
    config = result.config
    summary = result.to_dict()
    unit = "hands" if config.hands_only else "games"
    played = f"{summary['games']} {unit}"
    if not config.hands_only:
        played += f" ({summary['hands']} hands)"
    table = Table(title=f"{config.game} · {config.preset} · {played} · seed {config.seed}")
    table.add_column("agent")
    table.add_column(unit, justify="right")
    table.add_column("wins", justify="right")
    table.add_column("win rate", justify="right")
    table.add_column("95% interval", justify="right")
    table.add_column("points/hand", justify="right")
    for stats in result.agents:
        low, high = stats.win_interval
        table.add_row(
            stats.name,
            str(stats.games),
            str(stats.wins),
            f"{stats.win_rate:.1%}",
            f"{low:.1%} to {high:.1%}",
            f"{stats.points_per_hand:.2f}",
        )
    return table
