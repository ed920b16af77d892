"""``bonepile serve``: start the web app (uvicorn) and say where it is.

Imported only when the command runs, so the other subcommands never load
FastAPI, SQLAlchemy or uvicorn.
"""

from __future__ import annotations

import argparse

from rich.console import Console


def run_serve(args: argparse.Namespace) -> int:
    import uvicorn

    from bonepile.web import create_app

    app = create_app(args.db, ai_delay=args.ai_delay)
    store = app.state.store
    host = args.host
    shown = f"[{host}]" if ":" in host else host
    console = Console(soft_wrap=True)
    console.print(f"bonepile: playing at [bold]http://{shown}:{args.port}/[/]  (Ctrl-C stops)", highlight=False)
    console.print(f"games are kept in {store.display_url()}", highlight=False, style="dim")
    uvicorn.run(app, host=host, port=args.port, log_level="warning")
    return 0
