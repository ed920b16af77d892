"""The ``heuristic`` Dominoes player: hand-written judgement, fast and worth playing against.

It scores every legal move by what a good club player weighs, in this order
of importance:

* **Lock the next player out.** Passes and draws prove what a player lacks
  (see ``dominoes_sampling``); leaving only numbers the next opponent cannot
  hold forces them to pass or draw.
* **Keep an answer.** Prefer moves after which the hand still matches the
  open ends and still holds many different numbers, so that whatever the
  others do, some tile fits.
* **Own the numbers you leave open.** An end showing a number of which you
  hold many, and of which few are still unseen, is one only you can feed.
* **Shed weight when it counts.** Pips left in hand score for the opponents
  (D7), so heavy tiles go first when the hand may end soon: an opponent is
  nearly out or the open numbers are running dry.
* **Doubles early.** A double fits only one number, so it is the tile most
  likely to be stranded; play it while its number is still open.
* **Play for the partner** (partnership): do not leave numbers the partner is
  proved to lack, and keep open the numbers the partner has been playing.
* **Count** (all-fives, where plays score the count at the open ends): take
  the points a play makes now, set up a count the agent can make itself next
  turn with a tile it holds, and avoid leaving a count the next opponent can
  make with a tile they may hold (weighed by the chance they hold one). The
  engine says what each play leaves and scores (``Observation.preview``);
  the heuristic never lays tiles out itself.

The weights are plain numbers in ``Weights`` so they can be tuned by arena
runs. Ties go to a seeded random choice, so the agent is deterministic given
its seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bonepile.ai.base import SeededAgent
from bonepile.ai.dominoes_sampling import WorldSampler, d3_applies, read_history
from bonepile.ai.reasons import FactValue, Reason, count_word, strongest, times
from bonepile.ai.simple import GreedyAgent
from bonepile.core.errors import RulesError
from bonepile.dominoes import Move, MoveKind, Observation, Preview, Tile


@dataclass(frozen=True, slots=True)
class Weights:
    """How much each consideration counts, in roughly 'pips' units."""

    pips: float = 1.0
    pips_danger: float = 2.0
    """Extra weight per pip when the hand may end soon (0..1 danger, scaled by this)."""
    follow: float = 6.0
    """Still holding a tile for one of the new ends."""
    follow_each: float = 1.5
    variety: float = 2.5
    """Per distinct number left in hand."""
    double: float = 7.0
    lock_next: float = 14.0
    """The next opponent is proved unable to play on either new end."""
    lacks_end: float = 3.0
    """Per new end an opponent is proved unable to play on."""
    own_end: float = 1.5
    """Per tile of a new end's number held beyond what is still unseen."""
    partner_stuck: float = 9.0
    partner_end: float = 1.5
    points_now: float = 1.6
    """Per point a play scores at once (all-fives)."""
    set_up: float = 0.5
    """Per point of the best count the agent can make next turn with a tile it keeps."""
    threat: float = 0.9
    """Per point the next opponent is expected to score on the layout left."""


DEFAULT_WEIGHTS = Weights()


