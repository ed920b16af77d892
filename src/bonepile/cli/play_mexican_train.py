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
from bonepile.i18n import N_, _, n_, p_
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


# TRANSLATORS: the marker of a personal train open to everyone (M5), after the train's owner.
UNICODE = Glyphs(marker=N_("⚑ open"), arrow="→", dot=" · ", none="—", more="…")
# TRANSLATORS: the marker of a personal train open to everyone (M5), for terminals without the flag sign.
ASCII = Glyphs(marker=N_("[open]"), arrow="->", dot=" - ", none="-", more="~")


# ----------------------------------------------------------------- words


def train_name(owner: int | None, names: Sequence[str], viewer: int = HUMAN) -> str:
    """A train as the table names it: "the Mexican Train", "your train", "AI 2's train" (a label, not in a sentence)."""
    if owner is None:
        return _("the Mexican Train")
    # TRANSLATORS: a personal train, named by its owner; {player} is a name.
    return _("your train") if owner == viewer else _("{player}'s train", player=names[owner])


def is_you(name: str) -> bool:
    """Whether ``name`` is the person at the keyboard under the default name ("You"), who has sentences of their own."""
    return name == _("You")


def and_text(names: Sequence[str]) -> str:
    """'Ann', 'Ann and Bo', 'Ann and Bo and Cy': names joined as the game's end joins them."""
    said = names[0] if names else ""
    for name in names[1:]:
        said = _("{first} and {second}", first=said, second=name)
    return said


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
    you = is_you(name)
    if move.kind is MoveKind.DRAW:
        return _("You drew a tile") if you else _("{player} drew a tile", player=name)
    if move.kind is MoveKind.PASS:
        return _("You passed") if you else _("{player} passed", player=name)
    owner = owner_of(move, player)
    tile = str(move.tile)
    if you:
        if owner is None:
            return _("You played {tile} on the Mexican Train", tile=tile)
        if owner == HUMAN:
            return _("You played {tile} on your train", tile=tile)
        # TRANSLATORS: {owner} is the name of the player whose personal train it is.
        return _("You played {tile} on {owner}'s train", tile=tile, owner=names[owner])
    if owner is None:
        return _("{player} played {tile} on the Mexican Train", player=name, tile=tile)
    if owner == HUMAN:
        return _("{player} played {tile} on your train", player=name, tile=tile)
    if owner == player:
        return _("{player} played {tile} on their own train", player=name, tile=tile)
    # TRANSLATORS: {owner} is the name of the player whose personal train it is.
    return _("{player} played {tile} on {owner}'s train", player=name, tile=tile, owner=names[owner])


def playable(observation: Observation) -> list[int]:
    """The numbers (from 1) of the tiles in hand that have a legal move."""
    tiles = {move.tile for move in observation.legal_moves if move.tile is not None}
    return [number for number, tile in enumerate(observation.hand, start=1) if tile in tiles]


def what_to_do(observation: Observation) -> str:
    legal = observation.legal_moves
    if legal and legal[0].kind is MoveKind.DRAW:
        return _("nothing fits, d to draw")
    if legal and legal[0].kind is MoveKind.PASS:
        return _("the tile drawn fits nowhere, p to pass")
    # TRANSLATORS: {numbers} lists the numbers of the player's tiles that can be played ("1, 3 or 5").
    return _("you can play {numbers}", numbers=numbers_text(playable(observation)))


def waiting_words(observation: Observation, names: Sequence[str]) -> list[str]:
    """M6: the doubles waiting to be covered, oldest first; the first is for the player to move, now."""
    lines = []
    for index, (tile, where) in enumerate(observation.waiting_doubles):
        owner = None if where == MEXICAN else int(where)
        if index == 0 and observation.to_move is not None:
            lines.append(_must_cover(str(tile), owner, observation.to_move, names))
        elif owner is None:
            # TRANSLATORS: {tile} is a double in notation (6-6).
            lines.append(_("the {tile} on the Mexican Train waits to be covered next", tile=str(tile)))
        elif owner == HUMAN:
            lines.append(_("the {tile} on your train waits to be covered next", tile=str(tile)))
        else:
            lines.append(
                _("the {tile} on {owner}'s train waits to be covered next", tile=str(tile), owner=names[owner])
            )
    return lines


