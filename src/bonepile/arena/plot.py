"""An Elo chart with 95% error bars (matplotlib, an optional extra, imported only here)."""

from __future__ import annotations

from pathlib import Path

from bonepile.arena.runner import ArenaResult
from bonepile.core.errors import BonepileError


def plot_elo(result: ArenaResult, path: str | Path) -> Path:
    """Draw each agent's Elo with its 95% interval to a PNG file."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise BonepileError("--plot needs matplotlib: pip install 'bonepile[plot]'") from None
    rated = [stats for stats in result.agents if stats.rating is not None]
    if not rated:
        raise BonepileError("--plot needs at least two agents to rate")
    rated.sort(key=lambda stats: stats.rating.elo if stats.rating else 0.0)
    names = [stats.name for stats in rated]
    elos = [stats.rating.elo for stats in rated if stats.rating]
    errors = [stats.rating.half_width for stats in rated if stats.rating]
    figure, axes = plt.subplots(figsize=(6.4, 0.6 * len(names) + 1.6))
    axes.errorbar(elos, range(len(names)), xerr=errors, fmt="o", capsize=5, color="#1f5f8b")
    axes.set_yticks(range(len(names)), names)
    axes.axvline(0, color="#999999", linewidth=0.8)
    axes.set_xlabel("Elo (relative to the mean), 95% interval")
    config = result.config
    axes.set_title(f"{config.game} · {config.preset} · {len(result.results)} games")
    figure.tight_layout()
    target = Path(path)
    figure.savefig(target, dpi=120)
    plt.close(figure)
    return target