class TableView:
    """What the heuristic knows about the table, worked out once per decision."""

    def __init__(self, observation: Observation) -> None:
        self.observation = observation
        rules = observation.rules
        self.me = observation.player
        self.players = rules.players
        self.hand = tuple(observation.hand)
        self.open_numbers = observation.open_numbers
        self.scoring = rules.scores_during_play
        sampler = WorldSampler(observation)
        numbers = range(rules.max_pips + 1)
        self.numbers = numbers
        self.unseen = [sum(1 for t in sampler.hidden if t.has(n)) for n in numbers]
        self.partner: int | None = (self.me + 2) % 4 if rules.teams else None
        others = [p for p in range(self.players) if p != self.me]
        self.opponents = [p for p in others if rules.side_of(p) != rules.side_of(self.me)]
        self.voids = {p: sampler.void_numbers(p) for p in others}
        self.next_player = (self.me + 1) % self.players
        # What the next opponent may hold, and the chance of each: their tiles over the tiles unseen here.
        self.threats: tuple[Tile, ...] = ()
        self.hold_chance = 0.0
        if self.scoring and self.next_player in self.opponents and sampler.hidden:
            self.threats = tuple(t for t in sampler.hidden if sampler.could_hold(self.next_player, t))
            if self.threats:
                self.hold_chance = min(1.0, observation.tile_counts[self.next_player] / len(sampler.hidden))
        counts = observation.tile_counts
        low = min(counts[p] for p in self.opponents) if self.opponents else 7
        # Danger: the hand may end before we shed our weight, by domino or by block.
        out_soon = 1.0 if low <= 1 else 0.6 if low == 2 else 0.25 if low == 3 else 0.0
        dry = 0.0
        if self.open_numbers:
            feed = sum(self.unseen[n] for n in self.open_numbers)
            dry = 1.0 if feed <= 1 else 0.5 if feed <= 3 else 0.0
        no_draw = not rules.may_draw(observation.boneyard_size)
        self.danger = max(out_soon, dry if no_draw else dry * 0.5)
        # The numbers the partner has chosen to leave open: players keep open what they hold.
        self.partner_likes = [0] * len(numbers)
        if self.partner is not None:
            for event in observation.events:
                tile = event.move.tile
                if tile is None or event.player != self.partner:
                    continue
                # The engine's events say which number each end showed, so the number opened is the other half.
                joined = dict(event.ends).get(event.move.end) if event.move.end is not None else None
                opened: Sequence[int] = (tile.high, tile.low) if joined is None else (tile.other_end(joined),)
                for n in opened:
                    self.partner_likes[n] += 1

    def preview(self, move: Move) -> Preview:
        """What ``move`` leaves on the table, from the engine."""
        return self.observation.preview(move)

    def best_next(self, after: Preview, tiles: Sequence[Tile]) -> list[int]:
        """For each of ``tiles``, the most it would score played next on the layout ``after`` (0 if it does not fit)."""
        best = []
        for tile in tiles:
            top = 0
            for play in after.fits(tile):
                top = max(top, after.then(play).points)
            best.append(top)
        return best

    def expected_threat(self, after: Preview) -> float:
        """The next opponent's expected best count on ``after``: each tile they might hold, by its chance."""
        values = sorted((p for p in self.best_next(after, self.threats) if p), reverse=True)
        q = self.hold_chance
        expected, miss = 0.0, 1.0
        for points in values:
            expected += points * q * miss
            miss *= 1.0 - q
        return expected


def score_move(view: TableView, move: Move, weights: Weights = DEFAULT_WEIGHTS) -> float:
    """How good ``move`` looks; higher is better."""
    tile = move.tile
    if tile is None:
        return 0.0
    rest = [t for t in view.hand if t is not tile]
    after = view.preview(move)
    end_numbers = set(after.open_numbers)
    score = tile.pips * (weights.pips + weights.pips_danger * view.danger)
    if view.scoring:
        score += weights.points_now * after.points
        if rest:
            score += weights.set_up * max(view.best_next(after, rest))
        score -= weights.threat * view.expected_threat(after)
    follow = sum(1 for t in rest if any(t.has(n) for n in end_numbers))
    if follow:
        score += weights.follow + weights.follow_each * min(follow, 3)
    score += weights.variety * sum(1 for n in view.numbers if any(t.has(n) for t in rest))
    if tile.is_double:
        score += weights.double
    for n in end_numbers:
        mine = sum(1 for t in rest if t.has(n))
        score += weights.own_end * (mine - view.unseen[n] / max(1, view.players - 1))
    next_player = view.next_player
    locked = next_player in view.opponents and end_numbers <= view.voids[next_player]
    if locked and view.observation.tile_counts[next_player]:
        score += weights.lock_next
    for p in view.opponents:
        score += weights.lacks_end * sum(1 for n in end_numbers if n in view.voids[p]) / len(view.opponents)
    partner = view.partner
    if partner is not None and view.observation.tile_counts[partner]:
        if end_numbers <= view.voids[partner]:
            score -= weights.partner_stuck
        score += weights.partner_end * sum(min(view.partner_likes[n], 2) for n in end_numbers)
    return score


def _number(n: int) -> str:
    """A number on a domino as players say it in the plural: "4s", "blanks"."""
    return "blanks" if n == 0 else f"{n}s"


