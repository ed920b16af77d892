"""``bonepile replay FILE``: rebuild a saved game, checking every move, and show how it ended."""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from bonepile.games import replay_record
from bonepile.i18n import _, n_
from bonepile.store import load_record


def run_replay(args: argparse.Namespace) -> int:
    record = load_record(args.file)
    game = replay_record(record)
    console = Console()
    names = record.get("players") or [_("Player {number}", number=i + 1) for i in range(game.num_players)]
    if args.moves:
        for number, move in enumerate(record["moves"], start=1):
            console.print(f"{number:4d}. {move}", highlight=False)
    sides: dict[int, list[str]] = {}
    for player, name in enumerate(names):
        sides.setdefault(game.side_of(player), []).append(str(name))
    moves, hands = len(record["moves"]), len(game.hand_summaries)
    # TRANSLATORS: the English keeps "moves" and "hands" for one too.
    counted = n_("{count} moves", "{count} moves", moves)
    # TRANSLATORS: {moves} is "N moves"; "hands" are the deals of any game here, one included.
    counted = n_("{moves}, {count} hands", "{moves}, {count} hands", hands, moves=counted)
    if game.is_over:
        state = _(
            "preset {preset} · seed {seed} · {counted} · finished; every move checked",
            preset=record["preset"],
            seed=record["seed"],
            counted=counted,
        )
    else:
        state = _(
            "preset {preset} · seed {seed} · {counted} · unfinished (can be resumed); every move checked",
            preset=record["preset"],
            seed=record["seed"],
            counted=counted,
        )
    console.print(f"[bold]{escape(str(record['game']))}[/] · {escape(state)}", highlight=False)
    labels = []
    for side in range(game.num_sides):
        label = " & ".join(sides.get(side, [_("side {number}", number=side)]))
        labels.append(_("{side} (winner)", side=label) if side in game.winners else label)
    table = Table(title=_("final scores") if game.is_over else _("scores so far"))
    # TRANSLATORS: a column of the replay's table: the number of the deal.
    table.add_column(_("hand"), justify="right")
    table.add_column(_("ended by"))
    for label in labels:
        table.add_column(label, justify="right")
    for number, summary in enumerate(game.hand_summaries, start=1):
        ended = str(summary.termination.value)
        table.add_row(str(number), ended, *(str(points) for points in summary.points))
    table.add_section()
    table.add_row(_("total"), "", *(str(score) for score in game.scores), style="bold")
    console.print(table)
    return 0
