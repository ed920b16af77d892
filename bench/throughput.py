"""Hands per second of random play: bonepile's engines side by side with their peers.

Why this exists: the AI players (Monte Carlo rollouts) and the arena spend their
time playing random hands, so the number that matters is how many whole hands
per second an engine completes, dealing included. We measure it against the
public Python engines a user could pick instead (OpenSpiel's Python dominoes
games and the ``dominoes`` package), on the same workload on both sides:

* a fresh shuffled deal for every hand (for OpenSpiel, its chance nodes sampled
  with ``pyspiel.sample_action``, as its random simulation does);
* a uniform random choice among the legal moves, from a ``random.Random`` seeded
  with ``--seed``, until the hand ends;
* a time budget per run, after a short warm-up; the sides of a row run in
  turns (A B A B ...), every run from the same seed, each in a worker process
  (``Worker``) that waits idle while another side runs; a row's rates are the
  medians of its runs, and each ratio the median of the rounds' ratios (ours
  over theirs within one round) with their range, so that a change of the
  shared machine's load falls on both sides of a pair alike. Rates are per CPU
  second of the worker by default (``--clock wall`` for the wall clock), and
  the load averages are printed with every row;
* ``--baseline REV`` runs our rows on the engine of git revision REV too
  (extracted with ``git archive``), in the same turns, for a ratio of now over
  then (the commit before all-fives landed: ``--baseline 1641502``);
* ``--compiled [PATH]`` runs our rows on the compiled engine too (``make compiled``
  builds it in ``build/compiled``, the default PATH; ``tools/compiled.py``), in the
  same turns, with its ratios over the peers and over the pure engine.

Each side is driven through its public API, the way a user would, with the
cheap habits (bound methods held in locals) applied to every side alike.

Run: ``.venv/bin/python bench/throughput.py [--seconds S] [--repeats R] [--only TEXT,...] [--baseline REV]
[--compiled [PATH]]``
(or ``make bench``).
The peers are the optional extra ``peers`` (``pip install -e '.[peers]'``); a
missing peer is reported and skipped, never fatal.

To add a workload: write one function returning a ``Workload`` (see
``bonepile_dominoes``) and add a ``Row`` to ``ROWS``. For Tri-Ominos a "hand"
is a round; the report also times its legal-move generation at early, middle
and late board sizes.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import io
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

PlayHand = Callable[[], int]
"""Plays one whole hand, deal included, and returns how many decisions the random player made."""

PEERS_HINT = "install the optional extra: .venv/bin/pip install -e '.[peers]' (or run make bench)"


class PeerMissingError(Exception):
    """A peer engine is not installed; its measurement is skipped."""


@dataclass(frozen=True, slots=True)
class Workload:
    """One engine playing one kind of hand.

    ``make(seed)`` builds a fresh hand player whose random generator(s) start
    from ``seed``; it is called again for every repeat, so every repeat plays
    exactly the same hands and the repeats differ only by timing noise.
    """

    label: str
    make: Callable[[int], PlayHand]


@dataclass(frozen=True, slots=True)
class Row:
    """A line of the report: our workload and the peers it is compared with."""

    name: str
    ours: Workload
    theirs: tuple[Workload | ExternalWorkload, ...] = ()


@dataclass(frozen=True, slots=True)
class Measurement:
    hands_per_second: float
    decisions_per_hand: float


# ------------------------------------------------------------------ workloads


def bonepile_dominoes(preset: str, players: int, **options: Any) -> Workload:
    """Our Dominoes engine: ``Hand.deal`` then random legal moves until ``play`` reports the outcome."""

    def make(seed: int) -> PlayHand:
        from bonepile.dominoes import Hand, Rules

        rules = Rules.from_preset(preset, players, **options)
        rng = random.Random(seed)
        choice = rng.choice
        deal = Hand.deal

        def play_hand() -> int:
            hand = deal(rules, rng)
            play, legal_moves = hand.play, hand.legal_moves
            decisions = 1
            while play(choice(legal_moves())) is None:  # play returns the outcome once the hand ends
                decisions += 1
            return decisions

        return play_hand

    named = "".join(f" {key}={value}" for key, value in options.items())
    return Workload(f"bonepile {preset} {players}p{named}", make)


def open_spiel_game(short_name: str) -> Workload:
    """An OpenSpiel game: chance nodes (the deal) sampled, decision nodes chosen uniformly at random."""

    def make(seed: int) -> PlayHand:
        pyspiel = _import_peer("pyspiel", "open_spiel")
        _import_peer("open_spiel.python.games", "open_spiel")  # registers the python_* games
        game = pyspiel.load_game(short_name)
        sample_action = pyspiel.sample_action
        terminal, chance = int(pyspiel.PlayerId.TERMINAL), int(pyspiel.PlayerId.CHANCE)
        rng = random.Random(seed)
        choice, uniform = rng.choice, rng.random

        def play_hand() -> int:
            state = game.new_initial_state()
            current_player, chance_outcomes = state.current_player, state.chance_outcomes
            legal_actions, apply_action = state.legal_actions, state.apply_action
            decisions = 0
            while (player := current_player()) != terminal:
                if player == chance:
                    action = sample_action(chance_outcomes(), uniform())[0]
                else:
                    action = choice(legal_actions(player))
                    decisions += 1
                apply_action(action)
            return decisions

        return play_hand

    return Workload(f"open_spiel {short_name}", make)


def dominoes_package() -> Workload:
    """The ``dominoes`` package: ``Game.new()`` (it shuffles and deals), random valid moves until a result.

    The package deals from the module-level ``random`` generator, so that one is
    seeded too. Its ``skinny_board`` (ends only, no layout) is the cheapest
    public board, so we switch to it: the peer gets its fastest public path.
    """

    def make(seed: int) -> PlayHand:
        dominoes = _import_peer("dominoes", "dominoes")
        random.seed(seed)
        rng = random.Random(seed)
        choice = rng.choice
        new_game = dominoes.Game.new

        def play_hand() -> int:
            game = new_game()
            game.skinny_board()
            make_move = game.make_move
            decisions = 0
            while game.result is None:  # blocked players pass inside make_move
                make_move(*choice(game.valid_moves))
                decisions += 1
            return decisions

        return play_hand

    return Workload("dominoes package", make)


@dataclass(frozen=True, slots=True)
class ExternalWorkload:
    """A peer that cannot share our process: it measures itself in its own, the same way, and reports."""

    label: str
    run: Callable[[int, float, int, float], Measurement]
    """(seed, seconds, repeats, warm-up) -> the best repeat's measurement."""


