"""``bonepile play GAME``: hand the command line to that game's terminal front end.

Each game's front end is a module of its own with a ``run(args) -> int``;
adding a game to the terminal is adding one line to ``FRONT_ENDS``.
"""

from __future__ import annotations

import argparse
import importlib
from typing import cast

from bonepile.core.errors import RulesError

FRONT_ENDS = {
    "dominoes": "bonepile.cli.play_dominoes",
    "triominoes": "bonepile.cli.play_triominoes",
}
"""Game name -> the module that plays it in the terminal (imported only when that game is played)."""


def run_play(args: argparse.Namespace) -> int:
    module = FRONT_ENDS.get(args.game)
    if module is None:
        raise RulesError(f"{args.game} cannot be played in the terminal yet; available: {', '.join(FRONT_ENDS)}")
    return cast(int, importlib.import_module(module).run(args))