def _turns_stuck_on(observation: Observation, player: int, number: int) -> tuple[int, int]:
    """How many times ``player`` passed, and how many turns they drew, while ``number`` was an open end.

    Read from the hand's public events (the log): a turn of several draws counts once.
    """
    history = read_history(observation)
    passes = draws = 0
    previous: tuple[int, MoveKind] | None = None
    for event, ends in zip(observation.events, history.ends, strict=False):
        kind = event.move.kind
        if event.player == player and ends is not None and number in ends:
            if kind is MoveKind.PASS:
                passes += 1
            elif kind is MoveKind.DRAW and previous != (player, MoveKind.DRAW):
                draws += 1
        previous = (event.player, kind)
    return passes, draws


def explain_move(observation: Observation, move: Move, weights: Weights = DEFAULT_WEIGHTS) -> tuple[Reason, ...]:
    """The facts that made ``move`` (one of the legal moves) look good to the heuristic, weightiest first.

    Each is one of the things ``score_move`` weighs, said as a fact of the
    position: the pips shed, who is proved to lack a number left open (with
    the passes and draws of the log that prove it), how many tiles of each
    open number stay in hand, a double played while its number is open.
    """
    tile = move.tile
    if tile is None:
        return _no_play_reasons(observation, move)
    reasons: list[Reason] = []
    if len(observation.legal_moves) == 1:
        forced = move.end is None and tile.is_double and d3_applies(observation) and not observation.events
        words = "the highest double opens the hand" if forced else "your only legal move"
        reasons.append(Reason("only_move", words, weight=1000.0))
    view = TableView(observation)
    counts = observation.tile_counts
    rest = [t for t in view.hand if t is not tile]
    ends = tuple(dict.fromkeys(number for _, number in view.preview(move).open_ends))  # what the engine says it leaves
    numbers = sorted(set(ends), reverse=True)
    shed = tile.pips * (weights.pips + weights.pips_danger * view.danger)
    reasons.append(Reason("sheds", sheds_words(tile.pips), weight=shed, facts={"pips": tile.pips}))
    if view.danger >= 0.6 and view.opponents:
        low = min(view.opponents, key=lambda p: counts[p])
        left = "one tile" if counts[low] == 1 else f"{count_word(counts[low])} tiles"
        reasons.append(
            Reason(
                "danger", f"{{0}} has only {left} left", weight=shed * 0.5, seats=(low,), facts={"tiles": counts[low]}
            )
        )
    if tile.is_double and view.open_numbers:
        words = f"plays the double while {tile.high} is open (a double fits one number only)"
        reasons.append(Reason("double", words, weight=weights.double))
    next_player = view.next_player
    locked = next_player in view.opponents and set(ends) <= view.voids[next_player] and counts[next_player] > 0
    for p in view.opponents:
        passed: list[str] = []
        drew: list[str] = []
        proved: dict[str, FactValue] = {}
        for n in numbers:
            if n not in view.voids[p]:
                continue
            passes, draws = _turns_stuck_on(observation, p, n)
            if passes:
                passed.append(f"{n} {times(passes)}" if passes > 1 else str(n))
            if draws:
                drew.append(f"{n} {times(draws)}" if draws > 1 else str(n))
            if passes or draws:
                proved[f"passes_on_{n}"] = passes
                proved[f"draw_turns_on_{n}"] = draws
        done = [f"{verb} on {' and on '.join(seen)}" for verb, seen in (("passed", passed), ("drew", drew)) if seen]
        if done:
            weight = weights.lacks_end * (len(passed) + len(drew)) / len(view.opponents)
            reasons.append(Reason("passed_on", "{0} " + ", and ".join(done), weight=weight, seats=(p,), facts=proved))
    if locked:
        shown = " or ".join(str(n) for n in numbers)
        reasons.append(
            Reason(
                "locks",
                f"{{0}}, next to play, is proved to hold no {shown}: they must draw or pass",
                weight=weights.lock_next,
                seats=(next_player,),
                facts={"ends": tuple(ends)},
            )
        )
    for n in numbers:
        mine = sum(1 for t in rest if t.has(n))
        if mine >= 2:
            reasons.append(
                Reason(
                    "keeps",
                    f"keeps {count_word(mine)} {_number(n)} for you",
                    weight=weights.own_end * (mine - view.unseen[n] / max(1, view.players - 1)) + weights.follow,
                    facts={"number": n, "tiles": mine},
                )
            )
    partner = view.partner
    if partner is not None and counts[partner]:
        liked = [n for n in numbers if view.partner_likes[n]]
        if liked:
            shown = " and ".join(str(n) for n in liked)
            reasons.append(
                Reason(
                    "partner",
                    f"leaves {shown} open, which {{0}} has been leaving open",
                    weight=weights.partner_end * sum(min(view.partner_likes[n], 2) for n in liked),
                    seats=(partner,),
                    facts={"numbers": tuple(liked)},
                )
            )
    kinds = {n for n in view.numbers if any(t.has(n) for t in rest)}
    if len(kinds) >= 5:
        reasons.append(
            Reason(
                "variety",
                f"leaves you {count_word(len(kinds))} different numbers to answer with",
                weight=weights.variety,
                facts={"numbers": len(kinds)},
            )
        )
    return strongest(reasons)


