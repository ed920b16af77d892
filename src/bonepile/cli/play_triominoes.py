"""``bonepile play triominoes``: you against AI players at a Tri-Ominos table in the terminal.

The loop asks the engine everything: whose turn it is, what is legal, what
each placement scores, who scored what. What it adds is the conversation:
reading a code from the list (``3b``: tile 3 on place b), a tile number alone
(its places are then listed, which keeps a turn with a hundred placements
readable), a place letter, or the engine's own notation; showing AI moves
one at a time, every draw, penalty, bonus and round end in words; and saving
the record after every move.
"""

from __future__ import annotations

import argparse
import contextlib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.console import RenderableType

from bonepile.cli.render_triominoes import (
    ASCII,
    HUMAN,
    UNICODE,
    Choices,
    Glyphs,
    Placement,
    TableView,
    focus_lines,
    placed_text,
    render_game_over,
    render_round_summary,
    render_table,
    signed,
)
from bonepile.cli.terminal import (
    QUIT_WORDS,
    InputEnded,
    Quit,
    QuitGame,
    RecordFile,
    Rejected,
    Terminal,
    TerminalTable,
    choose_seed,
    numbers_text,
    seat_players,
    verb,
)
from bonepile.core.errors import BonepileError
from bonepile.games import game_info
from bonepile.triominoes import (
    DRAW,
    PASS,
    AmbiguousMoveError,
    Event,
    EventKind,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    Observation,
    Round,
    RoundSummary,
    Tile,
)

LOG_LINES = 3
"""How many recent turns the live screen lists under your tiles."""

_CODE = re.compile(r"^(\d+)\s*([a-z]{1,2})?$")
_LETTER = re.compile(r"^[a-z]{1,2}$")


@dataclass(frozen=True, slots=True)
class Focus:
    """The player named a tile that fits several places: list just those (``None``: back to every tile)."""

    number: int | None


Answer = Move | Focus | Rejected | Quit


def what_to_do(choices: Choices) -> str:
    """A few words telling the player which answers would be accepted now."""
    if choices.placements:
        example = choices.placements[0].code
        buy = ", or d to buy a tile" if choices.draw is not None else ""
        return f"type a code from the list, like {example}, or a tile number{buy}"
    if choices.draw is not None:
        return "no tile fits, d to draw"
    return "no tile fits, p to pass"


def _letters(placements: Sequence[Placement]) -> str:
    return numbers_text([p.letter for p in placements])


def interpret(
    text: str,
    observation: Observation,
    parse: Callable[[str], Move],
    focus: int | None = None,
    choices: Choices | None = None,
) -> Answer:
    """Read the player's answer against their observation.

    Accepts a code from the list (``3b``, ``3 b``), a tile number (``3``: played
    at once when it fits one place only, else its places are listed), a place
    letter (``b``: when one tile fits there, or after a tile was picked), the
    engine's notation (``4-5-5 c7 r2 up``, ``4-5-5 c7 r2``, ``4-5-5``),
    ``d``/``draw``, ``p``/``pass``, enter (the only draw or pass; or, with a tile
    picked, back to every tile), and ``q``. ``parse`` is the engine's reading of
    notation (``Game.parse_move``); only the public part of its errors is shown.
    """
    choices = choices if choices is not None else Choices.of(observation)
    said = text.strip()
    word = " ".join(said.lower().split())
    legal = observation.legal_moves
    if not word:
        if focus is not None:
            return Focus(None)
        if not choices.placements and len(legal) == 1:
            return legal[0]
        return Rejected(f"choose a move: {what_to_do(choices)}")
    if word in QUIT_WORDS:
        return Quit()
    if word in ("d", "draw", "buy"):
        return DRAW if DRAW in legal else Rejected(f"you cannot draw now: {what_to_do(choices)}")
    if word in ("p", "pass"):
        return PASS if PASS in legal else Rejected(f"you cannot pass now: {what_to_do(choices)}")
    code = _CODE.match(word)
    if code is not None:
        return _tile_answer(int(code.group(1)), code.group(2), observation, choices)
    if _LETTER.match(word):
        if focus is not None:
            return _tile_answer(focus, word, observation, choices)
        fitting = choices.at(word)
        if len(fitting) == 1:
            return fitting[0].move
        if fitting:
            return Rejected(f"several tiles fit at {word}: type {numbers_text([p.code for p in fitting])}")
        return Rejected(f"there is no place {word} on the board: {what_to_do(choices)}")
    return _notation_answer(said, observation, parse, choices)


