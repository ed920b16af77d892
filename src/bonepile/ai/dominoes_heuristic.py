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

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bonepile.ai.base import SeededAgent
from bonepile.ai.dominoes_sampling import WorldSampler, d3_applies, read_history
from bonepile.ai.reasons import SHEDS, FactValue, Plural, Reason, WordValue, spoken, strongest
from bonepile.ai.simple import GreedyAgent
from bonepile.core.errors import RulesError
from bonepile.dominoes import Move, MoveKind, Observation, Preview, Tile
from bonepile.i18n import N_, _, n_, p_


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
        words = N_("the highest double opens the hand") if forced else N_("your only legal move")
        reasons.append(Reason("only_move", words, weight=1000.0))
    view = TableView(observation)
    counts = observation.tile_counts
    rest = [t for t in view.hand if t is not tile]
    ends = tuple(
        dict.fromkeys(number for _end, number in view.preview(move).open_ends)
    )  # what the engine says it leaves
    numbers = sorted(set(ends), reverse=True)
    shed = tile.pips * (weights.pips + weights.pips_danger * view.danger)
    reasons.append(Reason.counted("sheds", SHEDS, tile.pips, weight=shed, facts={"pips": tile.pips}))
    if view.danger >= 0.6 and view.opponents:
        low = min(view.opponents, key=lambda p: counts[p])
        reasons.append(
            Reason.counted(
                "danger",
                # TRANSLATORS: a hint's reason; {player}: an opponent; {count_word}: the number of tiles in words.
                Plural.n_("{player} has only one tile left", "{player} has only {count_word} tiles left"),
                counts[low],
                weight=shed * 0.5,
                seats=(low,),
                facts={"tiles": counts[low]},
                values={"count_word": spoken(counts[low])},
            )
        )
    if tile.is_double and view.open_numbers:
        # TRANSLATORS: a hint's reason in Dominoes; {number}: the number on both halves of the double.
        words = N_("plays the double while {number} is open (a double fits one number only)")
        reasons.append(Reason("double", words, weight=weights.double, values={"number": tile.high}))
    next_player = view.next_player
    locked = next_player in view.opponents and set(ends) <= view.voids[next_player] and counts[next_player] > 0
    for p in view.opponents:
        passed: list[tuple[int, int]] = []
        drew: list[tuple[int, int]] = []
        proved: dict[str, FactValue] = {}
        for n in numbers:
            if n not in view.voids[p]:
                continue
            passes, draws = _turns_stuck_on(observation, p, n)
            if passes:
                passed.append((n, passes))
            if draws:
                drew.append((n, draws))
            if passes or draws:
                proved[f"passes_on_{n}"] = passes
                proved[f"draw_turns_on_{n}"] = draws
        if passed or drew:
            weight = weights.lacks_end * (len(passed) + len(drew)) / len(view.opponents)
            if passed and drew:
                # TRANSLATORS: a hint's reason; {player}: an opponent; {passed}, {drew}: the numbers left open
                # when they passed or drew ("4 twice and on 5"), so they cannot hold them.
                words = N_("{player} passed on {passed}, and drew on {drew}")
            elif passed:
                # TRANSLATORS: a hint's reason; {player}: an opponent; {passed}: the numbers left open when they
                # passed ("4 twice and on 5"), so they cannot hold them.
                words = N_("{player} passed on {passed}")
            else:
                # TRANSLATORS: a hint's reason; {player}: an opponent; {drew}: the numbers left open when they
                # drew ("4 twice and on 5"), so they cannot hold them.
                words = N_("{player} drew on {drew}")
            said = {
                "passed": functools.partial(_stuck_on_words, "passed", tuple(passed)),
                "drew": functools.partial(_stuck_on_words, "drew", tuple(drew)),
            }
            reasons.append(Reason("passed_on", words, weight=weight, seats=(p,), facts=proved, values=said))
    if locked:
        reasons.append(
            Reason(
                "locks",
                # TRANSLATORS: a hint's reason; {player}: the next opponent; {numbers}: the open numbers ("4 or 5").
                N_("{player}, next to play, is proved to hold no {numbers}: they must draw or pass"),
                weight=weights.lock_next,
                seats=(next_player,),
                facts={"ends": tuple(ends)},
                values={"numbers": functools.partial(_numbers_or, tuple(numbers))},
            )
        )
    for n in numbers:
        mine = sum(1 for t in rest if t.has(n))
        if mine >= 2:
            if n == 0:
                # TRANSLATORS: a hint's reason; {count_word}: how many tiles with a blank half, in words ("three").
                keeps = Plural.n_("keeps {count_word} blank for you", "keeps {count_word} blanks for you")
            else:
                # TRANSLATORS: a hint's reason; "three 5s": three tiles with a 5 on one half ({number}: 5);
                # {count_word}: how many, in words.
                keeps = Plural.n_("keeps {count_word} {number} for you", "keeps {count_word} {number}s for you")
            reasons.append(
                Reason.counted(
                    "keeps",
                    keeps,
                    mine,
                    weight=weights.own_end * (mine - view.unseen[n] / max(1, view.players - 1)) + weights.follow,
                    facts={"number": n, "tiles": mine},
                    values={"number": n, "count_word": spoken(mine)},
                )
            )
    partner = view.partner
    if partner is not None and counts[partner]:
        liked = [n for n in numbers if view.partner_likes[n]]
        if liked:
            reasons.append(
                Reason(
                    "partner",
                    # TRANSLATORS: a hint's reason; {numbers}: open numbers ("4 and 5"); {player}: the partner.
                    N_("leaves {numbers} open, which {player} has been leaving open"),
                    weight=weights.partner_end * sum(min(view.partner_likes[n], 2) for n in liked),
                    seats=(partner,),
                    facts={"numbers": tuple(liked)},
                    values={"numbers": functools.partial(_numbers_and, tuple(liked))},
                )
            )
    kinds = {n for n in view.numbers if any(t.has(n) for t in rest)}
    if len(kinds) >= 5:
        reasons.append(
            Reason.counted(
                "variety",
                # TRANSLATORS: a hint's reason; {count_word}: how many different numbers, in words ("six").
                Plural.n_(
                    "leaves you {count_word} different number to answer with",
                    "leaves you {count_word} different numbers to answer with",
                ),
                len(kinds),
                weight=weights.variety,
                facts={"numbers": len(kinds)},
                values={"count_word": spoken(len(kinds))},
            )
        )
    return strongest(reasons)


