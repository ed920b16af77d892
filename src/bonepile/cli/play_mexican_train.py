"""``bonepile play mexican-train``: you against AI players at a Mexican Train table in the terminal.

The screen is drawn from the person's observation only (M9): the hub and its
engine, then every train as a row (its name, whose it is, its marker when it
is open, its tiles from the hub out and its open end), the doubles that wait
to be covered, the other players' tile counts, and your tiles, numbered. A
move is a tile number (``3``), then a train chosen by name when the tile goes
on several (``mine``, ``mexican``, ``@3``, or the owner's name), or all at once
(``3 mexican``, ``12-5 @3``); ``d`` draws, ``p`` passes, ``q`` quits. The loop
asks the engine everything else: what is legal, what a move does, who went out.
"""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from bonepile.ai import Agent, make_agent
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
)
from bonepile.core.errors import BonepileError
from bonepile.core.seeds import seat_seed as agent_seed
from bonepile.games import game_info
from bonepile.mexican_train import (
    DRAW,
    MEXICAN,
    MINE,
    PASS,
    Game,
    GameOutcome,
    InvalidMoveError,
    Move,
    MoveKind,
    Observation,
    Round,
    RoundSummary,
    Tile,
    TrainView,
    parse_train,
)

HUMAN = 0
"""The seat of the person at the keyboard; the AI players sit after them."""
GAME = "mexican-train"
LOG_LINES = 5
"""How many recent moves the live screen lists under the table."""

PLAYABLE_STYLE = "bold green"
WAITING_STYLE = "bold red"
YOURS_STYLE = "bold cyan"
MEXICAN_STYLE = "bold yellow"


@dataclass(frozen=True, slots=True)
class Glyphs:
    """The few non-ASCII characters the table uses, with ASCII stand-ins for terminals that lack them."""

    marker: str
    arrow: str
    dot: str
    none: str
    more: str


UNICODE = Glyphs(marker="⚑ open", arrow="→", dot=" · ", none="—", more="…")
ASCII = Glyphs(marker="[open]", arrow="->", dot=" - ", none="-", more="~")


# ----------------------------------------------------------------- words


def train_name(owner: int | None, names: Sequence[str], viewer: int = HUMAN) -> str:
    """A train as the table names it: "the Mexican Train", "your train", "AI 2's train"."""
    if owner is None:
        return "the Mexican Train"
    return "your train" if owner == viewer else f"{names[owner]}'s train"


def train_word(owner: int | None, viewer: int = HUMAN) -> str:
    """A train's word in a move: ``mexican``, ``mine``, ``@3``."""
    if owner is None:
        return MEXICAN
    return MINE if owner == viewer else f"@{owner + 1}"


def owner_of(move: Move, player: int) -> int | None:
    """The seat whose train a play goes on (``mine`` is the player's own), or None for the Mexican Train."""
    if move.train == MEXICAN:
        return None
    if move.train == MINE:
        return player
    assert isinstance(move.train, int)
    return move.train


def move_words(name: str, move: Move, player: int, names: Sequence[str]) -> str:
    """A move in words: "AI 1 played 12-5 on the Mexican Train", "You drew a tile", "AI 2 passed"."""
    if move.kind is MoveKind.DRAW:
        return f"{name} drew a tile"
    if move.kind is MoveKind.PASS:
        return f"{name} passed"
    owner = owner_of(move, player)
    if owner is None:
        where = "the Mexican Train"
    elif owner == HUMAN:
        where = "your train"
    elif owner == player:
        where = "their own train"
    else:
        where = f"{names[owner]}'s train"
    return f"{name} played {move.tile} on {where}"


def playable(observation: Observation) -> list[int]:
    """The numbers (from 1) of the tiles in hand that have a legal move."""
    tiles = {move.tile for move in observation.legal_moves if move.tile is not None}
    return [number for number, tile in enumerate(observation.hand, start=1) if tile in tiles]


def what_to_do(observation: Observation) -> str:
    legal = observation.legal_moves
    if legal and legal[0].kind is MoveKind.DRAW:
        return "nothing fits, d to draw"
    if legal and legal[0].kind is MoveKind.PASS:
        return "the tile drawn fits nowhere, p to pass"
    return f"you can play {numbers_text(playable(observation))}"


