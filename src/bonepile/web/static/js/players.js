// The people around the table: opponents' areas, your own header, the score panel and the log.

import { h, plural, score, seatColor } from "./dom.js";
import { dominoSvg, tileBack, triominoSvg } from "./tiles.js";

const LEVELS = { easy: "Easy", medium: "Medium", hard: "Hard", expert: "Expert" };

function levelWords(player) {
  if (player.kind !== "ai") return "Human";
  return `Computer \u00b7 ${LEVELS[player.level] || player.level}`;
}

export function avatar(player, className = "") {
  return h(
    "span",
    { class: `avatar ${className}`.trim(), style: { background: seatColor(player.seat) }, "aria-hidden": "true" },
    player.kind === "ai" ? "\u2699" : player.name.slice(0, 1).toUpperCase(),
  );
}

function statusText(player) {
  return player.status || (player.to_move ? "to play" : "\u00a0");
}

/**
 * The tile backs of a hand we may not see, fanned. However many opponents, the backs keep a readable
 * size: past `most` of them only `most` are drawn (the count beside says how many there are).
 */
function backs(count, triangle, most = 12) {
  const shown = Math.min(count, most);
  const row = h("div", { class: `backs ${triangle ? "tri" : ""}`.trim(), "aria-hidden": "true" });
  for (let i = 0; i < shown; i++) row.append(tileBack({ triangle }));
  if (count > shown) row.append(h("span", { class: "backs-more" }, "+"));
  return row;
}

/** A hand turned face up (the end of a hand): the tiles the player was left holding. */
function faceUp(tiles, triangle) {
  const row = h("div", { class: `face-up ${triangle ? "tri" : ""}`.trim(), role: "img", "aria-label": tiles.length ? `left holding ${tiles.join(", ")}` : "no tiles left" });
  if (!tiles.length) row.append(h("span", { class: "went-out" }, "went out"));
  // Where the cards are too many for every hand face up (the end-of-hand dialog shows them all): a count.
  else row.append(h("span", { class: "face-count" }, `${plural(tiles.length, "tile")} left`));
  for (const tile of tiles) {
    const numbers = tile.split("-").map(Number);
    row.append(triangle ? triominoSvg(numbers, { className: "mini" }) : dominoSvg(numbers[0], numbers[1], { className: "mini" }));
  }
  return row;
}

/** The badge that says which team a player is on ("Team B"), and "partner" on the viewer's partner's. */
function teamBadge(view, player, teamLabel) {
  if (!teamLabel) return null;
  const mine = view.seat !== null && view.players[view.seat] && view.players[view.seat].side === player.side;
  return h("span", { class: ["team-badge", `side-${player.side}`, mine ? "partner" : ""], title: mine ? `${teamLabel}: your partner` : `${teamLabel}: an opponent` }, h("span", { class: "team-word" }, "Team "), teamLabel.replace(/^Team /, ""));
}

/**
 * An opponent's area: who, what they just did, how many tiles they hold, their score. Online, `away`
 * marks a player whose connection dropped; `clock` is the countdown badge of the seat on the clock.
 */
export function playerCard(view, player, { teamLabel = null, changed = false, away = false, clock = null, reveal = null, compact = false } = {}) {
  const triangle = view.tile === "triangle";
  const thinking = player.to_move && player.kind === "ai";
  const tiles = reveal
    ? faceUp(reveal, triangle)
    : [
        backs(player.tiles, triangle, compact ? 7 : 12),
        h("span", { class: "count" }, plural(player.tiles, "tile")),
        // Where the card is too small for a fan of backs: one back, large enough to read, and the count.
        h("span", { class: "tile-tally", "aria-hidden": "true" }, tileBack({ triangle }), h("span", {}, `\u00d7${player.tiles}`)),
      ];
  return h(
    "article",
    {
      class: ["player-card", player.to_move ? "to-move" : "", thinking ? "thinking" : "", changed ? "changed" : "", away ? "away" : "", reveal ? "revealed" : "", teamLabel ? `team-${player.side}` : ""],
      "data-seat": String(player.seat),
      "data-side": String(player.side),
      "data-away": away ? "true" : "false",
      "aria-label": `${player.name}, ${levelWords(player)}${away ? ", away" : ""}, ${plural(player.tiles, "tile")}, score ${player.score}${player.status ? `, ${player.status}` : ""}`,
    },
    avatar(player),
    h(
      "div",
      { class: "who" },
      h("div", { class: "name", title: player.name }, player.name, away ? h("span", { class: "away-badge", title: "Disconnected: the game waits for them" }, "away") : null),
      h("div", { class: "level" }, levelWords(player)),
    ),
    h("div", { class: "score", title: teamLabel ? `${teamLabel}'s score` : "Score" }, score(player.score)),
    h("div", { class: "status", "data-status": player.status, title: player.status || "" }, clock, statusText(player)),
    h("div", { class: "card-tiles" }, teamBadge(view, player, teamLabel), tiles),
  );
}