def _must_cover(tile: str, owner: int | None, mover: int, names: Sequence[str]) -> str:
    """M6: 'the 6-6 on AI 1's train waits: you must cover it', a sentence for each train and each mover."""
    if mover == HUMAN:
        if owner is None:
            # TRANSLATORS: {tile} is a double in notation (6-6).
            return _("the {tile} on the Mexican Train waits: you must cover it", tile=tile)
        if owner == HUMAN:
            return _("the {tile} on your train waits: you must cover it", tile=tile)
        return _("the {tile} on {owner}'s train waits: you must cover it", tile=tile, owner=names[owner])
    player = names[mover]
    if owner is None:
        return _("the {tile} on the Mexican Train waits: {player} must cover it", tile=tile, player=player)
    if owner == HUMAN:
        return _("the {tile} on your train waits: {player} must cover it", tile=tile, player=player)
    return _(
        "the {tile} on {owner}'s train waits: {player} must cover it", tile=tile, owner=names[owner], player=player
    )


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
    # TRANSLATORS: {word} is what was typed; mine, mexican and @number are move notation, typed as they are.
    return Rejected(_("{word} is no train: say mine, mexican, or a player's @number", word=repr(word)))


def interpret(text: str, observation: Observation, names: Sequence[str]) -> Answer:
    """Read the player's answer: a tile number or tile (``3``, ``12-5``), optionally with its train
    (``3 mexican``, ``12-5 @2``, ``3 x``), ``d``/``p``, enter for the only draw or pass, ``q``."""
    words = text.strip().lower().split()
    legal = observation.legal_moves
    if not words:
        if len(legal) == 1 and not legal[0].is_play:
            return legal[0]
        # TRANSLATORS: {hint} says what the player can do ("you can play 1, 3 or 5").
        return Rejected(_("choose a tile: {hint}", hint=what_to_do(observation)))
    if len(words) == 1 and words[0] in QUIT_WORDS:
        return Quit()
    if len(words) == 1 and words[0] in ("d", "draw", "p", "pass"):
        move = DRAW if words[0].startswith("d") else PASS
        if move in legal:
            return move
        if move is DRAW:
            return Rejected(_("you cannot draw now: {hint}", hint=what_to_do(observation)))
        return Rejected(_("you cannot pass now: {hint}", hint=what_to_do(observation)))
    if len(words) > 2:
        return Rejected(_("{text} is not a move: {hint}", text=repr(text.strip()), hint=what_to_do(observation)))
    first = words[0]
    if first.isdigit():
        number = int(first)
        if not 1 <= number <= len(observation.hand):
            return Rejected(
                _(
                    "there is no tile {number}: your tiles are numbered 1 to {count}",
                    number=number,
                    count=len(observation.hand),
                )
            )
        tile = observation.hand[number - 1]
    else:
        try:
            tile = Tile.parse(first)
        except InvalidMoveError:
            return Rejected(_("{text} is not a move: {hint}", text=repr(text.strip()), hint=what_to_do(observation)))
        if tile not in observation.hand:
            return Rejected(_("you do not hold {tile}: {hint}", tile=str(tile), hint=what_to_do(observation)))
    moves = {owner_of(move, HUMAN): move for move in legal if move.tile == tile}
    if not moves:
        return Rejected(_("{tile} fits no train open to you: {hint}", tile=str(tile), hint=what_to_do(observation)))
    if len(words) == 2:
        owner = read_train(words[1], names, observation.rules.players)
        if isinstance(owner, Rejected):
            return owner
        if owner in moves:
            return moves[owner]
        where = numbers_text([train_word(o) for o in moves])
        # TRANSLATORS: {trains} lists the trains the tile can go on, in notation ("mine or @3").
        if owner is None:
            said = _("{tile} goes on {trains} here, not on the Mexican Train", tile=str(tile), trains=where)
        elif owner == HUMAN:
            said = _("{tile} goes on {trains} here, not on your train", tile=str(tile), trains=where)
        else:
            said = _(
                "{tile} goes on {trains} here, not on {owner}'s train", tile=str(tile), trains=where, owner=names[owner]
            )
        return Rejected(said)
    if len(moves) == 1:
        return next(iter(moves.values()))
    return ChooseTrain(tile, moves)


