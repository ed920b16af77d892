"""Where arena games run: this process, a pool of worker processes, or a Ray cluster.

A backend is called with batches of scheduled games and yields each batch's
results as soon as it completes, in any order; ``run_arena`` does the rest.
Ray is an optional extra (``pip install 'bonepile[ray]'``), imported only here.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from types import ModuleType, TracebackType
from typing import Any

from bonepile.arena.runner import ArenaConfig, GameResult, GameSpec, play_batch, serial_backend
from bonepile.core.errors import BonepileError


def default_jobs() -> int:
    """All cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


class ArenaBackend:
    """Base: a context manager that plays batches; the serial one runs them here, one by one."""

    parallelism = 1

    def __call__(self, config: ArenaConfig, batches: Sequence[Sequence[GameSpec]]) -> Iterator[list[GameResult]]:
        return serial_backend(config, batches)

    def close(self) -> None:
        """Release workers; the serial backend holds none."""

    def __enter__(self) -> ArenaBackend:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()


class ProcessBackend(ArenaBackend):
    """Worker processes on this machine (``--jobs N``)."""

    def __init__(self, jobs: int) -> None:
        self.parallelism = jobs
        # "spawn" keeps workers independent of whatever threads the parent runs (Rich's refresh thread).
        self._pool = ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("spawn"))

    def __call__(self, config: ArenaConfig, batches: Sequence[Sequence[GameSpec]]) -> Iterator[list[GameResult]]:
        waiting: set[Future[list[GameResult]]] = {self._pool.submit(play_batch, config, batch) for batch in batches}
        while waiting:
            done, waiting = wait(waiting, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)


class RayBackend(ArenaBackend):
    """A Ray cluster: ``address=None`` starts (or joins) a local one with ``jobs`` CPUs."""

    def __init__(self, address: str | None = None, jobs: int | None = None) -> None:
        try:
            import ray
        except ImportError:
            raise BonepileError("the Ray backend needs Ray: pip install 'bonepile[ray]'") from None
        self._ray: ModuleType = ray
        self._started_here = not ray.is_initialized()
        if self._started_here:
            options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False, "logging_level": "ERROR"}
            if address is None and jobs is not None:
                options["num_cpus"] = jobs
            ray.init(address=address, **options)
        resources: dict[str, float] = self._ray.cluster_resources()
        self.parallelism = max(int(resources.get("CPU", 1)), 1)
        self._play = ray.remote(play_batch)

    def __call__(self, config: ArenaConfig, batches: Sequence[Sequence[GameSpec]]) -> Iterator[list[GameResult]]:
        ray = self._ray
        waiting = [self._play.remote(config, list(batch)) for batch in batches]
        while waiting:
            done, waiting = ray.wait(waiting, num_returns=1)
            yield ray.get(done[0])

    def close(self) -> None:
        if self._started_here:
            self._ray.shutdown()


def make_backend(name: str = "local", jobs: int | None = None, address: str | None = None) -> ArenaBackend:
    """``local`` with ``jobs`` processes (1: in this process), or ``ray``."""
    if name == "ray":
        return RayBackend(address, jobs)
    if name != "local":
        raise BonepileError(f"unknown backend {name!r}; choose 'local' or 'ray'")
    count = default_jobs() if jobs is None else jobs
    if count < 1:
        raise BonepileError(f"--jobs must be at least 1, not {count}")
    return ArenaBackend() if count == 1 else ProcessBackend(count)


def batch_size_for(games: int, parallelism: int) -> int:
    """Enough batches to keep every worker busy and balanced, few enough that task overhead vanishes."""
    if parallelism <= 1:
        return 4
    return max(2, min(64, games // (parallelism * 4) or 1))
