"""The ``greedy`` and ``heuristic`` Mexican Train players, and the plan both the heuristic and the search weigh.

``greedy`` sheds the most pips now and covers a double whenever it can
(a double left uncovered binds everyone, M6, so covering it is what a
casual player does first).

``heuristic`` plays as a good club player does:

* **Plan the longest run.** From the open end of its own train (the engine's
  number while the train is empty) it finds the longest chain of tiles in its
  hand (``longest_run``): those tiles are *the plan*, and they are kept for
  its own train, which nobody else may play on while it is closed (M4). A
  tile of the plan is a sure play for a later turn; a tile outside it (an
  *orphan*) needs the Mexican Train or someone's open train to fit, which
  may never happen. So every tile kept costs something, an orphan far more
  than a planned tile, and the move that leaves the cheapest hand is best.
* **Play the rest elsewhere first.** Following from that: an orphan that fits
  the Mexican Train or an open train goes there before a planned tile goes on
  its own train; a planned tile is never spent elsewhere when that breaks
  the run.
* **Keep the train closed.** With its marker out, anyone may play on its train
  and spoil the plan (M5), so a play that takes the marker off counts a lot,
  and a move that leaves no sure play for the next turn (no plan left: a
  draw and a marker are likely) counts against.
* **A double only when it can follow it.** A double makes its player play
  again (M6); with a tile to follow it that is a free extra tile shed, without
  one it is a draw. Having laid its own double, it covers it before the next
  player must (on its own train the next player's cover would spoil the plan).
* **Shed high tiles late.** Pips left in hand are what a round costs (M7):
  when an opponent is down to a few tiles the round may end any turn, so each
  pip shed then counts several times more.

Both agents read only the observation and ask the engine (``legal_moves``,
the trains' open ends as the observation shows them); the tiles' own queries
(``has``, ``other_end``) say how a tile joins a number. The weights are plain
numbers in ``Weights``, so arena runs can tune them. Ties go to a seeded
random choice: deterministic given the seed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from bonepile.ai.base import SeededAgent
from bonepile.ai.reasons import SHEDS, Plural, Reason, spoken, strongest
from bonepile.ai.simple import GreedyAgent
from bonepile.core.errors import RulesError
from bonepile.i18n import N_
from bonepile.mexican_train import MEXICAN, MINE, Game, Move, MoveKind, Observation, Tile, Train

GAME = Game.game_name
"""The registry's name of the game these agents play."""

RUN_SEARCH_LIMIT = 20_000
"""Positions the longest-run search visits at most (a hand of 15 tiles never needs nearly as many)."""


@dataclass(frozen=True, slots=True)
class Weights:
    """How much each consideration counts, in roughly 'pips' units."""

    planned: float = 4.0
    """Each tile kept that belongs to the plan (a sure play later, on one's own train)."""
    orphan: float = 10.0
    """Each tile kept outside the plan (it needs another train to fit)."""
    pips: float = 0.3
    """Per pip shed, early in a round."""
    pips_late: float = 1.6
    """Extra per pip shed, times the danger that the round ends soon (0..1)."""
    close: float = 12.0
    """Playing on one's own marked train: the marker comes off (M5)."""
    no_sure_play: float = 8.0
    """After the move no tile of the hand is sure to fit next turn (no plan left)."""
    double_follow: float = 4.0
    """A double with a tile to follow it (M6: one plays again)."""
    double_stranded: float = 14.0
    """A double with nothing to follow it: a draw is likely."""
    cover_own: float = 3.0
    """Covering the double one has just laid, before the next player must (M6)."""
    cover_own_train: float = 6.0
    """The same when the double lies on one's own train (the next player's cover would spoil the plan)."""
    out: float = 1000.0
    """Going out (M7)."""


DEFAULT_WEIGHTS = Weights()

_DANGER = {1: 1.0, 2: 0.65, 3: 0.35, 4: 0.15}
"""How likely a round is to end soon, by the fewest tiles an opponent holds."""


# ----------------------------------------------------------------- the plan


