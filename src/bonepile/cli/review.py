"""``bonepile review RECORD.json [--hand N] [--json]``: every decision of a finished hand judged.

Reads a record as ``bonepile replay`` does, reviews one hand (or every finished hand) with
``bonepile.review`` under a Rich progress bar, and prints a table of the marks and each seat's accuracy
(``--json``: the reviews as the web API gives them, and nothing else on standard output).
"""

from __future__ import annotations

import argparse
import json
import sys

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn
from rich.table import Table

from bonepile import games
from bonepile.i18n import _
from bonepile.review import Budget, DecisionReview, HandReview, game_accuracy, hands_finished, review_hand
from bonepile.store import load_record

_STYLE = {"blunder": "bold red", "mistake": "red", "inaccuracy": "yellow", "best": "green", "good": "green"}


def run_review(args: argparse.Namespace) -> int:
    record = load_record(args.file)
    kind = games.game_kind(str(record.get("game")))
    hands = [args.hand] if args.hand is not None else list(range(1, hands_finished(record) + 1))
    budget = Budget(worlds=args.worlds)
    console = Console(stderr=args.json)
    reviews: list[HandReview] = []
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=args.json,
    ) as bar:
        for number in hands:
            task = bar.add_task(_("Reviewing {deal} {number}", deal=_(kind.deal_word), number=number), total=None)

            def told(done: int, total: int, task: TaskID = task) -> None:
                bar.update(task, completed=done, total=total)

            reviews.append(review_hand(record, number, seed=args.seed, budget=budget, progress=told))
    if args.json:
        json.dump([review.to_json() for review in reviews], sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0
    names = record.get("players") or []
    for review in reviews:
        console.print(_table(review, kind.deal_word, names))
    if len(reviews) > 1:
        overall = game_accuracy(reviews)
        line = ", ".join(_("{seat}: {pct}%", seat=_name(names, s), pct=f"{p:.1f}") for s, p in overall.items())
        console.print(_("Accuracy over the game: {seats}", seats=line), highlight=False)
    return 0


def _name(names: object, seat: int) -> str:
    if isinstance(names, list) and seat < len(names):
        return str(names[seat])
    return _("Player {number}", number=seat + 1)


def _table(review: HandReview, deal_word: str, names: object) -> Table:
    table = Table(title=_("{deal} {number}", deal=_(deal_word).capitalize(), number=review.hand_number))
    table.add_column(_("Move"), justify="right")
    table.add_column(_("Player"))
    table.add_column(_("Played"))
    table.add_column(_("Mark"))
    table.add_column(_("Loss"), justify="right")
    table.add_column(_("Preferred"))
    table.add_column(_("Face up"))
    # TRANSLATORS: a column of the review's table: each side's expected final points of the hand after the move.
    table.add_column(_("Expected points"), justify="right")
    if review.match_near:
        # TRANSLATORS: a column of the review's table: the mover's chance of winning the game after the move.
        table.add_column(_("To win the game"), justify="right")
    for d in review.decisions:
        style = _STYLE.get(d.mark, "dim")
        row = [
            str(d.move_number),
            _name(names, d.seat),
            d.played,
            f"[{style}]{_(d.mark)}[/]",
            "" if d.expected_played is None else f"{d.loss:.1f}",
            "" if d.best == d.played else d.best,
            "" if d.face_up_best is None or d.face_up_best == d.played else d.face_up_best,
            " / ".join(f"{p:.1f}" for p in d.expected_points),
        ]
        if review.match_near:
            row.append(_match(d))
        table.add_row(*row)
    seats = ", ".join(_("{seat}: {pct}%", seat=_name(names, s), pct=f"{p:.1f}") for s, p in review.accuracy.items())
    caption = _("Accuracy: {seats}", seats=seats)
    if review.points:
        final = " / ".join(str(p) for p in review.points)
        # TRANSLATORS: under the review's table: what each side truly made in the hand (round), in side order.
        caption += "\n" + _("Points at the end: {points}", points=final)
    table.caption = caption
    return table


def _match(d: DecisionReview) -> str:
    """The mover's chance of winning the game after the move played, and the best one where it is higher."""
    if d.match_played is None:
        return ""
    text = f"{d.match_played:.0f}%"
    if d.match_best is not None and d.match_best_move not in (None, d.played) and d.match_best > d.match_played + 0.5:
        text += f" ({d.match_best:.0f}%: {d.match_best_move})"
    return text
