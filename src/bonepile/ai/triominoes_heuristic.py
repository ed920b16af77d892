"""The ``heuristic`` Tri-Ominos player: hand-written judgement, fast and worth playing against.

Greedy play takes the most points now and ignores what a placement leaves
behind. In Tri-Ominos what it leaves behind is often worth more than the tile:
a place where one more tile completes a ring of six pays the next player +50
(T5), a gap that makes a strict bridge +40. So the heuristic plays each
candidate placement on a copy of the board and weighs, in "points" units:

* **Points now**: the tile's value and its bonus (T3, T5), as scored.
* **Gifts to the opponents**: every frontier place that would pay a bonus
  after the move, with the chance that the player to move next holds a tile
  that fits it (a hypergeometric draw from the tiles they could hold, using
  what their draws and passes proved, see ``triominoes_sampling``); the
  expected best bonus they can take is subtracted, and the same for the
  players after them, discounted (the gap may be filled or spoiled first).
  Against a single opponent a gift counts 1.5 times (it all goes to the
  one rival, see ``Weights.duel_gift_next``).
* **Starving the next player**: draws cost more than anything else over a
  round (T6: -5 each; a player of greedy or random play draws about ten
  times a round), so a placement that leaves the next player no tile that
  fits is worth a lot: the chance of it, from the tiles they could hold and
  those that still fit the board, weighs heavily (``Weights.block``; the
  arena showed it to be the heuristic's largest gain over greedy play).
* **Chances for ourselves**: a bonus place that survives until our next turn
  and that a tile we keep fits, weighted by the chance nobody takes it first.
* **Staying able to play**: not being able to place costs draws (T6: -5 each,
  -25 after three failed draws in ``pressman``), so keep tiles that fit many
  places; a triple fits only where two equal numbers meet, so play it while
  it fits.
* **Going out and shedding weight**: going out pays +25 and every tile the
  others hold (T7); when an opponent is close to going out, the value of the
  tiles still held is at risk, so heavy tiles go first.
* **Buying** (``goliath``'s voluntary draw) costs 5 points and a tile more to
  shed; it is chosen only when the best placement is worth that much less
  than leaving the board as it is: mostly when every placement gifts a big
  bonus, and sometimes when each would unblock the next player or take the
  fits of the tiles kept (the block and places terms of ``board_value``).

The weights are plain numbers in ``Weights`` so arena runs can tune them.
Ties go to a seeded random choice: the agent is deterministic given its seed,
and it reads only the observation.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from bonepile.ai.base import SeededAgent
from bonepile.ai.reasons import Plural, Reason, WordValue, a_percent, percent, spoken, strongest
from bonepile.ai.simple import GreedyAgent
from bonepile.ai.triominoes_sampling import World, WorldSampler
from bonepile.core.errors import RulesError
from bonepile.i18n import N_
from bonepile.triominoes import DRAW, Move, MoveKind, Observation, Place, Round, Tile


@dataclass(frozen=True, slots=True)
class Weights:
    """How much each consideration counts, in points."""

    gift_next: float = 1.0
    """Per expected bonus point the next player can take."""
    gift_later: float = 0.35
    """The same for each player after them (the gap may be gone by then)."""
    own_chance: float = 0.45
    """Per expected bonus point we can take at our next turn (already discounted by the chance it survives)."""
    duel_gift_next: float = 1.5
    """``gift_next`` when a single opponent is left to play (see ``duel_own_chance`` for why)."""
    duel_own_chance: float = 1.0
    """``own_chance`` when a single opponent is left to play.

    In a duel every gift goes to the one rival and is a full swing against
    us, and a place left for ourselves has one turn to survive, not three; the
    arena agreed (against greedy, 1000 duplicate 2-player deals: +2.1 +/- 0.6
    points a round over 1.0 and 0.45), while with 4 players the same values
    lost a little (-0.8 +/- 0.6), so they apply to duels only.
    """
    playable: float = 3.0
    """Per tile kept that fits somewhere now (up to three)."""
    stuck: float = 12.0
    """No tile kept fits anywhere: draws are likely."""
    places: float = 0.4
    """Per place (up to eight) where the tiles kept fit."""
    block: float = 45.0
    """Per unit of chance that the next player holds no tile that fits (and must draw)."""
    triple: float = 6.0
    """Playing a triple while it fits."""
    dump: float = 1.2
    """Per point of tile value played, times the danger that an opponent goes out soon."""
    out_margin: float = 1.0
    """Going out: the bonus and the expected tiles collected count in full."""
    buy_margin: float = 12.0
    """Goliath: the cost of buying beyond its penalty (one more tile to shed, a turn without points)."""


DEFAULT_WEIGHTS = Weights()


def chance_of_any(available: int, fitting: int, held: int) -> float:
    """The chance that ``held`` tiles dealt from ``available`` include one of ``fitting`` (hypergeometric)."""
    if fitting <= 0 or held <= 0 or available <= 0:
        return 0.0
    if fitting + held > available:
        return 1.0
    miss = 1.0
    for i in range(held):
        miss *= (available - fitting - i) / (available - i)
    return 1.0 - miss


class TableView:
    """What the heuristic knows about the table, worked out once per decision."""

    def __init__(self, observation: Observation) -> None:
        self.observation = observation
        rules = observation.rules
        self.rules = rules
        self.me = me = observation.player
        self.players = rules.players
        self.hand = tuple(observation.hand)
        sampler = WorldSampler(observation)
        self.hidden = sampler.hidden
        counts = observation.tile_counts
        # Players still to play, in turn order after us (in a played-out goliath cycle some are out).
        self.order = [(me + k) % self.players for k in range(1, self.players) if counts[(me + k) % self.players]]
        self.could_hold = {q: [t for t in self.hidden if sampler.could_hold(q, t)] for q in self.order}
        self.counts = counts
        low = min((counts[q] for q in self.order), default=9)
        self.danger = 1.0 if low <= 1 else 0.6 if low == 2 else 0.25 if low == 3 else 0.0
        hidden_value = sum(t.value for t in self.hidden)
        self.mean_hidden = hidden_value / len(self.hidden) if self.hidden else 0.0
        # A board to try moves on: our real hand, the hidden tiles dealt in a fixed order (never the real
        # ones: only the board and our own tiles are read from it).
        self.base = sampler.to_round(_placeholder_world(sampler))

    def after(self, move: Move) -> Round:
        board = self.base.copy()
        board.play(move)
        return board


def _placeholder_world(sampler: WorldSampler) -> World:
    hidden = list(sampler.hidden)
    hands: list[tuple[Tile, ...]] = []
    for p in range(sampler.players):
        if p == sampler.me:
            hands.append(sampler.own_hand)
        else:
            hands.append(tuple(hidden[: sampler.counts[p]]))
            hidden = hidden[sampler.counts[p] :]
    return World(tuple(hands), tuple(hidden))


def _fits_by_place(board: Round, tiles: Iterable[Tile]) -> dict[Place, set[Tile]]:
    found: dict[Place, set[Tile]] = {}
    for move in board.placements(tiles):
        assert move.place is not None and move.tile is not None
        found.setdefault(move.place, set()).add(move.tile)
    return found


def expected_best_bonus(spots: Sequence[tuple[int, set[Tile]]], candidates: Sequence[Tile], held: int) -> float:
    """The expected largest bonus a player holding ``held`` of ``candidates`` can take among ``spots``.

    ``spots`` are (bonus, tiles that fit there). With B1 > B2 > ... the
    distinct bonuses, E[max] = sum over levels of (B_j - B_{j+1}) times the
    chance of holding a tile that fits some spot paying at least B_j.
    """
    if not spots or held <= 0:
        return 0.0
    pool = set(candidates)
    levels = sorted({bonus for bonus, _place in spots}, reverse=True)
    expected = 0.0
    fitting: set[Tile] = set()
    for j, level in enumerate(levels):
        for bonus, tiles in spots:
            if bonus == level:
                fitting |= tiles & pool
        lower = levels[j + 1] if j + 1 < len(levels) else 0
        expected += (level - lower) * chance_of_any(len(pool), len(fitting), held)
    return expected


def score_move(view: TableView, move: Move, weights: Weights = DEFAULT_WEIGHTS) -> float:
    """How good a placement looks; higher is better (in points)."""
    tile = move.tile
    assert tile is not None
    score = float(view.observation.move_points(move))
    board = view.after(move)
    rest = [t for t in view.hand if t is not tile]
    if board.is_over or not rest:
        # T7: going out: +25 and every tile the others still hold.
        collected = sum(view.counts[q] for q in view.order) * view.mean_hidden
        return score + weights.out_margin * (view.rules.going_out_bonus + collected) + 1000.0
    score += board_value(view, board, rest, weights)
    if tile.is_triple:
        score += weights.triple
    return score + weights.dump * view.danger * tile.value


def score_draw(view: TableView, weights: Weights = DEFAULT_WEIGHTS) -> float:
    """How good buying looks (T6 goliath), on the same scale as ``score_move``: the board left as it is."""
    penalty = view.rules.draw_penalty
    return -penalty - weights.buy_margin + board_value(view, view.base, list(view.hand), weights)


def board_value(view: TableView, board: Round, rest: Sequence[Tile], weights: Weights = DEFAULT_WEIGHTS) -> float:
    """What a board and the tiles we keep are worth before the others move: gifts, chances, flexibility."""
    value = 0.0
    mine = _fits_by_place(board, rest)
    hidden_fits = _fits_by_place(board, view.hidden)
    if view.order and weights.block:
        # T6: a player with no tile that fits must draw (-5 each, more in a row); the next one is ours to block.
        q = view.order[0]
        fitting = {t for tiles in hidden_fits.values() for t in tiles}
        candidates = view.could_hold[q]
        can_play = chance_of_any(len(candidates), sum(1 for t in candidates if t in fitting), view.counts[q])
        value += weights.block * (1.0 - can_play)
    spots = [(bonus, place) for place in board.frontier() if (bonus := board.place_bonus(place)) > 0]
    if spots:
        tiles_at = [(bonus, hidden_fits.get(place, set())) for bonus, place in spots]
        best = max(bonus for bonus, _place in spots)
        duel = len(view.order) == 1
        survive = 1.0
        for k, q in enumerate(view.order):
            gain = expected_best_bonus(tiles_at, view.could_hold[q], view.counts[q])
            gift = (weights.duel_gift_next if duel else weights.gift_next) if k == 0 else weights.gift_later
            value -= gift * gain
            survive *= 1.0 - min(1.0, gain / best)
        own = max((bonus for bonus, place in spots if place in mine), default=0)
        value += (weights.duel_own_chance if duel else weights.own_chance) * own * survive
    playable = {t for tiles in mine.values() for t in tiles}
    value += weights.playable * min(len(playable), 3) + weights.places * min(len(mine), 8)
    if not playable:
        value -= weights.stuck
    return value


def _bonus_places(board: Round) -> list[tuple[int, Place]]:
    return [(bonus, place) for place in board.frontier() if (bonus := board.place_bonus(place)) > 0]


def explain_move(observation: Observation, move: Move, weights: Weights = DEFAULT_WEIGHTS) -> tuple[Reason, ...]:
    """The facts that made ``move`` (one of the legal moves) look good to the heuristic, weightiest first.

    What ``score_move`` and ``board_value`` weighed, said as facts: the points
    and the bonus the engine scores for the placement, the bonus places left
    (or none) for the others, the chance the next player holds nothing that
    fits (from the tiles they could hold), a triple played while it fits,
    going out.
    """
    if move.kind is not MoveKind.PLACE:
        return _no_place_reasons(observation, move)
    tile = move.tile
    assert tile is not None
    view = TableView(observation)
    reasons: list[Reason] = []
    points = observation.move_points(move)
    bonus = view.base.placement_bonus(move)
    facts = {"points": points, "tile_points": tile.value}
    if bonus is not None:
        words = _BONUS_WORDS.get(bonus.name, _OTHER_BONUS_WORDS)
        reasons.append(
            Reason(
                "bonus",
                words,
                weight=500.0 + points,
                facts=facts | {"bonus": bonus.name, "bonus_points": bonus.points},
                values={"tile_points": tile.value, "bonus_points": bonus.points, "points": points, "bonus": bonus.name},
            )
        )
    else:
        # TRANSLATORS: a hint's reason in Tri-Ominos; {points}: what the placement scores.
        reasons.append(Reason("points", N_("scores {points}"), weight=500.0 + points, facts=facts, values=facts))
    if len(observation.legal_moves) == 1:
        reasons.append(Reason("only_move", N_("your only legal move"), weight=1000.0))
    board = view.after(move)
    rest = [t for t in view.hand if t is not tile]
    if board.is_over or not rest:
        reasons.append(
            Reason(
                "goes_out",
                # TRANSLATORS: a hint's reason in Tri-Ominos; {bonus}: the points for going out.
                N_("places your last tile: +{bonus} and the value of every tile the others hold"),
                weight=1000.0 + view.rules.going_out_bonus,
                values={"bonus": view.rules.going_out_bonus},
            )
        )
        return strongest(reasons)
    before = _bonus_places(view.base)
    after = _bonus_places(board)
    if not after:
        weight = weights.gift_next * max((bonus for bonus, _place in before), default=10)
        facts_after = {"bonus_places_before": len(before), "bonus_places_after": 0}
        if before:
            reasons.append(
                Reason.counted(
                    "no_bonus_place",
                    # TRANSLATORS: a hint's reason in Tri-Ominos; {count_word}: how many places there were where
                    # a tile would have made a bridge or a hexagon, in words ("two").
                    Plural.n_(
                        "leaves no place for a bridge or a hexagon (there was one before)",
                        "leaves no place for a bridge or a hexagon (there were {count_word} before)",
                    ),
                    len(before),
                    weight=weight,
                    facts=facts_after,
                    values={"count_word": spoken(len(before))},
                )
            )
        else:
            reasons.append(
                Reason("no_bonus_place", N_("leaves no place for a bridge or a hexagon"), weight, facts=facts_after)
            )
    hidden_fits = _fits_by_place(board, view.hidden)
    if view.order:
        q = view.order[0]
        candidates = view.could_hold[q]
        fitting = {t for tiles in hidden_fits.values() for t in tiles}
        can_fit = sum(1 for t in candidates if t in fitting)
        if after:
            spots = [(bonus, hidden_fits.get(place, set())) for bonus, place in after]
            best = max(bonus for bonus, _place in after)
            fits_best = {t for bonus, tiles in spots if bonus == best for t in tiles}
            chance = chance_of_any(len(candidates), sum(1 for t in candidates if t in fits_best), view.counts[q])
            if chance <= 0.35:
                if chance == 0:
                    # TRANSLATORS: a hint's reason in Tri-Ominos; {points}: the bonus a tile there would earn;
                    # {player}: the next player.
                    words = N_("leaves a place worth +{points}, but no tile {player} can hold fits it")
                else:
                    # TRANSLATORS: a hint's reason in Tri-Ominos; {points}: the bonus a tile there would earn;
                    # {player}: the next player; {a_percent}: the chance with its article ("a 20%"; {percent}: "20%").
                    words = N_("leaves a place worth +{points}, but {player} has {a_percent} chance of a tile for it")
                reasons.append(
                    Reason(
                        "unlikely_gift",
                        words,
                        weight=weights.gift_next * best * (1 - chance) * 0.5,
                        seats=(q,),
                        facts={"bonus_points": best, "chance": round(chance, 3)},
                        values={"points": best, **_chance_values(chance)},
                    )
                )
        stuck = 1.0 - chance_of_any(len(candidates), can_fit, view.counts[q])
        if can_fit == 0 and candidates:
            reasons.append(
                Reason(
                    "blocks",
                    # TRANSLATORS: a hint's reason in Tri-Ominos; {player}: the next player.
                    N_("none of the tiles {player} can hold fits anywhere afterwards: they must draw"),
                    weight=weights.block,
                    seats=(q,),
                    facts={"chance": 1.0},
                )
            )
        elif stuck >= 0.25:
            reasons.append(
                Reason(
                    "blocks",
                    # TRANSLATORS: a hint's reason in Tri-Ominos; {player}: the next player; {a_percent}: the chance
                    # with its article ("a 40%"; {percent}: "40%").
                    N_("{player}, next to play, has {a_percent} chance of holding no tile that fits"),
                    weight=weights.block * stuck,
                    seats=(q,),
                    facts={"chance": round(stuck, 3)},
                    values=_chance_values(stuck),
                )
            )
    if tile.is_triple:
        reasons.append(
            Reason(
                "triple",
                # TRANSLATORS: a hint's reason in Tri-Ominos; a triple: a tile with the same number in all corners.
                N_("plays a triple while it fits (it fits only where two equal numbers meet)"),
                weight=weights.triple,
            )
        )
    if view.danger >= 0.6 and view.order:
        low = min(view.order, key=lambda q: view.counts[q])
        count = view.counts[low]
        reasons.append(
            Reason.counted(
                "danger",
                # TRANSLATORS: a hint's reason in Tri-Ominos; {player}: an opponent; {count_word}: their tiles, in
                # words ("two"); {points}: the value of the tile placed.
                Plural.n_(
                    "{player} has only one tile left: {points} points fewer in your hand",
                    "{player} has only {count_word} tiles left: {points} points fewer in your hand",
                ),
                count,
                weight=weights.dump * view.danger * tile.value,
                seats=(low,),
                facts={"tiles": count, "tile_points": tile.value},
                values={"count_word": spoken(count), "points": tile.value},
            )
        )
    mine = _fits_by_place(board, rest)
    playable = {t for tiles in mine.values() for t in tiles}
    if playable and len(playable) >= 3:
        reasons.append(
            Reason.counted(
                "keeps_playable",
                # TRANSLATORS: a hint's reason in Tri-Ominos; {count_word}: how many tiles, in words ("three").
                Plural.n_("keeps {count_word} of your tiles playable", "keeps {count_word} of your tiles playable"),
                len(playable),
                weight=weights.playable * 3,
                facts={"tiles": len(playable)},
                values={"count_word": spoken(len(playable))},
            )
        )
    return strongest(reasons)


_BONUS_WORDS = {
    # TRANSLATORS: hints' reasons in Tri-Ominos: what a placement's bonus is. {tile_points}: the tile's value;
    # {bonus_points}: the bonus; {points}: what the placement scores in all.
    "bridge": N_("makes a bridge: {tile_points} + {bonus_points} = {points}"),
    "start bonus": N_("opens the round with a start bonus: {tile_points} + {bonus_points} = {points}"),
    "hexagon": N_("completes a hexagon: {tile_points} + {bonus_points} = {points}"),
    "double hexagon": N_("completes a double hexagon: {tile_points} + {bonus_points} = {points}"),
    "triple hexagon": N_("completes a triple hexagon: {tile_points} + {bonus_points} = {points}"),
}
"""The bonus reason's words for each bonus the engine names (``Bonus.name``)."""