def longest_run(start: int, tiles: Iterable[Tile], limit: int = RUN_SEARCH_LIMIT) -> tuple[Tile, ...]:
    """The longest chain of ``tiles`` joined end to end from the number ``start`` (M4), in playing order.

    A double is a link like any other (laid on its number, it leaves the same
    number open). Among chains of the same length, the one with the most pips
    (it sheds the heaviest tiles on the sure train); the first found in the
    tiles' order breaks further ties, so the answer is deterministic. At most
    ``limit`` positions are visited (then the best chain found so far).
    """
    hand = sorted(set(tiles), key=lambda t: (-t.pips, t.index))
    best: list[Tile] = []
    best_key = (0, 0)
    path: list[Tile] = []
    used = [False] * len(hand)
    visited = 0

    def walk(end: int, pips: int) -> None:
        nonlocal best, best_key, visited
        visited += 1
        key = (len(path), pips)
        if key > best_key:
            best, best_key = path.copy(), key
        if visited >= limit or len(path) + used.count(False) < best_key[0]:
            return  # out of budget, or even every tile left could not make a longer chain
        for i, tile in enumerate(hand):
            if not used[i] and tile.has(end):
                used[i] = True
                path.append(tile)
                walk(tile.other_end(end), pips + tile.pips)
                path.pop()
                used[i] = False
                if visited >= limit:
                    return

    walk(start, 0)
    return tuple(best)


def run_length(start: int, tiles: Iterable[Tile]) -> int:
    return len(longest_run(start, tiles))


# ----------------------------------------------------------------- what the table shows


def train_seat(observation: Observation, train: Train) -> int | None:
    """The seat whose personal train a move names (``mine`` is the viewer's), or None for the Mexican Train."""
    if train == MINE:
        return observation.player
    if train == MEXICAN:
        return None
    assert isinstance(train, int)
    return train


def uncovered_doubles(observation: Observation) -> dict[int | str, Tile]:
    """The trains that end in an uncovered double (waiting, or laid this turn), by seat or ``"mexican"``."""
    return {where: tile for tile, where in (*observation.waiting_doubles, *observation.laid_doubles)}


def covers_double(observation: Observation, move: Move) -> Tile | None:
    """The double ``move`` covers, if it is played on a train ending in an uncovered double."""
    if move.kind is not MoveKind.PLAY or move.train is None:
        return None
    seat = train_seat(observation, move.train)
    return uncovered_doubles(observation).get(MEXICAN if seat is None else seat)


def danger(observation: Observation) -> float:
    """0..1: how likely the round is to end soon (an opponent nearly out)."""
    counts = [c for p, c in enumerate(observation.tile_counts) if p != observation.player]
    return _DANGER.get(min(counts, default=99), 0.0)


class TableView:
    """What the heuristic works out once per decision: its hand, its train, the plan and what is open."""

    def __init__(self, observation: Observation, limit: int = RUN_SEARCH_LIMIT) -> None:
        self.observation = observation
        self.limit = limit
        """Positions each longest-run search visits at most (a search's rollouts ask for a near-longest run)."""
        self.me = me = observation.player
        self.players = observation.rules.players
        self.hand = tuple(observation.hand)
        own = observation.trains[me]
        self.own_end = own.open_end
        self.own_marked = own.marked
        self.plan = self.longest(self.own_end, self.hand)
        self.danger = danger(observation)
        self.next_player = (me + 1) % self.players
        self._runs: dict[tuple[int, frozenset[Tile]], int] = {}

    def run_after(self, end: int, kept: frozenset[Tile]) -> int:
        key = (end, kept)
        length = self._runs.get(key)
        if length is None:
            length = self._runs[key] = len(self.longest(end, kept))
        return length

    def longest(self, start: int, tiles: Iterable[Tile]) -> tuple[Tile, ...]:
        """The plan's search (``longest_run``) within this view's ``limit``."""
        return longest_run(start, tiles, self.limit)

    def own_double_left_open(self, move: Move) -> bool:
        """Whether ``move`` ends the turn with the double just laid on our own train still uncovered (M6)."""
        obs = self.observation
        if not obs.plays_again or not obs.laid_doubles or move.tile is None or move.tile.is_double:
            return False
        return obs.laid_doubles[-1][1] == self.me and train_seat(obs, move.train or MINE) != self.me

    def free_ends(self, own_end: int) -> list[int]:
        """The open numbers of the trains the viewer may play on when no double binds (M4, M5)."""
        obs = self.observation
        ends = [own_end, obs.mexican.open_end]
        ends += [t.open_end for t in obs.trains[: self.players] if t.owner != self.me and t.marked]
        return ends