def _stuck_on_words(verb: str, stuck: tuple[tuple[int, int], ...]) -> str:
    """The numbers a player passed (or drew) on, in the current language: "4 twice and on 5"."""
    items = []
    for number, count in stuck:
        if count == 1:
            items.append(str(number))
        elif count == 2:
            # TRANSLATORS: in a hint, a number an opponent passed or drew on twice ("4 twice").
            items.append(_("{number} twice", number=number))
        else:
            # TRANSLATORS: in a hint, a number an opponent passed or drew on {count} times ("4 3 times").
            items.append(n_("{number} {count} time", "{number} {count} times", count, number=number))
    said = items[0] if items else ""
    for item in items[1:]:
        if verb == "passed":
            # TRANSLATORS: joins the numbers in "Ann passed on 4 twice and on 5".
            said = p_("passed on numbers", "{first} and on {second}", first=said, second=item)
        else:
            # TRANSLATORS: joins the numbers in "Ann drew on 4 twice and on 5".
            said = p_("drew on numbers", "{first} and on {second}", first=said, second=item)
    return said


def _numbers_or(numbers: tuple[int, ...]) -> str:
    """ "4 or 5" in the current language."""
    said = ""
    for index, number in enumerate(numbers):
        # TRANSLATORS: joins the open numbers a player cannot hold in a hint ("holds no 4 or 5").
        said = str(number) if not index else _("{first} or {second}", first=said, second=number)
    return said


def _numbers_and(numbers: tuple[int, ...]) -> str:
    """ "4 and 5" in the current language."""
    said = ""
    for index, number in enumerate(numbers):
        # TRANSLATORS: joins open numbers in a hint ("leaves 4 and 5 open").
        said = str(number) if not index else _("{first} and {second}", first=said, second=number)
    return said


def _no_play_reasons(observation: Observation, move: Move) -> tuple[Reason, ...]:
    """A draw or a pass: the engine offered nothing else, and why (D4-D5)."""
    ends = tuple(dict.fromkeys(number for _end, number in observation.open_ends))
    said: dict[str, WordValue] = {"numbers": functools.partial(_numbers_or, ends)}
    left = observation.boneyard_size
    if move.kind is MoveKind.DRAW:
        # TRANSLATORS: a hint's reason; {numbers}: the open numbers ("4 or 5").
        words = N_("no tile in your hand fits {numbers}: draw") if ends else N_("no tile in your hand fits: draw")
        return (Reason("must_draw", words, weight=1.0, facts={"boneyard": left}, values=said),)
    rules = observation.rules
    facts: dict[str, FactValue] = {"boneyard": left}
    if not rules.drawing:
        if ends:
            # TRANSLATORS: a hint's reason; {numbers}: the open numbers ("4 or 5").
            words = N_("no tile in your hand fits {numbers}, and this game has no drawing: pass")
        else:
            words = N_("no tile in your hand fits, and this game has no drawing: pass")
    elif left and left <= rules.boneyard_reserve:
        said["count_word"] = spoken(left)
        if ends:
            # TRANSLATORS: a hint's reason; {numbers}: the open numbers ("4 or 5"); {count_word}: the tiles left,
            # in words ("two"). The reserve: the last tiles of the boneyard, which this game never lets anyone draw.
            reserve = Plural.n_(
                "no tile in your hand fits {numbers}, and the one tile left in the boneyard is the reserve, "
                "never drawn: pass",
                "no tile in your hand fits {numbers}, and the {count_word} tiles left in the boneyard are the "
                "reserve, never drawn: pass",
            )
        else:
            # TRANSLATORS: a hint's reason; {count_word}: the tiles left, in words ("two"). The reserve: the last
            # tiles of the boneyard, which this game never lets anyone draw.
            reserve = Plural.n_(
                "no tile in your hand fits, and the one tile left in the boneyard is the reserve, never drawn: pass",
                "no tile in your hand fits, and the {count_word} tiles left in the boneyard are the reserve, "
                "never drawn: pass",
            )
        return (Reason.counted("must_pass", reserve, left, weight=1.0, facts=facts, values=said),)
    elif ends:
        # TRANSLATORS: a hint's reason; {numbers}: the open numbers ("4 or 5").
        words = N_("no tile in your hand fits {numbers}, and the boneyard is empty: pass")
    else:
        words = N_("no tile in your hand fits, and the boneyard is empty: pass")
    return (Reason("must_pass", words, weight=1.0, facts=facts, values=said),)


def sheds_words(pips: int) -> str:
    """ "sheds 1 pip", "sheds 7 pips": the reason in the words a player reads (the current language)."""
    return n_(SHEDS.singular, SHEDS.plural, pips)


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
