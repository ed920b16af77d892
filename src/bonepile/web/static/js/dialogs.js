// Modal dialogs of the table: hand (round) summaries, the game-over screen, the hot-seat curtain and the
// keyboard help. Everything shown comes from the view: the page adds up nothing itself.

import { h, s, score, seatColor, signed } from "./dom.js";
import { N_, t, tn } from "./i18n.js";
import { languagePicker } from "./language-picker.js";
import { dominoSvg, triominoSvg } from "./tiles.js";

/** Words for the server's score reasons (docs/web-protocol.md, "Score reasons"). */
const REASONS = {
  // TRANSLATORS: what a player's points of a hand (round) were scored for, in its summary's table.
  tile: N_("tiles placed"),
  "start bonus": N_("start bonus"),
  hexagon: N_("hexagons"),
  bridge: N_("bridges"),
  draw: N_("draws"),
  "failed draws": N_("failed draws"),
  pass: N_("passes"),
  "going out": N_("going out"),
  "tiles collected": N_("tiles collected"),
  blocked: N_("blocked round"),
};

function reasonWords(reason) {
  return REASONS[reason] ? t(REASONS[reason]) : reason;
}

/** One open dialog at a time, in a queue; each returns a promise that settles when it closes. */
export class Dialogs {
  constructor(layer) {
    this.layer = layer;
    this.queue = [];
    this.current = null;
  }

  get open() {
    return this.current !== null;
  }

  /** Show `build(close)` (a function returning the dialog's content) once the ones before it closed. */
  show(build, { className = "", label = t("Dialog"), dismissable = true, kind = "" } = {}) {
    return new Promise((resolve) => {
      this.queue.push({ build, className, label, dismissable, kind, resolve });
      if (!this.current) this.next();
    });
  }

  /** Close (or drop from the queue) every dialog of a kind. */
  dismiss(kind) {
    this.queue = this.queue.filter((item) => {
      if (item.kind !== kind) return true;
      item.resolve(null);
      return false;
    });
    if (this.current && this.current.kind === kind) this.current.close(null);
  }

  has(kind) {
    return (this.current && this.current.kind === kind) || this.queue.some((item) => item.kind === kind);
  }

  next() {
    const item = this.queue.shift();
    if (!item) {
      this.current = null;
      this.layer.replaceChildren();
      this.layer.hidden = true;
      return;
    }
    const before = document.activeElement;
    let closed = false;
    const close = (value) => {
      if (closed) return;
      closed = true;
      item.resolve(value);
      this.next();
      if (!this.current && before && before.isConnected) before.focus();
    };
    const box = h("div", { class: `dialog ${item.className}`.trim(), role: "dialog", "aria-modal": "true", "aria-label": item.label });
    box.append(item.build(close));
    box.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && item.dismissable) {
        event.stopPropagation();
        close(null);
      }
      if (event.key === "Tab") trapFocus(box, event);
    });
    this.current = { ...item, close };
    this.layer.hidden = false;
    this.layer.replaceChildren(h("div", { class: `backdrop ${item.className}-backdrop` }), box);
    const focus = box.querySelector("[autofocus]") || box.querySelector("button, a[href]");
    if (focus) focus.focus({ preventScroll: true }); // the dialog opens at its top, its title in view
  }
}