@dataclass(frozen=True, slots=True)
class Scored:
    """A move's score and the facts behind it (for ``explain``)."""

    score: float
    kept: int
    planned: int
    planned_before: int
    own_end_after: int
    on_own: bool
    pips: int


def score_move(view: TableView, move: Move, weights: Weights = DEFAULT_WEIGHTS) -> Scored:
    """What ``move`` is worth to the heuristic (see the module docstring), with the facts it weighed."""
    hand = frozenset(view.hand)
    if move.kind is not MoveKind.PLAY or move.tile is None or move.train is None:
        planned = view.run_after(view.own_end, hand)
        value = -(weights.planned * planned + weights.orphan * (len(hand) - planned))
        return Scored(value, len(hand), planned, len(view.plan), view.own_end, False, 0)
    tile = move.tile
    seat = train_seat(view.observation, move.train)
    on_own = seat == view.me
    kept = hand - {tile}
    if not kept:
        return Scored(weights.out, 0, 0, len(view.plan), view.own_end, on_own, tile.pips)
    own_end = tile.other_end(view.own_end) if on_own else view.own_end
    planned = view.run_after(own_end, kept)
    if view.own_double_left_open(move):
        planned = 0  # M6: the next player must cover the double on our own train: the run is theirs to spoil
    value = -(weights.planned * planned + weights.orphan * (len(kept) - planned))
    value += tile.pips * (weights.pips + weights.pips_late * view.danger)
    if on_own and view.own_marked:
        value += weights.close
    if planned == 0:
        value -= weights.no_sure_play
    if tile.is_double:
        number = tile.high
        follows = any(t.has(number) for t in kept) or any(t.has(end) for t in kept for end in view.free_ends(own_end))
        value += weights.double_follow if follows else -weights.double_stranded
    covered = covers_double(view.observation, move)
    if covered is not None and view.observation.plays_again:
        value += weights.cover_own_train if on_own else weights.cover_own
    return Scored(value, len(kept), planned, len(view.plan), own_end, on_own, tile.pips)


# ----------------------------------------------------------------- reasons


def _orphan_words(observation: Observation, move: Move) -> tuple[str, tuple[int, ...]]:
    """The orphan reason's words for the train the tile goes on (yours, the Mexican Train, another's), and
    the seat whose train it is where it is another player's."""
    seat = train_seat(observation, move.train) if move.train is not None else None
    if seat == observation.player:
        # TRANSLATORS: a hint's reason in Mexican Train; {tile}: a tile ("12-5"); your run: the tiles you plan to
        # lay on your own train, end to end.
        return N_("plays the {tile}, which is no part of your run, on your own train"), ()
    if seat is None:
        # TRANSLATORS: a hint's reason in Mexican Train; {tile}: a tile ("12-5").
        return N_("plays the {tile}, which is no part of your run, on the Mexican Train"), ()
    # TRANSLATORS: a hint's reason in Mexican Train; {tile}: a tile ("12-5"); {player}: whose open train it is.
    return N_("plays the {tile}, which is no part of your run, on {player}'s open train"), (seat,)


