// This browser's statistics (#/stats): the solo games it played (their ids kept in localStorage by
// credentials.js, finished ones too), per game and preset: games played and won, points per hand,
// results against each AI level, the accuracy of the last games (from their stored reviews: the page
// never starts one) as a chart, and the best hand. The server gives every number counted here.

import { api } from "./api.js";
import { forgetGame, savedGames } from "./credentials.js";
import { h } from "./dom.js";
import { formatNumber, t, tn } from "./i18n.js";
import { levelInSentence } from "./players.js";
import { lineChart } from "./review-chart.js";

/** How many of the last finished games the accuracy chart shows. */
const LAST_GAMES = 12;

export function statsPage(root, { navigate }) {
  const page = { closed: false, destroy: () => (page.closed = true), navigate };
  show(root, page);
  return page;
}

const tenth = (value) => formatNumber(Math.round(value * 10) / 10);

async function show(root, page) {
  const ids = savedGames();
  const progress = h("progress", { class: "stats-progress", max: String(Math.max(1, ids.length)), value: "0" });
  const words = h("p", { class: "muted", id: "stats-progress-words" }, tn("Reading {count} game\u2026", "Reading {count} games\u2026", ids.length));
  progress.setAttribute("aria-labelledby", "stats-progress-words");
  const body = h("div", { class: "stats-body" }, ids.length ? [words, progress] : h("p", { class: "muted stats-empty" }, t("No games played in this browser yet.")));
  root.replaceChildren(
    h(
      "article",
      { class: "stats-page", "data-state": "loading" },
      h("nav", { class: "crumbs" }, h("a", { href: "#/" }, "\u2190 bonepile")),
      h("h1", {}, t("Your statistics")),
      h("p", { class: "muted" }, t("The games played in this browser.")),
      body,
    ),
  );
  const games = [];
  let read = 0;
  // One game at a time: the page reads them lazily, with its progress, and a game the server forgot is forgotten here.
  for (const id of ids) {
    try {
      const [summary, hands] = await Promise.all([api.summary(id), api.hands(id)]);
      games.push({ summary, hands: hands.hands, lowWins: hands.low_wins });
    } catch (error) {
      if (error.code === "unknown_game") forgetGame(id);
    }
    if (page.closed) return;
    read += 1;
    progress.value = read;
  }
  if (page.closed) return;
  root.querySelector(".stats-page").dataset.state = "ready";
  if (!games.length) {
    body.replaceChildren(h("p", { class: "muted stats-empty" }, t("No games played in this browser yet.")));
    return;
  }
  body.replaceChildren(...sections(games));
}

/** The side of the browser's player in a game (its first human seat), or null (no human played). */
function mySide(summary) {
  if (!summary.human_seats.length) return null;
  const seat = summary.human_seats[0];
  return summary.sides.find((side) => side.seats.includes(seat)).side;
}