function trapFocus(box, event) {
  const items = [...box.querySelectorAll("button, a[href], input, select, [tabindex='0']")].filter((el) => !el.disabled);
  if (!items.length) return;
  const first = items[0];
  const last = items[items.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

function nameChip(player) {
  return h(
    "span",
    { class: "name-chip" },
    h("span", { class: "dot", style: { background: seatColor(player.seat) } }),
    player.name,
  );
}

/** Tiles face up, small: `shape` is the view's `tile` ("domino" or "triangle"). */
function tileRow(shape, tiles) {
  if (!tiles.length) return h("span", { class: "muted" }, t("no tiles left"));
  return h(
    "span",
    { class: "mini-tiles" },
    tiles.map((tile) => {
      const numbers = tile.split("-").map(Number);
      return shape === "triangle"
        ? triominoSvg(numbers, { label: tile, className: "mini" })
        : dominoSvg(numbers[0], numbers[1], { label: tile, className: "mini" });
    }),
  );
}

/** What ends the game, in words: "playing to 100", or "13 rounds, the lowest total wins". */
export function goalWords(view) {
  const count = view.target;
  if (view.goal === "rounds" && view.hand_word === "hand") {
    return view.low_wins ? tn("{count} hand, the lowest total wins", "{count} hands, the lowest total wins", count) : tn("{count} hand, the highest total wins", "{count} hands, the highest total wins", count);
  }
  if (view.goal === "rounds") {
    return view.low_wins ? tn("{count} round, the lowest total wins", "{count} rounds, the lowest total wins", count) : tn("{count} round, the highest total wins", "{count} rounds, the highest total wins", count);
  }
  return t("playing to {target}", { target: view.target });
}

function sideName(view, side) {
  return view.sides[side].seats.map((seat) => view.players[seat].name).join(" & ");
}

/**
 * The summary of one finished hand (round), as its `sheet` says: `"pips"` (every hand face up with its pips,
 * then what each side took) or `"items"` (each player's points by reason, then the hand left).
 */
function summaryBody(view, summary) {
  const word = view.hand_word;
  const body = h("div", { class: "summary" });
  if (summary.sheet !== "items") {
    // TRANSLATORS: {scoring} is the server's words for how the hand was scored.
    body.append(h("p", { class: "scoring-rule" }, t("Scoring: {scoring}.", { scoring: summary.scoring })));
    const rows = view.players.map((player) =>
      h(
        "tr",
        { class: summary.winner_seat === player.seat ? "winner" : "" },
        h("th", { scope: "row" }, nameChip(player)),
        h("td", {}, tileRow(view.tile, summary.hands[player.seat])),
        h("td", { class: "num" }, tn("{count} pip", "{count} pips", summary.pips[player.seat])),
      ),
    );
    body.append(
      h(
        "table",
        { class: "summary-table" },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("Player")), h("th", { scope: "col" }, t("Left in hand")), h("th", { scope: "col", class: "num" }, t("Pips")))),
        h("tbody", {}, rows),
      ),
    );
    body.append(
      h(
        "ul",
        { class: "points-list" },
        view.sides.map((side) =>
          h("li", { class: summary.points[side.side] > 0 && !view.low_wins ? "scored" : "" }, h("span", {}, sideName(view, side.side)), h("strong", {}, signed(summary.points[side.side]))),
        ),
      ),
    );
  } else {
    const rows = view.players.map((player) => {
      const items = summary.items.filter((item) => item.seat === player.seat);
      return h(
        "tr",
        { class: summary.winner_seats.includes(player.seat) ? "winner" : "" },
        h("th", { scope: "row" }, nameChip(player)),
        h(
          "td",
          {},
          items.length
            ? h("ul", { class: "items" }, items.map((item) => h("li", {}, h("span", {}, reasonWords(item.reason)), h("span", { class: "num" }, signed(item.points)))))
            : h("span", { class: "muted" }, t("nothing scored")),
        ),
        h("td", {}, tileRow(view.tile, summary.hands[player.seat])),
        h("td", { class: "num total" }, signed(summary.points[player.seat])),
      );
    });
    body.append(
      h(
        "table",
        { class: "summary-table" },
        h(
          "thead",
          {},
          h("tr", {}, h("th", { scope: "col" }, t("Player")), h("th", { scope: "col" }, word === "hand" ? t("This hand") : t("This round")), h("th", { scope: "col" }, t("Left in hand")), h("th", { scope: "col", class: "num" }, t("Total"))),
        ),
        h("tbody", {}, rows),
      ),
    );
  }
  return body;
}

/**
 * The end of a hand (round), shown beside or over its final position, which stays on the table: who won
 * it and how, every hand face up, the scores, and the button that deals the next one. Online, the next
 * hand waits for every player (or the room's wait): `update(view)` keeps the waiting words current.
 * Answers {done, update}; `done` settles when the dialog closes (the next hand came, or it was dismissed).
 */