def _tile_answer(number: int, letter: str | None, observation: Observation, choices: Choices) -> Answer:
    """Tile ``number`` on place ``letter``; or, with no letter, its only placement or the list of its places."""
    hand = observation.hand
    if not 1 <= number <= len(hand):
        if not hand:
            return Rejected(f"you have no tiles: {what_to_do(choices)}")
        return Rejected(f"there is no tile {number}: your tiles are numbered 1 to {len(hand)}")
    tile = hand[number - 1]
    mine = choices.of_tile(number)
    if not mine:
        return Rejected(f"{tile} fits nowhere now: {what_to_do(choices)}")
    if letter is None:
        return mine[0].move if len(mine) == 1 else Focus(number)
    for placement in mine:
        if placement.letter == letter:
            return placement.move
    where = f"it fits only at {mine[0].letter}" if len(mine) == 1 else f"it fits at {_letters(mine)}"
    if letter not in choices.letters.values():
        return Rejected(f"there is no place {letter} on the board for {tile}: {where}")
    return Rejected(f"{tile} does not fit at {letter}: {where}")


def public_message(error: BonepileError) -> str | None:
    """The part of an engine error a player may see, when the engine gives one apart from its full message.

    The full message names the whole position (every hand and the pool), so
    it is never shown; an error whose public part is the full message is
    treated as having none.
    """
    return error.public if error.public != str(error) else None


def _notation_answer(said: str, observation: Observation, parse: Callable[[str], Move], choices: Choices) -> Answer:
    """The engine's notation, read by the engine; when it fails, what the player can do about it.

    Text that starts like a tile (``0-2-3 …``) gets the engine's public reason
    (a corner that would disagree, a mirrored reading, a place off the layout),
    which says more than we could; anything else gets the list of what would do.
    """
    try:
        move = parse(said)
    except AmbiguousMoveError as error:
        tile = _tile_named(said)
        codes = [p.code for p in choices.placements if p.tile is tile]
        if codes:
            return Rejected(f"{tile} fits {len(codes)} places: type one of {numbers_text(codes)}")
        return Rejected(public_message(error) or f"{said!r} fits several ways: {what_to_do(choices)}")
    except (InvalidMoveError, IllegalMoveError) as error:
        tile = _tile_named(said)
        reason = public_message(error) if re.match(r"\d\s*-", said) else None
        if tile is not None and tile not in observation.hand:
            return Rejected(f"you do not hold {tile}: {what_to_do(choices)}")
        if tile is not None and not any(p.tile is tile for p in choices.placements):
            return Rejected(f"{tile} fits nowhere now: {what_to_do(choices)}")
        if tile is not None:
            number = observation.hand.index(tile) + 1
            fits = f"{tile} fits at {_letters(choices.of_tile(number))} (type {number} to list them)"
            return Rejected(f"{reason}; {fits}" if reason else f"it does not fit there: {fits}")
        return Rejected(reason or f"{said!r} is not a move: {what_to_do(choices)}")
    if move not in observation.legal_moves:
        return Rejected(f"{said!r} is not a move you can make now: {what_to_do(choices)}")
    return move


def _tile_named(text: str) -> Tile | None:
    """The tile at the start of some notation (``4-5-5 c7 r2``), if it names one."""
    words = text.strip().split()
    try:
        return Tile.parse(words[0]) if words else None
    except InvalidMoveError:
        return None


def prompt(observation: Observation, choices: Choices, focus: int | None = None) -> str:
    if choices.placements and focus is not None:
        tile = observation.hand[focus - 1]
        return f"Place for {tile}: a letter ({_letters(choices.of_tile(focus))}), or enter for every tile > "
    if choices.placements:
        buy = ", d to buy" if choices.draw is not None else ""
        return f"Your move: a code like {choices.placements[0].code}, a tile number{buy}, or q to quit > "
    if choices.draw is not None:
        return "d to draw (or enter), q to quit > "
    return "p to pass (or enter), q to quit > "


def run(args: argparse.Namespace) -> int:
    """Build the game and the players from the command line, then play."""
    seed = choose_seed(args.seed)
    game = Game.new(args.preset or game_info("triominoes").default_preset, args.players, seed)
    names, agents = seat_players("triominoes", game.num_players, seed, args.name, args.opponent)
    table = TriominoesTable(game, names, agents, Terminal.standard(), RecordFile(args.record), max(0.0, args.delay))
    return table.play()


