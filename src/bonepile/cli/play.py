"""``bonepile play GAME``: hand the command line to that game's terminal front end.

Each game's front end is a module of its own with a ``run(args) -> int``,
named by the game's registry entry (``GameKind.terminal``) and imported only
when that game is played.
"""

from __future__ import annotations

import argparse
import importlib
from typing import cast

from bonepile.games import game_kind


def run_play(args: argparse.Namespace) -> int:
    module = importlib.import_module(game_kind(args.game).terminal)
    return cast(int, module.run(args))