export function showHandEnd(dialogs, view, summary, { onContinue, onReview = null }) {
  const word = view.hand_word;
  const title = word === "hand" ? t("Hand {number} is over", { number: summary.number }) : t("Round {number} is over", { number: summary.number });
  const status = h("p", { class: "hand-end-status", role: "status", "aria-live": "polite" });
  const next = h(
    "button",
    { type: "button", class: "primary continue-button", autofocus: true, "data-focus-key": "continue", onclick: () => onContinue() },
    word === "hand" ? t("Next hand") : t("Next round"),
  );
  let box = null;
  const details = h("div", { class: "hand-end-details" }, summaryBody(view, summary), h("h3", {}, scoresTitle(view)), scoreLine(view));
  // On a small screen the details fold away at first, so that the final position stays in view.
  const small = window.matchMedia && window.matchMedia("(max-width: 1099px), (max-height: 560px)").matches;
  const peek = h(
    "button",
    {
      type: "button",
      class: "quiet peek-button",
      "aria-expanded": String(!small),
      onclick: () => {
        const open = peek.getAttribute("aria-expanded") !== "true";
        peek.setAttribute("aria-expanded", String(open));
        peek.textContent = open ? t("Hide the details") : t("Details");
        if (box) box.classList.toggle("collapsed", !open);
      },
    },
    small ? t("Details") : t("Hide the details"),
  );
  const brief = h("div", { class: "hand-end-brief" }, scoreLine(view));
  let timer = null;
  let latest = view;
  const update = (fresh) => {
    latest = fresh;
    const pause = fresh.between_hands;
    if (!pause) return;
    const names = pause.waiting_for.filter((seat) => seat !== fresh.seat).map((seat) => fresh.players[seat].name);
    const mine = fresh.seat !== null && pause.everyone && pause.continued.includes(fresh.seat);
    next.disabled = mine;
    let words = "";
    // TRANSLATORS: between hands (rounds) online: {names} are the players who have not continued yet.
    if (mine) words = names.length ? t("Waiting for {names}\u2026", { names: namesList(names) }) : t("Dealing\u2026");
    // TRANSLATORS: {names} is one name, or several: "Ann and Bob".
    else if (pause.everyone && names.length) words = tn("{names} has not continued yet.", "{names} have not continued yet.", names.length, { names: namesList(names) });
    if (pause.deadline) {
      const left = Math.max(0, Math.ceil((Date.parse(pause.deadline) - Date.now()) / 1000));
      // TRANSLATORS: {seconds} counts down to the next hand (round).
      const soon = word === "hand" ? t("The next hand starts in {seconds} s.", { seconds: left }) : t("The next round starts in {seconds} s.", { seconds: left });
      words = words ? `${words} ${soon}` : soon;
    }
    status.textContent = words;
  };
  update(view);
  if (view.between_hands && view.between_hands.deadline) timer = setInterval(() => update(latest), 1000);
  const done = dialogs.show(
    (close) => {
      const body = h(
        "div",
        { class: "hand-end-body" },
        h("div", { class: "hand-end-head" }, h("h2", {}, title), h("p", { class: "lead" }, summary.text)),
        brief,
        details,
        status,
        h("div", { class: "dialog-actions" }, peek, reviewButton(view, summary.number, onReview), next),
      );
      queueMicrotask(() => {
        box = body.closest(".dialog");
        if (box && small) box.classList.add("collapsed");
      });
      body.addEventListener("keydown", (event) => {
        if (event.key === "Escape") close(null);
      });
      return body;
    },
    { className: "summary-dialog hand-end", label: title, kind: "handend", dismissable: false },
  );
  done.finally(() => clearInterval(timer));
  return { done, update };
}

/** "Review" for a finished hand (round): to its review page (none where the table gives no way there). */
function reviewButton(view, number, onReview, close = null, game = false) {
  if (!onReview) return null;
  const hand = view.hand_word === "hand";
  // TRANSLATORS: a button's label for a screen reader: it opens the review of that hand (round), move by move.
  const label = hand ? t("Review hand {number}, move by move", { number }) : t("Review round {number}, move by move", { number });
  return h(
    "button",
    {
      type: "button",
      class: "quiet review-button",
      "aria-label": label,
      title: label,
      "data-hand": String(number),
      onclick: () => {
        if (close) close(null);
        onReview(number);
      },
    },
    // TRANSLATORS: a button of a hand's (round's) summary and of the game's end: see how each move was judged.
    game ? t("Review the game") : t("Review"),
  );
}

