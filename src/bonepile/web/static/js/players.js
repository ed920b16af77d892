// The people around the table: opponents' areas, your own header, the score panel and the log.

import { h, parts, score, seatColor } from "./dom.js";
import { N_, t, tn, tp } from "./i18n.js";
import { dominoSvg, tileBack, triominoSvg } from "./tiles.js";

// TRANSLATORS: the computer's levels of play.
const LEVELS = { easy: N_("Easy"), medium: N_("Medium"), hard: N_("Hard"), expert: N_("Expert") };

/** A computer level's name ("Hard") for its code ("hard"), where the catalog's own label is not at hand. */
export function levelName(level) {
  return LEVELS[level] ? t(LEVELS[level]) : level;
}

/** A computer level as a sentence says it ("Hint (expert): ...", "the computer, easy"). */
export function levelInSentence(level) {
  // TRANSLATORS: a computer level inside a sentence ("Hint (expert): play 6-4"), lower case where the language writes it so.
  const words = { easy: tp("level in a sentence", "easy"), medium: tp("level in a sentence", "medium"), hard: tp("level in a sentence", "hard"), expert: tp("level in a sentence", "expert") };
  return words[level] || level;
}

function levelWords(player) {
  if (player.kind !== "ai") return t("Human");
  // TRANSLATORS: who plays a seat; {level} is the computer's level ("Hard").
  return t("Computer \u00b7 {level}", { level: levelName(player.level) });
}

export function avatar(player, className = "") {
  return h(
    "span",
    { class: `avatar ${className}`.trim(), style: { background: seatColor(player.seat) }, "aria-hidden": "true" },
    player.kind === "ai" ? "\u2699" : player.name.slice(0, 1).toUpperCase(),
  );
}

function statusText(player) {
  // TRANSLATORS: on a player's card: it is their turn.
  return player.status || (player.to_move ? t("to play") : "\u00a0");
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
  // TRANSLATORS: a player's tiles at the end of a hand (round); {tiles} is a list such as "5-3, 6-6".
  const row = h("div", { class: `face-up ${triangle ? "tri" : ""}`.trim(), role: "img", "aria-label": tiles.length ? t("left holding {tiles}", { tiles: tiles.join(", ") }) : t("no tiles left") });
  if (!tiles.length) row.append(h("span", { class: "went-out" }, t("went out")));
  // Where the cards are too many for every hand face up (the end-of-hand dialog shows them all): a count.
  else row.append(h("span", { class: "face-count" }, h("span", { class: "words" }, tn("{count} tile left", "{count} tiles left", tiles.length)), h("span", { class: "tally" }, `\u00d7${tiles.length}`)));
  for (const tile of tiles) {
    const numbers = tile.split("-").map(Number);
    row.append(triangle ? triominoSvg(numbers, { className: "mini" }) : dominoSvg(numbers[0], numbers[1], { className: "mini" }));
  }
  return row;
}

/** A team's letter: "A" for the first side of the view, "B" for the next. */
function teamLetter(view, side) {
  return String.fromCharCode(65 + Math.max(0, view.sides.findIndex((entry) => entry.side === side)));
}

/** The badge that says which team a player is on ("Team B"), and "partner" on the viewer's partner's. */
function teamBadge(view, player, teamLabel) {
  if (!teamLabel) return null;
  const mine = view.seat !== null && view.players[view.seat] && view.players[view.seat].side === player.side;
  // The words around the letter fold away on a narrow card: only the letter stays.
  const letter = h("span", { class: "team-letter" }, teamLetter(view, player.side));
  const words = parts(t("Team {letter}"), { letter }).map((piece) => (piece === letter ? teamLetter(view, player.side) : h("span", { class: "team-word" }, piece)));
  return h(
    "span",
    {
      class: ["team-badge", `side-${player.side}`, mine ? "partner" : ""],
      // TRANSLATORS: the title of a team's badge on a player's card; {team} is "Team A".
      title: mine ? t("{team}: your partner", { team: teamLabel }) : t("{team}: an opponent", { team: teamLabel }),
    },
    words,
  );
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
        h("span", { class: "count" }, tn("{count} tile", "{count} tiles", player.tiles)),
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
      "aria-label": cardLabel(player, away),
    },
    avatar(player),
    h(
      "div",
      { class: "who" },
      h("div", { class: "name", title: player.name }, player.name, away ? h("span", { class: "away-badge", title: t("Disconnected: the game waits for them") }, t("away")) : null),
      h("div", { class: "level" }, levelWords(player)),
    ),
    h("div", { class: "score", title: teamLabel ? t("{team}'s score", { team: teamLabel }) : t("Score") }, score(player.score)),
    h("div", { class: "status", "data-status": player.status, title: player.status || "" }, clock, statusText(player)),
    h("div", { class: "card-tiles" }, teamBadge(view, player, teamLabel), tiles),
  );
}