def waiting_words(observation: Observation, names: Sequence[str]) -> list[str]:
    """M6: the doubles waiting to be covered, oldest first; the first is for the player to move, now."""
    lines = []
    for index, (tile, where) in enumerate(observation.waiting_doubles):
        owner = None if where == MEXICAN else int(where)
        on = train_name(owner, names)
        if index == 0 and observation.to_move is not None:
            who = "you" if observation.to_move == HUMAN else names[observation.to_move]
            lines.append(f"the {tile} on {on} waits: {who} must cover it")
        else:
            lines.append(f"the {tile} on {on} waits to be covered next")
    return lines


# ----------------------------------------------------------------- the answers


@dataclass(frozen=True, slots=True)
class ChooseTrain:
    """The tile goes on several trains: the player has to say which (by name)."""

    tile: Tile
    moves: dict[int | None, Move]
    """By owner (None: the Mexican Train)."""


Answer = Move | ChooseTrain | Rejected | Quit


def read_train(word: str, names: Sequence[str], players: int) -> int | Rejected | None:
    """A train by its name: ``mine`` / ``m``, ``mexican`` / ``x``, ``@3``, a seat number, or an owner's name."""
    word = word.strip().lower()
    if word in ("m", "me", "my", "mine", "you"):
        return HUMAN
    if word in ("x", "mex", "mexican"):
        return None
    if word.isdigit() and 1 <= int(word) <= players:
        return int(word) - 1
    with contextlib.suppress(InvalidMoveError):
        train = parse_train(word)
        if isinstance(train, int) and train < players:
            return train
    matches = [seat for seat, name in enumerate(names) if name.lower() == word or name.lower().startswith(word)]
    if len(matches) == 1:
        return matches[0]
    return Rejected(f"{word!r} is no train: say mine, mexican, or a player's @number")


def interpret(text: str, observation: Observation, names: Sequence[str]) -> Answer:
    """Read the player's answer: a tile number or tile (``3``, ``12-5``), optionally with its train
    (``3 mexican``, ``12-5 @2``, ``3 x``), ``d``/``p``, enter for the only draw or pass, ``q``."""
    words = text.strip().lower().split()
    legal = observation.legal_moves
    if not words:
        if len(legal) == 1 and not legal[0].is_play:
            return legal[0]
        return Rejected(f"choose a tile: {what_to_do(observation)}")
    if len(words) == 1 and words[0] in QUIT_WORDS:
        return Quit()
    if len(words) == 1 and words[0] in ("d", "draw", "p", "pass"):
        move = DRAW if words[0].startswith("d") else PASS
        if move in legal:
            return move
        return Rejected(f"you cannot {move} now: {what_to_do(observation)}")
    if len(words) > 2:
        return Rejected(f"{text.strip()!r} is not a move: {what_to_do(observation)}")
    first = words[0]
    if first.isdigit():
        number = int(first)
        if not 1 <= number <= len(observation.hand):
            return Rejected(f"there is no tile {number}: your tiles are numbered 1 to {len(observation.hand)}")
        tile = observation.hand[number - 1]
    else:
        try:
            tile = Tile.parse(first)
        except InvalidMoveError:
            return Rejected(f"{text.strip()!r} is not a move: {what_to_do(observation)}")
        if tile not in observation.hand:
            return Rejected(f"you do not hold {tile}: {what_to_do(observation)}")
    moves = {owner_of(move, HUMAN): move for move in legal if move.tile == tile}
    if not moves:
        return Rejected(f"{tile} fits no train open to you: {what_to_do(observation)}")
    if len(words) == 2:
        owner = read_train(words[1], names, observation.rules.players)
        if isinstance(owner, Rejected):
            return owner
        if owner in moves:
            return moves[owner]
        where = numbers_text([train_word(o) for o in moves])
        return Rejected(f"{tile} goes on {where} here, not on {train_name(owner, names)}")
    if len(moves) == 1:
        return next(iter(moves.values()))
    return ChooseTrain(tile, moves)


def train_choices(choice: ChooseTrain, names: Sequence[str]) -> str:
    """'mine = your train, mexican = the Mexican Train, @3 = AI 2's train'."""
    return ", ".join(f"{train_word(owner)} = {train_name(owner, names)}" for owner in choice.moves)


