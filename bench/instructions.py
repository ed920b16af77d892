"""Instructions per episode of a ``bench/envs.py`` row, counted by valgrind: a figure the machine's load cannot move.

Why this exists: on a shared machine a timed run cannot tell a 5% change from
noise, while ``valgrind --tool=callgrind`` counts the same instructions on
every run. The row's workload (``bench/envs.py``'s, the same seed) plays N
episodes in one process and 2N in another; the difference of the two totals
over N is one episode's count, without the start-up (imports, warm-up) both
share. ``--src`` names another tree's ``src`` (``--baseline REV`` extracts
revision REV's, as the timed benchmarks do), so before and after are counted
alike. Counts are not time, but they follow the timed ratios closely
(docs/performance.md).

Run: ``.venv/bin/python bench/instructions.py --row "dominoes block 2p, match to 100" --episodes 20 [--baseline REV]``
(needs valgrind, and the rl and peers extras as ``bench/envs.py`` does).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _play(row: str, episodes: int, warmup: int) -> None:
    """Inside valgrind: build the row's workload and play ``warmup`` then ``episodes`` episodes."""
    sys.path.insert(0, str(HERE))
    import envs

    episode = envs.WORKLOADS[row]()(1)
    for _ in range(warmup + episodes):
        episode()


def count(row: str, episodes: int, warmup: int, src: Path | None) -> int:
    """Total instructions of a process that plays the row's ``episodes`` (callgrind's ``summary``)."""
    env = dict(os.environ)
    env["PYTHONHASHSEED"] = "0"  # the same hashes, so the same dict and set layouts, in every counted process
    if src is not None:
        env["PYTHONPATH"] = str(src)
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        command = [
            "valgrind",
            "--tool=callgrind",
            f"--callgrind-out-file={out}",
            sys.executable,
            __file__,
            "--inside",
            "--row",
            row,
            "--episodes",
            str(episodes),
            "--warmup",
            str(warmup),
        ]
        subprocess.run(command, env=env, check=True, capture_output=True)
        found = re.search(r"^summary:\s*(\d+)", out.read_text(), re.MULTILINE)
    if found is None:
        raise RuntimeError("callgrind wrote no summary")
    return int(found.group(1))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--row", required=True, help="a row label of bench/envs.py")
    parser.add_argument("--episodes", type=int, default=20, help="N: the runs play N and 2N episodes (default 20)")
    parser.add_argument("--warmup", type=int, default=3, help="episodes played before the counted ones")
    parser.add_argument("--baseline", metavar="REV", help="also count git revision REV's code")
    parser.add_argument("--inside", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.inside:
        _play(args.row, args.episodes, args.warmup)
        return 0
    trees: list[tuple[str, Path | None]] = [("now", None)]
    if args.baseline:
        from throughput import baseline_tree

        trees.append((f"at {args.baseline}", baseline_tree(args.baseline)))
    per_episode: dict[str, float] = {}
    for name, src in trees:
        once = count(args.row, args.episodes, args.warmup, src)
        twice = count(args.row, 2 * args.episodes, args.warmup, src)
        per_episode[name] = (twice - once) / args.episodes
        print(f"{args.row} ({name}): {per_episode[name]:,.0f} instructions per episode", flush=True)
    if len(per_episode) == 2:
        now, then = per_episode.values()
        print(f"{args.row}: now vs at {args.baseline} ratio={then / now:.2f} (fewer instructions: faster)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
