"""What every game's terminal front end shares: the console, the keyboard, the seed and the record file.

Kept free of any one game's rules so that every game's front end uses it as
it is: besides the console and the record, the answers a player's input can
come to (``Rejected``, ``Quit``), the AI players' seeds, and a few words of
English. Input comes through ``Terminal.ask`` only, and ``read_line`` can be
any function, which lets the tests play whole games in-process.
"""

from __future__ import annotations

import io
import secrets
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar, cast

from rich.console import Console, RenderableType
from rich.text import Text

from bonepile.ai import Agent, make_agent
from bonepile.core.errors import RecordError
from bonepile.core.protocol import Game, Move
from bonepile.core.seeds import seat_seed as agent_seed
from bonepile.i18n import _, n_, p_
from bonepile.store import save_record


class InputEnded(Exception):
    """Standard input closed (Ctrl-D, or the end of a piped script): the game stops where it is."""


class QuitGame(Exception):
    """The player asked to quit."""


QUIT_WORDS = ("q", "quit", "exit")
"""What a player types to leave the game, at any prompt."""


@dataclass(frozen=True, slots=True)
class Rejected:
    """An answer that is no legal move; ``message`` says why, in one line, and what would do."""

    message: str


@dataclass(frozen=True, slots=True)
class Quit:
    """The player asked to leave the game."""


def choose_seed(seed: int | None) -> int:
    """The seed of the deal: the one asked for, or a fresh one that is short enough to type back in."""
    return seed if seed is not None else secrets.randbelow(1_000_000)


def seat_players(
    game: str, players: int, seed: int, name: str | None, opponent: str
) -> tuple[list[str], dict[int, Agent]]:
    """The person at seat 0 and an ``opponent`` agent, seeded from the game's seed, in every other seat."""
    # TRANSLATORS: an AI player's name at the table; {agent} is the agent's name (greedy, ismcts...), kept as it is.
    ai = [_("AI {seat} ({agent})", seat=seat, agent=opponent) for seat in range(1, players)]
    names = [(name or "").strip() or _("You"), *ai]
    agents = {seat: make_agent(opponent, game, agent_seed(seed, seat)) for seat in range(1, players)}
    return names, agents


def numbers_text(numbers: Sequence[object]) -> str:
    """'1', '1 or 3', '1, 3 or 5': a short list as a person would say it."""
    words = [str(n) for n in numbers]
    if len(words) < 2:
        return "".join(words)
    # TRANSLATORS: the end of a short list of choices: {others} are the first ones (comma-separated), {last} the last.
    return _("{others} or {last}", others=", ".join(words[:-1]), last=words[-1])


def header_text(title: str, preset: str, players: int, about: Sequence[str], seed: int, dot: str) -> Text:
    """The top line: the game, its preset and table, ``about`` (the deal, the target), and the seed, shown so
    that a game worth playing again can be dealt again."""
    parts = [p_("preset", preset), n_("{count} player", "{count} players", players), *about]
    return Text.assemble(
        (title, "bold"), *(dot + part for part in parts), dot, (_("seed {seed}", seed=str(seed)), "bold")
    )


def verb(subject: str, verb: str) -> str:
    """``verb`` (given in its 'he' form) agreeing with ``subject``: 'You score', 'Ann & Bo score', 'AI 1 scores'."""
    return verb[:-1] if subject == "You" or " & " in subject else verb


