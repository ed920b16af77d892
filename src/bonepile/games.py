"""The registry of games: the one place that names them, and what every front end reads.

A game is its package (``bonepile/<game>/``: the rules engine, with the shape
of ``bonepile.core.protocol``) and one ``GameKind`` entry here. The entry says
what the game is called, what one deal is called, and where its parts live:
the engine, the agents that play it, the web presenter, the terminal front
end, the research encoding. The parts are named by module path and imported
only when first used, so reading the registry imports no engine, no agent and
no front end (and no import circle can form through it). The web catalog,
``bonepile --help``, the arena, the Gymnasium ids and the PettingZoo and
OpenSpiel registrations are all built from it; adding a game means writing its
package and adding one entry to ``KINDS``.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field

from bonepile.core.errors import RecordError, RulesError
from bonepile.core.protocol import Game


def load(path: str) -> object:
    """The object a ``"package.module:name"`` path names (a module alone without ``:name``), imported now."""
    module_name, _, attribute = path.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, attribute) if attribute else module


@dataclass(frozen=True, eq=False)
class GameKind:
    """One game of the suite, as every front end sees it."""

    name: str
    """The name in records, URLs and commands."""
    title: str
    """The name a person reads."""
    deal_word: str
    """What one deal is called on the screen ("hand", "round")."""
    engine: str
    """The rules package: its ``Game`` (with ``new`` and ``replay``), ``PRESETS`` and ``Rules.from_preset``."""
    default_preset: str
    agents: Mapping[str, str]
    """Agent name -> ``"module:factory"``, a ``factory(game_name, seed)`` that builds it for this game."""
    presenter: str
    """The module that turns this game's observations into the web table's views (``bonepile.web.views``)."""
    terminal: str
    """The module whose ``run(args)`` plays this game in the terminal (``bonepile play``)."""
    research: str | None = None
    """``"module:function"`` giving the research interfaces' ``GameSpec`` (encoding, rules), or None."""
    gym_id: str | None = None
    """The Gymnasium id registered for this game by ``import bonepile.envs``."""
    openspiel: str | None = None
    """The module that defines this game's OpenSpiel registration (``bonepile.openspiel``)."""
    clock_option: str | None = None
    """The rules option that holds a turn time limit, where the rules themselves have a clock (else the
    limit stays with the server)."""
    how_to: bool = True
    """Whether the web app has a how-to page for it."""
    word_for_side: str = "side"
    low_score_wins: bool = False
    """Whether the fewest points win (a deal's points are penalties), as in Mexican Train."""
    extras: Mapping[str, str] = field(default_factory=dict)
    """Other per-game parts by role, ``"module:name"`` (for tools that need a piece this list does not name):
    ``world_sampler``, a class built from an observation whose ``sample_deal(rng)`` gives a deal consistent
    with it, every hidden tile dealt out again (the review imagines worlds with it); ``match_outlook``, a class
    built from the rules that says when the match is near and each side's chance of winning it from the totals
    a deal ends with (``bonepile.ai.outlook``: the review's values toward the match)."""

    # ------------------------------------------------------------------ the engine

    @functools.cached_property
    def _module(self) -> object:
        return load(self.engine)

    @property
    def presets(self) -> dict[str, str]:
        """Preset name -> one-line description, the engine's own."""
        presets: dict[str, str] = dict(getattr(self._module, "PRESETS"))  # noqa: B009 - read off a module
        return presets

    def new_game(self, preset: str | None = None, players: int | None = None, seed: int = 0, **options: object) -> Game:
        """A new game of ``preset`` (the default one when None) for ``players`` (the preset's default)."""
        engine_game = getattr(self._module, "Game")  # noqa: B009 - read off a module
        game: Game = engine_game.new(preset or self.default_preset, players, seed, **options)
        return game

    def replay(self, record: Mapping[str, object]) -> Game:
        """Rebuild a game from its record, raising ``RecordError`` naming the first thing that does not replay."""
        engine_game = getattr(self._module, "Game")  # noqa: B009 - read off a module
        game: Game = engine_game.replay(record)
        return game

    @functools.cached_property
    def players(self) -> tuple[int, int]:
        """The fewest and most players any preset seats, asked of the engine's rules."""
        counts = [count for preset in self.presets for count in self.player_counts(preset)]
        return min(counts), max(counts)

    def player_counts(self, preset: str) -> tuple[int, ...]:
        """The player counts the engine's rules accept for ``preset``."""
        return _player_counts(self, preset)

    def load(self, role: str) -> object:
        """A part named in ``extras`` by its role."""
        path = self.extras.get(role)
        if path is None:
            raise RulesError(f"{self.title} has no {role}")
        return load(path)


@functools.cache
def _player_counts(kind: GameKind, preset: str) -> tuple[int, ...]:
    rules = getattr(kind._module, "Rules")  # noqa: B009 - read off a module
    accepted = []
    for count in range(1, MOST_PLAYERS + 1):
        try:
            rules.from_preset(preset, count)
        except RulesError:
            continue
        accepted.append(count)
    return tuple(accepted)


