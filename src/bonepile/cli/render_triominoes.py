"""How a Tri-Ominos table looks in the terminal: opponents on top, the board as a map of triangles, your tiles below.

Everything here is drawn from one player's ``Observation`` (and, once a round
is over, its public ``RoundSummary``), never from the game itself, so the
screen cannot show a tile the player may not see. Nothing here reads input;
``play_triominoes`` does that. The one model shared with it is ``Choices``:
the turn's legal placements as the screen offers them, each named by a short
code (tile number and place letter, ``3b``), so that what is shown and what
is read back cannot disagree.

The board is drawn on the grid itself: every grid point shows its number once
(T4 makes all the tiles meeting there agree on it), and each placed tile's
edges are drawn between its three points, so up and down triangles read as
triangles and a person sees at a glance which numbers meet where. Columns and
rows are labelled with the engine's place notation (``c7``, ``r2``); empty
places where a tile can go carry their letter.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from bonepile.cli.terminal import header_text, numbers_text
from bonepile.i18n import _, n_, p_
from bonepile.triominoes import (
    DRAW,
    ORIGIN,
    PASS,
    Bonus,
    Event,
    EventKind,
    Move,
    MoveKind,
    Observation,
    Place,
    Reason,
    ScoreItem,
    Termination,
    Tile,
)

HUMAN = 0
"""The seat of the person at the keyboard; the AI players sit clockwise after them."""

TURN_STYLE = "bold yellow"
LAST_STYLE = "bold yellow"
PLACE_STYLE = "bold green"
PLAYABLE_STYLE = "bold green"
UNPLAYABLE_STYLE = "dim"
BONUS_STYLE = "bold yellow"
PENALTY_STYLE = "red"
EDGE_STYLE = "blue"
FREE_STYLE = "dim green"
NUMBER_STYLE = "bold"

BonusOf = Callable[[Move], Bonus | None]
"""Names the bonus of a legal placement: the engine's ``Round.placement_bonus``."""

PLACE_LETTERS = "abcefghijklmnorstuvwxyz"
"""Letters naming the places a tile can go; d, p and q are left out because they are commands."""


@dataclass(frozen=True, slots=True)
class Glyphs:
    """The few non-ASCII characters the screen uses, with ASCII stand-ins for terminals that lack them."""

    flat: str
    rising: str
    falling: str
    last: str
    crowded: str
    minus: str
    dot: str
    none: str
    turn: str
    ellipsis: str
    dash: str


UNICODE = Glyphs(
    flat="─",
    rising="╱",  # noqa: RUF001 (a box-drawing diagonal, meant)
    falling="╲",
    last="◆",
    crowded="•",
    minus="−",  # noqa: RUF001 (a real minus sign, meant)
    dot=" · ",
    none="—",
    turn="▸ ",
    ellipsis="…",
    dash="—",
)
ASCII = Glyphs(
    flat="-",
    rising="/",
    falling="\\",
    last="*",
    crowded="+",
    minus="-",
    dot=" - ",
    none="-",
    turn="> ",
    ellipsis="...",
    dash="-",
)


