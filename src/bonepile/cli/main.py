"""``bonepile``: the command line. Thin: it builds library objects and reports errors in one line.

Every subcommand lives in its own module; this one only parses arguments and
turns the project's errors into a red line and exit code 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from rich.console import Console

from bonepile import __version__
from bonepile.ai.base import AGENT_NAMES, ALIASES
from bonepile.core.errors import BonepileError
from bonepile.games import game_names, kinds


def _titles() -> str:
    """'Dominoes, Tri-Ominos and Mexican Train': every game of the registry, as a person lists them."""
    titles = [kind.title for kind in kinds()]
    return titles[0] if len(titles) == 1 else f"{', '.join(titles[:-1])} and {titles[-1]}"


def _presets_help() -> str:
    """Each game's presets, read from its engine: 'rule preset (dominoes: draw, block; ...)'."""
    listed = "; ".join(f"{kind.name}: {', '.join(kind.presets)}" for kind in kinds())
    return f"rule preset ({listed})"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="bonepile", description=f"{_titles()} in the terminal and the browser.")
    parser.add_argument("--version", action="version", version=f"bonepile {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    play = commands.add_parser("play", help="play a game in the terminal against AI players")
    play.add_argument("game", choices=game_names())
    play.add_argument("--preset", help=_presets_help())
    play.add_argument("--players", type=int, help="number of players, you included")
    play.add_argument("--seed", type=int, help="seed of the deal (random when omitted)")
    play.add_argument(
        "--opponent",
        default="greedy",
        help=f"AI of the other players: {', '.join(AGENT_NAMES)}, or a level: {', '.join(ALIASES)} (default greedy)",
    )
    play.add_argument("--name", default="You", help="your name at the table")
    play.add_argument("--record", metavar="FILE", help="save the game record to FILE (after every move)")
    play.add_argument("--delay", type=float, default=0.6, help="seconds an AI move stays on screen (default 0.6)")

    serve = commands.add_parser("serve", help="play in the browser: start the web app")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    serve.add_argument(
        "--db",
        metavar="URL",
        help="database URL, e.g. postgresql+psycopg://user@host/bonepile "
        "(default: a SQLite file in $XDG_DATA_HOME/bonepile, else ~/.local/share/bonepile)",
    )
    serve.add_argument(
        "--ai-delay", type=float, default=0.8, help="seconds before each AI move in the browser (default 0.8)"
    )
    serve.add_argument(
        "--hand-pause",
        type=float,
        default=None,
        help="the longest a game waits between hands for its players to continue, in seconds "
        "(default: until a player continues; 0: deal the next hand at once)",
    )
    serve.add_argument(
        "--room-hand-wait",
        type=float,
        default=30.0,
        help="the longest an online room waits between hands for every player to continue (default 30)",
    )
    serve.add_argument(
        "--redis",
        metavar="URL",
        help="share rooms with other bonepile servers on the same database through Redis, "
        "e.g. redis://127.0.0.1:6379/0 (needs the 'redis' extra)",
    )
    from bonepile.cli.serve import add_settings_flags

    add_settings_flags(serve)

    backup = commands.add_parser(
        "backup", help="copy the server's SQLite database to FILE (safe while it runs; restore: copy it back)"
    )
    backup.add_argument("file", metavar="FILE", help="the copy to write (must not exist yet)")
    backup.add_argument("--db", metavar="URL", help="database URL (default: the file 'bonepile serve' uses)")

    replay = commands.add_parser("replay", help="replay a saved game record, checking every move")
    replay.add_argument("file", metavar="FILE")
    replay.add_argument("--moves", action="store_true", help="print every move as it is replayed")

    review = commands.add_parser("review", help="judge every move of a finished hand of a saved game record")
    review.add_argument("file", metavar="RECORD.json")
    review.add_argument("--hand", type=int, help="the hand (round) to review (default: every finished one)")
    review.add_argument("--json", action="store_true", help="print the reviews as JSON")
    review.add_argument("--worlds", type=int, default=64, help="worlds each move is played in (default 64)")
    review.add_argument("--seed", type=int, default=0, help="seed of the review (default 0)")

    arena = commands.add_parser("arena", help="play many games between AI agents and rate them")
    arena.add_argument("game", choices=game_names())
    arena.add_argument("--preset", help=_presets_help())
    arena.add_argument("--players", type=int, help="number of seats")
    arena.add_argument("--agents", default="random,greedy", help="comma-separated agent names (default random,greedy)")
    arena.add_argument("--games", type=int, default=100, help="games per pairing of agents (default 100)")
    arena.add_argument("--seed", type=int, default=0, help="seed of the whole run (default 0)")
    arena.add_argument("--hands", action="store_true", help="play single hands instead of whole games")
    arena.add_argument("--json", action="store_true", help="print the results as JSON")
    arena.add_argument("--jobs", type=int, help="worker processes (default: all cores; 1 plays in this process)")
    arena.add_argument("--backend", choices=("local", "ray"), default="local", help="where games run")
    arena.add_argument("--ray-address", help="address of a Ray cluster (default: start a local one)")
    arena.add_argument(
        "--sprt", metavar="ELO0,ELO1", help="stop each pairing once an SPRT of ELO0 against ELO1 decides"
    )
    arena.add_argument("--no-mirror", action="store_true", help="do not replay each deal with the seats rotated")
    arena.add_argument("--out", metavar="FILE", help="also write the results as JSON to FILE")
    arena.add_argument("--plot", metavar="PNG", help="draw the Elo ratings with their intervals to PNG")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    console = Console(stderr=True)
    try:
        if args.command == "play":
            from bonepile.cli.play import run_play

            return int(run_play(args))
        if args.command == "serve":
            from bonepile.cli.serve import run_serve

            return run_serve(args)
        if args.command == "backup":
            from bonepile.cli.serve import run_backup

            return run_backup(args)
        if args.command == "replay":
            from bonepile.cli.replay import run_replay

            return run_replay(args)
        if args.command == "review":
            from bonepile.cli.review import run_review

            return run_review(args)
        from bonepile.cli.arena import run_arena_command

        return run_arena_command(args)
    except BonepileError as error:
        console.print(f"[bold red]error:[/] {error}", highlight=False, markup=True, soft_wrap=True)
        return 2
    except KeyboardInterrupt:
        console.print("\n[yellow]interrupted[/]")
        return 130
    except BrokenPipeError:
        return 1


if __name__ == "__main__":
    sys.exit(main())
