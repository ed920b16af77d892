"""The end of a Tri-Ominos round and of the game at the terminal: who went out or why the round blocked,
each player's points in columns, and the final table. The screen of a turn is ``render_triominoes``; this
part is shown only between rounds and at the end, so it lives apart.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from bonepile.cli.render_triominoes import (
    BONUS_REASONS,
    HUMAN,
    PENALTY_REASONS,
    UNICODE,
    Glyphs,
    and_text,
    reason_text,
    score_text,
    signed,
    termination_text,
)
from bonepile.i18n import _, p_
from bonepile.triominoes import (
    GameOutcome,
    Reason,
    RoundSummary,
    Rules,
    Termination,
)

# ----------------------------------------------------------------- the end of a round and of the game


def round_ending(summary: RoundSummary, rules: Rules, names: Sequence[str]) -> str:
    """How the round ended, in words (T7)."""
    if summary.termination is Termination.GOING_OUT:
        out = [names[p] for p in sorted(summary.winners)]
        if len(out) > 1:
            return _("{players} went out", players=and_text(out))
        return _("{player} went out", player=and_text(out))
    if summary.winner is None:
        return _("blocked, and nobody wins it: nobody scores")
    # T7: the fewest tiles (then the lower total), or the lowest total (then the fewer tiles).
    fewest = rules.blocked_winner == "fewest_tiles"
    first = summary.tile_counts if fewest else summary.tile_values
    tied = first.count(first[summary.winner]) > 1
    winner = names[summary.winner]
    if winner == _("You"):
        if fewest:
            if tied:
                return _("blocked, You win it with the fewest tiles and the lower total")
            return _("blocked, You win it with the fewest tiles")
        if tied:
            return _("blocked, You win it with the lowest total and the fewer tiles")
        return _("blocked, You win it with the lowest total")
    if fewest:
        if tied:
            return _("blocked, {player} wins it with the fewest tiles and the lower total", player=winner)
        return _("blocked, {player} wins it with the fewest tiles", player=winner)
    if tied:
        return _("blocked, {player} wins it with the lowest total and the fewer tiles", player=winner)
    return _("blocked, {player} wins it with the lowest total", player=winner)


def _column_points(points: Sequence[int], player: int, glyphs: Glyphs) -> str:
    return signed(points[player], glyphs) if points[player] else ""


def render_round_summary(
    summary: RoundSummary,
    number: int,
    rules: Rules,
    names: Sequence[str],
    scores: Sequence[int],
    glyphs: Glyphs = UNICODE,
) -> RenderableType:
    """The end of a round: how it ended, who scored what and for what (the engine's items), the tiles left."""
    placed = summary.points_for(Reason.TILE)
    bonuses = [sum(t) for t in zip(*(summary.points_for(r) for r in BONUS_REASONS), strict=True)]
    penalties = [sum(t) for t in zip(*(summary.points_for(r) for r in PENALTY_REASONS), strict=True)]
    ends = [(r, summary.points_for(r)) for r in (Reason.GOING_OUT, Reason.TILES_COLLECTED, Reason.BLOCKED)]
    ends = [(r, pts) for r, pts in ends if any(pts)]
    title = _("Round {number}: {ending}", number=number, ending=round_ending(summary, rules, names))
    table = Table(title=Text(title), title_justify="left")
    table.add_column(_("player"))
    table.add_column(_("tiles placed"), justify="right")
    table.add_column(_("bonuses"), justify="right")
    table.add_column(_("penalties"), justify="right")
    for reason, _pts in ends:
        table.add_column(_("blocked round") if reason is Reason.BLOCKED else reason_text(reason), justify="right")
    # TRANSLATORS: a column of the round's summary: the points of this round.
    table.add_column(p_("column", "round"), justify="right")
    table.add_column(_("score"), justify="right")
    for player, name in enumerate(names):
        row: list[RenderableType] = [
            Text(name),
            _column_points(placed, player, glyphs),
            _column_points(bonuses, player, glyphs),
            _column_points(penalties, player, glyphs),
        ]
        row += [_column_points(pts, player, glyphs) for _reason, pts in ends]
        row += [signed(summary.points[player], glyphs), score_text(scores[player], glyphs)]
        table.add_row(*row, style="bold" if player in summary.winners else "")
    held = Table.grid(padding=(0, 2))
    held.add_column()
    held.add_column()
    for player, name in enumerate(names):
        tiles = " ".join(str(t) for t in summary.hands[player]) or glyphs.none
        if summary.hands[player]:
            # TRANSLATORS: the tiles a player still holds (in notation) and their total value.
            tiles = _("{tiles} (value {value})", tiles=tiles, value=summary.tile_values[player])
        held.add_row(Text(name), tiles)
    parts: list[RenderableType] = [table, Text(_("Tiles left in hand:")), held]
    for player in sorted(summary.winners):
        mine = [item for item in summary.end_items if item.player == player]
        if mine:
            said = and_text([_end_words(item.reason, item.points) for item in mine])
            name = names[player]
            if name == _("You"):
                # TRANSLATORS: {items} says what for ("25 for going out and 30 for the tiles the others still hold").
                line = _("You score {items}.", items=said)
            else:
                line = _("{player} scores {items}.", player=name, items=said)
            parts.append(Text(line, style="bold"))
    return Group(*parts)


def _end_words(reason: Reason, points: int) -> str:
    """'25 for going out': the points of the round's end and what for."""
    if reason is Reason.GOING_OUT:
        return _("{points} for going out", points=points)
    if reason is Reason.TILES_COLLECTED:
        return _("{points} for the tiles the others still hold", points=points)
    if reason is Reason.BLOCKED:
        return _("{points} for the others' tiles less their own", points=points)
    # TRANSLATORS: {reason} is a score item ("bridge").
    return _("{points} for {reason}", points=points, reason=reason_text(reason))


def render_game_over(
    outcome: GameOutcome,
    summaries: Sequence[RoundSummary],
    rules: Rules,
    names: Sequence[str],
    seed: int,
    record: str | None,
    glyphs: Glyphs = UNICODE,
) -> RenderableType:
    """The last screen: the winner (or the players sharing the win, T8), the final scores, every round's points."""
    winners = sorted(outcome.winners)
    best = max(outcome.scores)
    mine = HUMAN in winners
    if len(winners) == 1:
        winner = names[winners[0]]
        if mine and winner == _("You"):
            verdict = _("You win with {points} points!", points=best)
        elif mine:
            verdict = _("{player} wins with {points} points!", player=winner, points=best)
        else:
            verdict = _("{player} wins with {points} points.", player=winner, points=best)
    else:
        together = and_text([names[p] for p in winners])
        if mine:
            verdict = _("{players} share the win with {points} points!", players=together, points=best)
        else:
            verdict = _("{players} share the win with {points} points.", players=together, points=best)
    table = Table(title=_("final scores"), title_justify="left")
    # TRANSLATORS: a column of the final scores: the round's number.
    table.add_column(p_("column", "round"), justify="right")
    table.add_column(_("ended"))
    for name in names:
        table.add_column(Text(name), justify="right")
    for count, summary in enumerate(summaries, start=1):
        points = (score_text(p, glyphs) if p else "" for p in summary.points)
        table.add_row(str(count), termination_text(summary.termination), *points)
    table.add_section()
    table.add_row("", _("total"), *(score_text(s, glyphs) for s in outcome.scores), style="bold")
    lines: list[RenderableType] = [Text(verdict, style="bold green" if mine else "bold"), table]
    footer = _("seed {seed}", seed=str(seed))
    if record:
        footer += glyphs.dot + _("record saved to {file} (bonepile replay {file})", file=record)
    lines.append(Text(footer, style="dim"))
    return Panel(Group(*lines), title=_("Game over"), title_align="left", border_style="green", expand=False)
