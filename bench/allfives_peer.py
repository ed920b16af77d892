"""All-fives against the ``all-fives-domino`` package (PyPI, 1.0.23): its rounds replayed move by move in our engine.

Why this exists: the package is the one public Python all-fives engine, so it
is the peer our rules are checked against. It installs its modules as a
top-level ``src`` package, so it never enters our venv: it lives in its own
(``.venv-allfives``, made here on first use, or ``make .venv-allfives``) and
``bench/allfives_peer_driver.py`` runs there, in a subprocess, printing each
round it plays as JSON.

Its rules, read from its source, against our rule sheet (D4, D7, D8):

* the same where set by options: the spinner (its first double with tiles
  on both sides opens two more ends; every later double is ordinary), the
  count after every play (a double crossways at an arm's end counts both
  halves, the lone spinner or the spinner with one side played both halves),
  a count that is a multiple of five scored at once, a player who cannot play
  drawing until a tile fits but never the last tile of the pool (our option
  ``boneyard_reserve=1``), the game ending the moment a score reaches the
  target, mid-round too (its target is 305: our option ``target=305``);
* different, with no option of ours to match: 2 players only; the leader is
  the holder of 5-5, else of 1-1, 2-2, ... 6-6, 0-0 in that order (both draw
  until someone has a double), where D3 takes the highest double (each round
  is replayed with its leader given, who may lead with any tile in our
  engine); a double may be laid face down ("closed", nothing joins it), a
  house rule we do not have (the driver lays such a double open instead, and
  counts how often); the spinner with three arms holding tiles counts its
  empty fourth end in the package, but not in D7 ("its two ends count only
  when a tile lies on them"); the end of a round scores the opponent's pips
  unrounded and, after a block, without subtracting the lighter hand's own,
  with a tie's pips carried to the next round ("eggs"), where D7 rounds to
  the nearest 5 and scores the difference after a block.

Each round is replayed in our engine from the package's deal (hands, pool in
drawing order, leader, scores): before every play the package's options
(laid open) must be exactly our legal moves, every draw and pass must be ours
too, and each play must score what our count scores. Every disagreement is
counted by kind, with which side follows the rule sheet. The package's
players are its random and greedy brains (greedy is its strongest: it takes
the play that scores most); our agents play our own games (``bench/strength.py``).

Run: ``.venv/bin/python bench/allfives_peer.py [--games N] [--seed S]``. Not run by the tests.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from bonepile.dominoes import DRAW, PASS, End, Hand, Move, Rules, Termination, Tile

ROOT = Path(__file__).resolve().parent.parent
PEER_VENV = ROOT / ".venv-allfives"
PEER_PACKAGE = "all-fives-domino==1.0.23"
DRIVER = Path(__file__).resolve().parent / "allfives_peer_driver.py"

RULES = Rules.from_preset("all-fives", 2, boneyard_reserve=1, target=305)
"""Our rules set as close to the package's as options go (see the module docstring)."""


