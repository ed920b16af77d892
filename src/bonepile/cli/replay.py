"""``bonepile replay FILE``: rebuild a saved game, checking every move, and show how it ended."""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.table import Table

from bonepile.games import replay_record
from bonepile.store import load_record


def run_replay(args: argparse.Namespace) -> int:
    record = load_record(args.file)
    game = replay_record(record)
    console = Console()
    names = record.get("players") or [f"Player {i + 1}" for i in range(game.num_players)]
    if args.moves:
        for number, move in enumerate(record["moves"], start=1):
            console.print(f"{number:4d}. {move}", highlight=False)
    sides: dict[int, list[str]] = {}
    for player, name in enumerate(names):
        sides.setdefault(game.side_of(player), []).append(str(name))
    state = "finished" if game.is_over else "unfinished (can be resumed)"
    console.print(
        f"[bold]{record['game']}[/] · preset {record['preset']} · seed {record['seed']} · "
        f"{len(record['moves'])} moves, {len(game.hand_summaries)} hands · {state}; every move checked",
        highlight=False,
    )
    labels = []
    for side in range(game.num_sides):
        label = " & ".join(sides.get(side, [f"side {side}"]))
        labels.append(label + (" (winner)" if side in game.winners else ""))
    table = Table(title="final scores" if game.is_over else "scores so far")
    table.add_column("hand", justify="right")
    table.add_column("ended by")
    for label in labels:
        table.add_column(label, justify="right")
    for number, summary in enumerate(game.hand_summaries, start=1):
        ended = str(summary.termination.value)
        table.add_row(str(number), ended, *(str(points) for points in summary.points))
    table.add_section()
    table.add_row("total", "", *(str(score) for score in game.scores), style="bold")
    console.print(table)
    return 0