/** "Ann and Bob" (every name joined by "and", as the dialog always said). */
function namesList(names) {
  return names.reduce((all, name) => t("{first} and {second}", { first: all, second: name }));
}

/** The heading over the scores: "Scores (playing to 100)". */
function scoresTitle(view) {
  // TRANSLATORS: {goal} is what ends the game: "playing to 100" or "13 rounds, the lowest total wins".
  return t("Scores ({goal})", { goal: goalWords(view) });
}

function scoreLine(view) {
  return h(
    "ul",
    { class: "points-list standings" },
    view.sides.map((side) => h("li", {}, h("span", {}, sideName(view, side.side)), h("strong", {}, score(side.score)))),
  );
}

export function showSummary(dialogs, view, summary, { onReview = null } = {}) {
  const word = view.hand_word;
  const title = word === "hand" ? t("Hand {number}", { number: summary.number }) : t("Round {number}", { number: summary.number });
  const label = word === "hand" ? t("Hand {number} summary", { number: summary.number }) : t("Round {number} summary", { number: summary.number });
  return dialogs.show(
    (close) =>
      h(
        "div",
        {},
        h("h2", {}, title),
        h("p", { class: "lead" }, summary.text),
        summaryBody(view, summary),
        h("h3", {}, scoresTitle(view)),
        scoreLine(view),
        h("div", { class: "dialog-actions" }, reviewButton(view, summary.number, onReview, close), h("button", { type: "button", class: "primary", autofocus: true, onclick: () => close(true) }, t("Continue"))),
      ),
    { className: "summary-dialog", label, kind: "summary" },
  );
}

function trophy() {
  return h(
    "div",
    { class: "trophy", "aria-hidden": "true" },
    s(
      "svg",
      { viewBox: "0 0 64 64", width: "56", height: "56" },
      s("path", { class: "trophy-cup", d: "M18 8h28v14c0 9-6 16-14 16s-14-7-14-16z" }),
      s("path", { class: "trophy-handle", d: "M18 13H9c0 9 4 14 10 15M46 13h9c0 9-4 14-10 15" }),
      s("path", { class: "trophy-cup", d: "M28 37h8v9h-8zM20 50h24v6H20z" }),
      s("path", { class: "trophy-shine", d: "M25 13v9c0 4 2 7 4 9" }),
    ),
  );
}

/**
 * The end of the game: the result, every hand's points, and what to do next. `again` is
 * {label, run} (play again, or an online room's rematch), or null when this page cannot start one.
 */
export function showGameOver(dialogs, view, { again, onRecord, onHome, onReview = null }) {
  const over = view.game_over;
  const word = view.hand_word;
  const last = view.summaries[view.summaries.length - 1];
  // The score sheet: a row per hand (round), a column per side. Where the lowest total wins, the columns
  // stand in the order of the totals, the leader first.
  const columns = view.low_wins ? [...view.sides].sort((a, b) => over.scores[a.side] - over.scores[b.side] || a.side - b.side) : view.sides;
  const header = h(
    "tr",
    {},
    // TRANSLATORS: the heading of the score sheet's column of hand (round) numbers.
    h("th", { scope: "col" }, word === "hand" ? t("Hand") : t("Round")),
    columns.map((side) => h("th", { scope: "col", class: ["num", over.winner_sides.includes(side.side) ? "winner" : ""] }, sideName(view, side.side))),
  );
  const rows = view.summaries.map((summary) =>
    h(
      "tr",
      {},
      h("th", { scope: "row" }, String(summary.number), summary.engine ? h("span", { class: "sheet-engine" }, ` ${summary.engine}`) : null),
      columns.map((side) => {
        const points = summary.points_of === "seat" ? summary.points[side.seats[0]] : summary.points[side.side];
        return h("td", { class: "num" }, signed(points));
      }),
    ),
  );
  const totals = h(
    "tr",
    { class: "totals" },
    // TRANSLATORS: the score sheet's last row: the final totals.
    h("th", { scope: "row" }, t("Final")),
    columns.map((side) => h("td", { class: ["num", over.winner_sides.includes(side.side) ? "winner" : ""] }, score(over.scores[side.side]))),
  );
  return dialogs.show(
    (close) =>
      h(
        "div",
        {},
        trophy(),
        h("h2", {}, t("Game over")),
        h("p", { class: "lead result-text" }, over.text),
        h("table", { class: "summary-table hands-table" }, h("thead", {}, header), h("tbody", {}, rows, totals)),
        last
          ? h(
              "details",
              { class: "last-summary" },
              // TRANSLATORS: {summary} is the server's words for how the last hand (round) ended.
              h("summary", {}, word === "hand" ? t("The last hand: {summary}", { summary: last.text }) : t("The last round: {summary}", { summary: last.text })),
              summaryBody(view, last),
            )
          : null,
        h(
          "div",
          { class: "dialog-actions" },
          h("button", { type: "button", class: "quiet", autofocus: !again, onclick: () => close(null) }, t("See the table")),
          h("button", { type: "button", class: "quiet", onclick: onRecord }, t("Save the record")),
          last ? reviewButton(view, last.number, onReview, close, true) : null,
          h("button", { type: "button", class: "quiet", onclick: onHome }, t("New game")),
          again
            ? h(
                "button",
                {
                  type: "button",
                  class: "primary",
                  autofocus: true,
                  onclick: () => {
                    close(null);
                    again.run();
                  },
                },
                again.label,
              )
            : null,
        ),
      ),
    { className: "gameover-dialog", label: t("Game over"), kind: "gameover" },
  );
}