def peer_python() -> Path:
    """The package's interpreter, its venv made (outside our import path) if it is not there yet."""
    python = PEER_VENV / "bin" / "python"
    if not python.exists():
        print(f"making {PEER_VENV} with {PEER_PACKAGE} (once)", file=sys.stderr, flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(PEER_VENV)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", PEER_PACKAGE], check=True)
    return python


def peer_rounds(games: int, seed: int, brains: str) -> Iterator[dict[str, Any]]:
    """The package's rounds, as its driver prints them (one JSON object a round)."""
    command = [str(peer_python()), str(DRIVER), "record", "--games", str(games), "--seed", str(seed)]
    with subprocess.Popen([*command, "--brains", brains], stdout=subprocess.PIPE, text=True, cwd=ROOT) as driver:
        assert driver.stdout is not None
        for line in driver.stdout:
            yield json.loads(line)
    if driver.returncode:
        raise RuntimeError(f"the peer's driver failed (exit {driver.returncode}): {' '.join(command)}")


def tile(halves: Sequence[int]) -> Tile:
    return Tile(halves[0], halves[1])


def outer_tile(hand: Hand, end: End) -> Tile:
    """The tile at the outside of ``end``'s arm: the one the package names as the piece a play is laid against."""
    if end is End.LEFT:
        return tile(hand.line[0])
    if end is End.RIGHT:
        return tile(hand.line[-1])
    arm = hand.north if end is End.NORTH else hand.south
    spinner = hand.spinner
    assert spinner is not None
    return tile(arm[-1]) if arm else spinner


class Arms:
    """Which of our arms holds each branch of the package's layout.

    Where two ends are alike our engine offers one move for both (D4: the
    choice does not matter), so a tile the package laid on one branch may lie
    on the other in ours; from then on the two branches have swapped arms,
    and what the package lays against a tile of either follows it there.
    """

    def __init__(self) -> None:
        self.branch_of: dict[Tile, End] = {}
        """The branch (named by the arm it started on) each placed tile lies on."""
        self.arm: dict[End, End] = {end: end for end in End}
        """Our arm now holding each branch."""

    def end_for(self, hand: Hand, against: Tile) -> list[End]:
        """Our open ends a tile laid against ``against`` (in the package) may go to."""
        numbers = dict(hand.open_ends)
        if against in self.branch_of:
            end = self.arm[self.branch_of[against]]  # after a swap its outer tile is another, of the same number
            return [end] if end in numbers else []
        # The package's origin piece (the first tile): its sides, or its ends, are our arms' outer tiles.
        return [end for end in numbers if outer_tile(hand, end) is against]

    def placed(self, piece: Tile, intended: End, actual: End) -> None:
        """``piece`` went to ``actual`` for the package's ``intended``: swap the two branches if they differ."""
        if intended is not actual:
            first = next(b for b, a in self.arm.items() if a is intended)
            second = next(b for b, a in self.arm.items() if a is actual)
            self.arm[first], self.arm[second] = actual, intended
        self.branch_of[piece] = next(b for b, a in self.arm.items() if a is actual)


def our_move(
    hand: Hand, piece: Sequence[int], origin: Sequence[int] | None, arms: Arms
) -> tuple[Move | None, End | None]:
    """Our move for the package's "``piece`` against ``origin``", and the end the package meant (None: none)."""
    played = tile(piece)
    if origin is None:
        return Move.play(played), None
    numbers = dict(hand.open_ends)
    candidates = [Move.play(played, end) for end in arms.end_for(hand, tile(origin)) if played.has(numbers[end])]
    if not candidates:
        return None, None
    legal = hand.legal_moves()
    found = next((m for m in candidates if m in legal), None)
    if found is None:
        # Ends alike (D4: the choice does not matter) are one move of ours: the legal one of the same tile and number.
        wanted = {numbers[m.end] for m in candidates if m.end is not None}
        found = next((m for m in legal if m.tile is played and m.end is not None and numbers[m.end] in wanted), None)
    return (found if found is not None else candidates[0]), candidates[0].end


def three_armed_spinner(hand: Hand) -> bool:
    """Both sides of the spinner hold a tile and exactly one of its ends does: the package counts the other."""
    open_spinner = any(end is End.NORTH for end, _ in hand.open_ends)
    return open_spinner and (bool(hand.north) != bool(hand.south))


def second_spinner_end(hand: Hand, extra: set[Move]) -> bool:
    """Whether the moves only we allow all go to the spinner's still empty end, with a tile on its other end.

    The package un-crosses the spinner as soon as a tile is laid against it
    after its sides (``Board.play`` resets ``is_crossing`` on the piece played
    against whenever the board has a crossing), so its fourth end closes; D4
    keeps both ends open.
    """
    return (
        bool(extra)
        and bool(hand.north) != bool(hand.south)
        and all(m.end is (End.SOUTH if hand.north else End.NORTH) for m in extra)
    )


def replay_round(peer: dict[str, Any], problems: Counter[str], examples: dict[str, str]) -> dict[str, int]:
    """Replay one of the package's rounds in our engine, counting each kind of disagreement."""
    deal = peer["deal"]
    hands = [[tile(h) for h in held] for held in deal["hands"]]
    hand = Hand(RULES, hands, [tile(t) for t in deal["pool"]], leader=deal["leader"], scores=deal["scores"])
    checked = {"plays": 0, "draws": 0, "passes": 0}
    arms = Arms()

    def disagree(kind: str, detail: str) -> None:
        problems[kind] += 1
        examples.setdefault(kind, f"game {peer['game']} round {peer['round']}: {detail} in {hand.position()}")

    for event in peer["events"]:
        if hand.is_over:
            if event["kind"] == "pass":
                continue  # the package lets the last player pass before it sees the block; ours saw it already
            disagree("our hand ended before the package's round", f"{event}")
            return checked
        if hand.to_move != event["player"]:
            disagree("turn", f"package: player {event['player']}, ours: {hand.to_move}")
            return checked
        legal = hand.legal_moves()
        if event["kind"] == "draw":
            if legal != (DRAW,):
                kind = "the spinner's second end: the package closes it (its bug), D4 keeps it open"
                if not second_spinner_end(hand, set(legal)):
                    kind = "a draw our rules do not allow"
                disagree(kind, f"our legal moves {[str(m) for m in legal]}")
                return checked
            hand.play(DRAW)
            checked["draws"] += 1
            continue
        if event["kind"] == "pass":
            if legal != (PASS,):
                kind = "the spinner's second end: the package closes it (its bug), D4 keeps it open"
                if not second_spinner_end(hand, set(legal)):
                    kind = "a pass our rules do not allow"
                disagree(kind, f"our legal moves {[str(m) for m in legal]}")
                return checked
            hand.play(PASS)
            checked["passes"] += 1
            continue
        if event["origin"] is not None:
            offered = {our_move(hand, o["piece"], o["origin"], arms)[0] for o in event["options"] if not o["closed"]}
            if offered != set(legal):
                mine = sorted(str(m) for m in legal)
                theirs = sorted(str(m) for m in offered)
                raw = [f"{o['piece']} on {o['origin']}" for o in event["options"] if not o["closed"]]
                kind = "the legal plays"
                if offered < set(legal) and second_spinner_end(hand, set(legal) - offered):
                    kind = "the spinner's second end: the package closes it (its bug), D4 keeps it open"
                disagree(kind, f"package {theirs} ({', '.join(raw)}), ours {mine}")
                return checked
        move, intended = our_move(hand, event["piece"], event["origin"], arms)
        if move is None or move not in legal:
            disagree("a play our rules do not allow", f"{event['piece']} on {event['origin']}")
            return checked
        hand.play(move)
        if move.end is not None and move.tile is not None and intended is not None:
            arms.placed(move.tile, intended, move.end)
        checked["plays"] += 1
        ours = hand.events[-1].points
        if ours != event["score"]:
            kind = "count: the spinner's empty end" if three_armed_spinner(hand) else "count: other"
            disagree(kind, f"{move}: package scored {event['score']}, ours {ours} (count {hand.count})")
    checked["whole rounds"] = 1
    outcome = hand.outcome
    if peer["winner"] is not None:
        if outcome is not None and outcome.termination is not Termination.TARGET_REACHED:
            # The package's win came with its end-of-round points, which differ from D7's (see the docstring).
            problems["end of round: rounding, block difference, eggs"] += 1
        elif outcome is None:
            disagree("the target ending play mid-round", f"package winner {peer['winner']}, ours still playing")
        return checked
    if outcome is None:
        disagree("our hand goes on after the package's round ended", "")
        return checked
    ended = [p - q for p, q in zip(outcome.points, outcome.play_points, strict=True)]
    if ended != peer["awarded"]:
        rounded = (peer["eggs_before"] == 0) and all(
            our == (theirs + 2) // 5 * 5 for our, theirs in zip(ended, peer["awarded"], strict=True)
        )
        kind = "end of round: only our rounding to 5" if rounded else "end of round: rounding, block difference, eggs"
        problems[kind] += 1
    else:
        problems["end of round: the same points"] += 1
    return checked


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=20, help="whole games of the package's players (default 20)")
    parser.add_argument("--seed", type=int, default=1, help="the package's random seed (default 1)")
    parser.add_argument("--brains", default="greedy,greedy", help="the package's two players (greedy or random)")
    args = parser.parse_args(argv)
    print(
        f"all-fives-domino ({PEER_PACKAGE}) rounds replayed in bonepile, rules {RULES.preset} + "
        f"boneyard_reserve=1, target=305; {args.games} games of {args.brains}, seed {args.seed}"
    )
    print(f"command: {' '.join([os.path.basename(sys.executable), *sys.argv])}")
    problems: Counter[str] = Counter()
    examples: dict[str, str] = {}
    totals: Counter[str] = Counter()
    rounds = closed = stuck = 0
    for peer in peer_rounds(args.games, args.seed, args.brains):
        rounds += 1
        closed += peer["closed_replaced"]
        stuck += peer["stuck_closed"]
        totals.update(replay_round(peer, problems, examples))
    print(
        f"{rounds} rounds ({totals['whole rounds']} checked to their end; a round stops at its first disagreement): "
        f"{totals['plays']} plays, {totals['draws']} draws, {totals['passes']} passes checked; "
        f"{closed} closed doubles laid open instead; {stuck} doubles the package's greedy lookahead had left "
        "marked closed (its bug), laid open"
    )
    for kind, count in sorted(problems.items()):
        print(f"  {kind}: {count}")
        if kind in examples:
            print(f"    first: {examples[kind]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