def allfives_package() -> ExternalWorkload:
    """The ``all-fives-domino`` package, in its own venv (its modules are a top-level ``src``): random rounds.

    ``bench/allfives_peer_driver.py speed`` plays whole rounds (its deal and
    its forced opening double included) between two of its ``RandomBrain``
    players, timed in that process with the same budget, repeats and warm-up;
    a round is its hand. Its rules differ from ours in places (see
    ``bench/allfives_peer.py``); our closest workload is all-fives with the
    last tile of the boneyard never drawn, as in the package.
    """

    def run(seed: int, seconds: float, repeats: int, warmup: float) -> Measurement:
        import json
        import subprocess

        from allfives_peer import DRIVER, peer_python

        try:
            python = peer_python()
        except (OSError, subprocess.CalledProcessError) as error:
            raise PeerMissingError(f"all-fives-domino could not be installed in its venv ({error})") from None
        command = [str(python), str(DRIVER), "speed", "--seed", str(seed), "--seconds", str(seconds)]
        command += ["--repeats", str(repeats), "--warmup", str(warmup)]
        result = json.loads(subprocess.run(command, capture_output=True, text=True, check=True).stdout)
        return Measurement(result["rounds_per_second"], result["decisions_per_round"])

    return ExternalWorkload("all-fives-domino package (own venv)", run)


def bonepile_triominoes(preset: str, players: int) -> Workload:
    """Our Tri-Ominos engine: ``Round.deal`` then random legal moves until ``play`` reports the round's end."""

    def make(seed: int) -> PlayHand:
        from bonepile.triominoes import Round, Rules

        rules = Rules.from_preset(preset, players)
        rng = random.Random(seed)
        choice = rng.choice
        deal = Round.deal

        def play_round() -> int:
            round_ = deal(rules, rng)
            play, legal_moves = round_.play, round_.legal_moves
            decisions = 1
            while play(choice(legal_moves())) is None:
                decisions += 1
            return decisions

        return play_round

    return Workload(f"bonepile triominoes {preset} {players}p", make)


def _import_peer(module: str, distribution: str) -> Any:
    """Import a peer only when its workload runs, so bonepile alone still benches."""
    try:
        return importlib.import_module(module)
    except ImportError as error:
        raise PeerMissingError(f"{distribution} is not installed ({error}); {PEERS_HINT}") from None