class TriominoesTable(TerminalTable[Game, Observation, Move, Glyphs]):
    """One game at the terminal: the person at seat 0 and an agent in every other seat."""

    glyph_sets = (UNICODE, ASCII)
    deal_word = game_info("triominoes").deal_word
    glyphs: Glyphs

    news = ""
    """What happened to the player since their last screen that the log does not say (the tile they drew)."""

    # ----------------------------------------------------------------- turns

    def _human_move(self) -> Move:
        observation = self.game.observation(HUMAN)
        choices = Choices.of(observation)
        message = ""
        news, self.news = self.news, ""
        focus: int | None = None
        shown = False
        while True:
            if self.terminal.live or not shown:
                self.terminal.show(self._table(observation, message, focus, news=news))
                shown = True
            elif message:
                self.terminal.say(message, "bold red")
            text = self.terminal.ask(prompt(observation, choices, focus))
            answer = interpret(text, observation, self.game.parse_move, focus, choices)
            if isinstance(answer, Quit):
                raise QuitGame
            if isinstance(answer, Rejected):
                message = answer.message
                continue
            if isinstance(answer, Focus):
                focus, message = answer.number, ""
                if not self.terminal.live:  # a transcript lists the tile's places only, not the whole table
                    for line in focus_lines(observation, focus, self.glyphs, self.game.round.placement_bonus):
                        self.terminal.console.print(line)
                continue
            return answer

    def _apply(self, player: int, move: Move) -> None:
        round_ = self.game.round  # kept: once the move ends the round, the game deals the next one
        before = round_.observation(HUMAN)
        summary = self.game.play(move, player=player)
        self._save()
        after = round_.observation(HUMAN)
        drawn = [t for t in after.hand if t not in before.hand] if player == HUMAN else []
        for event in after.events[len(before.events) :]:
            line = self._event_words(event, drawn)
            if line:
                self._note(line)
            if event.kind is EventKind.DRAW and drawn:  # the drawn tile is news only to the one who drew it
                self.news = f"You drew {drawn[0]}{self._points(event)}."
        if summary is not None:
            self._round_over(round_, summary)

    def _points(self, event: Event) -> str:
        points = event.points
        return f" ({signed(points, self.glyphs)})" if points else ""

    def _event_words(self, event: Event, drawn: list[Tile]) -> str:
        """One event in words, with its points, as the transcript says it (``drawn``: the tile the player drew)."""
        player, kind = event.player, event.kind
        name = self.names[player]
        points = self._points(event)
        if kind is EventKind.PLACE:
            return f"{name} played {placed_text(event)}"
        if kind is EventKind.DRAW:
            return f"{name} drew {drawn[0] if player == HUMAN and drawn else 'a tile'}{points}"
        if kind is EventKind.PASS:
            return f"{name} passed{points}"
        if kind is EventKind.TIMEOUT:
            return f"{name} ran out of time"
        if kind is EventKind.GOING_OUT:
            said = ", ".join(f"{signed(item.points, self.glyphs)} {item.reason.value}" for item in event.items)
            return f"{name} went out: {said}"
        if kind is EventKind.BLOCKED:
            own = "your own" if name == "You" else "their own"
            return f"The round is blocked: {name} {verb(name, 'scores')} {event.points}, the others' tiles less {own}"
        return ""

    # ----------------------------------------------------------------- screens

    def _round_over(self, round_: Round, summary: RoundSummary) -> None:
        game = self.game
        number = len(game.round_summaries)
        final = round_.observation(HUMAN, round_number=number)  # the board as the round ended
        scores = render_round_summary(summary, number, game.rules, self.names, game.scores, self.glyphs)
        # The board gets what the summary and the prompt leave of the screen.
        below = len(self.terminal.console.render_lines(scores, pad=False)) + 1
        self.terminal.show(self._table(final, log=False, reserve=below, board_only=True), scores)
        if game.is_over:
            with contextlib.suppress(InputEnded):  # the game is finished and saved: the scores follow anyway
                self.terminal.ask("Press enter for the final scores > ")
            return
        if self.terminal.ask("Press enter for the next round (q to quit) > ").strip().lower() in QUIT_WORDS:
            raise QuitGame

    def _game_over(self) -> None:
        game = self.game
        assert game.outcome is not None
        path = str(self.record.path) if self.record.path else None
        self.terminal.show(
            render_game_over(game.outcome, game.round_summaries, game.rules, self.names, game.seed, path, self.glyphs)
        )

    def _table(
        self,
        observation: Observation,
        message: str = "",
        focus: int | None = None,
        *,
        log: bool = True,
        news: str = "",
        reserve: int = 0,
        board_only: bool = False,
    ) -> RenderableType:
        """The table as ``observation`` shows it; on a terminal, fitted to its height less ``reserve`` lines."""
        live = self.terminal.live
        view = TableView(
            observation,
            self.names,
            self.game.seed,
            focus=focus,
            log_lines=LOG_LINES if live and log else 0,
            message=message,
            news=news if live else "",
            glyphs=self.glyphs,
            height=self.terminal.console.size.height - reserve if live else None,
            board_only=board_only,
            bonus_of=self.game.round.placement_bonus,
        )
        return render_table(view)
