"""``bonepile serve``: start the web app (uvicorn) and say where it is.

Imported only when the command runs, so the other subcommands never load
FastAPI, SQLAlchemy or uvicorn. With ``--redis``, several such processes (on
one machine or several) share the same database and rooms; see
``bonepile.web.bus``.
"""

from __future__ import annotations

import argparse

from rich.console import Console

WS_MAX_SIZE = 64 * 1024
"""Frames over this size are refused by the WebSocket layer before the app sees them (docs: limits)."""


def run_serve(args: argparse.Namespace) -> int:
    import uvicorn

    from bonepile.core.errors import RulesError
    from bonepile.web import create_app

    redis_url = getattr(args, "redis", None)
    if redis_url:
        try:
            import redis  # noqa: F401
        except ImportError:
            raise RulesError("--redis needs the redis package: pip install 'bonepile[redis]'") from None
    app = create_app(
        args.db,
        ai_delay=args.ai_delay,
        hand_pause=args.hand_pause,
        room_hand_wait=args.room_hand_wait,
        redis_url=redis_url,
    )
    store = app.state.store
    host = args.host
    shown = f"[{host}]" if ":" in host else host
    console = Console(soft_wrap=True)
    console.print(f"bonepile: playing at [bold]http://{shown}:{args.port}/[/]  (Ctrl-C stops)", highlight=False)
    console.print(f"games are kept in {store.display_url()}", highlight=False, style="dim")
    if redis_url:
        console.print("sharing rooms with the other servers on this database through Redis", style="dim")
    uvicorn.run(
        app,
        host=host,
        port=args.port,
        log_level="warning",
        ws_max_size=WS_MAX_SIZE,
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        # Compressing every view for every socket cost the server more than a third of its time per move
        # (bench/rooms.py); a view is a few KiB, nothing for any network a game is played over.
        ws_per_message_deflate=False,
    )
    return 0