def interpret_train(
    text: str, choice: ChooseTrain, names: Sequence[str], players: int
) -> Move | Quit | Rejected | None:
    """The answer to 'which train?': a move, quit, a complaint, or None to choose another tile."""
    word = text.strip().lower()
    if word in ("", "c", "cancel"):
        return None
    if word in QUIT_WORDS:
        return Quit()
    owner = read_train(word, names, players)
    if not isinstance(owner, Rejected) and owner in choice.moves:
        return choice.moves[owner]
    return Rejected(f"answer {train_choices(choice, names)} (enter to choose another tile)")


def prompt(observation: Observation) -> str:
    legal = observation.legal_moves
    if legal and legal[0].kind is MoveKind.DRAW:
        return "d to draw (or enter), q to quit > "
    if legal and legal[0].kind is MoveKind.PASS:
        return "p to pass (or enter), q to quit > "
    return f"Your move: a tile number 1-{len(observation.hand)} (and a train), or q to quit > "


# ----------------------------------------------------------------- the screen


def header(observation: Observation, seed: int, glyphs: Glyphs) -> Group:
    """Two lines: the game (its preset, the table, the seed), then the round, its engine and the boneyard."""
    rules = observation.rules
    game = glyphs.dot.join(["Mexican Train", rules.preset, f"{rules.players} players", f"seed {seed}"])
    round_ = glyphs.dot.join(
        [
            f"Round {observation.round_number} of {rules.rounds}",
            f"engine {observation.engine}",
            f"boneyard {observation.boneyard_size}",
        ]
    )
    return Group(Text(game, style="bold"), Text(round_, style="bold"))


def train_row(train: TrainView, observation: Observation, names: Sequence[str], glyphs: Glyphs) -> list[Text]:
    """One train as a row: its word, whose it is and its marker, its tiles from the hub out, its open end."""
    owner = train.owner
    waiting = {None if where == MEXICAN else int(where) for _, where in observation.waiting_doubles}
    if owner is None:
        who = Text("Mexican Train", style=MEXICAN_STYLE)
    elif owner == HUMAN:
        who = Text("your train", style=YOURS_STYLE)
    else:
        who = Text(f"{names[owner]}")
    if train.marked:
        who.append(f" {glyphs.marker}", style="bold")
    tiles = Text(" ".join(f"{a}-{b}" for a, b in train.tiles) if train.tiles else glyphs.none)
    end = Text(f"{glyphs.arrow} {train.open_end}", style=WAITING_STYLE if owner in waiting and train.tiles else "bold")
    if owner in waiting and train.tiles:
        end.append(" double!", style=WAITING_STYLE)
    return [Text(train_word(owner)), who, tiles, end]


def trains_table(observation: Observation, names: Sequence[str], glyphs: Glyphs) -> Table:
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True)
    grid.add_column(no_wrap=True)
    grid.add_column(overflow="fold")
    grid.add_column(no_wrap=True)
    grid.add_row(
        Text("hub", style="bold"), Text(f"engine {observation.engine}", style="bold magenta"), Text(""), Text("")
    )
    trains = list(observation.trains)
    # The Mexican Train first, then yours, then the others in seat order.
    ordered = [trains[-1], trains[HUMAN], *(t for t in trains[:-1] if t.owner != HUMAN)]
    for train in ordered:
        grid.add_row(*train_row(train, observation, names, glyphs))
    return grid


def players_grid(observation: Observation, names: Sequence[str]) -> Table:
    """The other players, one a row: name, tile count, total (the one to move in yellow)."""
    grid = Table.grid(padding=(0, 2))
    for _ in range(3):
        grid.add_column(no_wrap=True)
    for seat, name in enumerate(names):
        if seat == HUMAN:
            continue
        style = "bold yellow" if observation.to_move == seat else ""
        count = observation.tile_counts[seat]
        tiles = f"{count} tile{'s' if count != 1 else ''}"
        grid.add_row(Text(name, style=style), Text(tiles), Text(f"total {observation.scores[seat]}"))
    return grid