def place_letter(index: int) -> str:
    """The ``index``-th place's letter: a, b, c, e, … z, then aa, ab, … (never d, p or q alone)."""
    count = len(PLACE_LETTERS)
    if index < count:
        return PLACE_LETTERS[index]
    return PLACE_LETTERS[index // count - 1] + PLACE_LETTERS[index % count]


def score_text(value: int, glyphs: Glyphs = UNICODE) -> str:
    """A score as the screen writes it: a negative one with the same minus as the penalties."""
    return f"{glyphs.minus}{-value}" if value < 0 else str(value)


def signed(points: int, glyphs: Glyphs = UNICODE) -> str:
    """Points with their sign, the minus a real one where the terminal has it: '+25', and a minus sign for '-10'."""
    return f"{glyphs.minus}{-points}" if points < 0 else f"+{points}"


# ----------------------------------------------------------------- the turn's choices


@dataclass(frozen=True, slots=True)
class Placement:
    """One legal placement as the list shows it: ``code`` is what the player types (``3b``)."""

    number: int
    """The tile's number in the player's hand, from 1."""
    letter: str
    """The place's letter on the board."""
    move: Move
    points: int
    """What the engine says it scores now, bonuses included."""
    bonus: Bonus | None = None
    """The bonus in those points, as the engine names it (when the screen was given the engine's names)."""

    @property
    def code(self) -> str:
        return f"{self.number}{self.letter}"

    @property
    def tile(self) -> Tile:
        assert self.move.tile is not None
        return self.move.tile

    @property
    def place(self) -> Place:
        assert self.move.place is not None
        return self.move.place


@dataclass(frozen=True, slots=True)
class Choices:
    """The legal moves of one turn as the screen offers them: placements by code, and drawing or passing.

    A tile fits a place in one rotation at most (a free place always has two
    numbers set by a shared edge, and no tile shows the same two numbers in
    the same clockwise order twice), so a tile number and a place letter name
    exactly one placement.
    """

    placements: tuple[Placement, ...]
    letters: dict[Place, str]
    """Each place where some tile fits, with its letter, in reading order (top row first, left to right)."""
    draw: int | None = None
    """The points drawing costs now, when drawing is legal (negative)."""
    pass_points: int | None = None
    """The points passing costs now, when passing is legal (zero or negative)."""
    by_code: dict[str, Placement] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        self.by_code.update((p.code, p) for p in self.placements)

    @classmethod
    def of(cls, observation: Observation, bonus_of: BonusOf | None = None) -> Choices:
        """The choices of ``observation``; ``bonus_of`` (the engine's ``Round.placement_bonus``) names the bonuses."""
        points = dict(zip(observation.legal_moves, observation.legal_points, strict=True))
        moves = [move for move in observation.legal_moves if move.kind is MoveKind.PLACE]
        places = sorted({move.place for move in moves if move.place is not None}, key=lambda p: (-p.row, p.col))
        letters = {place: place_letter(index) for index, place in enumerate(places)}
        numbers = {tile: number for number, tile in enumerate(observation.hand, start=1)}
        placements = []
        for move in moves:
            assert move.tile is not None and move.place is not None
            bonus = bonus_of(move) if bonus_of is not None else None
            placements.append(Placement(numbers[move.tile], letters[move.place], move, points[move], bonus))
        placements.sort(key=lambda p: (p.number, len(p.letter), p.letter))
        return cls(
            placements=tuple(placements),
            letters=letters,
            draw=points.get(DRAW),
            pass_points=points.get(PASS),
        )

    @property
    def playable(self) -> list[int]:
        """The numbers of the tiles that fit somewhere, in hand order."""
        return sorted({p.number for p in self.placements})

    def of_tile(self, number: int) -> list[Placement]:
        return [p for p in self.placements if p.number == number]

    def at(self, letter: str) -> list[Placement]:
        return [p for p in self.placements if p.letter == letter]


def reason_text(reason: Reason) -> str:
    """What a score item is for, in words: 'start bonus', 'bridge', 'going out', 'tiles collected' (T5 to T7)."""
    if reason is Reason.TILE:
        return p_("score item", "tile")
    if reason is Reason.START_BONUS:
        return p_("score item", "start bonus")
    if reason is Reason.HEXAGON:
        return p_("score item", "hexagon")
    if reason is Reason.BRIDGE:
        return p_("score item", "bridge")
    if reason is Reason.DRAW:
        # TRANSLATORS: the penalty for a tile drawn from the pool.
        return p_("score item", "draw")
    if reason is Reason.FAILED_DRAWS:
        # TRANSLATORS: the penalty when the draw cap is reached and no tile could be placed.
        return p_("score item", "failed draws")
    if reason is Reason.PASS:
        # TRANSLATORS: the penalty for passing with the pool empty.
        return p_("score item", "pass")
    if reason is Reason.GOING_OUT:
        return p_("score item", "going out")
    if reason is Reason.TILES_COLLECTED:
        # TRANSLATORS: the points a player who went out gets for the tiles the others still hold.
        return p_("score item", "tiles collected")
    if reason is Reason.BLOCKED:
        return p_("score item", "blocked")
    return str(reason.value)


def bonus_text(bonus: Bonus) -> str:
    """A bonus's name in words: 'start bonus', 'bridge', 'hexagon', 'double hexagon' or 'triple hexagon'."""
    if bonus.reason is Reason.HEXAGON:
        if bonus.rings == 2:
            # TRANSLATORS: a bonus: a tile completing two rings of six at once.
            return p_("score item", "double hexagon")
        if bonus.rings == 3:
            # TRANSLATORS: a bonus: a tile completing three rings of six at once.
            return p_("score item", "triple hexagon")
    return reason_text(bonus.reason)


def termination_text(termination: Termination) -> str:
    """How a round ended, in a word or two, for the final table's 'ended' column."""
    if termination is Termination.GOING_OUT:
        return p_("round ended by", "going out")
    if termination is Termination.BLOCKED:
        return p_("round ended by", "blocked")
    if termination is Termination.TARGET_REACHED:
        return p_("round ended by", "target reached")
    return str(termination.value)


def and_text(names: Sequence[str]) -> str:
    """'Ann', 'Ann and Bo', 'Ann and Bo and Cy': names joined as the round's summaries join them."""
    said = names[0] if names else ""
    for name in names[1:]:
        said = _("{first} and {second}", first=said, second=name)
    return said


def points_text(placement: Placement) -> Text:
    """'14', or '14 + bridge 40' with the bonus bright; the total alone when the bonus was not named."""
    bonus = placement.bonus
    if bonus is None:
        return Text(str(placement.points))
    text = Text(f"{placement.points - bonus.points} + ")
    # TRANSLATORS: a bonus and its points in a sum of points ("14 + bridge 40").
    text.append(_("{bonus} {points}", bonus=bonus_text(bonus), points=bonus.points), BONUS_STYLE)
    return text


# ----------------------------------------------------------------- turns in words

_TURN_EVENTS = (EventKind.PLACE, EventKind.DRAW, EventKind.PASS, EventKind.TIMEOUT)
BONUS_REASONS = (Reason.START_BONUS, Reason.HEXAGON, Reason.BRIDGE)
PENALTY_REASONS = (Reason.DRAW, Reason.FAILED_DRAWS, Reason.PASS)


def _penalty(items: Iterable[ScoreItem], glyphs: Glyphs) -> str:
    points = sum(item.points for item in items)
    return f" ({signed(points, glyphs)})" if points else ""


def placed_text(event: Event) -> str:
    """'4-5-5 at c7 r2 up for 14 + bridge 40': a placed tile, where, and what it scored, item by item."""
    assert event.tile is not None and event.move is not None
    parts = [str(item.points) for item in event.items if item.reason is Reason.TILE]
    parts += [
        _("{bonus} {points}", bonus=reason_text(item.reason), points=item.points)
        for item in event.items
        if item.reason in BONUS_REASONS
    ]
    # TRANSLATORS: {tile} and {place} are in notation (4-5-5, c7 r2 up); {points} a sum ("14 + bridge 40").
    return _(
        "{tile} at {place} for {points}", tile=str(event.tile), place=str(event.move.place), points=" + ".join(parts)
    )


def turn_text(events: Sequence[Event], glyphs: Glyphs = UNICODE) -> str:
    """One turn in words: 'played 4-5-5 at c7 r2 up for 14', 'drew 2 (-10), played ...', 'passed (-10)'."""
    parts = []
    if any(e.kind is EventKind.TIMEOUT for e in events):
        # TRANSLATORS: part of a turn in the log ("ran out of time, drew 2 (-10)").
        parts.append(_("ran out of time"))
    draws = [e for e in events if e.kind is EventKind.DRAW]
    if draws:
        penalty = _penalty((i for e in draws for i in e.items), glyphs)
        # TRANSLATORS: part of a turn in the log: how many tiles the player drew, and {penalty} " (-10)" or nothing.
        parts.append(_("drew {count}{penalty}", count=len(draws), penalty=penalty))
    last = events[-1] if events else None
    if last is not None and last.kind is EventKind.PLACE:
        # TRANSLATORS: part of a turn in the log; {placement} is "4-5-5 at c7 r2 up for 14".
        parts.append(_("played {placement}", placement=placed_text(last)))
    elif last is not None and last.kind is EventKind.PASS:
        # TRANSLATORS: part of a turn in the log; {penalty} is " (-10)" or nothing.
        parts.append(_("passed{penalty}", penalty=_penalty(last.items, glyphs)))
    return ", ".join(parts)


def turns(observation: Observation) -> list[tuple[int, list[Event]]]:
    """This round's turns: (player, that turn's events), oldest first; the round's setup and end left out."""
    grouped: list[tuple[int, list[Event]]] = []
    for event in observation.events:
        if event.kind not in _TURN_EVENTS:
            continue
        # A turn ends with a placement or a pass; a draw (or running out of time) keeps it open.
        if (
            grouped
            and grouped[-1][0] == event.player
            and grouped[-1][1][-1].kind in (EventKind.DRAW, EventKind.TIMEOUT)
        ):
            grouped[-1][1].append(event)
        else:
            grouped.append((event.player, [event]))
    return grouped


def start_text(observation: Observation, names: Sequence[str]) -> list[str]:
    """How the round's opener was found, when it took draws (T3: goliath's draw-one, classic's draws to a triple)."""
    lines = []
    shown = [e for e in observation.events if e.kind is EventKind.START_DRAW]
    starter = names[observation.starter]
    if shown:
        # TRANSLATORS: one player's draw to choose who starts: a name, the tile drawn and its value ("Ann 4-5-5 (14)").
        draws = ", ".join(
            _(
                "{player} {tile} ({value})",
                player=names[e.player],
                tile=str(e.tile),
                value=e.tile.value if e.tile else 0,
            )
            for e in shown
        )
        if starter == _("You"):
            # TRANSLATORS: {draws} lists each player's draw ("Ann 4-5-5 (14), AI 1 0-1-2 (3)"); the person starts.
            lines.append(_("To choose who starts, each drew a tile: {draws}; You starts.", draws=draws))
        else:
            # TRANSLATORS: {draws} lists each player's draw ("Ann 4-5-5 (14), AI 1 0-1-2 (3)").
            lines.append(
                _("To choose who starts, each drew a tile: {draws}; {player} starts.", draws=draws, player=starter)
            )
    hidden = [e for e in observation.events if e.kind is EventKind.SETUP_DRAW]
    if hidden:
        counts = {p: sum(1 for e in hidden if e.player == p) for p in dict.fromkeys(e.player for e in hidden)}
        # TRANSLATORS: a player and how many tiles they drew ("AI 1 3").
        who = ", ".join(_("{player} {count}", player=names[p], count=n) for p, n in counts.items())
        if starter == _("You"):
            # TRANSLATORS: {who} lists how many tiles each player drew ("You 2, AI 1 3"); the person drew the triple.
            lines.append(
                _(
                    "Nobody was dealt a triple, so tiles were drawn in turn (no penalty): {who}, until You drew one.",
                    who=who,
                )
            )
        else:
            # TRANSLATORS: {who} lists how many tiles each player drew ("You 2, AI 1 3"); {player} drew the triple.
            lines.append(
                _(
                    "Nobody was dealt a triple, so tiles were drawn in turn (no penalty): {who}, "
                    "until {player} drew one.",
                    who=who,
                    player=starter,
                )
            )
    return lines


def recent_turns(observation: Observation, names: Sequence[str], count: int, glyphs: Glyphs = UNICODE) -> list[str]:
    """The last ``count`` lines of this round's story: the start draws, then one line per turn."""
    lines = start_text(observation, names)
    # TRANSLATORS: a line of the log: {player} is a name, {turn} what they did ("drew 2 (-10), played ...").
    lines += [
        _("{player} {turn}", player=names[player], turn=turn_text(events, glyphs))
        for player, events in turns(observation)
    ]
    return lines[-count:] if count else []


def player_status(observation: Observation, player: int, glyphs: Glyphs = UNICODE) -> str:
    """What a player is doing: 'thinking...', 'drew 2 (-10), thinking...', 'played 4-5-5 at c7 r2 up for 14'."""
    summary = observation.round_over
    if summary is not None and player in summary.winners and summary.termination is Termination.GOING_OUT:
        # TRANSLATORS: the status of a player who placed their last tile.
        return _("went out!")
    mine = [events for who, events in turns(observation) if who == player]
    last = mine[-1] if mine else []
    open_turn = bool(last) and last[-1].kind is EventKind.DRAW
    if observation.to_move == player:
        if open_turn:
            # TRANSLATORS: {turn} is what the player did so far this turn ("drew 2 (-10)").
            return _("{turn}, thinking{dots}", turn=turn_text(last, glyphs), dots=glyphs.ellipsis)
        return _("thinking{dots}", dots=glyphs.ellipsis)
    return turn_text(last, glyphs) if last else _("waiting")


def your_status(observation: Observation, choices: Choices, glyphs: Glyphs = UNICODE) -> str:
    """The line telling the player at the keyboard what they may do now."""
    player = observation.player
    if observation.to_move != player:
        return player_status(observation, player, glyphs)
    mine = [events for who, events in turns(observation) if who == player]
    status = _status_now(observation, choices, glyphs)
    if mine and mine[-1][-1].kind is EventKind.DRAW:
        # TRANSLATORS: {turn} is what the player did so far this turn ("drew 2 (-10)"); {status} what they can do now.
        return _("you {turn}; {status}", turn=turn_text(mine[-1], glyphs), status=status)
    return status


def _status_now(observation: Observation, choices: Choices, glyphs: Glyphs) -> str:
    playable = choices.playable
    if playable:
        count = len(choices.placements)
        numbers = numbers_text(playable)
        if not observation.board:
            # TRANSLATORS: {place} is where the opening tile goes, in notation (c0 r0 up).
            if len(playable) == 1:
                said = _("you open the round: tile {number} fits on {place}", number=playable[0], place=str(ORIGIN))
            else:
                said = _("you open the round: tiles {numbers} fit on {place}", numbers=numbers, place=str(ORIGIN))
        elif len(playable) == 1:
            said = n_(
                "your turn: tile {number} fits ({count} placement)",
                "your turn: tile {number} fits ({count} placements)",
                count,
                number=playable[0],
            )
        else:
            # TRANSLATORS: {numbers} lists the numbers of the tiles that fit ("1, 3 or 5").
            said = n_(
                "your turn: tiles {numbers} fit ({count} placement)",
                "your turn: tiles {numbers} fit ({count} placements)",
                count,
                numbers=numbers,
            )
        if choices.draw is not None:
            # TRANSLATORS: {status} says which tiles fit; {points} what buying a tile costs ("-5").
            said = _("{status}; or d to buy a tile ({points})", status=said, points=signed(choices.draw, glyphs))
        return said
    if choices.draw is not None:
        return _("no tile fits: d to draw ({points})", points=signed(choices.draw, glyphs))
    penalty = f" ({signed(choices.pass_points, glyphs)})" if choices.pass_points else ""
    if observation.pool_size:
        # TRANSLATORS: {penalty} is what passing costs (" (-10)") or nothing.
        return _("no tile fits and you cannot draw again: p to pass{penalty}", penalty=penalty)
    # TRANSLATORS: {penalty} is what passing costs (" (-10)") or nothing.
    return _("no tile fits and the pool is empty: p to pass{penalty}", penalty=penalty)


# ----------------------------------------------------------------- the board


@dataclass(frozen=True, slots=True)
class BoardFrame:
    """The part of the grid to draw: a range of columns and rows, and the scale.

    ``scale`` is the height of a row in lines (2 or 3); a grid point is
    ``2 * scale`` characters from its neighbours, so every edge rises one line
    per character and looks like a triangle's side.
    """

    col_min: int
    col_max: int
    row_min: int
    row_max: int
    scale: int

    GUTTER = 5
    """Characters left of the board for the row labels (``r-10`` and a space)."""

    @property
    def width(self) -> int:
        return self.GUTTER + self.scale * (self.col_max - self.col_min + 2) + 1

    @property
    def ruler_lines(self) -> int:
        """One line of column labels when they all fit on it with a space between, else two (even, then odd)."""
        widest = max(len(str(self.col_min)), len(str(self.col_max)))
        return 1 if widest < self.scale else 2

    @property
    def height(self) -> int:
        """The ruler, then a line of points above every row and one below the last."""
        return self.ruler_lines + self.scale * (self.row_max - self.row_min + 1) + 1

    def ruler(self) -> dict[int, tuple[int, int]]:
        """Where each column's label starts, and on which ruler line: centred over the column's middle."""
        spots = {}
        for col in range(self.col_min, self.col_max + 1):
            label = str(col)
            centre = self.GUTTER + self.scale * (col + 1 - self.col_min)
            start = centre - (len(label) - 1) // 2 - (1 if col < 0 and len(label) > 1 else 0)
            spots[col] = (start, col % 2 if self.ruler_lines == 2 else 0)
        return spots

    def x(self, q: int, r: int) -> int:
        """The character column of grid point ``(q, r)``: its triangle column times the scale, from the left edge."""
        return self.GUTTER + self.scale * (2 * q + r - self.col_min)

    def y(self, r: int) -> int:
        """The line of the points of grid row ``r``; rows grow upwards, lines downwards."""
        return self.ruler_lines + self.scale * (self.row_max + 1 - r)


def neighbours(place: Place) -> tuple[tuple[int, int], ...]:
    """The (column, row) of the three triangles sharing an edge with ``place``: left, right, and below an up
    triangle or above a down one (the grid's geometry, see ``bonepile.triominoes._grid``)."""
    return (place.col - 1, place.row), (place.col + 1, place.row), (place.col, place.row + (-1 if place.up else 1))


def board_extent(observation: Observation) -> tuple[int, int, int, int]:
    """Columns and rows of the placed tiles and every place next to them (where T4 lets the next tile go).

    A column more on each side keeps the outlines of the free places off the edge.
    """
    cells = [(p.col, p.row) for m in observation.board if (p := m.place) is not None]
    cells += [cell for m in observation.board if m.place is not None for cell in neighbours(m.place)]
    if not cells:
        return -2, 2, -1, 1
    cols = [col for col, _ in cells]
    rows = [row for _, row in cells]
    return min(cols) - 1, max(cols) + 1, min(rows), max(rows)


def _clip(low: int, high: int, room: int, centre: int) -> tuple[int, int]:
    """A window of at most ``room`` items of ``low..high``, around ``centre`` when it has to be cut."""
    if high - low + 1 <= room:
        return low, high
    start = min(max(low, centre - room // 2), high - room + 1)
    return start, start + room - 1


def board_frame(
    observation: Observation, scale: int, width: int | None = None, height: int | None = None
) -> BoardFrame:
    """The frame at ``scale``, cut to ``width`` and ``height`` around the last tile placed when the board is bigger."""
    col_min, col_max, row_min, row_max = board_extent(observation)
    last = last_placed(observation)
    if width is not None:
        room = max(1, (width - BoardFrame.GUTTER - 1) // scale - 1)
        col_min, col_max = _clip(col_min, col_max, room, last.col if last else 0)
    if height is not None:
        ruler = BoardFrame(col_min, col_max, row_min, row_max, scale).ruler_lines
        room = max(1, (height - ruler - 1) // scale)
        row_min, row_max = _clip(row_min, row_max, room, last.row if last else 0)
    return BoardFrame(col_min, col_max, row_min, row_max, scale)


def last_placed(observation: Observation) -> Place | None:
    """Where the last tile of the round went (it is drawn brighter)."""
    for event in reversed(observation.events):
        if event.kind is EventKind.PLACE and event.move is not None:
            return event.move.place
    return None


class _Canvas:
    """A rectangle of characters, each with a style, turned into Rich lines."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.cells = [[(" ", "")] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str, style: str = "") -> None:
        if 0 <= y < len(self.cells):
            for offset, char in enumerate(text):
                if 0 <= x + offset < self.width:
                    self.cells[y][x + offset] = (char, style)

    def lines(self) -> list[Text]:
        lines = []
        for row in self.cells:
            text = Text(no_wrap=True, overflow="crop")
            for char, style in row:
                text.append(char, style)
            text.rstrip()
            lines.append(text)
        return lines


class BoardMap:
    """The board drawn as triangles on the grid, with column and row labels and the free places' letters."""

    def __init__(
        self, observation: Observation, frame: BoardFrame, marks: dict[Place, str], glyphs: Glyphs = UNICODE
    ) -> None:
        self.observation = observation
        self.frame = frame
        self.marks = marks
        self.glyphs = glyphs

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from self.lines()

    def lines(self) -> list[Text]:
        frame, glyphs = self.frame, self.glyphs
        canvas = _Canvas(frame.width, frame.height)
        self._labels(canvas)
        last = last_placed(self.observation)
        board = sorted(self.observation.board, key=lambda m: m.place is last)  # the last tile drawn last, on top
        for place in self.marks:  # the places a tile can go, faintly outlined (placed tiles draw over them)
            self._edges(canvas, place, FREE_STYLE)
        for move in board:
            assert move.place is not None and move.corners is not None
            style = LAST_STYLE if move.place is last else EDGE_STYLE
            self._edges(canvas, move.place, style)
        for move in board:
            assert move.place is not None and move.corners is not None
            style = LAST_STYLE if move.place is last else NUMBER_STYLE
            for (q, r), number in zip(move.place.corner_points(), move.corners, strict=True):
                canvas.put(frame.x(q, r), frame.y(r), str(number), style)
        if last is not None:
            self._inside(canvas, last, glyphs.last, LAST_STYLE)
        for place, letter in self.marks.items():
            self._inside(canvas, place, letter, PLACE_STYLE)
        return canvas.lines()

    def _labels(self, canvas: _Canvas) -> None:
        frame = self.frame
        canvas.put(0, 0, "c", "dim")
        for col, (x, line) in frame.ruler().items():
            canvas.put(x, line, str(col), "dim")
        for row in range(frame.row_min, frame.row_max + 1):
            canvas.put(0, frame.y(row) - 1, f"r{row}", "dim")

    def _edges(self, canvas: _Canvas, place: Place, style: str) -> None:
        frame, glyphs = self.frame, self.glyphs
        s = frame.scale
        (lq, lr), _, _ = place.corner_points()
        x0 = frame.x(lq, lr)
        if place.up:
            bottom = frame.y(place.row)
            canvas.put(x0 + 1, bottom, glyphs.flat * (2 * s - 1), style)
            for i in range(1, s):
                canvas.put(x0 + i, bottom - i, glyphs.rising, style)
                canvas.put(x0 + 2 * s - i, bottom - i, glyphs.falling, style)
        else:
            top = frame.y(place.row + 1)
            canvas.put(x0 + 1, top, glyphs.flat * (2 * s - 1), style)
            for i in range(1, s):
                canvas.put(x0 + i, top + i, glyphs.falling, style)
                canvas.put(x0 + 2 * s - i, top + i, glyphs.rising, style)

    def _inside(self, canvas: _Canvas, place: Place, text: str, style: str) -> None:
        """Write ``text`` in the widest line inside a triangle (the bottom of an up one, the top of a down one)."""
        frame = self.frame
        room = 2 * frame.scale - 3
        if len(text) > room:
            text = self.glyphs.crowded
        centre = frame.GUTTER + frame.scale * (place.col + 1 - frame.col_min)
        line = frame.y(place.row) - 1 if place.up else frame.y(place.row + 1) + 1
        canvas.put(centre - (len(text) - 1) // 2, line, text, style)


# ----------------------------------------------------------------- the screen


@dataclass(frozen=True, slots=True)
class TableView:
    """Everything one screen of the table shows."""

    observation: Observation
    names: tuple[str, ...]
    seed: int
    focus: int | None = None
    """The tile number whose places alone are listed (the player typed its number), or None for all."""
    log_lines: int = 0
    """How many of this round's recent turns to list (none in a transcript, which has them already)."""
    message: str = ""
    """Why the last answer was refused (shown in red)."""
    news: str = ""
    """What happened to the player that the log does not say, such as the tile they drew."""
    glyphs: Glyphs = UNICODE
    height: int | None = None
    """The screen's height in lines, to fit the board and the list to; None in a transcript (no limit)."""
    board_only: bool = False
    """Just the header and the board (above a round's summary, which says the rest)."""
    bonus_of: BonusOf | None = None
    """The engine's names for the bonuses of the placements listed (``Round.placement_bonus``)."""


def header(observation: Observation, seed: int, glyphs: Glyphs = UNICODE) -> Text:
    """The top line; it shows the seed so that a game worth playing again can be dealt again."""
    rules = observation.rules
    about = [_("round {number}", number=observation.round_number), _("first to {target}", target=rules.target)]
    return header_text(_("Tri-Ominos"), rules.preset, rules.players, about, seed, glyphs.dot)


def opponents_table(observation: Observation, names: Sequence[str], glyphs: Glyphs = UNICODE) -> Table:
    """One line per opponent: name, tile count, score, and what they did last (never which tiles they hold)."""
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True)
    table.add_column(justify="right", no_wrap=True)
    table.add_column(justify="right", no_wrap=True)
    table.add_column()
    for player in range(observation.rules.players):
        if player == observation.player:
            continue
        to_move = observation.to_move == player
        count = observation.tile_counts[player]
        table.add_row(
            Text((glyphs.turn if to_move else "  ") + names[player], style=TURN_STYLE if to_move else "bold"),
            n_("{count} tile", "{count} tiles", count),
            _("score {score}", score=score_text(observation.scores[player], glyphs)),
            Text(player_status(observation, player, glyphs), style=TURN_STYLE if to_move else ""),
        )
    return table


def hand_line(observation: Observation, choices: Choices) -> Text:
    """The player's tiles, numbered from 1; on their turn the ones that fit bright and the others dimmed."""
    text = Text()
    playable = set(choices.playable)
    my_turn = bool(observation.legal_moves)
    for number, tile in enumerate(observation.hand, start=1):
        style = "bold" if not my_turn else PLAYABLE_STYLE if number in playable else UNPLAYABLE_STYLE
        if number > 1:
            text.append("   ")
        text.append(f"{number} ", "bold cyan" if style != UNPLAYABLE_STYLE else UNPLAYABLE_STYLE)
        text.append(str(tile), style)
    if not observation.hand:
        text.append(_("no tiles left"), "dim")
    return text


def choice_lines(
    observation: Observation, choices: Choices, focus: int | None, room: int | None, glyphs: Glyphs = UNICODE
) -> list[Text]:
    """The list of what the player may do: every placement by code, or (when they do not fit) one line per tile."""
    shown = choices.of_tile(focus) if focus is not None else list(choices.placements)
    extra = [("d", _("draw a tile") if not choices.placements else _("buy a tile"), choices.draw)]
    # TRANSLATORS: a choice in the list of moves (typed as p): end the turn without placing a tile.
    extra.append(("p", p_("move", "pass"), choices.pass_points))
    others = [(key, what, points) for key, what, points in extra if points is not None]
    lines: list[Text] = []
    if focus is not None:
        tile = observation.hand[focus - 1]
        # TRANSLATORS: the title of the list of one tile's places; {tile} is in notation (4-5-5).
        said = n_("{tile} fits {count} place:", "{tile} fits {count} places:", len(shown), tile=str(tile))
        lines.append(Text(said, style="bold"))
    elif shown:
        # TRANSLATORS: the title of the list of placements.
        lines.append(Text(_("you can place"), style="bold"))
    limit = None if room is None else max(room - len(lines) - len(others), 3)
    if focus is None and limit is not None and len(shown) > limit:
        # Too many to list: one line per tile; its number lists its places.
        for number in choices.playable:
            mine = choices.of_tile(number)
            best = max(mine, key=lambda p: p.points)
            line = Text(f"{number:>2} ", "bold cyan")
            line.append(str(best.tile))
            letters = ", ".join(p.letter for p in mine)
            # TRANSLATORS: how many places a tile fits and their letters on the board ("3 places: a, c, f").
            line.append("  " + n_("{count} place: {letters}", "{count} places: {letters}", len(mine), letters=letters))
            # TRANSLATORS: the most points the tile can score now.
            line.append(
                "  " + _("best {points}", points=best.points), BONUS_STYLE if best.points > best.tile.value else ""
            )
            lines.append(line)
        lines.append(Text(_("type a tile number to see its places"), style="dim"))
    else:
        cut = shown if limit is None or len(shown) <= limit else shown[: limit - 1]
        for placement in cut:
            line = Text(f"{placement.code:>4}  ", "bold cyan")
            # TRANSLATORS: a placement in the list: a tile and a place in notation (4-5-5, c7 r2 up).
            line.append(_("{tile} at {place}", tile=str(placement.tile), place=str(placement.place)).ljust(24))
            line.append(" ")
            line.append(points_text(placement))
            lines.append(line)
        if len(cut) < len(shown):
            hidden = [p.code for p in shown[len(cut) :]]
            codes = ", ".join(hidden)
            # TRANSLATORS: the end of a cut list; {dots} is an ellipsis, {codes} the codes not listed (3b, 4a).
            said = n_(
                "{dots} and {count} more: {codes}",
                "{dots} and {count} more: {codes}",
                len(hidden),
                dots=glyphs.ellipsis,
                codes=codes,
            )
            lines.append(Text(said))
    for key, what, points in others:
        line = Text(f"{key:>4}  ", "bold cyan")
        line.append(what)
        if points:
            line.append(f" ({signed(points, glyphs)})", PENALTY_STYLE)
        lines.append(line)
    return lines


def _you_title(observation: Observation, names: Sequence[str], glyphs: Glyphs) -> Text:
    player = observation.player
    count = len(observation.hand)
    score = _("score {score}", score=score_text(observation.scores[player], glyphs))
    tiles = n_("{count} tile", "{count} tiles", count)
    return Text(f"{names[player]}{glyphs.dot}{score}{glyphs.dot}{tiles}", style="bold")


class TriominoesScreen:
    """The whole table, laid out for the width it is given and the height in its view.

    The board and the list of choices sit side by side when they fit, else the
    list goes under the board; the board is drawn at the larger scale when it
    fits, else at the smaller one, and cut around the last tile when even that
    does not. The list shows every placement when there is room, else one line
    per tile (the player then picks a tile, then a place).
    """

    def __init__(self, view: TableView) -> None:
        self.view = view

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from self.parts(options.max_width)

    def parts(self, width: int) -> list[RenderableType]:
        view = self.view
        observation, names, glyphs = view.observation, view.names, view.glyphs
        choices = Choices.of(observation, view.bonus_of)
        mine = observation.to_move == observation.player
        focus = view.focus if mine else None
        marks = {p.place: p.letter for p in choices.placements if focus is None or p.number == focus}
        log = recent_turns(observation, names, view.log_lines, glyphs) if view.log_lines else []

        top: list[RenderableType] = [
            header(observation, view.seed, glyphs),
            opponents_table(observation, names, glyphs),
        ]
        status = Text(your_status(observation, choices, glyphs), style=TURN_STYLE if mine else "")
        hand = hand_line(observation, choices)
        bottom: list[RenderableType] = [
            Rule(_you_title(observation, names, glyphs), align="left", style="blue"),
            hand,
            status,
        ]
        for number, line in enumerate(log):
            bottom.append(Text(line, style="" if number == len(log) - 1 else "dim"))
        if view.news:
            bottom.append(Text(view.news, style="bold"))
        if view.message:
            bottom.append(Text(view.message, style="bold red"))
        # TRANSLATORS: how many tiles are left in the pool to draw from.
        pool = n_("pool {count} tile", "pool {count} tiles", observation.pool_size)
        title = Rule(Text.assemble((_("board"), "bold"), glyphs.dot, pool), align="left", style="blue")
        if view.board_only:
            # The round's end: the summary below says who holds what and who scored; the board gets the room left.
            room = None if view.height is None else view.height - 2
            if room is not None and room < 5:
                return [top[0]]
            board, _listing = self._middle(observation, choices, {}, None, width, room)
            return [top[0], title, board]
        # Lines left for the board and the list: the screen less the rest, the board's title and the prompt.
        said = bool(view.news) + bool(view.message)
        wrapped = sum(-(-line.cell_len // max(width, 1)) for line in (hand, status))
        rest = 1 + (observation.rules.players - 1) + 1 + 1 + wrapped + len(log) + said + 1
        room = None if view.height is None else max(view.height - rest, 8)
        board, listing = self._middle(observation, choices, marks, focus if mine else None, width, room)
        return [*top, title, board, *(listing or []), *bottom]

    def _middle(
        self,
        observation: Observation,
        choices: Choices,
        marks: dict[Place, str],
        focus: int | None,
        width: int,
        room: int | None,
    ) -> tuple[RenderableType, list[RenderableType] | None]:
        """The board and the list: side by side as one renderable, or the board with the list to go under it."""
        glyphs = self.view.glyphs
        my_turn = bool(observation.legal_moves)

        def listed(lines_room: int | None) -> list[Text]:
            return choice_lines(observation, choices, focus, lines_room, glyphs) if my_turn else []

        gap = 3
        for scale in (3, 2):
            frame = board_frame(observation, scale)
            if room is not None and frame.height > room:
                continue
            side = listed(room)
            list_width = max((line.cell_len for line in side), default=0)
            if frame.width + gap + list_width <= width:
                return self._side_by_side(frame, side, marks, gap), None
            under = listed(None if room is None else room - frame.height)
            if frame.width <= width and (room is None or frame.height + len(under) <= room):
                return BoardMap(observation, frame, marks, glyphs), list(under)
        # Even the small board does not fit: cut it to the room, and put the list beside or under it.
        side = listed(room)
        list_width = max((line.cell_len for line in side), default=0)
        if width - list_width - gap >= 40:
            frame = board_frame(observation, 2, width - list_width - gap, room)
            return self._side_by_side(frame, side, marks, gap), None
        frame = board_frame(observation, 2, width, None if room is None else max(room - len(side), 6))
        return BoardMap(observation, frame, marks, glyphs), list(side)

    def _side_by_side(self, frame: BoardFrame, side: list[Text], marks: dict[Place, str], gap: int) -> Table:
        grid = Table.grid(padding=(0, gap))
        grid.add_column(width=frame.width, no_wrap=True)
        grid.add_column()
        grid.add_row(BoardMap(self.view.observation, frame, marks, self.view.glyphs), Group(*side))
        return grid


def render_table(view: TableView) -> RenderableType:
    """The whole table (see ``TriominoesScreen``)."""
    return TriominoesScreen(view)


def focus_lines(
    observation: Observation, focus: int | None, glyphs: Glyphs = UNICODE, bonus_of: BonusOf | None = None
) -> list[Text]:
    """Just the list of choices, of one tile or all (for a transcript, where the whole table is not drawn again)."""
    return choice_lines(observation, Choices.of(observation, bonus_of), focus, None, glyphs)