ROWS: tuple[Row, ...] = (
    Row("block 2p", bonepile_dominoes("block", 2), (open_spiel_game("python_block_dominoes"),)),
    Row(
        "partnership 4p",
        bonepile_dominoes("partnership", 4),
        (open_spiel_game("python_team_dominoes"), dominoes_package()),
    ),
    Row("draw 2p", bonepile_dominoes("draw", 2)),
    Row("all-fives 2p", bonepile_dominoes("all-fives", 2, boneyard_reserve=1), (allfives_package(),)),
    Row("triominoes pressman 2p", bonepile_triominoes("pressman", 2)),
    Row("triominoes pressman 4p", bonepile_triominoes("pressman", 4)),
    Row("triominoes pressman 6p", bonepile_triominoes("pressman", 6)),
)
"""The report, in order. A workload shared by two rows is measured once."""


# ------------------------------------------------------------------ measuring: interleaved pairs


def _run_for(play_hand: PlayHand, seconds: float) -> tuple[int, int, float, float]:
    """Play whole hands until ``seconds`` have passed on the wall clock; the clocks are read once per hand.

    Returns the hands, the decisions, the wall-clock time and the CPU time this
    process used meanwhile (on a shared machine a process waiting for a core
    loses wall-clock time but no CPU time).
    """
    clock, cpu = time.perf_counter, time.process_time
    hands = decisions = 0
    start, start_cpu = clock(), cpu()
    deadline = start + seconds
    while True:
        decisions += play_hand()
        hands += 1
        now = clock()
        if now >= deadline:
            return hands, decisions, now - start, cpu() - start_cpu


@dataclass(frozen=True, slots=True)
class Spread:
    """The median of one figure over the rounds of a measurement, and its lowest and highest value."""

    median: float
    low: float
    high: float
    count: int

    @classmethod
    def of(cls, values: Sequence[float]) -> Spread:
        return cls(statistics.median(values), min(values), max(values), len(values))

    def text(self, unit: str = "") -> str:
        return f"{self.median:.2f}{unit} (pairs {self.low:.2f}-{self.high:.2f}, n={self.count})"


class WorkloadError(Exception):
    """A side could not run a workload (a peer not installed, or a preset its code does not have)."""


class Worker:
    """A Python process that runs one script's workloads against one source tree, one request at a time.

    Every side of a comparison runs in a worker of its own tree (ours now, ours
    at a baseline commit) or beside ours (the peers), and waits idle on its
    pipe while another side runs, so the sides never compete for the CPU.
    """

    def __init__(self, script: str, src: Path | None, name: str) -> None:
        env = dict(os.environ)
        if src is not None:
            env["PYTHONPATH"] = str(src)
        command = [sys.executable, script, "--worker"]
        self.name = name
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
        self.where = str(self.ask({"key": ""})["bonepile"])

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        stdin, stdout = self.process.stdin, self.process.stdout
        assert stdin is not None and stdout is not None
        stdin.write(json.dumps(request) + "\n")
        stdin.flush()
        line = stdout.readline()
        if not line:
            raise RuntimeError(f"the {self.name} worker ended (exit {self.process.wait()})")
        reply: dict[str, Any] = json.loads(line)
        if "error" in reply:
            raise WorkloadError(reply["error"])
        return reply

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait()


def serve_worker(build: Callable[[str], Callable[[int], PlayHand]]) -> int:
    """The worker's loop: ``{"key", "seed", "seconds"}`` in, ``{"hands", "decisions", "elapsed", "cpu"}`` out.

    ``build(key)`` makes the workload's ``make`` (once per key). The first
    request (key "") answers where ``bonepile`` was imported from.
    """
    makers: dict[str, Callable[[int], PlayHand]] = {}
    for line in sys.stdin:
        request = json.loads(line)
        key = request["key"]
        reply: dict[str, Any]
        try:
            if not key:
                import bonepile

                reply = {"bonepile": str(Path(bonepile.__file__).parent)}
                if request.get("compiled"):
                    reply["compiled"] = compiled_modules()
            else:
                make = makers.get(key)
                if make is None:
                    make = makers[key] = build(key)
                hands, decisions, elapsed, cpu = _run_for(make(request["seed"]), request["seconds"])
                reply = {"hands": hands, "decisions": decisions, "elapsed": elapsed, "cpu": cpu}
        except Exception as error:  # reported to the parent, which says which side failed
            reply = {"error": f"{type(error).__name__}: {error}"}
        print(json.dumps(reply), flush=True)
    return 0