function sections(games) {
  const groups = new Map();
  for (const game of games) {
    const key = `${game.summary.game}:${game.summary.preset}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(game);
  }
  const cards = [...groups.values()].map(groupCard);
  return [h("div", { class: "stats-groups" }, cards), h("div", { class: "stats-row" }, accuracyCard(games), bestHandCard(games))];
}

function groupCard(games) {
  const first = games[0].summary;
  const finished = games.filter((g) => g.summary.status === "over");
  const won = finished.filter((g) => mySide(g.summary) !== null && g.summary.winner_sides.includes(mySide(g.summary)));
  const hands = games.flatMap((g) => (mySide(g.summary) === null ? [] : g.hands.map((hand) => hand.points[mySide(g.summary)])));
  const total = hands.reduce((a, b) => a + b, 0);
  const levels = new Map();
  for (const game of finished) {
    const side = mySide(game.summary);
    if (side === null) continue;
    const seen = new Set(game.summary.seats.filter((seat) => seat.kind === "ai").map((seat) => seat.level || "?"));
    for (const level of seen) {
      if (!levels.has(level)) levels.set(level, { won: 0, played: 0 });
      const tally = levels.get(level);
      tally.played += 1;
      if (game.summary.winner_sides.includes(side)) tally.won += 1;
    }
  }
  const row = (label, value) => h("tr", {}, h("th", { scope: "row" }, label), h("td", { class: "num" }, value));
  return h(
    "section",
    { class: "card stats-group", "data-game": first.game, "data-preset": first.preset },
    h("h2", {}, `${first.title} \u00b7 ${first.preset}`),
    h(
      "table",
      { class: "summary-table stats-table" },
      h(
        "tbody",
        {},
        row(t("Games played"), formatNumber(finished.length)),
        row(t("Games won"), formatNumber(won.length)),
        games.length > finished.length ? row(t("Games not finished"), formatNumber(games.length - finished.length)) : null,
        first.hand_word === "hand" ? row(t("Points per hand"), hands.length ? tenth(total / hands.length) : "\u2013") : row(t("Points per round"), hands.length ? tenth(total / hands.length) : "\u2013"),
      ),
    ),
    levels.size
      ? h(
          "table",
          { class: "summary-table stats-levels" },
          h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("Against")), h("th", { scope: "col", class: "num" }, t("Won")), h("th", { scope: "col", class: "num" }, t("Played")))),
          h(
            "tbody",
            {},
            [...levels.entries()].map(([level, tally]) =>
              // TRANSLATORS: a row of the statistics: the games against an AI of that level ("easy", "hard").
              h("tr", { "data-level": level }, h("th", { scope: "row" }, t("the computer, {level}", { level: levelInSentence(level) })), h("td", { class: "num" }, formatNumber(tally.won)), h("td", { class: "num" }, formatNumber(tally.played))),
            ),
          ),
        )
      : null,
  );
}

/** The accuracy of the last finished games: the mean of the browser's player's accuracy over each game's reviewed hands. */
function accuracyCard(games) {
  const finished = games
    .filter((g) => g.summary.status === "over" && g.summary.human_seats.length)
    .sort((a, b) => Date.parse(a.summary.updated_at) - Date.parse(b.summary.updated_at))
    .slice(-LAST_GAMES);
  const points = [];
  const missing = [];
  finished.forEach((game, index) => {
    const seat = String(game.summary.human_seats[0]);
    const known = game.hands.filter((hand) => hand.accuracy && hand.accuracy[seat] !== undefined).map((hand) => hand.accuracy[seat]);
    if (known.length) points.push({ x: index + 1, y: known.reduce((a, b) => a + b, 0) / known.length, key: game.summary.id, title: `${game.summary.title} \u00b7 ${game.summary.preset}` });
    else missing.push(game);
  });
  const card = h("section", { class: "card stats-accuracy" }, h("h2", {}, t("Accuracy of the last games")));
  if (points.length) {
    card.append(
      lineChart({
        series: [{ label: t("Accuracy"), color: "var(--accent)", points }],
        xs: [1, Math.max(2, finished.length)],
        ys: [0, 100],
        zero: false,
        height: 200,
        onPick: (id) => (location.hash = `#/review/${id}?hand=1`),
        label: t("Your accuracy in each of the last games, from their reviewed hands"),
        className: "accuracy-chart",
        width: Math.min(640, (document.querySelector(".stats-page")?.clientWidth || 0) - 60),
      }),
    );
  } else {
    card.append(h("p", { class: "muted" }, t("No game of yours is reviewed yet: open a finished game's review to add it here.")));
  }
  if (missing.length) {
    card.append(
      h("p", { class: "muted" }, tn("{count} finished game is not reviewed yet:", "{count} finished games are not reviewed yet:", missing.length)),
      h("ul", { class: "stats-missing" }, missing.map((game) => h("li", {}, h("a", { href: `#/review/${game.summary.id}?hand=1` }, t("Review {game} \u00b7 {preset}", { game: game.summary.title, preset: game.summary.preset }))))),
    );
  }
  return card;
}

function bestHandCard(games) {
  let best = null;
  for (const game of games) {
    const side = mySide(game.summary);
    if (side === null) continue;
    for (const hand of game.hands) {
      const points = hand.points[side];
      // Where the fewest points win, the best hand is the one that gave the player the fewest.
      const better = !best || (game.lowWins ? points < best.points : points > best.points);
      if (better) best = { game: game.summary, hand: hand.hand_number, points };
    }
  }
  const card = h("section", { class: "card stats-best" }, h("h2", {}, t("Your best hand")));
  if (!best) {
    card.append(h("p", { class: "muted" }, t("No hand finished yet.")));
    return card;
  }
  const values = { points: best.points, number: best.hand, game: best.game.title, preset: best.game.preset };
  // TRANSLATORS: the statistics' best hand (round): {points} made in hand {number} of a game ({game} · {preset}).
  const words = best.game.hand_word === "hand" ? t("{points} points in hand {number} of {game} \u00b7 {preset}", values) : t("{points} points in round {number} of {game} \u00b7 {preset}", values);
  card.append(h("p", { class: "stats-best-hand" }, words), h("a", { class: "button quiet", href: `#/review/${best.game.id}?hand=${best.hand}` }, t("Review")));
  return card;
}
