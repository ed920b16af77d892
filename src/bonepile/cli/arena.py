"""``bonepile arena``: many games between agents, with a progress bar and a results table."""

from __future__ import annotations

import argparse
import json

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from bonepile.ai.base import agent_names
from bonepile.arena import ArenaConfig, ArenaResult, GameResult, run_arena
from bonepile.arena.backends import batch_size_for, make_backend
from bonepile.arena.runner import pairings
from bonepile.core.errors import RulesError
from bonepile.games import game_info
from bonepile.i18n import _, n_, p_
from bonepile.store import save_record


def _parse_sprt(text: str | None) -> tuple[float, float] | None:
    if text is None:
        return None
    try:
        elo0, elo1 = (float(part) for part in text.split(","))
    except ValueError:
        raise RulesError(_("--sprt takes two Elo values like '0,10', not {text}", text=repr(text))) from None
    if elo0 == elo1:
        raise RulesError(_("--sprt needs two different Elo values, not {text}", text=repr(text)))
    return (elo0, elo1)


def run_arena_command(args: argparse.Namespace) -> int:
    agents = tuple(name.strip() for name in args.agents.split(",") if name.strip())
    known = agent_names()
    for name in agents:
        if name not in known:
            # TRANSLATORS: {agents} lists the agents' names (greedy, ismcts...), kept as they are.
            raise RulesError(_("unknown agent {name}; choose from {agents}", name=repr(name), agents=", ".join(known)))
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
        mirror=not args.no_mirror,
        sprt=_parse_sprt(args.sprt),
    )
    total = config.games * len(pairings(config, probe.num_sides))
    console = Console(stderr=True)
    # TRANSLATORS: after the progress bar's count ("12/40 games").
    unit = p_("progress", "hands") if args.hands else p_("progress", "games")
    with (
        make_backend(args.backend, args.jobs, args.ray_address) as backend,
        Progress(
            TextColumn(f"[bold]{args.game}[/] {config.preset}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn(unit),
            TimeElapsedColumn(),
            # TRANSLATORS: before the time left on the progress bar (estimated time of arrival).
            TextColumn(_("eta")),
            TimeRemainingColumn(),
            console=console,
            transient=args.json,
        ) as progress,
    ):
        task = progress.add_task("arena", total=total)

        def advance(_result: GameResult) -> None:
            progress.advance(task)

        result = run_arena(
            config,
            progress=advance,
            backend=backend,
            batch_size=batch_size_for(total, backend.parallelism),
            parallelism=backend.parallelism,
        )
        progress.update(task, total=len(result.results))
    data = result.to_dict()
    if args.out:
        save_record(data, args.out)
    if args.plot:
        from bonepile.arena.plot import plot_elo

        plot_elo(result, args.plot)
    if args.json:
        print(json.dumps(data, indent=2))
    else:
        Console().print(results_table(result))
    return 0


def results_table(result: ArenaResult) -> Table:
    config = result.config
    summary = result.to_dict()
    # TRANSLATORS: how many games (or hands) an arena played; the English says "games" and "hands" even for one.
    if config.hands_only:
        played = n_("{count} hands", "{count} hands", summary["games"])
    else:
        played = n_(
            "{count} games ({hands} hands)", "{count} games ({hands} hands)", summary["games"], hands=summary["hands"]
        )
    players = n_("{count} player", "{count} players", result.players)
    seed = _("seed {seed}", seed=str(config.seed))
    title = " · ".join([config.game, str(config.preset), players, played, seed])
    table = Table(title=title)
    # TRANSLATORS: the column headers of the arena's results table (a research tool).
    table.add_column(_("agent"))
    table.add_column(p_("column", "hands") if config.hands_only else p_("column", "games"), justify="right")
    table.add_column(_("wins"), justify="right")
    table.add_column(_("win rate (95%)"), justify="right")
    table.add_column(_("pts/hand"), justify="right")
    table.add_column(_("Elo ± 95%"), justify="right")
    table.add_column(_("ms/move"), justify="right")
    for stats in sorted(result.agents, key=lambda s: -(s.rating.elo if s.rating else 0.0)):
        low, high = stats.win_interval
        rating = f"{stats.rating.elo:+.0f} ± {stats.rating.half_width:.0f}" if stats.rating else "-"
        table.add_row(
            stats.name,
            str(stats.games),
            str(stats.wins),
            f"{stats.win_rate:.1%} ({100 * low:.1f}-{100 * high:.1f})",
            f"{stats.points_per_hand:.2f}",
            rating,
            f"{stats.ms_per_move:.2f}",
        )
    if result.sprt_decisions:
        assert config.sprt is not None
        elo0, elo1 = config.sprt
        # TRANSLATORS: a sequential test's verdict: {first} and {second} are agents, {hypothesis} H1 or H0,
        # {elo} and {other} signed Elo differences (+10, +0).
        table.caption = "\n".join(
            _(
                "SPRT {first} over {second}: {hypothesis} accepted ({elo} Elo rather than {other})",
                first=first,
                second=second,
                hypothesis="H1" if decision == "H1" else "H0",
                elo=f"{elo1 if decision == 'H1' else elo0:+g}",
                other=f"{elo0 if decision == 'H1' else elo1:+g}",
            )
            for (first, second), decision in result.sprt_decisions.items()
        )
    return table