# TRANSLATORS: a hint's reason in Tri-Ominos; {bonus}: the bonus's name in English (a bonus of a later rule).
_OTHER_BONUS_WORDS = N_("completes a {bonus}: {tile_points} + {bonus_points} = {points}")


def _chance_values(chance: float) -> dict[str, WordValue]:
    """A chance as a reason's ``{percent}`` ("35%") and ``{a_percent}`` ("a 35%"), said when shown."""
    return {"percent": functools.partial(percent, chance), "a_percent": functools.partial(a_percent, chance)}


def _opens_a_bonus(board: Round) -> bool:
    """Whether a board leaves some place where the next tile would earn a bonus (T5)."""
    return any(board.place_bonus(place) > 0 for place in board.frontier())


def _no_place_reasons(observation: Observation, move: Move) -> tuple[Reason, ...]:
    """A draw, a pass or a purchase: why the engine offered it (T6) and what it costs."""
    points = observation.move_points(move)
    # What it costs, with a true minus sign (U+2212).
    said: dict[str, WordValue] = {"points": str(points).replace("-", "\u2212")}
    facts = {"points": points}
    placements = [m for m in observation.legal_moves if m.kind is MoveKind.PLACE]
    if move.kind is MoveKind.DRAW:
        if placements:
            view = TableView(observation)
            if all(_opens_a_bonus(view.after(placement)) for placement in placements):
                if points:
                    # TRANSLATORS: a hint's reason in Tri-Ominos; {points}: what buying costs ("minus 5").
                    words = N_("every placement leaves a big bonus for the others: buy a tile instead ({points})")
                else:
                    words = N_("every placement leaves a big bonus for the others: buy a tile instead")
            elif points:
                # TRANSLATORS: a hint's reason in Tri-Ominos; {points}: what buying costs ("minus 5").
                words = N_(
                    "every placement would cost more than it scores (it opens the board for the next player "
                    "or takes the places your tiles fit): buy a tile instead ({points})"
                )
            else:
                words = N_(
                    "every placement would cost more than it scores (it opens the board for the next player "
                    "or takes the places your tiles fit): buy a tile instead"
                )
            return (Reason("buys", words, weight=1.0, facts=facts, values=said),)
        if points:
            # TRANSLATORS: a hint's reason in Tri-Ominos; {points}: what drawing costs ("minus 5").
            words = N_("no tile in your hand fits anywhere: draw ({points})")
        else:
            words = N_("no tile in your hand fits anywhere: draw")
        return (Reason("must_draw", words, weight=1.0, facts=facts, values=said),)
    if points:
        # TRANSLATORS: a hint's reason in Tri-Ominos; {points}: what passing costs ("minus 10").
        words = N_("no tile in your hand fits anywhere and nothing can be drawn: pass ({points})")
    else:
        words = N_("no tile in your hand fits anywhere and nothing can be drawn: pass")
    return (Reason("must_pass", words, weight=1.0, facts=facts, values=said),)