/** Hot seat: hide everything until the next player says they hold the device. */
export function showCurtain(dialogs, player) {
  return dialogs.show(
    (close) =>
      h(
        "div",
        { class: "curtain-body" },
        h("div", { class: "curtain-avatar", style: { background: seatColor(player.seat) }, "aria-hidden": "true" }, player.name.slice(0, 1).toUpperCase()),
        // TRANSLATORS: several people play at one screen; {name} is the next to play.
        h("h2", {}, t("Pass the device to {name}", { name: player.name })),
        h("p", {}, t("The tiles stay hidden until they are ready.")),
        h("button", { type: "button", class: "primary big", autofocus: true, onclick: () => close(true) }, t("I'm {name}: show my tiles", { name: player.name })),
      ),
    { className: "curtain", label: t("Pass the device to {name}", { name: player.name }), dismissable: false, kind: "curtain" },
  );
}

// The keys themselves (the letters) stay: they are the keys the table listens to.
const KEYS = [
  // TRANSLATORS: names of keys on a keyboard, as printed on them.
  [N_("Tab / Shift+Tab"), N_("move between your tiles and the places they fit")],
  // TRANSLATORS: names of keys on a keyboard, as printed on them.
  [N_("Enter or Space"), N_("play the tile (or pick it, then pick a place)")],
  // TRANSLATORS: the name of a key on a keyboard, as printed on it.
  [N_("Escape"), N_("put the tile back")],
  ["D", N_("draw a tile, when you may")],
  ["P", N_("pass, when you must")],
  ["R", N_("turn the tile (Tri-Ominos, when several ways fit)")],
  ["H", N_("ask for a hint")],
  ["U", N_("undo your last move (alone against the computer, until another player moves or you draw)")],
  ["F, +, \u2212", N_("fit the board, zoom in, zoom out (Tri-Ominos)")],
  ["?", N_("this list")],
];
const LETTERS = new Set(["D", "P", "R", "H", "U", "F, +, \u2212", "?"]);

export function showKeys(dialogs) {
  return dialogs.show(
    (close) =>
      h(
        "div",
        {},
        h("h2", {}, t("Keyboard")),
        // The table's menu on every screen (a phone's top bar has no room for the picker itself).
        h("div", { class: "dialog-language" }, languagePicker()),
        h("dl", { class: "keys" }, KEYS.map(([key, what]) => [h("dt", {}, h("kbd", {}, LETTERS.has(key) ? key : t(key))), h("dd", {}, t(what))])),
        h("div", { class: "dialog-actions" }, h("button", { type: "button", class: "primary", autofocus: true, onclick: () => close(null) }, t("Close"))),
      ),
    { className: "keys-dialog", label: t("Keyboard shortcuts"), kind: "keys" },
  );
}