class Terminal:
    """The console and the keyboard, as one object the game loops talk to.

    ``live`` is true on a real terminal: each state is drawn as a whole screen
    (cleared first). Otherwise the output is a transcript that reads well when
    piped to a file: nothing is cleared and the answers read are echoed.
    """

    def __init__(
        self,
        console: Console,
        read_line: Callable[[], str] | None = None,
        *,
        echo: bool = False,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.console = console
        self._read_line = read_line if read_line is not None else input
        self._echo = echo
        self._sleep = sleep
        self.live = console.is_terminal

    @classmethod
    def standard(cls) -> Terminal:
        """The process's own terminal; answers are echoed when they come from a pipe, so transcripts show them."""
        if isinstance(sys.stdout, io.TextIOWrapper) and not sys.stdout.encoding.lower().startswith("utf"):
            # The table keeps to ASCII there; this covers what it does not control, such as a player's name.
            sys.stdout.reconfigure(errors="replace")
        return cls(Console(highlight=False), echo=not sys.stdin.isatty())

    @property
    def unicode(self) -> bool:
        """Whether the output can carry box-drawing and other non-ASCII glyphs."""
        return self.console.encoding.lower().startswith("utf")

    def show(self, *renderables: RenderableType) -> None:
        """Draw a whole screen: on a terminal it replaces what was there; in a transcript it is appended."""
        if self.live:
            self.console.clear()
        for renderable in renderables:
            self.console.print(renderable)

    def say(self, text: str, style: str = "") -> None:
        """One line of text (console markup is not interpreted, so a name like '[x]' prints as typed)."""
        self.console.print(text, style=style or None, markup=False, highlight=False)

    def ask(self, prompt: str) -> str:
        """Show ``prompt`` and read one answer; raise ``InputEnded`` when input is closed."""
        self.console.print(prompt, end="", markup=False, highlight=False, style="bold")
        try:
            answer = self._read_line()
        except EOFError:
            self.console.print()
            raise InputEnded from None
        if self._echo:
            self.console.print(answer, markup=False, highlight=False)
        return answer

    def pause(self, seconds: float) -> None:
        if seconds > 0:
            self._sleep(seconds)


class RecordFile:
    """Saves the game record after every move, so that a crash or a closed terminal loses nothing."""

    def __init__(self, path: str | None) -> None:
        self.path = Path(path) if path else None

    def save(self, record: dict[str, Any]) -> None:
        if self.path is None:
            return
        try:
            save_record(record, self.path)
        except OSError as error:
            raise RecordError(
                _("cannot write the record to {path}: {reason}", path=str(self.path), reason=error.strerror or error)
            ) from None


GameT = TypeVar("GameT", bound=Game)
ObservationT = TypeVar("ObservationT")
MoveT = TypeVar("MoveT", bound=Move)
GlyphsT = TypeVar("GlyphsT")


class TerminalTable(Generic[GameT, ObservationT, MoveT, GlyphsT]):
    """One game at the terminal: the person at seat ``human`` and an agent in every other seat.

    The turn loop, the agents' turns, the record and the transcript notes are
    the same for every game; a game's table says how the person moves
    (``_human_move``), what a move does to the screen (``_apply``), how the
    table looks (``_table``) and how the game ends or stops.
    """

    human = 0
    glyph_sets: tuple[GlyphsT, GlyphsT]
    """The game's (unicode, ascii) characters; the table uses the second on terminals that cannot show the first."""
    glyphs: GlyphsT

    def __init__(
        self,
        game: GameT,
        names: Sequence[str],
        agents: Mapping[int, Agent],
        terminal: Terminal,
        record: RecordFile,
        delay: float = 0.0,
    ) -> None:
        self.game = game
        self.names = tuple(names)
        self.agents = agents
        self.terminal = terminal
        self.record = record
        self.delay = delay
        self.glyphs = self.glyph_sets[0] if terminal.unicode else self.glyph_sets[1]

    def play(self) -> int:
        """Play to the end of the game, or until the player quits or input ends; the record is kept either way."""
        self._save()
        try:
            while not self.game.is_over:
                player = self.game.to_move
                assert player is not None
                move = self._human_move() if player == self.human else self._ai_move(player)
                self._apply(player, move)
        except QuitGame:
            self._stopped(_("You quit"))
        except InputEnded:
            self._stopped(_("Input ended"))
        else:
            self._game_over()
        return 0

    def _observation(self, player: int) -> ObservationT:
        """The game's observation of ``player``, as this game's own type (the engine's ``Observation``)."""
        return cast(ObservationT, self.game.observation(player))

    def _ai_move(self, player: int) -> MoveT:
        if self.terminal.live:
            self.terminal.show(self._table(self._observation(self.human)))
        self.terminal.pause(self.delay)
        return cast(MoveT, self.agents[player].choose(self.game.observation(player)))

    def _note(self, line: str) -> None:
        """A move in words, for the transcript; a live screen lists the recent turns with the table instead."""
        if not self.terminal.live:
            self.terminal.say(line)

    def _save(self) -> None:
        if self.record.path is not None:  # a game set up from a position has no record to build
            self.record.save(self.game.to_record(players=self.names))

    # ----------------------------------------------------------------- what each game says

    def _human_move(self) -> MoveT:
        raise NotImplementedError

    def _read_move(
        self,
        screen: Callable[[str], RenderableType],
        question: Callable[[], str],
        read: Callable[[str], MoveT | Rejected | Quit],
    ) -> MoveT:
        """Ask until the person's answer is a move: the table is shown with the last refusal's
        ``message`` (a transcript shows it once, then only the refusals); ``read`` turns a typed line
        into a move, a refusal or a quit, asking any follow-up question itself (a refusal with no
        message asks again, as after "another tile, then")."""
        message = ""
        shown = False
        while True:
            if self.terminal.live or not shown:
                self.terminal.show(screen(message))
                shown = True
            elif message:
                self.terminal.say(message, "bold red")
            answer = read(self.terminal.ask(question()))
            if isinstance(answer, Quit):
                raise QuitGame
            if isinstance(answer, Rejected):
                message = answer.message
                continue
            return answer

    def _apply(self, player: int, move: MoveT) -> None:
        raise NotImplementedError

    def _table(self, observation: ObservationT) -> RenderableType:
        raise NotImplementedError

    def _game_over(self) -> None:
        raise NotImplementedError

    # ----------------------------------------------------------------- what every game says alike

    deal_word = "hand"
    """What one deal is called on screen (a game's table sets its registry entry's ``deal_word``)."""

    def _side_labels(self) -> list[str]:
        """What each side is called: the player, or 'A & B' for a team of partners."""
        game = self.game
        return [
            " & ".join(self.names[p] for p in range(game.num_players) if game.side_of(p) == side)
            for side in range(game.num_sides)
        ]

    def _stopped(self, reason: str) -> None:
        """The game stops before its end (the player quit, or input ended): where it stood, and how to go on."""
        game = self.game
        scores = ", ".join(
            _("{side} {score}", side=label, score=score)
            for label, score in zip(self._side_labels(), game.scores, strict=True)
        )
        if self.deal_word == "hand":
            # TRANSLATORS: {reason} is "You quit" or "Input ended"; {scores} lists each side's score.
            line = _(
                "{reason}: the game stops in hand {number} (scores: {scores}).",
                reason=reason,
                number=game.deal_number,
                scores=scores,
            )
        else:
            line = _(
                "{reason}: the game stops in round {number} (scores: {scores}).",
                reason=reason,
                number=game.deal_number,
                scores=scores,
            )
        self.terminal.say(line, "bold")
        if self.record.path:
            self.terminal.say(_("The record so far is saved in {path}.", path=str(self.record.path)))
        self.terminal.say(_("Seed {seed}: play it again with --seed {seed}.", seed=str(game.seed)))