MOST_PLAYERS = 8
"""The largest table any game of the suite may seat (the registry asks each engine up to this)."""

_DOMINOES_AGENTS = {
    "random": "bonepile.ai.simple:RandomAgent",
    "greedy": "bonepile.ai.dominoes_heuristic:DominoesGreedyAgent",
    "heuristic": "bonepile.ai.dominoes_heuristic:HeuristicAgent",
    "ismcts": "bonepile.ai.dominoes_ismcts:ISMCTSAgent",
}
_TRIOMINOES_AGENTS = {
    "random": "bonepile.ai.simple:RandomAgent",
    "greedy": "bonepile.ai.triominoes_heuristic:TriominoesGreedyAgent",
    "heuristic": "bonepile.ai.triominoes_heuristic:HeuristicAgent",
    "ismcts": "bonepile.ai.triominoes_ismcts:ISMCTSAgent",
}

_MEXICAN_TRAIN_AGENTS = {
    "random": "bonepile.ai.simple:RandomAgent",
    "greedy": "bonepile.ai.mexican_train_heuristic:MexicanTrainGreedyAgent",
    "heuristic": "bonepile.ai.mexican_train_heuristic:HeuristicAgent",
    "ismcts": "bonepile.ai.mexican_train_ismcts:ISMCTSAgent",
}

MEXICAN_TRAIN = GameKind(
    name="mexican-train",
    title="Mexican Train",
    deal_word="round",
    engine="bonepile.mexican_train",
    default_preset="mexican-train",
    agents=_MEXICAN_TRAIN_AGENTS,
    presenter="bonepile.web.views.mexican_train",
    terminal="bonepile.cli.play_mexican_train",
    research="bonepile.encoding.mexican_train:research_spec",
    gym_id="bonepile/MexicanTrain-v0",
    openspiel="bonepile.openspiel.mexican_train",
    word_for_side="player",
    low_score_wins=True,
    extras={
        "world_sampler": "bonepile.ai.mexican_train_sampling:WorldSampler",
        "match_outlook": "bonepile.ai.outlook:MexicanTrainOutlook",
    },
)
"""Mexican Train (its package is ``bonepile.mexican_train``): offered once its front ends are written (``KINDS``)."""

KINDS: tuple[GameKind, ...] = (
    GameKind(
        name="dominoes",
        title="Dominoes",
        deal_word="hand",
        engine="bonepile.dominoes",
        default_preset="draw",
        agents=_DOMINOES_AGENTS,
        presenter="bonepile.web.views.dominoes",
        terminal="bonepile.cli.play_dominoes",
        research="bonepile.encoding.dominoes:research_spec",
        gym_id="bonepile/Dominoes-v0",
        openspiel="bonepile.openspiel.dominoes",
        word_for_side="side",
        extras={
            "world_sampler": "bonepile.ai.dominoes_sampling:WorldSampler",
            "match_outlook": "bonepile.ai.outlook:DominoesOutlook",
        },
    ),
    GameKind(
        name="triominoes",
        title="Tri-Ominos",
        deal_word="round",
        engine="bonepile.triominoes",
        default_preset="pressman",
        agents=_TRIOMINOES_AGENTS,
        presenter="bonepile.web.views.triominoes",
        terminal="bonepile.cli.play_triominoes",
        research="bonepile.encoding.triominoes:research_spec",
        gym_id="bonepile/TriOminos-v0",
        openspiel="bonepile.openspiel.triominoes",
        clock_option="turn_time_limit",
        word_for_side="player",
        extras={
            "world_sampler": "bonepile.ai.triominoes_sampling:WorldSampler",
            "match_outlook": "bonepile.ai.outlook:TriominoesOutlook",
        },
    ),
    MEXICAN_TRAIN,
)
"""Every game of the suite, in the order the front ends list them."""

_BY_NAME: dict[str, GameKind] = {kind.name: kind for kind in KINDS}

DEFAULT_GAME = KINDS[0].name
"""The game a command or an interface plays when none is named."""


def register(kind: GameKind) -> None:
    """Add a game from outside the package (a plug-in): every front end offers it from then on."""
    _BY_NAME[kind.name] = kind


def game_names() -> tuple[str, ...]:
    return tuple(_BY_NAME)


def kinds() -> tuple[GameKind, ...]:
    return tuple(_BY_NAME.values())


def game_kind(name: str) -> GameKind:
    """The registry entry of ``name``; ``RulesError`` naming the games there are for anything else."""
    kind = _BY_NAME.get(name)
    if kind is None:
        raise RulesError(f"unknown game {name!r}; choose one of {', '.join(_BY_NAME)}")
    return kind


game_info = game_kind
"""The older name of ``game_kind``."""

GameInfo = GameKind
"""The older name of ``GameKind``."""


def replay_record(record: Mapping[str, object]) -> Game:
    """Replay a record of any game, dispatching on its ``game`` field."""
    name = record.get("game") if isinstance(record, Mapping) else None
    if not isinstance(name, str) or name not in _BY_NAME:
        raise RecordError(f"unknown game in record: {name!r}; known games: {', '.join(_BY_NAME)}")
    return game_kind(name).replay(record)