def explain_move(observation: Observation, move: Move, weights: Weights = DEFAULT_WEIGHTS) -> tuple[Reason, ...]:
    """The facts ``score_move`` weighed for ``move``, as reasons a player can check (weightiest first)."""
    if move.kind is MoveKind.DRAW:
        return (Reason("must_draw", N_("no tile in your hand fits a train you may play on: draw"), weight=1.0),)
    if move.kind is MoveKind.PASS:
        if observation.in_run and any(m.kind is MoveKind.PLAY for m in observation.legal_moves):
            # TRANSLATORS: a hint's reason in Mexican Train: the first turn's run of tiles on your own train.
            return (Reason("run_ends", N_("ends your first-turn run here"), weight=1.0),)
        if observation.drew:
            words = N_("nothing fits, the tile you drew does not fit either: pass and put out your marker")
        else:
            words = N_("nothing fits, and the boneyard is empty: pass and put out your marker")
        return (Reason("must_pass", words, weight=1.0),)
    view = TableView(observation)
    scored = score_move(view, move, weights)
    tile = move.tile
    assert tile is not None
    reasons: list[Reason] = []
    if scored.kept == 0:
        words = N_("plays your last tile: you go out and take no pips this round")
        return (Reason("out", words, weight=weights.out),)
    plan = view.plan
    end = view.own_end
    if not scored.on_own and scored.planned == len(plan) and len(plan) >= 2:
        reasons.append(
            Reason.counted(
                "keeps",
                # TRANSLATORS: a hint's reason in Mexican Train; {end}: the number your own train ends with; a
                # 5-run: tiles you can lay end to end from it; {count_word}: how many, in words ("three").
                Plural.n_(
                    "keeps your {end}-run of {count_word} tile for your own train",
                    "keeps your {end}-run of {count_word} tiles for your own train",
                ),
                len(plan),
                weight=weights.planned * len(plan),
                facts={"end": end, "tiles": len(plan)},
                values={"end": end, "count_word": spoken(len(plan))},
            )
        )
    if not scored.on_own and tile not in plan:
        words, seats = _orphan_words(observation, move)
        reasons.append(
            Reason(
                "orphan",
                words,
                weight=weights.orphan,
                seats=seats,
                facts={"tile": str(tile)},
                values={"tile": str(tile)},
            )
        )
    if scored.on_own and plan and tile == plan[0] and scored.planned == len(plan) - 1:
        rest = len(plan) - 1
        facts = {"end": end, "tiles": len(plan)}
        if rest:
            reasons.append(
                Reason.counted(
                    "run",
                    # TRANSLATORS: a hint's reason in Mexican Train; {end}: the number your own train ends with;
                    # {count_word}: how many tiles of the run are left to lay, in words ("two").
                    Plural.n_(
                        "plays the next tile of your {end}-run on your own train, {count_word} more to follow",
                        "plays the next tile of your {end}-run on your own train, {count_word} more to follow",
                    ),
                    rest,
                    weight=weights.planned,
                    facts=facts,
                    values={"end": end, "count_word": spoken(rest)},
                )
            )
        else:
            reasons.append(
                Reason(
                    "run",
                    # TRANSLATORS: a hint's reason in Mexican Train; {end}: the number your own train ends with.
                    N_("plays the next tile of your {end}-run on your own train, the last of it"),
                    weight=weights.planned,
                    facts=facts,
                    values={"end": end},
                )
            )
    if scored.on_own and view.own_marked:
        words = N_("takes your marker off: your train is yours alone again")
        reasons.append(Reason("closes", words, weight=weights.close))
    if tile.is_double and scored.score > -weights.double_stranded:
        kept = [t for t in view.hand if t != tile and t.has(tile.high)]
        if kept:
            reasons.append(
                Reason(
                    "double",
                    # TRANSLATORS: a hint's reason in Mexican Train; {tile}: a tile in your hand ("6-2").
                    N_("a double you can follow: you play again, with the {tile} to cover it"),
                    weight=weights.double_follow,
                    facts={"double": str(tile), "follow": str(kept[0])},
                    values={"tile": str(kept[0])},
                )
            )
    covered = covers_double(observation, move)
    if covered is not None:
        if observation.plays_again:
            reasons.append(
                Reason(
                    "covers",
                    # TRANSLATORS: a hint's reason in Mexican Train; {tile}: a double ("6-6"); {player}: who plays next.
                    N_("covers the {tile} before {player} can"),
                    weight=weights.cover_own_train if scored.on_own else weights.cover_own,
                    seats=(view.next_player,),
                    facts={"double": str(covered)},
                    values={"tile": str(covered)},
                )
            )
        else:
            reasons.append(
                Reason(
                    "covers",
                    # TRANSLATORS: a hint's reason in Mexican Train; {tile}: a double ("6-6"); M6: the rule's number.
                    N_("the {tile} must be covered first (M6): this is the best tile for it"),
                    weight=0.5,
                    facts={"double": str(covered)},
                    values={"tile": str(covered)},
                )
            )
    if tile.pips:
        late = view.danger > 0
        closest = min((p for p in range(view.players) if p != view.me), key=lambda p: (observation.tile_counts[p], p))
        count = observation.tile_counts[closest]
        weight = tile.pips * (weights.pips + weights.pips_late * view.danger)
        facts = {"pips": tile.pips}
        if late:
            reasons.append(
                Reason.counted(
                    "sheds",
                    # TRANSLATORS: a hint's reason in Mexican Train; {pips}: the pips of the tile played; {player}:
                    # the opponent nearest to going out; {count_word}: their tiles, in words ("two").
                    Plural.n_(
                        "sheds {pips} pips while {player} has {count_word} tile left",
                        "sheds {pips} pips while {player} has {count_word} tiles left",
                    ),
                    count,
                    weight=weight,
                    seats=(closest,),
                    facts=facts,
                    values={"pips": tile.pips, "count_word": spoken(count)},
                )
            )
        else:
            reasons.append(Reason.counted("sheds", SHEDS, tile.pips, weight=weight, facts=facts))
    return strongest(reasons)


