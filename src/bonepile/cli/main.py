"""``bonepile``: the command line. Thin: it builds library objects and reports errors in one line.

Every subcommand lives in its own module; this one only parses arguments and
turns the project's errors into a red line and exit code 2.

The whole command runs in the terminal's language (``--lang``, else the
environment's ``LANGUAGE``/``LC_ALL``/``LC_MESSAGES``/``LANG``, else English),
its ``--help`` included: ``--lang`` is read from the arguments before the
parser is built.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from rich.console import Console
from rich.markup import escape

from bonepile import __version__
from bonepile.ai.base import AGENT_NAMES, ALIASES
from bonepile.core.errors import BonepileError
from bonepile.games import game_names, kinds
from bonepile.i18n import LANGUAGES, _, from_environment, normalize, public_message, using


def _titles() -> str:
    """'Dominoes, Tri-Ominos and Mexican Train': every game of the registry, as a person lists them."""
    titles = [_(kind.title) for kind in kinds()]
    if len(titles) == 1:
        return titles[0]
    return _("{first} and {second}", first=", ".join(titles[:-1]), second=titles[-1])


def _presets_help() -> str:
    """Each game's presets, read from its engine: 'rule preset (dominoes: draw, block; ...)'."""
    listed = "; ".join(f"{kind.name}: {', '.join(kind.presets)}" for kind in kinds())
    # TRANSLATORS: help of --preset; {presets} lists each game's preset names (kept as they are).
    return _("rule preset ({presets})", presets=listed)


def _add_lang(parser: argparse.ArgumentParser, *, top: bool = False) -> None:
    """``--lang CODE``: on ``bonepile`` itself and on ``play`` (read before the parser is built, see ``main``)."""
    parser.add_argument(
        "--lang",
        metavar="CODE",
        default=None if top else argparse.SUPPRESS,
        # TRANSLATORS: help of --lang; {languages} lists the language codes (en, de, ...).
        help=_(
            "language of the terminal: {languages} (default: from LANGUAGE, LC_ALL, LC_MESSAGES or LANG, else en)",
            languages=", ".join(LANGUAGES),
        ),
    )


class LanguageError(BonepileError):
    """A ``--lang`` code that bonepile does not speak; its message (in the current language) names those it does."""

    def __init__(self, code: str) -> None:
        self.code = code
        # TRANSLATORS: {code} is the --lang code given, quoted; {languages} lists the codes bonepile speaks.
        message = _(
            "unknown language {code}: bonepile speaks {languages}", code=repr(code), languages=", ".join(LANGUAGES)
        )
        super().__init__(message)