def hand_rows(observation: Observation) -> Group:
    can = set(playable(observation))
    numbers = Text()
    tiles = Text()
    for number, tile in enumerate(observation.hand, start=1):
        text = str(tile)
        style = PLAYABLE_STYLE if number in can else ("dim" if observation.legal_moves else "")
        numbers.append(f"{number:>{len(text)}} ")
        tiles.append(text + " ", style=style)
    return Group(numbers, tiles)


def recent(observation: Observation, names: Sequence[str], count: int) -> list[str]:
    if count <= 0:
        return []
    lines = []
    for event in observation.events[-count:]:
        text = move_words(names[event.player], event.move, event.player, names)
        if event.marker_out:
            text += " (marker out)"
        if event.marker_off:
            text += " (marker off)"
        lines.append(text)
    return lines


def render_table(
    observation: Observation, names: Sequence[str], seed: int, glyphs: Glyphs, message: str = "", log: int = 0
) -> RenderableType:
    parts: list[RenderableType] = [header(observation, seed, glyphs), players_grid(observation, names)]
    parts.append(Panel(trains_table(observation, names, glyphs), title="the hub and the trains", title_align="left"))
    for line in waiting_words(observation, names):
        parts.append(Text(line, style=WAITING_STYLE))
    if observation.plays_again:
        parts.append(Text("a double was laid: the same player plays again", style="bold"))
    for line in recent(observation, names, log):
        parts.append(Text(line, style="dim"))
    parts.append(Text(f"Your tiles (total {observation.scores[HUMAN]}):", style="bold"))
    parts.append(hand_rows(observation))
    if observation.to_move == HUMAN:
        parts.append(Text(f"your turn, {what_to_do(observation)}", style="bold"))
    if message:
        parts.append(Text(message, style="bold red"))
    return Group(*parts)


def render_round_summary(summary: RoundSummary, rounds: int, names: Sequence[str]) -> RenderableType:
    """M7: the round's end: who went out (or that it was blocked), every hand face up, the pips, the totals."""
    if summary.winner is not None:
        who = names[summary.winner]
        headline = f"Round {summary.number} of {rounds} (engine {summary.engine}): {who} went out"
    else:
        headline = f"Round {summary.number} of {rounds} (engine {summary.engine}): blocked, nobody went out"
    table = Table(title=headline, title_justify="left", show_edge=False)
    table.add_column("player")
    table.add_column("left in hand")
    table.add_column("pips", justify="right")
    table.add_column("total", justify="right")
    for seat, name in enumerate(names):
        hand = " ".join(str(tile) for tile in summary.hands[seat]) or "went out"
        table.add_row(name, hand, str(summary.points[seat]), str(summary.scores[seat]))
    return table


def render_game_over(
    outcome: GameOutcome, summaries: Sequence[RoundSummary], names: Sequence[str], seed: int, path: str | None
) -> RenderableType:
    """M8: the score sheet (a row per round, a column per player) and the winner: the lowest total."""
    sheet = Table(title="Game over: the score sheet", title_justify="left")
    sheet.add_column("round")
    order = sorted(range(len(names)), key=lambda seat: (outcome.scores[seat], seat))
    for seat in order:
        sheet.add_column(names[seat], justify="right")
    for summary in summaries:
        sheet.add_row(f"{summary.number} ({summary.engine})", *(str(summary.points[seat]) for seat in order))
    sheet.add_row("total", *(str(outcome.scores[seat]) for seat in order), style="bold")
    winners = sorted(outcome.winners)
    who = " and ".join(names[seat] for seat in winners)
    best = outcome.scores[winners[0]]
    verb = "win" if len(winners) > 1 or who == "You" else "wins"
    lines: list[RenderableType] = [sheet, Text(f"{who} {verb} with the lowest total, {best} pips.", style="bold")]
    if path:
        lines.append(Text(f"The record is saved in {path}."))
    lines.append(Text(f"Seed {seed}: play it again with --seed {seed}."))
    return Group(*lines)


# ----------------------------------------------------------------- the table