class Side:
    """One side of a comparison: a workload in a worker (or a peer measuring itself in its own process)."""

    clock = "cpu"
    """Which time the rates divide by: "cpu" (the process's CPU time) or "wall" (``--clock``)."""

    def __init__(
        self, label: str, worker: Worker | None = None, key: str = "", external: ExternalWorkload | None = None
    ) -> None:
        self.label, self.worker, self.key, self.external = label, worker, key, external
        self.runs: list[Measurement] = []
        self.error: str | None = None

    def run(self, seed: int, seconds: float, record: bool = True) -> None:
        if self.error is not None:
            return
        try:
            if self.external is not None:
                result = self.external.run(seed, seconds, 1, 0.0)
            else:
                assert self.worker is not None
                reply = self.worker.ask({"key": self.key, "seed": seed, "seconds": seconds})
                spent = reply["cpu"] if Side.clock == "cpu" else reply["elapsed"]
                result = Measurement(reply["hands"] / spent, reply["decisions"] / reply["hands"])
        except (WorkloadError, PeerMissingError) as error:
            self.error = str(error)
            return
        if record:
            self.runs.append(result)

    @property
    def ok(self) -> bool:
        return self.error is None and bool(self.runs)

    def median(self) -> Measurement:
        return Measurement(
            statistics.median(r.hands_per_second for r in self.runs),
            statistics.median(r.decisions_per_hand for r in self.runs),
        )

    def rates(self) -> list[float]:
        return [r.hands_per_second for r in self.runs]


def interleave(sides: Sequence[Side], seed: int, seconds: float, repeats: int, warmup: float) -> None:
    """Warm every side up, then run them in turns, A B A B ..., ``repeats`` rounds of ``seconds`` each.

    A load change on the shared machine then falls on both sides of a pair
    alike; ``pair_ratios`` compares the runs of one round.
    """
    if warmup > 0:
        for side in sides:
            if side.external is None:
                side.run(seed, warmup, record=False)
    for _ in range(repeats):
        for side in sides:
            side.run(seed, seconds)


def pair_ratios(ours: Side, theirs: Side) -> Spread | None:
    """Ours over theirs, round by round: the median ratio of the pairs and its spread."""
    if not (ours.ok and theirs.ok):
        return None
    return Spread.of([a / b for a, b in zip(ours.rates(), theirs.rates(), strict=True)])


def load_text() -> str:
    """The machine's load averages (1, 5, 15 minutes), as ``uptime`` shows them."""
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f}, {five:.2f}, {fifteen:.2f}"


