"""The Tri-Ominos ``heuristic`` and ``ismcts`` agents and their world sampler.

They must be legal in every preset and player count, blind to hidden tiles,
reproducible from a seed, consistent with everything an observation proves,
and stronger than the simple agents. Strength is measured on duplicate
deals: every deal is played twice with the seats swapped, so the luck of the
deal cancels; a deal's margin is the first agent's points minus the other's
over its two rounds, and the test asks for a mean margin above two standard
errors (one-sided, about 98% confidence), on fixed seeds so that it is stable.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Iterable, Iterator

import pytest
from positions import decision_points
from search_clock import IterationClock

from bonepile.ai import make_agent
from bonepile.ai.base import Agent
from bonepile.ai.simple import GreedyAgent, RandomAgent
from bonepile.ai.triominoes_heuristic import HeuristicAgent, chance_of_any
from bonepile.ai.triominoes_ismcts import ISMCTSAgent, RaceModel, Rewards, estimated_scores, race_model
from bonepile.ai.triominoes_sampling import WorldSampler, fitting_mask, read_history
from bonepile.triominoes import TILES, EventKind, Game, Move, MoveKind, Observation, Place, Round, Rules, Tile

AgentMaker = Callable[[int], Agent]

MAKERS: dict[str, AgentMaker] = {
    "heuristic": lambda seed: HeuristicAgent("triominoes", seed),
    "ismcts": lambda seed: ISMCTSAgent("triominoes", seed, iterations=12),
}

PRESETS = ("pressman", "goliath", "classic")


def _mask(tiles: Iterable[Tile | None]) -> int:
    """The bitmask over tile indices of the tiles named."""
    mask = 0
    for tile in tiles:
        if tile is not None:
            mask |= 1 << tile.index
    return mask


# ----------------------------------------------------------------- legality


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("preset", PRESETS)
def test_agents_return_a_legal_move_in_every_preset_and_player_count(preset: str, players: int) -> None:
    """Seat 0 heuristic, seat 1 ismcts, the rest random, for a whole round and more (draws, passes, the end)."""
    game = Game.new(preset, players, seed=players * 7 + len(preset))
    seats: list[Agent] = [HeuristicAgent("triominoes", 0), ISMCTSAgent("triominoes", 1, iterations=8)]
    seats += [RandomAgent("triominoes", seat) for seat in range(2, players)]
    chosen = 0
    while not game.is_over and (game.round_number == 1 or chosen < 40):
        player = game.to_move
        assert player is not None
        observation = game.observation(player)
        move = seats[player].choose(observation)
        assert move in observation.legal_moves, (str(move), game.position())
        game.play(move)
        chosen += player < 2
    assert game.round_summaries


def test_the_registry_builds_the_triominoes_agents() -> None:
    assert isinstance(make_agent("heuristic", "triominoes", 1), HeuristicAgent)
    assert isinstance(make_agent("hard", "triominoes", 1), HeuristicAgent)
    expert = make_agent("expert", "triominoes", 1)
    assert isinstance(expert, ISMCTSAgent) and expert.iterations is not None and expert.time_limit is None


def goliath_buys(seed: int) -> list[tuple[str, list[str], str]]:
    """Round 1 of a two-player goliath game of the heuristic against itself: at each purchase the position, the
    placements it turned down that leave no bonus place on the board (T5), checked by the engine, and the reason
    the agent gives for the purchase (what a hint would say)."""
    game = Game.new("goliath", 2, seed=seed)
    agent = HeuristicAgent("triominoes", 0)
    buys: list[tuple[str, list[str], str]] = []
    while not game.is_over and game.round_number == 1:
        player = game.to_move
        assert player is not None
        observation = game.observation(player)
        move = agent.choose(observation)
        if move.kind is MoveKind.DRAW:
            placements = [m for m in observation.legal_moves if m.kind is MoveKind.PLACE]
            if placements:  # a purchase (T6): it could have placed a tile
                safe = []
                for placement in placements:
                    after = game.round.copy()
                    after.play(placement)
                    if not any(after.place_bonus(place) > 0 for place in after.frontier()):
                        safe.append(str(placement))
                said = " ".join(reason.words(["A", "B"]) for reason in agent.explain(observation, move))
                buys.append((game.round.position(), safe, said))
        game.play(move)
    return buys


def test_goliath_buys_only_when_every_placement_gifts_a_bonus() -> None:
    buys = goliath_buys(4)
    assert len(buys) >= 1
    assert all(not safe for _, safe, _ in buys), buys


def test_a_goliath_purchase_says_every_placement_gifts_a_bonus_only_when_it_is_so() -> None:
    """The heuristic also buys to keep the next player blocked or its hand's fits (board_value's block and places
    terms): the hint must then not claim that every placement leaves a bonus."""
    buys = [buy for seed in range(4, 20) for buy in goliath_buys(seed)]
    gifting = [said for _, safe, said in buys if not safe]
    other = [said for _, safe, said in buys if safe]
    assert gifting and other, (len(gifting), len(other))
    assert all("every placement leaves a big bonus" in said for said in gifting), gifting
    assert all("every placement leaves a big bonus" not in said for said in other), other
    assert all("opens the board for the next player" in said for said in other), other


HEXAGON_GIFT = (
    "board: 2-3-2 c-1 r-1 up, 3-3-2 c0 r-1 down, 0-3-3 c-1 r0 down, 3-3-3 c0 r0 up, 3-5-3 c1 r0 down; "
    "hands: 0-0-3 0-1-3 0-1-5 0-3-5 1-1-3 1-2-2 4-4-5 / 0-0-4 1-1-1 1-2-4 1-2-5 2-2-2 3-4-4; "
    "pool: 0-0-5 0-2-3 0-1-4 3-3-4 0-4-5 5-5-5 4-4-4 0-2-2 3-5-5 3-4-5 1-1-2 2-3-5 1-3-3 1-4-5 1-1-4 2-3-4 "
    "1-3-5 1-1-5 0-5-5 1-2-3 2-4-5 0-0-2 0-3-4 1-5-5 0-2-5 1-4-4 2-5-5 0-0-0 0-4-4 1-3-4 0-1-2 0-0-1 4-5-5 "
    "2-2-4 2-2-5 2-4-4 0-2-4 0-1-1; scores: 17 34; turn: 0; starter: 1"
)


def test_t5_heuristic_does_not_open_a_hexagon_when_an_equal_points_placement_exists() -> None:
    """0-3-5 scores 8 on either side of the layout; on the left it leaves a point touched by five tiles."""
    board = Round.from_position(Rules.from_preset("pressman", 2), HEXAGON_GIFT)
    observation = board.observation(0)
    gift, safe = Move.parse("5-0-3 c-2 r0 up"), Move.parse("3-5-0 c2 r0 up")
    assert observation.move_points(gift) == observation.move_points(safe) == max(observation.legal_points)

    def best_gap_after(move: Move) -> int:
        after = board.copy()
        after.play(move)
        return max(after.place_bonus(place) for place in after.frontier())

    assert best_gap_after(gift) >= 50 and best_gap_after(safe) == 0  # T5: the next tile there closes a ring
    assert GreedyAgent("triominoes", 0).choose(observation) == gift
    assert {HeuristicAgent("triominoes", seed).choose(observation) for seed in range(5)} == {safe}


# ----------------------------------------------------------------- no peeking


def twin_observations(preset: str, players: int, seed: int) -> tuple[Observation, Observation]:
    """Two observations, equal for the player to move, of positions whose hidden tiles differ.

    The first deal is played at random for a few placements (stopping before
    any draw, so every hidden tile is still where it was dealt); the second
    deal gives the player the same tiles and every other player the tiles
    they placed, the rest shuffled among the other hands and the pool. A twin
    under which the same moves do not replay, or the player sees anything
    different (T3 may pick another opener), is thrown away.
    """
    rules = Rules.from_preset(preset, players)
    rng = random.Random(seed)
    starter = 0 if rules.start == "draw_one" else None
    while True:
        deck = list(TILES)
        rng.shuffle(deck)
        size = rules.hand_size
        hands = [deck[p * size : (p + 1) * size] for p in range(players)]
        pool = deck[players * size :]
        first = Round(rules, hands, pool, starter=starter)
        if any(e.kind is EventKind.SETUP_DRAW for e in first.events):
            continue
        moves: list[Move] = []
        stop = rng.randrange(2, 10)
        while len(moves) < stop:
            legal = [m for m in first.legal_moves() if m.kind is MoveKind.PLACE]
            if not legal or first.is_over:
                break
            move = rng.choice(legal)
            first.play(move)
            moves.append(move)
        me = first.to_move
        if me is None or len(moves) < stop or len(first.legal_moves()) < 2:
            continue
        placed = [{e.tile for e in first.events if e.player == p and e.tile is not None} for p in range(players)]
        for _ in range(100):
            rest = [t for p in range(players) if p != me for t in hands[p] if t not in placed[p]] + list(pool)
            rng.shuffle(rest)
            twin_hands = []
            for p in range(players):
                if p == me:
                    twin_hands.append(list(hands[p]))
                    continue
                keep = [t for t in hands[p] if t in placed[p]]
                need = size - len(keep)
                twin_hands.append(keep + rest[:need])
                rest = rest[need:]
            second = Round(rules, twin_hands, rest, starter=starter)
            try:
                for move in moves:
                    second.play(move)
            except ValueError:
                continue
            a, b = first.observation(me), second.observation(me)
            differs = any(set(first.tiles_of(p)) != set(second.tiles_of(p)) for p in range(players) if p != me)
            if a == b and differs:
                return a, b


@pytest.mark.parametrize(("preset", "players"), [("pressman", 2), ("goliath", 3), ("classic", 4)])
@pytest.mark.parametrize("agent", sorted(MAKERS))
def test_the_choice_depends_on_the_observation_not_on_the_hidden_tiles(agent: str, preset: str, players: int) -> None:
    for seed in range(3):
        first, second = twin_observations(preset, players, seed)
        assert MAKERS[agent](seed).choose(first) == MAKERS[agent](seed).choose(second)


# ----------------------------------------------------------------- determinism


@pytest.mark.parametrize("agent", sorted(MAKERS))
def test_same_seed_and_budget_give_the_same_moves(agent: str) -> None:
    observations = decision_points("triominoes", "pressman", 2, 3, 10)
    observations += decision_points("triominoes", "goliath", 4, 3, 10)
    for seed in (0, 5):
        first, second = MAKERS[agent](seed), MAKERS[agent](seed)
        assert [first.choose(o) for o in observations] == [second.choose(o) for o in observations]


def test_ismcts_depends_on_its_seed() -> None:
    observations = decision_points("triominoes", "pressman", 3, 8, 12)
    runs = {
        tuple(ISMCTSAgent("triominoes", seed, iterations=6, root_width=None).choose(o) for o in observations)
        for seed in range(4)
    }
    assert len(runs) > 1


def test_ismcts_time_budget_stops_in_time(monkeypatch: pytest.MonkeyPatch) -> None:
    # On a clock where each iteration takes 1 ms, a 0.05 s budget is 50 iterations: the search spends it and
    # stops at its first look at the clock after (it looks every 8 iterations), however busy the machine.
    observation = decision_points("triominoes", "pressman", 4, 2, 1)[0]
    agent = ISMCTSAgent("triominoes", 0, time_limit=0.05)
    clock = IterationClock(monkeypatch, per_iteration=0.001)
    assert agent.choose(observation) in observation.legal_moves
    assert agent.last_iterations == clock.iterations
    assert 50 <= clock.iterations < 50 + 8
    clock.restart(per_iteration=0.004)  # slower iterations: fewer of them in the same budget
    agent.choose(observation)
    assert 13 <= clock.iterations < 13 + 8


# ----------------------------------------------------------------- the sampler


def random_positions(seed: int) -> Iterator[tuple[Game, Observation]]:
    """Every decision of two rounds per preset and player count, by greedy and random seats.

    The games with 3 players also run a turn clock (T8) that sometimes runs
    out, so that timed-out draws and passes (which prove nothing) occur.
    """
    rng = random.Random(seed)
    for preset in PRESETS:
        for players in (2, 3, 4, 6):
            clock = {"turn_time_limit": 30.0} if players == 3 else {}
            game = Game.new(preset, players, seed=rng.randrange(10**6), **clock)
            agents = [GreedyAgent("triominoes", p) if p % 2 else RandomAgent("triominoes", p) for p in range(players)]
            while not game.is_over and game.round_number <= 2:
                player = game.to_move
                assert player is not None
                observation = game.observation(player)
                yield game, observation
                if clock and observation.board and rng.random() < 0.05:
                    game.turn_time_out()
                else:
                    game.play(agents[player].choose(observation))


def test_sampled_worlds_agree_with_everything_the_observation_proves() -> None:
    rng = random.Random(1)
    decisions = samples = fallbacks = exact = 0
    for game, observation in random_positions(11):
        round_ = game.round
        me = observation.player
        sampler = WorldSampler(observation)
        decisions += 1
        exact += sampler.mode == "exact"
        real = [round_.tiles_of(p) for p in range(game.num_players)]
        assert sampler.admits(real), round_.position()  # the truth is never ruled out
        seen = _mask(observation.hand) | _mask([m.tile for m in observation.board])
        history = read_history(observation)
        last_fact = {}
        for p in range(game.num_players):
            # A player whose last fact came after their last draw holds none of that fact's tiles now.
            if history.facts[p] and (not history.draws[p] or history.facts[p][-1][0] > history.draws[p][-1]):
                last_fact[p] = history.facts[p][-1][1]
        for _ in range(3):
            world = sampler.sample(rng)
            samples += 1
            assert world.hands[me] == observation.hand
            assert len(world.pool) == observation.pool_size
            assert [len(h) for h in world.hands] == list(observation.tile_counts)
            tiles = [t for h in world.hands for t in h] + list(world.pool)
            assert len(set(tiles)) == len(tiles) == len(TILES) - len(observation.board)
            assert not _mask([t for p, h in enumerate(world.hands) if p != me for t in h] + list(world.pool)) & seen
            assert sampler.admits(world.hands)
            for p, mask in last_fact.items():
                if p != me and sampler.fallbacks == 0:
                    assert not _mask(world.hands[p]) & mask
        fallbacks += sampler.fallbacks
        twin = sampler.to_round(sampler.sample(rng))
        assert twin.legal_moves() == observation.legal_moves
        assert twin.scores == observation.scores and twin.pool_size == observation.pool_size
    rate = fallbacks / samples
    print(f"\nsampler: {decisions} decisions, {exact} exact, {samples} worlds, fallback rate {rate:.4%}")
    assert decisions > 1000 and exact == decisions
    assert rate < 0.01


def test_after_a_pressman_opening_nobody_holds_a_higher_triple() -> None:
    rng = random.Random(2)
    checked = 0
    for seed in range(30):
        game = Game.new("pressman", 3, seed=seed)
        game.play(game.legal_moves()[0])  # T3: the opening
        opening = game.round.board[0].tile
        assert opening is not None
        observation = game.observation(game.to_move or 0)
        sampler = WorldSampler(observation)
        above = [t for t in TILES if t.is_triple and t.rank > opening.rank]
        if opening.is_triple and opening.numbers != (0, 0, 0):
            for _ in range(20):
                world = sampler.sample(rng)
                assert not any(t in hand for hand in world.hands for t in above)
            checked += 1
    assert checked > 20


def test_a_pressman_draw_proves_no_tile_fitted() -> None:
    board = Round.from_position(Rules.from_preset("pressman"), "board: 3-3-3 c0 r0 up; hands: 0-3-3 / 1-1-1; turn: 0")
    fits = fitting_mask(board.board)
    assert fits >> Tile(0, 3, 3).index & 1 and fits >> Tile(3, 3, 5).index & 1
    assert not fits >> Tile(2, 3, 5).index & 1 and not fits >> Tile(1, 1, 1).index & 1


def test_place_bonus_reads_the_frontier() -> None:
    board = Round.from_position(Rules.from_preset("pressman"), "board: 3-3-3 c0 r0 up; hands: 0-3-3 / 1-1-1; turn: 0")
    assert all(board.place_bonus(place) == 0 for place in board.frontier())
    assert board.place_bonus(Place(5, 5)) == 0
    game = Game.new("pressman", 2, seed=3)
    rng = random.Random(3)
    while not game.is_over and game.round_number == 1:
        round_ = game.round
        for move, points in zip(round_.legal_moves(), round_.legal_points(), strict=True):
            if move.kind is MoveKind.PLACE and round_.board:
                assert move.tile is not None and move.place is not None
                assert round_.place_bonus(move.place) == points - move.tile.value
        game.play(rng.choice(game.legal_moves()))


def test_the_hypergeometric_chance() -> None:
    assert chance_of_any(10, 0, 3) == 0.0
    assert chance_of_any(10, 8, 3) == 1.0
    assert chance_of_any(10, 1, 3) == pytest.approx(0.3)
    assert chance_of_any(4, 2, 2) == pytest.approx(1 - 1 / 6)


# ----------------------------------------------------------------- the game reward


def test_the_race_model_is_a_fair_race() -> None:
    model = RaceModel(Rules.from_preset("pressman", 2), samples=60)
    assert model.win_probability(100, 100) == pytest.approx(0.5, abs=0.05)
    for own, other in ((0, 150), (200, 300), (350, 390), (10, 40)):
        assert model.win_probability(own, other) + model.win_probability(other, own) == pytest.approx(1, abs=0.06)
        assert model.win_probability(own, other) < model.win_probability(other, own)
    assert model.win_probability(390, 0) > model.win_probability(300, 0) > model.win_probability(100, 0)
    assert model.win_probability(400, 399) == 1.0


def test_a_round_that_wins_the_game_is_worth_everything() -> None:
    rules = Rules.from_preset("pressman", 2)
    rewards = Rewards(rules, (380, 300))
    assert rewards.of((420, 300)) == rewards.of((500, 300))  # past the target, more points are worth nothing
    assert rewards.of((380, 300)) == [0.5, 0.5]
    assert rewards.of((420, 300))[0] > 0.5 > rewards.of((380, 420))[0]
    far = Rewards(rules, (0, 0))
    small, big = far.of((30, 0))[0], far.of((150, 0))[0]
    assert 0.5 < small < big
    assert far.of((150, 100))[0] < far.of((150, 0))[0]  # the opponent's points count too
    assert race_model(rules) is race_model(rules)


def test_a_cut_rollout_credits_the_going_out_prize_to_the_short_hand() -> None:
    rules = Rules.from_preset("pressman", 2)
    text = "board: 3-3-3 c0 r0 up; hands: 0-3-3 / 1-1-1 2-2-2 4-4-4 5-5-5 0-1-2; scores: 100 100; turn: 0"
    round_ = Round.from_position(rules, text)
    short, long = estimated_scores(round_)
    # Player 0 (one tile) very likely goes out first: +25 and the other's 39 points of tiles (T7).
    assert 100 + 50 < short < 100 + 25 + 39 and 100 <= long < 110


# ----------------------------------------------------------------- strength


def duplicate_margins(a: AgentMaker, b: AgentMaker, preset: str, players: int, deals: int) -> list[float]:
    """Per deal, over its two seatings: agent a's mean round points per seat minus agent b's."""
    margins = []
    for deal in range(deals):
        margin = 0.0
        for swap in (0, 1):
            game = Game.new(preset, players, seed=7000 + deal)
            agents = [(a if (seat + swap) % 2 == 0 else b)(deal * 10 + seat) for seat in range(players)]
            while not game.round_summaries:
                player = game.to_move
                assert player is not None
                game.play(agents[player].choose(game.observation(player)))
            points = game.round_summaries[0].points
            mine = [points[s] for s in range(players) if (s + swap) % 2 == 0]
            theirs = [points[s] for s in range(players) if (s + swap) % 2 == 1]
            margin += statistics.mean(mine) - statistics.mean(theirs)
        margins.append(margin)
    return margins


def clearly_positive(margins: list[float]) -> bool:
    """Mean margin more than two standard errors above zero."""
    return bool(statistics.mean(margins) > 2 * statistics.stdev(margins) / len(margins) ** 0.5)


def test_heuristic_beats_greedy() -> None:
    heuristic: AgentMaker = lambda seed: HeuristicAgent("triominoes", seed)  # noqa: E731
    greedy: AgentMaker = lambda seed: GreedyAgent("triominoes", seed)  # noqa: E731
    assert clearly_positive(duplicate_margins(heuristic, greedy, "pressman", 2, 60))


def test_ismcts_with_a_small_budget_beats_random() -> None:
    ismcts: AgentMaker = lambda seed: ISMCTSAgent("triominoes", seed, iterations=8)  # noqa: E731
    rand: AgentMaker = lambda seed: RandomAgent("triominoes", seed)  # noqa: E731
    assert clearly_positive(duplicate_margins(ismcts, rand, "pressman", 2, 40))
