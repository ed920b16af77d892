"""``bonepile serve``: start the web app (uvicorn) and say where it is; ``bonepile backup``: copy its games.

Imported only when the command runs, so the other subcommands never load
FastAPI, SQLAlchemy or uvicorn. With ``--redis``, several such processes (on
one machine or several) share the same database and rooms; see
``bonepile.web.bus``. Every bound of ``bonepile.web.settings.Settings`` is a
flag here and a ``BONEPILE_*`` environment variable.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from bonepile.i18n import _, n_


def add_settings_flags(parser: argparse.ArgumentParser) -> None:
    """One flag per setting (``--hint-timeout``), its help and default from ``Settings``."""
    from bonepile.web.settings import ENV_PREFIX, Settings, fields

    defaults = Settings()
    group = parser.add_argument_group(
        _("limits"), _("every limit is also read from BONEPILE_<NAME> (e.g. BONEPILE_MAX_MOVES)")
    )
    for spec in fields():
        flag = "--" + spec.name.replace("_", "-")
        shown = getattr(defaults, spec.name) or _("(see above)")
        about = str(spec.metadata.get("help", ""))
        group.add_argument(
            flag,
            dest=f"setting_{spec.name}",
            metavar=str(spec.type).upper()[:5] if spec.type in ("int", "float") else "TEXT",
            # TRANSLATORS: help of a server limit: {about} says what it limits, {variable} is an environment variable.
            help=_(
                "{about} (default {default}; {variable})",
                about=_(about) if about else "",
                default=shown,
                variable=f"{ENV_PREFIX}{spec.name.upper()}",
            ),
        )


def settings_of(args: argparse.Namespace) -> object:
    from bonepile.core.errors import RulesError
    from bonepile.web.settings import Settings, fields, parse

    given = {}
    try:
        for spec in fields():
            raw = getattr(args, f"setting_{spec.name}", None)
            if raw is not None:
                given[spec.name] = parse(spec, raw)
        return Settings.from_env(**given)
    except ValueError as error:
        raise RulesError(_("bad setting: {error}", error=str(error))) from None


def run_serve(args: argparse.Namespace) -> int:
    import uvicorn

    from bonepile.core.errors import RulesError
    from bonepile.store.db import StoreError
    from bonepile.web import create_app
    from bonepile.web.server import server_config
    from bonepile.web.settings import Settings

    redis_url = getattr(args, "redis", None)
    if redis_url:
        try:
            import redis  # noqa: F401
        except ImportError:
            raise RulesError(_("--redis needs the redis package: pip install 'bonepile[redis]'")) from None
    settings = settings_of(args)
    assert isinstance(settings, Settings)
    host = args.host
    try:
        app = create_app(
            args.db,
            ai_delay=args.ai_delay,
            hand_pause=args.hand_pause,
            room_hand_wait=args.room_hand_wait,
            redis_url=redis_url,
            settings=settings,
            bind_host=host,
        )
        store = app.state.store
        store.claim(shared=bool(redis_url))
    except StoreError as error:
        raise RulesError(str(error)) from None
    shown = f"[{host}]" if ":" in host else host
    console = Console(soft_wrap=True)
    address = f"http://{shown}:{args.port}/"
    line = _("bonepile: playing at {address}  (Ctrl-C stops)", address="\0")
    before, _mark, after = line.partition("\0")
    console.print(f"{escape(before)}[bold]{escape(address)}[/]{escape(after)}", highlight=False)
    console.print(_("games are kept in {place}", place=store.display_url()), highlight=False, style="dim", markup=False)
    if redis_url:
        console.print(_("sharing rooms with the other servers on this database through Redis"), style="dim")
    uvicorn.Server(server_config(app, host, args.port, settings)).run()
    return 0


def run_backup(args: argparse.Namespace) -> int:
    from bonepile.core.errors import RulesError
    from bonepile.store.db import StoreError, backup, default_db_url

    url = args.db or default_db_url()
    try:
        games = backup(url, Path(args.file))
    except StoreError as error:
        raise RulesError(str(error)) from None
    Console(soft_wrap=True).print(
        # TRANSLATORS: after a backup; the English keeps "games" for one game too.
        n_("copied {count} games to {file}", "copied {count} games to {file}", games, file=args.file),
        highlight=False,
        markup=False,
    )
    return 0