# ----------------------------------------------------------------- the agents


class HeuristicAgent(SeededAgent):
    """Scores each legal move with ``score_move`` and plays the best (seeded tie-break)."""

    name = "heuristic"

    def __init__(self, game: str, seed: int = 0, weights: Weights = DEFAULT_WEIGHTS) -> None:
        super().__init__(game, seed)
        if game != GAME:
            raise RulesError(f"this heuristic agent plays {GAME}, not {game!r}")
        self.weights = weights

    def choose(self, observation: Any) -> Any:
        top = self._best(observation)
        return top[0] if len(top) == 1 else self.rng.choice(top)

    def move_distribution(self, observation: Any) -> dict[Any, float]:
        top = self._best(observation)
        return dict.fromkeys(top, 1.0 / len(top))

    def scores(self, observation: Observation) -> list[float]:
        """Each legal move's score, in the engine's order."""
        view = TableView(observation)
        return [score_move(view, move, self.weights).score for move in observation.legal_moves]

    def _best(self, observation: Any) -> list[Move]:
        moves: Sequence[Move] = observation.legal_moves
        if len(moves) == 1:
            return [moves[0]]
        scores = self.scores(observation)
        best = max(scores)
        return [move for move, score in zip(moves, scores, strict=True) if score >= best - 1e-9]

    def explain(self, observation: Any, move: Any) -> tuple[Reason, ...]:
        """Why this agent would play ``move``: what ``score_move`` weighed, as facts (``explain_move``)."""
        return explain_move(observation, move, self.weights)


class MexicanTrainGreedyAgent(GreedyAgent):
    """The ``greedy`` player: covers a double whenever it can, else sheds the heaviest tile; draw and pass last."""

    def move_value(self, observation: Any, move: Any) -> int:
        if move.kind is not MoveKind.PLAY:
            return -1
        pips: int = move.tile.pips
        return pips + (100 if covers_double(observation, move) is not None else 0)

    def explain(self, observation: Any, move: Any) -> tuple[Reason, ...]:
        """Greedy's one idea, as a reason: the double covered, or the pips shed."""
        if move.kind is not MoveKind.PLAY:
            return explain_move(observation, move)
        covered = covers_double(observation, move)
        pips = move.tile.pips
        if covered is not None:
            # TRANSLATORS: a hint's reason in Mexican Train; {tile}: a double ("6-6").
            covers = N_("covers the {tile}")
            return (
                Reason("covers", covers, weight=100.0, facts={"double": str(covered)}, values={"tile": str(covered)}),
                Reason.counted("sheds", SHEDS, pips, weight=float(pips)),
            )
        # TRANSLATORS: a hint's reason of the simplest AI, which plays its heaviest tile.
        most = Plural.n_("sheds {count} pip, the most it can", "sheds {count} pips, the most it can")
        return (Reason.counted("sheds", most, pips, weight=float(pips)),)
