"""``bonepile play dominoes``: you against AI players at a Dominoes table in the terminal.

The loop asks the engine everything: whose turn it is, what is legal, what a
move does, who scored. What it adds is the conversation: reading a tile number
(or full notation) against the player's observation, asking for the end when a
tile fits several (``l``/``r`` on a line, ``w``/``e``/``n``/``s`` once a spinner
has four arms), showing AI moves one at a time, and saving the record after
every move.
"""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Callable
from dataclasses import dataclass

from rich.console import RenderableType

from bonepile.cli.render_dominoes import (
    ASCII,
    HUMAN,
    UNICODE,
    Glyphs,
    TableView,
    move_line,
    playable_numbers,
    render_game_over,
    render_hand_summary,
    render_table,
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
)
from bonepile.dominoes import (
    DRAW,
    PASS,
    AmbiguousMoveError,
    End,
    Game,
    HandOutcome,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    MoveKind,
    Observation,
    Tile,
)
from bonepile.dominoes import Hand as DominoesHand
from bonepile.games import game_info
from bonepile.i18n import _

LOG_LINES = 4
"""How many recent turns the live screen lists under the table."""

_ENDS = {
    word: End.parse(word) for word in ("l", "left", "w", "west", "r", "right", "e", "east", "n", "north", "s", "south")
}
"""The words for an end: the line's left and right, or by the compass once a spinner has four arms."""


def compass(observation: Observation) -> bool:
    """Whether the ends go by the compass: the spinner's north and south ends are open (four arms)."""
    return any(end is End.NORTH for end, _ in observation.open_ends)


def end_label(end: End, observation: Observation) -> tuple[str, str]:
    """What the screen calls ``end``: (its letter, its name): l/left and r/right, or w/west, e/east, n, s."""
    names = {End.LEFT: "west", End.RIGHT: "east"} if compass(observation) else {}
    name = names.get(end, end.value)
    return name[0], name  # notation: the words the player types


@dataclass(frozen=True, slots=True)
class ChooseEnd:
    """The tile fits several open ends where the choice matters (D4): the player has to say which."""

    tile: Tile
    moves: dict[End, Move]


Answer = Move | ChooseEnd | Rejected | Quit


def what_to_do(observation: Observation) -> str:
    """A few words telling the player which answers would be accepted now."""
    legal = observation.legal_moves
    if legal and legal[0].kind is MoveKind.DRAW:
        return _("no tile fits, d to draw")
    if legal and legal[0].kind is MoveKind.PASS:
        return _("no tile fits, p to pass")
    # TRANSLATORS: {numbers} lists the numbers of the player's tiles that fit ("1, 3 or 5").
    return _("you can play {numbers}", numbers=numbers_text(playable_numbers(observation)))


def interpret(text: str, observation: Observation, parse: Callable[[str], Move]) -> Answer:
    """Read the player's answer against their observation.

    Accepts a tile number (``3``, ``3 l``), the full notation (``6-4 right``,
    ``6-4``), ``d``/``draw``, ``p``/``pass``, enter for the only draw or pass,
    and ``q``. ``parse`` is the engine's reading of notation (``Game.parse_move``);
    its error messages are never shown, because they describe the whole
    position, hidden tiles included.
    """
    words = text.strip().lower().split()
    legal = observation.legal_moves
    if not words:
        if len(legal) == 1 and not legal[0].is_play:
            return legal[0]
        return Rejected(_("choose a tile: {hint}", hint=what_to_do(observation)))
    if len(words) == 1 and words[0] in QUIT_WORDS:
        return Quit()
    if len(words) == 1 and words[0] in ("d", "draw", "p", "pass"):
        return _draw_or_pass(DRAW if words[0].startswith("d") else PASS, observation)
    if len(words) > 2 or (len(words) == 2 and words[1] not in _ENDS):
        return Rejected(_("{text} is not a move: {hint}", text=repr(text.strip()), hint=what_to_do(observation)))
    end = _ENDS[words[1]] if len(words) == 2 else None
    if words[0].isdigit():
        number = int(words[0])
        if not 1 <= number <= len(observation.hand):
            return Rejected(
                _(
                    "there is no tile {number}: your tiles are numbered 1 to {count}",
                    number=number,
                    count=len(observation.hand),
                )
            )
        return _tile_answer(observation.hand[number - 1], end, observation)
    try:
        return parse(words[0] if end is None else f"{words[0]} {end.value}")
    except InvalidMoveError:
        return Rejected(_("{text} is not a move: {hint}", text=repr(text.strip()), hint=what_to_do(observation)))
    except (AmbiguousMoveError, IllegalMoveError):
        tile = Tile.parse(words[0])  # the notation was read, so the tile is well formed
    if tile not in observation.hand:
        return Rejected(_("you do not hold {tile}: {hint}", tile=str(tile), hint=what_to_do(observation)))
    return _tile_answer(tile, end, observation)