def _no_play_reasons(observation: Observation, move: Move) -> tuple[Reason, ...]:
    """A draw or a pass: the engine offered nothing else, and why (D4-D5)."""
    ends = list(dict.fromkeys(number for _, number in observation.open_ends))
    shown = (" " + " or ".join(str(n) for n in ends)) if ends else ""
    left = observation.boneyard_size
    if move.kind is MoveKind.DRAW:
        words = f"no tile in your hand fits{shown}: draw"
        return (Reason("must_draw", words, weight=1.0, facts={"boneyard": left}),)
    rules = observation.rules
    if not rules.drawing:
        why = "and this game has no drawing"
    elif left and left <= rules.boneyard_reserve:
        why = f"and the {plural_tiles(left)} left in the boneyard are the reserve, never drawn"
    else:
        why = "and the boneyard is empty"
    words = f"no tile in your hand fits{shown}, {why}: pass"
    return (Reason("must_pass", words, weight=1.0, facts={"boneyard": left}),)


def sheds_words(pips: int) -> str:
    """ "sheds 1 pip", "sheds 7 pips": the reason in the words a player reads."""
    return f"sheds {pips} pip" if pips == 1 else f"sheds {pips} pips"


def plural_tiles(count: int) -> str:
    return "one tile" if count == 1 else f"{count_word(count)} tiles"


class HeuristicAgent(SeededAgent):
    """Scores each legal move with ``score_move`` and plays the best (seeded tie-break)."""

    name = "heuristic"

    def __init__(self, game: str, seed: int = 0, weights: Weights = DEFAULT_WEIGHTS) -> None:
        super().__init__(game, seed)
        if game != "dominoes":
            raise RulesError(f"the heuristic agent plays dominoes, not {game!r}")
        self.weights = weights

    def choose(self, observation: Any) -> Any:
        top = self._best(observation)
        return top[0] if len(top) == 1 else self.rng.choice(top)

    def move_distribution(self, observation: Any) -> dict[Any, float]:
        """The best-scored moves, equally likely (the seeded tie-break picks any of them)."""
        top = self._best(observation)
        return dict.fromkeys(top, 1.0 / len(top))

    def _best(self, observation: Any) -> list[Move]:
        moves: tuple[Move, ...] = observation.legal_moves
        if len(moves) == 1:
            return [moves[0]]
        view = TableView(observation)
        scores = [score_move(view, move, self.weights) for move in moves]
        best = max(scores)
        return [move for move, score in zip(moves, scores, strict=True) if score >= best - 1e-9]

    def explain(self, observation: Any, move: Any) -> tuple[Reason, ...]:
        """Why this agent would play ``move``: what ``score_move`` weighed, as facts (``explain_move``)."""
        return explain_move(observation, move, self.weights)


class DominoesGreedyAgent(GreedyAgent):
    """The ``greedy`` Dominoes player: in all-fives the play that scores most (pips break ties), else the heaviest
    tile; a draw or a pass is worth least."""

    def move_value(self, observation: Any, move: Any) -> int:
        if move.tile is None:
            return -1
        pips: int = move.tile.pips
        if observation.rules.scores_during_play:  # the engine says what the play scores; pips break ties
            scored: int = observation.preview(move).points
            return scored * 100 + pips
        return pips