def train_choices(choice: ChooseTrain, names: Sequence[str]) -> str:
    """'mine = your train, mexican = the Mexican Train, @3 = AI 2's train'."""
    # TRANSLATORS: one choice of train: its word in move notation (mine, mexican, @3) and its name.
    return ", ".join(
        _("{word} = {train}", word=train_word(owner), train=train_name(owner, names)) for owner in choice.moves
    )


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
    # TRANSLATORS: {choices} lists the trains to answer ("mine = your train, mexican = the Mexican Train").
    return Rejected(_("answer {choices} (enter to choose another tile)", choices=train_choices(choice, names)))


def prompt(observation: Observation) -> str:
    legal = observation.legal_moves
    if legal and legal[0].kind is MoveKind.DRAW:
        return _("d to draw (or enter), q to quit > ")
    if legal and legal[0].kind is MoveKind.PASS:
        return _("p to pass (or enter), q to quit > ")
    # TRANSLATORS: the prompt of a turn; {count} is how many tiles the player holds.
    return _("Your move: a tile number 1-{count} (and a train), or q to quit > ", count=len(observation.hand))


# ----------------------------------------------------------------- the screen


def header(observation: Observation, seed: int, glyphs: Glyphs) -> Group:
    """Two lines: the game (its preset, the table, the seed), then the round, its engine and the boneyard."""
    rules = observation.rules
    game = glyphs.dot.join(
        [
            _("Mexican Train"),
            p_("preset", rules.preset),
            n_("{count} player", "{count} players", rules.players),
            _("seed {seed}", seed=str(seed)),
        ]
    )
    round_ = glyphs.dot.join(
        [
            _("Round {number} of {rounds}", number=observation.round_number, rounds=rules.rounds),
            # TRANSLATORS: the engine is the round's starting double's number, on the hub.
            _("engine {engine}", engine=observation.engine),
            # TRANSLATORS: how many tiles are left in the boneyard.
            _("boneyard {count}", count=observation.boneyard_size),
        ]
    )
    return Group(Text(game, style="bold"), Text(round_, style="bold"))


def train_row(train: TrainView, observation: Observation, names: Sequence[str], glyphs: Glyphs) -> list[Text]:
    """One train as a row: its word, whose it is and its marker, its tiles from the hub out, its open end."""
    owner = train.owner
    waiting = {None if where == MEXICAN else int(where) for _tile, where in observation.waiting_doubles}
    if owner is None:
        who = Text(_("Mexican Train"), style=MEXICAN_STYLE)
    elif owner == HUMAN:
        who = Text(_("your train"), style=YOURS_STYLE)
    else:
        who = Text(f"{names[owner]}")
    if train.marked:
        who.append(" " + _(glyphs.marker), style="bold")
    tiles = Text(" ".join(f"{a}-{b}" for a, b in train.tiles) if train.tiles else glyphs.none)
    end = Text(f"{glyphs.arrow} {train.open_end}", style=WAITING_STYLE if owner in waiting and train.tiles else "bold")
    if owner in waiting and train.tiles:
        # TRANSLATORS: after a train's open end: a double lies there, waiting to be covered (M6).
        end.append(" " + _("double!"), style=WAITING_STYLE)
    return [Text(train_word(owner)), who, tiles, end]


