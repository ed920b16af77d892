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
    reason_text,
    render_table,
    signed,
)
from bonepile.cli.render_triominoes_summary import render_game_over, render_round_summary
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
)
from bonepile.core.errors import BonepileError
from bonepile.games import game_info
from bonepile.i18n import _
from bonepile.i18n import public_message as translated
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
        if choices.draw is not None:
            return _("type a code from the list, like {code}, or a tile number, or d to buy a tile", code=example)
        return _("type a code from the list, like {code}, or a tile number", code=example)
    if choices.draw is not None:
        return _("no tile fits, d to draw")
    return _("no tile fits, p to pass")


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
        return Rejected(_("choose a move: {hint}", hint=what_to_do(choices)))
    if word in QUIT_WORDS:
        return Quit()
    if word in ("d", "draw", "buy"):
        return DRAW if DRAW in legal else Rejected(_("you cannot draw now: {hint}", hint=what_to_do(choices)))
    if word in ("p", "pass"):
        return PASS if PASS in legal else Rejected(_("you cannot pass now: {hint}", hint=what_to_do(choices)))
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
            codes = numbers_text([p.code for p in fitting])
            return Rejected(_("several tiles fit at {letter}: type {codes}", letter=word, codes=codes))
        return Rejected(_("there is no place {letter} on the board: {hint}", letter=word, hint=what_to_do(choices)))
    return _notation_answer(said, observation, parse, choices)


def _tile_answer(number: int, letter: str | None, observation: Observation, choices: Choices) -> Answer:
    """Tile ``number`` on place ``letter``; or, with no letter, its only placement or the list of its places."""
    hand = observation.hand
    if not 1 <= number <= len(hand):
        if not hand:
            return Rejected(_("you have no tiles: {hint}", hint=what_to_do(choices)))
        return Rejected(
            _("there is no tile {number}: your tiles are numbered 1 to {count}", number=number, count=len(hand))
        )
    tile = hand[number - 1]
    mine = choices.of_tile(number)
    if not mine:
        return Rejected(_("{tile} fits nowhere now: {hint}", tile=str(tile), hint=what_to_do(choices)))
    if letter is None:
        return mine[0].move if len(mine) == 1 else Focus(number)
    for placement in mine:
        if placement.letter == letter:
            return placement.move
    if len(mine) == 1:
        where = _("it fits only at {letter}", letter=mine[0].letter)
    else:
        where = _("it fits at {letters}", letters=_letters(mine))
    if letter not in choices.letters.values():
        return Rejected(
            _("there is no place {letter} on the board for {tile}: {where}", letter=letter, tile=str(tile), where=where)
        )
    return Rejected(_("{tile} does not fit at {letter}: {where}", tile=str(tile), letter=letter, where=where))


def public_message(error: BonepileError) -> str | None:
    """The part of an engine error a player may see, when the engine gives one apart from its full message.

    The full message names the whole position (every hand and the pool), so
    it is never shown; an error whose public part is the full message is
    treated as having none.
    """
    return translated(error) if error.public != str(error) else None


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
            return Rejected(
                _(
                    "{tile} fits {count} places: type one of {codes}",
                    tile=str(tile),
                    count=len(codes),
                    codes=numbers_text(codes),
                )
            )
        return Rejected(
            public_message(error) or _("{text} fits several ways: {hint}", text=repr(said), hint=what_to_do(choices))
        )
    except (InvalidMoveError, IllegalMoveError) as error:
        tile = _tile_named(said)
        reason = public_message(error) if re.match(r"\d\s*-", said) else None
        if tile is not None and tile not in observation.hand:
            return Rejected(_("you do not hold {tile}: {hint}", tile=str(tile), hint=what_to_do(choices)))
        if tile is not None and not any(p.tile is tile for p in choices.placements):
            return Rejected(_("{tile} fits nowhere now: {hint}", tile=str(tile), hint=what_to_do(choices)))
        if tile is not None:
            number = observation.hand.index(tile) + 1
            letters = _letters(choices.of_tile(number))
            fits = _(
                "{tile} fits at {letters} (type {number} to list them)", tile=str(tile), letters=letters, number=number
            )
            if reason:
                return Rejected(_("{reason}; {fits}", reason=reason, fits=fits))
            return Rejected(_("it does not fit there: {fits}", fits=fits))
        return Rejected(reason or _("{text} is not a move: {hint}", text=repr(said), hint=what_to_do(choices)))
    if move not in observation.legal_moves:
        return Rejected(_("{text} is not a move you can make now: {hint}", text=repr(said), hint=what_to_do(choices)))
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
        letters = _letters(choices.of_tile(focus))
        return _("Place for {tile}: a letter ({letters}), or enter for every tile > ", tile=str(tile), letters=letters)
    if choices.placements:
        code = choices.placements[0].code
        if choices.draw is not None:
            return _("Your move: a code like {code}, a tile number, d to buy, or q to quit > ", code=code)
        return _("Your move: a code like {code}, a tile number, or q to quit > ", code=code)
    if choices.draw is not None:
        return _("d to draw (or enter), q to quit > ")
    return _("p to pass (or enter), q to quit > ")


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
        news, self.news = self.news, ""
        focus: int | None = None

        def read(text: str) -> Move | Rejected | Quit:
            nonlocal focus
            answer = interpret(text, observation, self.game.parse_move, focus, choices)
            if not isinstance(answer, Focus):
                return answer
            focus = answer.number
            if not self.terminal.live:  # a transcript lists the tile's places only, not the whole table
                for line in focus_lines(observation, focus, self.glyphs, self.game.round.placement_bonus):
                    self.terminal.console.print(line)
            return Rejected("")

        return self._read_move(
            lambda message: self._table(observation, message, focus, news=news),
            lambda: prompt(observation, choices, focus),
            read,
        )

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
                self.news = _("You drew {tile}{points}.", tile=str(drawn[0]), points=self._points(event))
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
            return _("{player} played {placement}", player=name, placement=placed_text(event))
        # TRANSLATORS: {points} is empty or the points in brackets, with a space before: " (-5)".
        if kind is EventKind.DRAW and player == HUMAN and drawn:
            return _("{player} drew {tile}{points}", player=name, tile=str(drawn[0]), points=points)
        if kind is EventKind.DRAW:
            return _("{player} drew a tile{points}", player=name, points=points)
        if kind is EventKind.PASS:
            return _("{player} passed{points}", player=name, points=points)
        if kind is EventKind.TIMEOUT:
            return _("{player} ran out of time", player=name)
        if kind is EventKind.GOING_OUT:
            # TRANSLATORS: {reason} names a bonus in the rule sheet's words (kept in English for now).
            said = ", ".join(
                _("{points} {reason}", points=signed(item.points, self.glyphs), reason=reason_text(item.reason))
                for item in event.items
            )
            return _("{player} went out: {items}", player=name, items=said)
        if kind is EventKind.BLOCKED:
            if name == _("You"):
                return _(
                    "The round is blocked: You score {points}, the others' tiles less your own", points=event.points
                )
            return _(
                "The round is blocked: {player} scores {points}, the others' tiles less their own",
                player=name,
                points=event.points,
            )
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
                self.terminal.ask(_("Press enter for the final scores > "))
            return
        if self.terminal.ask(_("Press enter for the next round (q to quit) > ")).strip().lower() in QUIT_WORDS:
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