def _draw_or_pass(move: Move, observation: Observation) -> Answer:
    if move in observation.legal_moves:
        return move
    if move is DRAW:
        return Rejected(_("you cannot draw now: {hint}", hint=what_to_do(observation)))
    return Rejected(_("you cannot pass now: {hint}", hint=what_to_do(observation)))


def _tile_answer(tile: Tile, end: End | None, observation: Observation) -> Answer:
    """The move for ``tile`` (at ``end`` if given), a question about the end, or why it cannot be played."""
    moves = {move.end: move for move in observation.legal_moves if move.tile is tile}
    if not moves:
        return Rejected(_("{tile} does not fit: {hint}", tile=str(tile), hint=what_to_do(observation)))
    if len(moves) == 1:
        (only_end, move), *_others = moves.items()
        if end is None or only_end is None or only_end is end:
            return move
        # TRANSLATORS: {end} is an end in notation (left, right, north, south).
        return Rejected(_("{tile} fits only the {end} end: type its number alone", tile=str(tile), end=str(only_end)))
    if end is not None:
        if end in moves:
            return moves[end]
        names = numbers_text([end_label(e, observation)[1] for e in moves if e is not None])
        # TRANSLATORS: {ends} lists ends in notation ("left or right"), {end} the one the player typed.
        return Rejected(
            _("{tile} goes {ends} here, not {end}", tile=str(tile), ends=names, end=end_label(end, observation)[1])
        )
    return ChooseEnd(tile, {e: m for e, m in moves.items() if e is not None})


def end_choices(choice: ChooseEnd, observation: Observation) -> str:
    """The ends a tile may go to, for the question: 'l = left (4), r = right (1)'."""
    numbers = dict(observation.open_ends)
    parts = []
    for end in choice.moves:
        letter, name = end_label(end, observation)
        # TRANSLATORS: one answer to "which end?": {letter} to type, {end} the end (notation), {number} its pips.
        parts.append(_("{letter} = {end} ({number})", letter=letter, end=name, number=numbers[end]))
    return ", ".join(parts)


def interpret_end(text: str, choice: ChooseEnd, observation: Observation) -> Move | Quit | Rejected | None:
    """The answer to 'which end?': a move, quit, a complaint, or None to choose another tile."""
    word = text.strip().lower()
    if word in ("", "c", "cancel"):
        return None
    if word in QUIT_WORDS:
        return Quit()
    if word in _ENDS and _ENDS[word] in choice.moves:
        return choice.moves[_ENDS[word]]
    return Rejected(_("answer {choices} (enter to choose another tile)", choices=end_choices(choice, observation)))


def prompt(observation: Observation) -> str:
    legal = observation.legal_moves
    if legal and legal[0].kind is MoveKind.DRAW:
        return _("d to draw (or enter), q to quit > ")
    if legal and legal[0].kind is MoveKind.PASS:
        return _("p to pass (or enter), q to quit > ")
    return _("Your move: a tile number 1-{count}, or q to quit > ", count=len(observation.hand))