def seat_players(players: int, seed: int, name: str | None, opponent: str) -> tuple[list[str], dict[int, Agent], str]:
    """The person at seat 0 and an agent in every other seat; an agent that does not play Mexican Train
    yet gives way to ``random`` (the third answer says which agent plays)."""
    try:
        make_agent(opponent, GAME, 0)
    except BonepileError:
        opponent = "random"
    names = [(name or "").strip() or "You"] + [f"AI {seat} ({opponent})" for seat in range(1, players)]
    agents = {seat: make_agent(opponent, GAME, agent_seed(seed, seat)) for seat in range(1, players)}
    return names, agents, opponent


def run(args: argparse.Namespace) -> int:
    """Build the game and the players from the command line, then play."""
    seed = choose_seed(args.seed)
    game = Game.new(args.preset or game_info(GAME).default_preset, args.players, seed)
    names, agents, playing = seat_players(game.num_players, seed, args.name, args.opponent)
    terminal = Terminal.standard()
    if playing != args.opponent:
        terminal.say(f"The {args.opponent} AI does not play Mexican Train yet: {playing} plays the other seats.")
    table = MexicanTrainTable(game, names, agents, terminal, RecordFile(args.record), max(0.0, args.delay))
    return table.play()


class MexicanTrainTable(TerminalTable[Game, Observation, Move, Glyphs]):
    """One game at the terminal: the person at seat 0 and an agent in every other seat."""

    glyph_sets = (UNICODE, ASCII)
    deal_word = game_info(GAME).deal_word
    glyphs: Glyphs

    def _human_move(self) -> Move:
        observation = self.game.observation(HUMAN)
        message = ""
        shown = False
        while True:
            if self.terminal.live or not shown:
                self.terminal.show(self._table(observation, message))
                shown = True
            elif message:
                self.terminal.say(message, "bold red")
            answer = interpret(self.terminal.ask(prompt(observation)), observation, self.names)
            if isinstance(answer, ChooseTrain):
                chosen = self._ask_train(answer, observation)
                if chosen is None:
                    message = ""
                    continue
                answer = chosen
            if isinstance(answer, Quit):
                raise QuitGame
            if isinstance(answer, Rejected):
                message = answer.message
                continue
            assert not isinstance(answer, ChooseTrain)
            return answer

    def _ask_train(self, choice: ChooseTrain, observation: Observation) -> Move | Quit | None:
        question = f"{choice.tile} goes on {len(choice.moves)} trains: {train_choices(choice, self.names)} > "
        while True:
            answer = interpret_train(self.terminal.ask(question), choice, self.names, observation.rules.players)
            if not isinstance(answer, Rejected):
                return answer
            self.terminal.say(answer.message, "bold red")

    def _apply(self, player: int, move: Move) -> None:
        round_ = self.game.round  # kept: once the move ends the round, the game deals the next one
        held = set(round_.observation(HUMAN).hand) if player == HUMAN and move is DRAW else set()
        summary = self.game.play(move, player=player)
        self._save()
        said = move_words(self.names[player], move, player, self.names)
        if held:  # the drawn tile is news only to the one who drew it
            drawn = set(round_.observation(HUMAN).hand) - held
            said = f"{self.names[player]} drew " + " ".join(str(tile) for tile in drawn)
        last = round_.events[-1] if round_.events else None
        if last is not None and last.marker_out:
            said += " (marker out)"
        self._note(said)
        if summary is not None:
            self._round_over(round_, summary)

    def _round_over(self, round_: Round, summary: RoundSummary) -> None:
        game = self.game
        final = round_.observation(HUMAN, scores=summary.scores, deal_number=summary.number)
        self.terminal.show(self._table(final, log=False), render_round_summary(summary, game.rules.rounds, self.names))
        if game.is_over:
            with contextlib.suppress(InputEnded):
                self.terminal.ask("Press enter for the score sheet > ")
            return
        if self.terminal.ask("Press enter for the next round (q to quit) > ").strip().lower() in QUIT_WORDS:
            raise QuitGame

    def _game_over(self) -> None:
        game = self.game
        assert game.outcome is not None
        outcome = game.outcome
        path = str(self.record.path) if self.record.path else None
        self.terminal.show(render_game_over(outcome, game.round_summaries, self.names, game.seed, path))

    def _table(self, observation: Observation, message: str = "", *, log: bool = True) -> RenderableType:
        lines = LOG_LINES if self.terminal.live and log else 0
        return render_table(observation, self.names, self.game.seed, self.glyphs, message, lines)