class HeuristicAgent(SeededAgent):
    """Scores each legal move with ``score_move`` and plays the best (seeded tie-break)."""

    name = "heuristic"

    def __init__(self, game: str, seed: int = 0, weights: Weights = DEFAULT_WEIGHTS) -> None:
        super().__init__(game, seed)
        if game != "triominoes":
            raise RulesError(f"this heuristic agent plays triominoes, not {game!r}")
        self.weights = weights

    def choose(self, observation: Any) -> Any:
        moves: tuple[Move, ...] = observation.legal_moves
        if len(moves) == 1:
            return moves[0]
        placements = [m for m in moves if m.kind is MoveKind.PLACE]
        view = TableView(observation)
        scores = [score_move(view, move, self.weights) for move in placements]
        best = max(scores)
        # T6 goliath: buying costs the penalty and one more tile to shed; only worth it to dodge a big gift.
        if DRAW in moves and best < score_draw(view, self.weights):
            return DRAW
        top = [move for move, score in zip(placements, scores, strict=True) if score >= best - 1e-9]
        return top[0] if len(top) == 1 else self.rng.choice(top)

    def explain(self, observation: Any, move: Any) -> tuple[Reason, ...]:
        """Why this agent would play ``move``: what it weighed, as facts (``explain_move``)."""
        return explain_move(observation, move, self.weights)


class TriominoesGreedyAgent(GreedyAgent):
    """The ``greedy`` Tri-Ominos player: the placement worth most points now (the engine's ``move_points``)."""

    def move_value(self, observation: Any, move: Any) -> int:
        return int(observation.move_points(move))