/** A player's card read aloud: "Ann, Computer · Hard, 5 tiles, score 12, passed". */
function cardLabel(player, away) {
  const values = { name: player.name, level: levelWords(player), score: player.score, status: player.status };
  const count = player.tiles;
  if (away && player.status) {
    // TRANSLATORS: a player's card read aloud; {level} is "Human" or "Computer · Hard", {status} what they just did.
    return tn("{name}, {level}, away, {count} tile, score {score}, {status}", "{name}, {level}, away, {count} tiles, score {score}, {status}", count, values);
  }
  if (away) return tn("{name}, {level}, away, {count} tile, score {score}", "{name}, {level}, away, {count} tiles, score {score}", count, values);
  if (player.status) {
    // TRANSLATORS: a player's card read aloud; {level} is "Human" or "Computer · Hard", {status} what they just did.
    return tn("{name}, {level}, {count} tile, score {score}, {status}", "{name}, {level}, {count} tiles, score {score}, {status}", count, values);
  }
  // TRANSLATORS: a player's card read aloud; {level} is "Human" or "Computer · Hard".
  return tn("{name}, {level}, {count} tile, score {score}", "{name}, {level}, {count} tiles, score {score}", count, values);
}

/** "3 hands" or "3 rounds": how many a game of so many deals lasts. */
function deals(word, count) {
  return word === "hand" ? tn("{count} hand", "{count} hands", count) : tn("{count} round", "{count} rounds", count);
}

/** A finished hand (round) in the score panel's list: "Hand 2: Ann went out". */
function handLine(word, summary) {
  // TRANSLATORS: {summary} is the server's words for how the hand (round) ended.
  return word === "hand" ? t("Hand {number}: {summary}", { number: summary.number, summary: summary.text }) : t("Round {number}: {summary}", { number: summary.number, summary: summary.text });
}

export function teamLabels(view) {
  if (!view.sides.some((side) => side.seats.length > 1)) return {};
  const labels = {};
  view.sides.forEach((side, index) => {
    // TRANSLATORS: a team of players; {letter} is A, B, C...
    for (const seat of side.seats) labels[seat] = t("Team {letter}", { letter: String.fromCharCode(65 + index) });
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
        h(
          "div",
          {
            class: "progress",
            role: "progressbar",
            "aria-valuemin": "0",
            "aria-valuemax": String(scale),
            "aria-valuenow": String(side.score),
            // TRANSLATORS: a side's score bar read aloud; {names} are its players, {target} the score played to.
            "aria-label": rounds ? `${names}: ${side.score}` : t("{names}: {score} of {target}", { names, score: side.score, target: view.target }),
          },
          h("span", { style: { width: `${width}%` } }),
        ),
      );
    }),
  );
  const past = view.summaries.length
    ? h(
        "div",
        { class: "past-hands" },
        h("h3", {}, word === "hand" ? t("Finished hands") : t("Finished rounds")),
        h(
          "ul",
          {},
          view.summaries.map((summary) =>
            h("li", {}, h("button", { type: "button", class: "link", onclick: () => onSummary(summary) }, handLine(word, summary))),
          ),
        ),
      )
    : null;
  return h(
    "section",
    { class: "panel score-panel", "aria-label": t("Scores") },
    h("h2", {}, t("Scores"), h("span", { class: "target" }, rounds ? (view.low_wins ? t("lowest wins") : deals(word, view.target)) : t("to {target}", { target: view.target }))),
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
    { class: "panel log-panel", "aria-label": t("Moves") },
    h("h2", {}, word === "hand" ? t("Hand {number}", { number: view.hand_number }) : t("Round {number}", { number: view.hand_number })),
    items.length ? h("ol", { class: "log", role: "log", "aria-live": "off" }, items) : h("p", { class: "muted" }, t("No moves yet.")),
  );
}