def run(args: argparse.Namespace) -> int:
    """Build the game and the players from the command line, then play."""
    seed = choose_seed(args.seed)
    game = Game.new(args.preset or game_info("dominoes").default_preset, args.players, seed)
    names, agents = seat_players("dominoes", game.num_players, seed, args.name, args.opponent)
    table = DominoesTable(game, names, agents, Terminal.standard(), RecordFile(args.record), max(0.0, args.delay))
    return table.play()


class DominoesTable(TerminalTable[Game, Observation, Move, Glyphs]):
    """One game at the terminal: the person at seat 0 and an agent in every other seat."""

    glyph_sets = (UNICODE, ASCII)
    deal_word = game_info("dominoes").deal_word
    glyphs: Glyphs

    # ----------------------------------------------------------------- turns

    def _human_move(self) -> Move:
        observation = self.game.observation(HUMAN)

        def read(text: str) -> Move | Rejected | Quit:
            answer = interpret(text, observation, self.game.parse_move)
            if not isinstance(answer, ChooseEnd):
                return answer
            chosen = self._ask_end(answer, observation)
            return Rejected("") if chosen is None else chosen  # None: another tile after all

        return self._read_move(lambda message: self._table(observation, message), lambda: prompt(observation), read)

    def _ask_end(self, choice: ChooseEnd, observation: Observation) -> Move | Quit | None:
        choices = end_choices(choice, observation)
        if len(choice.moves) == 2:
            question = _("{tile} fits both ends: {choices} > ", tile=str(choice.tile), choices=choices)
        else:
            question = _(
                "{tile} fits {count} ends: {choices} > ",
                tile=str(choice.tile),
                count=len(choice.moves),
                choices=choices,
            )
        while True:
            answer = interpret_end(self.terminal.ask(question), choice, observation)
            if not isinstance(answer, Rejected):
                return answer
            self.terminal.say(answer.message, "bold red")

    def _apply(self, player: int, move: Move) -> None:
        hand = self.game.hand  # kept: once the move ends the hand, the game deals the next one
        you_draw = player == HUMAN and move is DRAW
        held = set(hand.observation(HUMAN).hand) if you_draw else set()
        outcome = self.game.play(move, player=player)
        self._save()
        if you_draw:  # the drawn tile is news only to the one who drew it
            drawn = " ".join(str(tile) for tile in set(hand.observation(HUMAN).hand) - held)
            self._note(_("{player} drew {tile}", player=self.names[player], tile=drawn))
        else:
            self._note(move_line(self.names[player], move))
        if outcome is not None:
            self._hand_over(hand, outcome)

    # ----------------------------------------------------------------- screens

    def _hand_over(self, hand: DominoesHand, outcome: HandOutcome) -> None:
        game = self.game
        number = len(game.hand_summaries)
        rules = game.rules
        # The table as the hand ended: the game has moved on to the next deal, the finished hand has not.
        final = hand.observation(HUMAN, scores=game.scores, hand_number=number)
        self.terminal.show(
            self._table(final, log=False),
            render_hand_summary(outcome, number, rules, self.names, game.scores, self.glyphs),
        )
        if game.is_over:
            with contextlib.suppress(InputEnded):  # the game is finished and saved: the scores follow anyway
                self.terminal.ask(_("Press enter for the final scores > "))
            return
        if self.terminal.ask(_("Press enter for the next hand (q to quit) > ")).strip().lower() in QUIT_WORDS:
            raise QuitGame

    def _game_over(self) -> None:
        game = self.game
        assert game.outcome is not None
        path = str(self.record.path) if self.record.path else None
        self.terminal.show(
            render_game_over(game.outcome, game.hand_summaries, game.rules, self.names, game.seed, path, self.glyphs)
        )

    def _table(self, observation: Observation, message: str = "", *, log: bool = True) -> RenderableType:
        view = TableView(
            observation,
            self.names,
            self.game.seed,
            log_lines=LOG_LINES if self.terminal.live and log else 0,
            message=message,
            glyphs=self.glyphs,
        )
        return render_table(view)