def language_of(argv: Sequence[str], environ: dict[str, str] | None = None) -> str:
    """The language of the command: ``--lang CODE`` anywhere in ``argv``, else the environment's, else English.

    Raises ``LanguageError`` for a code bonepile does not speak, naming the languages it does.
    """
    code: str | None = None
    for index, word in enumerate(argv):
        if word == "--":
            break
        if word == "--lang" and index + 1 < len(argv):
            code = argv[index + 1]
        elif word.startswith("--lang="):
            code = word.partition("=")[2]
    if code is None:
        return from_environment(environ)
    found = normalize(code)
    if found is None:
        raise LanguageError(code)
    return found


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bonepile", description=_("{games} in the terminal and the browser.", games=_titles())
    )
    parser.add_argument("--version", action="version", version=f"bonepile {__version__}")
    _add_lang(parser, top=True)
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    play = commands.add_parser("play", help=_("play a game in the terminal against AI players"))
    play.add_argument("game", choices=game_names())
    play.add_argument("--preset", help=_presets_help())
    play.add_argument("--players", type=int, help=_("number of players, you included"))
    play.add_argument("--seed", type=int, help=_("seed of the deal (random when omitted)"))
    play.add_argument(
        "--opponent",
        default="greedy",
        # TRANSLATORS: help of --opponent; {agents} and {levels} list names that stay as they are.
        help=_(
            "AI of the other players: {agents}, or a level: {levels} (default greedy)",
            agents=", ".join(AGENT_NAMES),
            levels=", ".join(ALIASES),
        ),
    )
    play.add_argument("--name", default=None, help=_("your name at the table (default: You)"))
    play.add_argument("--record", metavar="FILE", help=_("save the game record to FILE (after every move)"))
    play.add_argument("--delay", type=float, default=0.6, help=_("seconds an AI move stays on screen (default 0.6)"))
    _add_lang(play)

    serve = commands.add_parser("serve", help=_("play in the browser: start the web app"))
    serve.add_argument("--host", default="127.0.0.1", help=_("address to listen on (default 127.0.0.1)"))
    serve.add_argument("--port", type=int, default=8000, help=_("port to listen on (default 8000)"))
    serve.add_argument(
        "--db",
        metavar="URL",
        help=_(
            "database URL, e.g. postgresql+psycopg://user@host/bonepile "
            "(default: a SQLite file in $XDG_DATA_HOME/bonepile, else ~/.local/share/bonepile)"
        ),
    )
    serve.add_argument(
        "--ai-delay", type=float, default=0.8, help=_("seconds before each AI move in the browser (default 0.8)")
    )
    serve.add_argument(
        "--hand-pause",
        type=float,
        default=None,
        help=_(
            "the longest a game waits between hands for its players to continue, in seconds "
            "(default: until a player continues; 0: deal the next hand at once)"
        ),
    )
    serve.add_argument(
        "--room-hand-wait",
        type=float,
        default=30.0,
        help=_("the longest an online room waits between hands for every player to continue (default 30)"),
    )
    serve.add_argument(
        "--redis",
        metavar="URL",
        help=_(
            "share rooms with other bonepile servers on the same database through Redis, "
            "e.g. redis://127.0.0.1:6379/0 (needs the 'redis' extra)"
        ),
    )
    from bonepile.cli.serve import add_settings_flags

    add_settings_flags(serve)

    backup = commands.add_parser(
        "backup", help=_("copy the server's SQLite database to FILE (safe while it runs; restore: copy it back)")
    )
    backup.add_argument("file", metavar="FILE", help=_("the copy to write (must not exist yet)"))
    backup.add_argument("--db", metavar="URL", help=_("database URL (default: the file 'bonepile serve' uses)"))

    replay = commands.add_parser("replay", help=_("replay a saved game record, checking every move"))
    replay.add_argument("file", metavar="FILE")
    replay.add_argument("--moves", action="store_true", help=_("print every move as it is replayed"))

    review = commands.add_parser("review", help=_("judge every move of a finished hand of a saved game record"))
    review.add_argument("file", metavar="RECORD.json")
    review.add_argument("--hand", type=int, help=_("the hand (round) to review (default: every finished one)"))
    review.add_argument("--json", action="store_true", help=_("print the reviews as JSON"))
    review.add_argument("--worlds", type=int, default=64, help=_("worlds each move is played in (default 64)"))
    review.add_argument("--seed", type=int, default=0, help=_("seed of the review (default 0)"))

    arena = commands.add_parser("arena", help=_("play many games between AI agents and rate them"))
    arena.add_argument("game", choices=game_names())
    arena.add_argument("--preset", help=_presets_help())
    arena.add_argument("--players", type=int, help=_("number of seats"))
    arena.add_argument(
        "--agents", default="random,greedy", help=_("comma-separated agent names (default random,greedy)")
    )
    arena.add_argument("--games", type=int, default=100, help=_("games per pairing of agents (default 100)"))
    arena.add_argument("--seed", type=int, default=0, help=_("seed of the whole run (default 0)"))
    arena.add_argument("--hands", action="store_true", help=_("play single hands instead of whole games"))
    arena.add_argument("--json", action="store_true", help=_("print the results as JSON"))
    arena.add_argument("--jobs", type=int, help=_("worker processes (default: all cores; 1 plays in this process)"))
    arena.add_argument("--backend", choices=("local", "ray"), default="local", help=_("where games run"))
    arena.add_argument("--ray-address", help=_("address of a Ray cluster (default: start a local one)"))
    arena.add_argument(
        "--sprt", metavar="ELO0,ELO1", help=_("stop each pairing once an SPRT of ELO0 against ELO1 decides")
    )
    arena.add_argument("--no-mirror", action="store_true", help=_("do not replay each deal with the seats rotated"))
    arena.add_argument("--out", metavar="FILE", help=_("also write the results as JSON to FILE"))
    arena.add_argument("--plot", metavar="PNG", help=_("draw the Elo ratings with their intervals to PNG"))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    console = Console(stderr=True)
    try:
        language = language_of(words)
    except LanguageError as refused:
        with using(from_environment()):  # said in the terminal's own language
            _error_line(console, str(LanguageError(refused.code)))
        return 2
    with using(language):
        return _run(build_parser().parse_args(words), console)


def _error_line(console: Console, message: str) -> None:
    # TRANSLATORS: the red line of an error the command stops on; {message} says what went wrong.
    text = _("error: {message}", message=message)
    label, colon, rest = text.partition(":")
    console.print(f"[bold red]{escape(label + colon)}[/]{escape(rest)}", highlight=False, markup=True, soft_wrap=True)


def _run(args: argparse.Namespace, console: Console) -> int:
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
        _error_line(console, public_message(error) if _is_public(error) else str(error))
        return 2
    except KeyboardInterrupt:
        console.print()
        console.print(_("interrupted"), style="yellow", markup=False, highlight=False)
        return 130
    except BrokenPipeError:
        return 1


def _is_public(error: BonepileError) -> bool:
    """Whether ``error`` says all it has to say in its public message (the terminal shows the whole message)."""
    return error.template is not None and error.public == str(error)


if __name__ == "__main__":
    sys.exit(main())