def trains_table(observation: Observation, names: Sequence[str], glyphs: Glyphs) -> Table:
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True)
    grid.add_column(no_wrap=True)
    grid.add_column(overflow="fold")
    grid.add_column(no_wrap=True)
    grid.add_row(
        # TRANSLATORS: the hub, where the trains start from the engine (the starting double).
        Text(_("hub"), style="bold"),
        Text(_("engine {engine}", engine=observation.engine), style="bold magenta"),
        Text(""),
        Text(""),
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
    for _column in range(3):
        grid.add_column(no_wrap=True)
    for seat, name in enumerate(names):
        if seat == HUMAN:
            continue
        style = "bold yellow" if observation.to_move == seat else ""
        count = observation.tile_counts[seat]
        tiles = n_("{count} tile", "{count} tiles", count)
        # TRANSLATORS: a player's total of pips over the rounds so far (the lowest wins).
        grid.add_row(Text(name, style=style), Text(tiles), Text(_("total {points}", points=observation.scores[seat])))
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
            text = marker_out(text)
        if event.marker_off:
            # TRANSLATORS: after a move in the log: the player took their marker off their train (M5).
            text = _("{move} (marker off)", move=text)
        lines.append(text)
    return lines


def marker_out(said: str) -> str:
    """A move with the note that its player put out their marker (M5)."""
    # TRANSLATORS: after a move in the log: the player put out their marker, opening their train to all (M5).
    return _("{move} (marker out)", move=said)


def render_table(
    observation: Observation, names: Sequence[str], seed: int, glyphs: Glyphs, message: str = "", log: int = 0
) -> RenderableType:
    parts: list[RenderableType] = [header(observation, seed, glyphs), players_grid(observation, names)]
    title = _("the hub and the trains")
    parts.append(Panel(trains_table(observation, names, glyphs), title=title, title_align="left"))
    for line in waiting_words(observation, names):
        parts.append(Text(line, style=WAITING_STYLE))
    if observation.plays_again:
        parts.append(Text(_("a double was laid: the same player plays again"), style="bold"))
    for line in recent(observation, names, log):
        parts.append(Text(line, style="dim"))
    parts.append(Text(_("Your tiles (total {points}):", points=observation.scores[HUMAN]), style="bold"))
    parts.append(hand_rows(observation))
    if observation.to_move == HUMAN:
        # TRANSLATORS: {hint} says what the player can do ("you can play 1, 3 or 5").
        parts.append(Text(_("your turn, {hint}", hint=what_to_do(observation)), style="bold"))
    if message:
        parts.append(Text(message, style="bold red"))
    return Group(*parts)


def render_round_summary(summary: RoundSummary, rounds: int, names: Sequence[str]) -> RenderableType:
    """M7: the round's end: who went out (or that it was blocked), every hand face up, the pips, the totals."""
    values = {"number": summary.number, "rounds": rounds, "engine": summary.engine}
    if summary.winner is not None and is_you(names[summary.winner]):
        headline = _("Round {number} of {rounds} (engine {engine}): You went out", **values)
    elif summary.winner is not None:
        headline = _(
            "Round {number} of {rounds} (engine {engine}): {player} went out", player=names[summary.winner], **values
        )
    else:
        headline = _("Round {number} of {rounds} (engine {engine}): blocked, nobody went out", **values)
    table = Table(title=headline, title_justify="left", show_edge=False)
    table.add_column(_("player"))
    table.add_column(_("left in hand"))
    table.add_column(_("pips"), justify="right")
    table.add_column(_("total"), justify="right")
    for seat, name in enumerate(names):
        # TRANSLATORS: in the round's summary, instead of the tiles left: the player holds none.
        hand = " ".join(str(tile) for tile in summary.hands[seat]) or p_("hand", "went out")
        table.add_row(name, hand, str(summary.points[seat]), str(summary.scores[seat]))
    return table


def render_game_over(
    outcome: GameOutcome, summaries: Sequence[RoundSummary], names: Sequence[str], seed: int, path: str | None
) -> RenderableType:
    """M8: the score sheet (a row per round, a column per player) and the winner: the lowest total."""
    sheet = Table(title=_("Game over: the score sheet"), title_justify="left")
    # TRANSLATORS: a column of the score sheet: the round's number (and its engine).
    sheet.add_column(p_("column", "round"))
    order = sorted(range(len(names)), key=lambda seat: (outcome.scores[seat], seat))
    for seat in order:
        sheet.add_column(names[seat], justify="right")
    for summary in summaries:
        sheet.add_row(f"{summary.number} ({summary.engine})", *(str(summary.points[seat]) for seat in order))
    sheet.add_row(_("total"), *(str(outcome.scores[seat]) for seat in order), style="bold")
    winners = sorted(outcome.winners)
    who = and_text([names[seat] for seat in winners])
    best = outcome.scores[winners[0]]
    if len(winners) > 1:
        verdict = _("{players} win with the lowest total, {points} pips.", players=who, points=best)
    elif is_you(who):
        verdict = _("You win with the lowest total, {points} pips.", points=best)
    else:
        verdict = _("{player} wins with the lowest total, {points} pips.", player=who, points=best)
    lines: list[RenderableType] = [sheet, Text(verdict, style="bold")]
    if path:
        lines.append(Text(_("The record is saved in {path}.", path=path)))
    lines.append(Text(_("Seed {seed}: play it again with --seed {seed}.", seed=str(seed))))
    return Group(*lines)


# ----------------------------------------------------------------- the table


def seat_players(players: int, seed: int, name: str | None, opponent: str) -> tuple[list[str], dict[int, Agent], str]:
    """The person at seat 0 and an agent in every other seat; an agent that does not play Mexican Train
    yet gives way to ``random`` (the third answer says which agent plays)."""
    try:
        make_agent(opponent, GAME, 0)
    except BonepileError:
        opponent = "random"
    # TRANSLATORS: an AI player's name at the table; {agent} is the agent's name (greedy, ismcts...), kept as it is.
    ai = [_("AI {seat} ({agent})", seat=seat, agent=opponent) for seat in range(1, players)]
    names = [(name or "").strip() or _("You"), *ai]
    agents = {seat: make_agent(opponent, GAME, agent_seed(seed, seat)) for seat in range(1, players)}
    return names, agents, opponent


def run(args: argparse.Namespace) -> int:
    """Build the game and the players from the command line, then play."""
    seed = choose_seed(args.seed)
    game = Game.new(args.preset or game_info(GAME).default_preset, args.players, seed)
    names, agents, playing = seat_players(game.num_players, seed, args.name, args.opponent)
    terminal = Terminal.standard()
    if playing != args.opponent:
        # TRANSLATORS: {agent} and {playing} are agent names (ismcts, random), kept as they are.
        terminal.say(
            _(
                "The {agent} AI does not play Mexican Train yet: {playing} plays the other seats.",
                agent=args.opponent,
                playing=playing,
            )
        )
    table = MexicanTrainTable(game, names, agents, terminal, RecordFile(args.record), max(0.0, args.delay))
    return table.play()


class MexicanTrainTable(TerminalTable[Game, Observation, Move, Glyphs]):
    """One game at the terminal: the person at seat 0 and an agent in every other seat."""

    glyph_sets = (UNICODE, ASCII)
    deal_word = game_info(GAME).deal_word
    glyphs: Glyphs

    def _human_move(self) -> Move:
        observation = self.game.observation(HUMAN)

        def read(text: str) -> Move | Rejected | Quit:
            answer = interpret(text, observation, self.names)
            if not isinstance(answer, ChooseTrain):
                return answer
            chosen = self._ask_train(answer, observation)
            return Rejected("") if chosen is None else chosen  # None: another tile after all

        return self._read_move(lambda message: self._table(observation, message), lambda: prompt(observation), read)

    def _ask_train(self, choice: ChooseTrain, observation: Observation) -> Move | Quit | None:
        # TRANSLATORS: which train? {choices} lists them ("mine = your train, mexican = the Mexican Train").
        question = _(
            "{tile} goes on {count} trains: {choices} > ",
            tile=str(choice.tile),
            count=len(choice.moves),
            choices=train_choices(choice, self.names),
        )
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
            tiles = " ".join(str(tile) for tile in drawn)
            name = self.names[player]
            said = (
                _("You drew {tiles}", tiles=tiles)
                if is_you(name)
                else _("{player} drew {tiles}", player=name, tiles=tiles)
            )
        last = round_.events[-1] if round_.events else None
        if last is not None and last.marker_out:
            said = marker_out(said)
        self._note(said)
        if summary is not None:
            self._round_over(round_, summary)

    def _round_over(self, round_: Round, summary: RoundSummary) -> None:
        game = self.game
        final = round_.observation(HUMAN, scores=summary.scores, deal_number=summary.number)
        self.terminal.show(self._table(final, log=False), render_round_summary(summary, game.rules.rounds, self.names))
        if game.is_over:
            with contextlib.suppress(InputEnded):
                self.terminal.ask(_("Press enter for the score sheet > "))
            return
        if self.terminal.ask(_("Press enter for the next round (q to quit) > ")).strip().lower() in QUIT_WORDS:
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