export function teamLabels(view) {
  if (!view.sides.some((side) => side.seats.length > 1)) return {};
  const labels = {};
  view.sides.forEach((side, index) => {
    for (const seat of side.seats) labels[seat] = `Team ${String.fromCharCode(65 + index)}`;
  });
  return labels;
}

/**
 * The score panel: each side's score (against the target, in a game to a score), and the finished hands.
 * Where the lowest total wins (`view.low_wins`), the lowest leads; in a game of so many rounds
 * (`view.goal`), the bar shows the share of the others' highest total instead of the way to the target.
 */
export function scorePanel(view, { onSummary }) {
  const labels = teamLabels(view);
  const word = view.hand_word;
  const rounds = view.goal === "rounds";
  const totals = view.sides.map((side) => side.score);
  const leader = view.low_wins ? Math.min(...totals) : Math.max(...totals);
  const scale = rounds ? Math.max(1, ...totals) : view.target;
  const someone = view.low_wins ? totals.some((total) => total !== leader) : leader > 0;
  const list = h(
    "ol",
    { class: "side-scores" },
    view.sides.map((side) => {
      const names = side.seats.map((seat) => view.players[seat].name).join(" & ");
      const width = Math.max(0, Math.min(100, (side.score / scale) * 100));
      const mine = side.seats.includes(view.seat);
      const toMove = side.seats.includes(view.turn);
      return h(
        "li",
        { class: ["side-score", mine ? "mine" : "", toMove ? "to-move" : "", side.score === leader && someone ? "leading" : ""], "data-side": String(side.side) },
        h(
          "div",
          { class: "side-line" },
          h("span", { class: "side-dots" }, side.seats.map((seat) => h("span", { class: "dot", style: { background: seatColor(seat) } }))),
          h(
            "span",
            { class: "side-name" },
            labels[side.seats[0]] ? [h("span", { class: ["team-badge", `side-${side.side}`] }, labels[side.seats[0]]), " ", names] : names,
          ),
          h("strong", { class: "side-points" }, score(side.score)),
        ),
        h("div", { class: "progress", role: "progressbar", "aria-valuemin": "0", "aria-valuemax": String(scale), "aria-valuenow": String(side.score), "aria-label": rounds ? `${names}: ${side.score}` : `${names}: ${side.score} of ${view.target}` }, h("span", { style: { width: `${width}%` } })),
      );
    }),
  );
  const past = view.summaries.length
    ? h(
        "div",
        { class: "past-hands" },
        h("h3", {}, `Finished ${word}s`),
        h(
          "ul",
          {},
          view.summaries.map((summary) =>
            h("li", {}, h("button", { type: "button", class: "link", onclick: () => onSummary(summary) }, `${word[0].toUpperCase()}${word.slice(1)} ${summary.number}: ${summary.text}`)),
          ),
        ),
      )
    : null;
  return h(
    "section",
    { class: "panel score-panel", "aria-label": "Scores" },
    h("h2", {}, "Scores", h("span", { class: "target" }, rounds ? (view.low_wins ? "lowest wins" : `${plural(view.target, word)}`) : `to ${view.target}`)),
    list,
    past,
  );
}

/** The log: this hand's (round's) events in words, newest at the bottom. */
export function logPanel(view) {
  const word = view.hand_word;
  const items = view.log.map((entry) =>
    h("li", { class: `log-${entry.kind.replace(/\s+/g, "-")}` }, h("span", { class: "dot", style: { background: seatColor(entry.seat) } }), h("span", {}, entry.text)),
  );
  return h(
    "section",
    { class: "panel log-panel", "aria-label": "Moves" },
    h("h2", {}, `${word[0].toUpperCase()}${word.slice(1)} ${view.hand_number}`),
    items.length ? h("ol", { class: "log", role: "log", "aria-live": "off" }, items) : h("p", { class: "muted" }, "No moves yet."),
  );
}