def uptime() -> str:
    try:
        return subprocess.run(["uptime"], capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return load_text()


ROOT = Path(__file__).resolve().parent.parent
COMPILED = ROOT / "build" / "compiled"
"""Where ``make compiled`` (``tools/compiled.py build``) puts the compiled engine: a copy of the package."""


def compiled_tree(path: Path) -> Path:
    """``path`` if it holds a compiled build of ``bonepile``; otherwise a clear stop, never the pure engine unawares."""
    if not any((path / "bonepile").rglob("*.so")):
        raise SystemExit(f"no compiled engine in {path}: build it with make compiled (tools/compiled.py build)")
    return path


def compiled_modules() -> str:
    """Which engine modules this process imported compiled (an extension module), as a short text."""
    import bonepile.dominoes
    import bonepile.triominoes  # noqa: F401  (its modules too, if a build compiles them)

    names = sorted(
        name.removeprefix("bonepile.")
        for name, module in list(sys.modules.items())
        if name.startswith("bonepile.") and str(getattr(module, "__file__", "")).endswith(".so")
    )
    return f"{len(names)} modules compiled: {', '.join(names)}" if names else "no module compiled"


def baseline_tree(revision: str) -> Path:
    """The ``src`` folder of ``revision`` of this repository, extracted once (``git archive``) to a cache folder."""
    root = Path(__file__).resolve().parent.parent
    sha = subprocess.run(
        ["git", "-C", str(root), "rev-parse", "--verify", f"{revision}^{{commit}}"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    folder = Path(tempfile.gettempdir()) / "bonepile-bench" / sha
    if not (folder / "src" / "bonepile").is_dir():
        folder.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(["git", "-C", str(root), "archive", sha, "src"], capture_output=True, check=True)
        with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
            tar.extractall(folder, filter="data")
    return folder / "src"


# ------------------------------------------------------------------ Tri-Ominos move generation

BOARD_STAGES: tuple[tuple[str, int, int], ...] = (("early", 1, 8), ("middle", 18, 26), ("late", 36, 56))
"""Board sizes (placed tiles, inclusive) at which Tri-Ominos move generation is timed."""


def triominoes_movegen(seed: int, samples: int = 60, calls: int = 200) -> list[tuple[str, float, float, float, int]]:
    """Time one full generation of the mover's placements at early, middle and late board sizes.

    Positions come from random 2-player ``pressman`` rounds (two players
    leave the largest pool, so boards grow largest). For each stage: (name, microseconds per call,
    mean frontier size, mean placed tiles, positions). Generation must track
    the frontier, not the number of placed tiles.
    """
    from bonepile.triominoes import Round, Rules

    rules = Rules.from_preset("pressman", 2)
    rng = random.Random(seed)
    found: dict[str, list[Round]] = {name: [] for name, _, _ in BOARD_STAGES}
    while any(len(rounds) < samples for rounds in found.values()):
        round_ = Round.deal(rules, rng)
        while not round_.is_over:
            placed = len(round_.board)
            for name, low, high in BOARD_STAGES:
                if low <= placed <= high and len(found[name]) < samples and rng.random() < 0.3:
                    found[name].append(round_.copy())
            round_.play(rng.choice(round_.legal_moves()))
    report = []
    clock = time.perf_counter
    for name, _, _ in BOARD_STAGES:
        rounds = found[name]
        total = 0.0
        for round_ in rounds:
            mover = round_.to_move
            assert mover is not None
            hand = round_.tiles_of(mover)
            placements = round_.placements
            start = clock()
            for _ in range(calls):
                placements(hand)
            total += clock() - start
        micro = 1e6 * total / (calls * len(rounds))
        frontier = sum(len(r.frontier()) for r in rounds) / len(rounds)
        placed = sum(len(r.board) for r in rounds) / len(rounds)
        report.append((name, micro, frontier, placed, len(rounds)))
    return report


# ------------------------------------------------------------------ reporting


def _versions() -> str:
    found = []
    for name in ("open_spiel", "dominoes"):
        try:
            found.append(f"{name} {importlib.metadata.version(name)}")
        except importlib.metadata.PackageNotFoundError:
            found.append(f"{name} (not installed)")
    return ", ".join(found)


def _rate(value: float) -> str:
    return f"{value:,.0f} hands/s"


WORKLOADS: dict[str, Workload] = {
    workload.label: workload for row in ROWS for workload in (row.ours, *row.theirs) if isinstance(workload, Workload)
}
"""Every in-process workload of the report by its label (what a worker is asked to run)."""


def _row_line(side: Side) -> str:
    if not side.ok:
        return f"  {side.label:<46} skipped: {side.error}"
    median = side.median()
    rate, per = median.hands_per_second, median.decisions_per_hand
    return f"  {side.label:<46} {rate:>12,.0f} hands/s {per:>8.1f} decisions/hand"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=1.0, help="time budget of each run (default 1)")
    parser.add_argument("--repeats", type=int, default=7, help="rounds of runs, the sides in turns (default 7)")
    parser.add_argument("--warmup", type=float, default=0.5, help="seconds of play before measuring (default 0.5)")
    parser.add_argument("--seed", type=int, default=1, help="seed of every random generator (default 1)")
    parser.add_argument("--only", metavar="TEXT", help="run only the rows whose name contains TEXT (or one of a,b,...)")
    parser.add_argument(
        "--baseline",
        metavar="REV",
        help="also run our workloads on the engine at git revision REV, in turns with today's (e.g. the commit "
        "before all-fives: 1641502)",
    )
    parser.add_argument(
        "--compiled",
        metavar="PATH",
        nargs="?",
        const=str(COMPILED),
        help=f"also run our workloads on the compiled engine at PATH (default {COMPILED.relative_to(ROOT)}, "
        "built by make compiled), in turns with the pure one",
    )
    parser.add_argument(
        "--clock",
        choices=("cpu", "wall"),
        default="cpu",
        help="divide by the CPU time each side used (default; a loaded machine slows it least) or the wall clock",
    )
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return serve_worker(lambda key: WORKLOADS[key].make)
    Side.clock = args.clock
    if args.seconds <= 0 or args.repeats < 1 or args.warmup < 0:
        parser.error("--seconds must be > 0, --repeats >= 1, --warmup >= 0")
    wanted = args.only.split(",") if args.only else None
    rows = [row for row in ROWS if wanted is None or any(text in row.name for text in wanted)]
    if not rows:
        parser.error(f"no row matches {args.only!r}; rows: {', '.join(row.name for row in ROWS)}")

    print("Random play to the end of a hand (Tri-Ominos: a round), deal included: hands per second")
    print(
        f"{args.repeats} rounds of {args.seconds:g} s runs, the sides in turns (A B A B ...), after {args.warmup:g} s "
        f"warm-up, seed {args.seed}; rates per {args.clock} second, medians; each ratio the median of its rounds' "
        "pairs with their range; "
        f"Python {platform.python_version()}; {_versions()}"
    )
    print(f"start: {uptime()}")
    now = Worker(__file__, None, "now")
    workers = [now]
    before: Worker | None = None
    print(f"bonepile now: {now.where}")
    if args.baseline:
        before = Worker(__file__, baseline_tree(args.baseline), f"at {args.baseline}")
        workers.append(before)
        print(f"bonepile at {args.baseline}: {before.where}")
    compiled: Worker | None = None
    compiled_games: set[str] = set()
    if args.compiled:
        compiled = Worker(__file__, compiled_tree(Path(args.compiled)), "compiled")
        workers.append(compiled)
        modules = compiled.ask({"key": "", "compiled": True})["compiled"]
        compiled_games = {game for game in ("dominoes", "triominoes") if f"{game}._" in modules}
        print(f"bonepile compiled: {compiled.where} ({modules})")
    summary: list[str] = []
    try:
        for row in rows:
            ours = Side(row.ours.label, now, row.ours.label)
            peers = [
                Side(peer.label, external=peer)
                if isinstance(peer, ExternalWorkload)
                else Side(peer.label, now, peer.label)
                for peer in row.theirs
            ]
            sides = [ours, *peers]
            then: Side | None = None
            if before is not None:
                then = Side(f"{row.ours.label} at {args.baseline}", before, row.ours.label)
                sides.append(then)
            fast: Side | None = None
            game = "triominoes" if "triominoes" in row.ours.label else "dominoes"
            if compiled is not None and game in compiled_games:  # a row whose engine the build left pure: no row
                fast = Side(f"{row.ours.label} compiled", compiled, row.ours.label)
                sides.insert(1, fast)
            started = load_text()
            print(f"[{row.name}] ...", file=sys.stderr, flush=True)
            interleave(sides, args.seed, args.seconds, args.repeats, args.warmup)
            print(f"{row.name} ({started} at the start, {load_text().removeprefix('load average ')} at the end)")
            for side in sides:
                print(_row_line(side))
            for peer in peers:
                ratio = pair_ratios(ours, peer)
                line = f"{row.name}: bonepile vs {peer.label} ratio=" + (ratio.text() if ratio else "n/a")
                print("  " + line, flush=True)
                summary.append(line)
            if fast is not None:
                for other, name in [(peer, f"vs {peer.label}") for peer in peers] + [(ours, "vs pure")]:
                    ratio = pair_ratios(fast, other)
                    line = f"{row.name}: bonepile compiled {name} ratio=" + (ratio.text() if ratio else "n/a")
                    print("  " + line, flush=True)
                    summary.append(line)
            if then is not None:
                ratio = pair_ratios(ours, then)
                line = f"{row.name}: bonepile now vs at {args.baseline} ratio=" + (ratio.text() if ratio else "n/a")
                print("  " + line, flush=True)
                summary.append(line)
            if not peers and then is None and fast is None and ours.ok:
                summary.append(f"{row.name}: bonepile {_rate(ours.median().hands_per_second)}")
    finally:
        for worker in workers:
            worker.close()

    print()
    for line in summary:
        print(line)
    if wanted is None or any("movegen" in text or "triominoes" in text for text in wanted):
        print()
        print("Tri-Ominos legal-move generation (all placements of the mover's hand), pressman 2p random positions")
        for name, micro, frontier, placed, count in triominoes_movegen(args.seed):
            print(
                f"movegen {name:<7} {micro:8.1f} us/call  frontier {frontier:5.1f} places  "
                f"board {placed:5.1f} tiles  ({count} positions)"
            )
    print(f"end: {uptime()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
