// The review of a finished hand (#/review/{id}?hand=N): the hand stepped through move by move (the
// arrows, ←/→, Home/End), each position drawn by the table's own board from the server's view of it,
// the move the review prefers shown as a ghost tile where it would have gone, the moves listed with
// their marks and losses, and each side's expected points of the hand charted move by move. The page
// computes nothing: legality, values and marks all come from the server (docs/review.md).

import { ApiError, api, roomApi } from "./api.js";
import { rememberGame, savedRoom } from "./credentials.js";
import { h, seatColor } from "./dom.js";
import { DominoesBoard } from "./dominoes-board.js";
import { N_, formatNumber, t, tp } from "./i18n.js";
import { lineChart } from "./review-chart.js";
import { TrainsBoard } from "./trains-board.js";
import { TriominoesBoard } from "./triominoes-board.js";

const BOARDS = { line: DominoesBoard, grid: TriominoesBoard, trains: TrainsBoard };

/** How often the page asks again while the review is being computed, in milliseconds. */
const POLL = 700;

/** The marks (the server's machine words): their symbol and their words. */
export const MARKS = {
  // TRANSLATORS: a review's mark: the player had one legal move.
  "only move": { symbol: "\u25a1", words: N_("only move") },
  // TRANSLATORS: a review's mark: the move the analysis prefers, or as good.
  best: { symbol: "\u2713", words: N_("best") },
  // TRANSLATORS: a review's mark: a little worse than the best move.
  good: { symbol: "!", words: N_("good") },
  // TRANSLATORS: a review's mark (as chess players say): a move that gives up some points.
  inaccuracy: { symbol: "?!", words: N_("inaccuracy") },
  // TRANSLATORS: a review's mark: a move that gives up many points.
  mistake: { symbol: "?", words: N_("mistake") },
  // TRANSLATORS: a review's mark: a very bad move.
  blunder: { symbol: "??", words: N_("blunder") },
};

const markWords = (mark) => (MARKS[mark] ? t(MARKS[mark].words) : mark);

/** A value of points with one decimal, as the reader writes numbers (a true minus sign). */
/** A loss (expected points given up, never below 0) as a plain number: "Loss 1.7", not "Loss −1.7". */
function lost(value) {
  return formatNumber(Math.round(Math.max(0, value) * 10) / 10);
}

function points(value) {
  const rounded = Math.round(value * 10) / 10;
  const text = formatNumber(Math.abs(rounded));
  return rounded > 0 ? `+${text}` : rounded < 0 ? `\u2212${text}` : formatNumber(0);
}

function markChip(mark) {
  const known = MARKS[mark];
  return h("span", { class: `mark-chip mark-${mark.replace(" ", "-")}`, "data-mark": mark }, known ? h("span", { class: "mark-symbol", "aria-hidden": "true" }, known.symbol) : null, markWords(mark));
}

export function reviewPage(root, gameId, params, { navigate }) {
  const page = new ReviewPage(root, gameId, Math.max(1, Number(params.get("hand")) || 1), navigate, params.get("room"));
  return { destroy: () => page.destroy() };
}

/**
 * Where a review comes from: a solo game's endpoints, or, for a room's game (`room`), the room's, with the
 * credential this browser keeps for the room (credentials.js), as the room's page does.
 */
function source(gameId, room) {
  if (!room) {
    return { summary: () => api.summary(gameId), review: (hand) => api.review(gameId, hand), positions: (hand) => api.reviewPositions(gameId, hand), table: `#/game/${gameId}`, query: "" };
  }
  const kept = savedRoom(room);
  const credential = kept && kept.token;
  const refuse = () => Promise.reject(new ApiError("no_credential", t("Open the room's link in this browser first: its review is for the room's players and guests.")));
  return {
    summary: null,
    review: (hand) => (credential ? roomApi.review(room, credential, gameId, hand) : refuse()),
    positions: (hand) => (credential ? roomApi.reviewPositions(room, credential, gameId, hand) : refuse()),
    table: `#/room/${room}`,
    query: `&room=${encodeURIComponent(room)}`,
  };
}

class ReviewPage {
  constructor(root, gameId, hand, navigate, room = null) {
    this.root = root;
    this.id = gameId;
    this.hand = hand;
    this.navigate = navigate;
    this.room = room;
    this.source = source(gameId, room);
    this.closed = false;
    this.step = 0;
    this.positions = null;
    this.review = null;
    this.board = null;
    this.timer = null;
    this.onKey = (event) => this.key(event);
    document.addEventListener("keydown", this.onKey);
    if (!room) rememberGame(gameId); // a room's game is the room's: the statistics read solo games only
    root.replaceChildren(h("div", { class: "loading" }, t("Loading\u2026")));
    this.load();
  }

  destroy() {
    this.closed = true;
    clearTimeout(this.timer);
    document.removeEventListener("keydown", this.onKey);
    if (this.board && this.board.destroy) this.board.destroy();
  }

  async load() {
    let summary;
    try {
      const positions = this.source.positions(this.hand);
      [summary, this.positions] = await Promise.all([this.source.summary ? this.source.summary() : positions, positions]);
    } catch (error) {
      if (!this.closed) this.fail(error.message);
      return;
    }
    if (this.closed) return;
    this.summary = summary;
    this.word = summary.hand_word;
    this.build();
    this.poll();
  }

  fail(message) {
    this.root.replaceChildren(
      h("div", { class: "page-error" }, h("h1", {}, t("This review cannot be shown")), h("p", {}, message), h("a", { href: "#/", class: "button primary" }, t("Back to the start"))),
    );
  }

  async poll() {
    let answer;
    try {
      answer = await this.source.review(this.hand);
    } catch (error) {
      if (this.closed) return;
      this.progress(null, error);
      return;
    }
    if (this.closed) return;
    if (answer.status === 202) {
      this.progress(answer.data.progress);
      this.timer = setTimeout(() => this.poll(), POLL);
      return;
    }
    this.review = answer.data;
    this.decisions = new Map(this.review.decisions.map((d) => [d.move_number, d]));
    this.el.progress.hidden = true;
    this.page.dataset.state = "ready";
    this.draw();
  }

  /** The progress bar while the review is computed, or what went wrong (with a way to ask again). */
  progress(progress, error = null) {
    const box = this.el.progress;
    box.hidden = false;
    if (error) {
      this.page.dataset.state = "error";
      const again = h("button", { type: "button", class: "button", onclick: () => (box.replaceChildren(), this.poll()) }, t("Try again"));
      box.replaceChildren(h("p", { class: "form-error", role: "alert" }, error.message), error.code === "hand_in_play" ? null : again);
      return;
    }
    this.page.dataset.state = "computing";
    const { done, total } = progress;
    // TRANSLATORS: the progress of a review being computed: {done} of {total} moves judged.
    const words = t("Judging the moves: {done} of {total}", { done, total });
    box.replaceChildren(
      h("p", { class: "review-progress-words", id: "review-progress-words" }, words),
      h("progress", { class: "review-progress-bar", max: String(Math.max(1, total)), value: String(done), "aria-labelledby": "review-progress-words", "data-done": String(done), "data-total": String(total) }),
    );
  }

  names() {
    return this.positions.final.players.map((player) => player.name);
  }

  build() {
    const count = this.positions.hands;
    const hand = this.hand;
    const isHand = this.word === "hand";
    const title = isHand ? t("Review of hand {number}", { number: hand }) : t("Review of round {number}", { number: hand });
    // TRANSLATORS: the review page's title in the browser; {game} is the game's title.
    document.title = t("{game} review \u00b7 bonepile", { game: this.summary.title });
    const handLink = (number, words, cls) => (number >= 1 && number <= count ? h("a", { class: `button quiet ${cls}`, href: `#/review/${this.id}?hand=${number}${this.source.query}` }, words) : null);
    const step = (to, words, label, cls) => h("button", { type: "button", class: `button step ${cls}`, "aria-label": label, title: label, onclick: () => this.go(to()) }, words);
    this.el = {
      board: h("div", { class: "review-board board-host" }),
      move: h("div", { class: "review-move", "aria-live": "polite" }),
      counter: h("span", { class: "review-counter" }),
      progress: h("div", { class: "review-progress card" }),
      list: h("ol", { class: "review-moves" }),
      chart: h("div", { class: "review-chart" }),
      accuracy: h("div", { class: "review-accuracy" }),
    };
    const last = () => this.positions.positions.length;
    this.page = h(
      "div",
      { class: "review-page", "data-game-id": this.id, "data-hand": String(hand), "data-state": "loading", "data-layout": this.positions.final.layout },
      h(
        "header",
        { class: "review-head" },
        h("nav", { class: "crumbs" }, h("a", { href: "#/" }, "\u2190 bonepile"), " ", h("a", { href: "#/stats" }, t("Your statistics"))),
        h("h1", {}, title),
        h(
          "p",
          { class: "muted review-game" },
          // TRANSLATORS: under the review's title: {game} is the game's title, {preset} its rules' name, {count} how many hands (rounds) it had.
          isHand ? t("{game} \u00b7 {preset} \u00b7 hand {number} of {count}", { game: this.summary.title, preset: this.summary.preset, number: hand, count }) : t("{game} \u00b7 {preset} \u00b7 round {number} of {count}", { game: this.summary.title, preset: this.summary.preset, number: hand, count }),
        ),
        h(
          "div",
          { class: "review-hands" },
          handLink(hand - 1, isHand ? t("\u2190 Previous hand") : t("\u2190 Previous round"), "prev-hand"),
          handLink(hand + 1, isHand ? t("Next hand \u2192") : t("Next round \u2192"), "next-hand"),
          h("a", { class: "button quiet back-to-table", href: this.source.table }, t("Back to the table")),
        ),
      ),
      this.el.progress,
      h(
        "div",
        { class: "review-main" },
        h(
          "section",
          { class: "review-stage", "aria-label": t("The position") },
          h("div", { class: "review-board-wrap" }, this.el.board),
          h(
            "div",
            { class: "review-steps", role: "group", "aria-label": t("Step through the moves") },
            step(() => 0, "\u00ab", t("The first move (Home)"), "step-first"),
            step(() => this.step - 1, "\u25c0", t("The move before (\u2190)"), "step-prev"),
            this.el.counter,
            step(() => this.step + 1, "\u25b6", t("The next move (\u2192)"), "step-next"),
            step(last, "\u00bb", t("The end (End)"), "step-last"),
          ),
          this.el.move,
        ),
        h(
          "aside",
          { class: "review-side" },
          h("section", { class: "card review-chart-card" }, h("h2", {}, t("Expected points, move by move")), this.el.chart),
          h("section", { class: "card review-accuracy-card" }, h("h2", {}, t("Accuracy")), this.el.accuracy),
          h("section", { class: "card review-list-card" }, h("h2", {}, t("The moves")), this.el.list),
        ),
      ),
    );
    this.root.replaceChildren(this.page);
    const layout = this.positions.final.layout;
    const Board = BOARDS[layout] || DominoesBoard;
    this.board = new Board(this.el.board, { onChoose: () => {}, onPending: () => {} });
    this.draw();
  }

  key(event) {
    if (!this.positions || event.altKey || event.ctrlKey || event.metaKey) return;
    const tag = event.target && event.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    const last = this.positions.positions.length;
    const to = { ArrowLeft: this.step - 1, ArrowRight: this.step + 1, Home: 0, End: last }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    this.go(to);
  }

  go(to) {
    const last = this.positions.positions.length;
    const next = Math.max(0, Math.min(last, to));
    if (next === this.step) return;
    this.step = next;
    this.draw();
  }

  /** Step `step`: the position before move `step` (its decision shown), or the hand's end. */
  draw() {
    if (!this.positions || !this.el) return;
    const all = this.positions.positions;
    const at = all[this.step] || null;
    const view = at ? at.view : this.positions.final;
    const decision = at && this.decisions ? this.decisions.get(at.move_number) : null;
    this.page.dataset.step = String(this.step);
    this.page.dataset.moveNumber = at ? String(at.move_number) : "end";
    this.board.render(view);
    this.ghost(view, at, decision);
    // TRANSLATORS: the review's place in the hand: move {number} of {count}.
    this.el.counter.textContent = at ? t("Move {number} of {count}", { number: this.step + 1, count: all.length }) : this.word === "hand" ? t("The end of the hand") : t("The end of the round");
    this.page.querySelector(".step-first").disabled = this.step === 0;
    this.page.querySelector(".step-prev").disabled = this.step === 0;
    this.page.querySelector(".step-next").disabled = this.step === all.length;
    this.page.querySelector(".step-last").disabled = this.step === all.length;
    this.drawMove(at, decision, view);
    this.drawList();
    this.drawChart();
    this.drawAccuracy();
  }

  /** The preferred move as a ghost tile where it would have gone (a tile's move; a draw or a pass is told in words). */
  ghost(view, at, decision) {
    this.el.board.classList.remove("has-ghost");
    if (!at || !decision || decision.best === decision.played) return;
    const move = view.legal_moves.find((m) => m.text === decision.best);
    if (!move || !move.tile) return;
    const tile = view.your_tiles.find((entry) => entry.tile === move.tile);
    if (!tile) return;
    this.board.showTargets({ ...tile, moves: [move.text] }, move.text);
    if (this.board.showMove) this.board.showMove(move);
    this.el.board.classList.add("has-ghost");
    for (const target of this.el.board.querySelectorAll(".end-target, .place-target, .train-target")) {
      target.classList.add("review-ghost");
      target.removeAttribute("tabindex");
      target.setAttribute("role", "img");
    }
  }

  label(view, text) {
    const move = view.legal_moves.find((m) => m.text === text);
    return move && move.label ? move.label : text;
  }

  drawMove(at, decision, view) {
    const box = this.el.move;
    if (!at) {
      const scores = view.sides.map((side) => h("li", {}, h("span", {}, side.seats.map((seat) => view.players[seat].name).join(" & ")), h("strong", {}, formatNumber(side.score))));
      box.replaceChildren(h("h2", {}, this.word === "hand" ? t("The end of the hand") : t("The end of the round")), h("ul", { class: "points-list" }, scores));
      return;
    }
    const name = view.players[at.seat].name;
    const facts = [];
    // TRANSLATORS: the head of a move's review: {number} is the move's number, {player} the player who made it.
    facts.push(h("h2", {}, t("Move {number} \u00b7 {player}", { number: this.step + 1, player: name })));
    const row = (label, ...value) => h("div", { class: "review-fact" }, h("dt", {}, label), h("dd", {}, ...value));
    const list = h("dl", { class: "review-facts" });
    list.append(row(t("Played"), h("span", { class: "move-played", "data-move": at.move }, this.label(view, at.move)), decision ? " " : null, decision ? markChip(decision.mark) : null));
    if (!decision) {
      list.append(row(t("Verdict"), h("span", { class: "muted" }, this.review ? t("Not judged") : t("Being judged\u2026"))));
    } else if (decision.mark !== "only move") {
      if (decision.expected_played !== null) list.append(row(t("Expected"), points(decision.expected_played)));
      if (decision.best !== decision.played) {
        list.append(
          row(t("Preferred"), h("span", { class: "move-best", "data-move": decision.best }, this.label(view, decision.best)), " ", h("span", { class: "muted" }, `(${points(decision.expected_best)})`)),
          row(t("Loss"), h("span", { class: "move-loss" }, lost(decision.loss))),
        );
      }
      if (decision.face_up_best) {
        // TRANSLATORS: the best move had every hand been face up (luck apart from skill).
        list.append(row(decision.face_up_exact ? t("Face up (exact)") : t("Face up"), this.label(view, decision.face_up_best)));
      }
    }
    if (decision && decision.match_played !== null && decision.match_played !== undefined) {
      const chance = t("{percent}%", { percent: formatNumber(Math.round(decision.match_played)) });
      const better = decision.match_best_move && decision.match_best_move !== decision.played && decision.match_best > decision.match_played + 0.5;
      list.append(
        row(
          // TRANSLATORS: a review's fact near the end of a game: the mover's chance of winning the game after the move played.
          t("To win the game"),
          h("span", { class: "match-played" }, chance),
          better ? " " : null,
          // TRANSLATORS: after the chance of winning the game: the move that would have given the best chance, and that chance.
          better ? h("span", { class: "muted match-best" }, t("(best: {move}, {percent}%)", { move: this.label(view, decision.match_best_move), percent: formatNumber(Math.round(decision.match_best)) })) : null,
        ),
      );
    }
    if (decision && decision.expected_points && decision.expected_points.length) {
      const names = this.sideNames();
      const each = decision.expected_points.map((value, side) => h("li", { "data-side": String(side) }, h("span", {}, names[side]), " ", h("strong", {}, formatNumber(Math.round(value * 10) / 10))));
      // TRANSLATORS: a review's fact: each side's expected final points of the hand (round) after the move played.
      list.append(row(t("Expected final points"), h("ul", { class: "expected-points" }, each)));
    }
    facts.push(list);
    box.replaceChildren(...facts);
  }

  drawList() {
    const names = this.names();
    const items = this.positions.positions.map((at, index) => {
      const decision = this.decisions ? this.decisions.get(at.move_number) : null;
      const item = h(
        "li",
        { class: ["review-item", index === this.step ? "current" : "", decision ? `mark-${decision.mark.replace(" ", "-")}` : ""].filter(Boolean).join(" "), "data-move-number": String(at.move_number), "aria-current": index === this.step ? "step" : null },
        h(
          "button",
          { type: "button", class: "review-item-button", onclick: () => this.go(index) },
          h("span", { class: "review-item-number" }, formatNumber(index + 1)),
          h("span", { class: "review-item-seat", style: `--seat: ${seatColor(at.seat)}` }, names[at.seat]),
          h("span", { class: "review-item-move" }, at.move),
          decision ? markChip(decision.mark) : h("span", { class: "muted" }, "\u2026"),
          h("span", { class: "review-item-loss" }, decision && decision.loss > 0 ? lost(decision.loss) : ""),
        ),
      );
      return item;
    });
    this.el.list.replaceChildren(...items);
    // The current move kept in view inside the list's own scroll (never the page's).
    const current = this.el.list.querySelector(".current");
    const box = this.el.list.closest(".review-list-card");
    if (current && box) {
      const top = current.offsetTop - box.offsetTop;
      if (top < box.scrollTop + 40) box.scrollTop = Math.max(0, top - 40);
      else if (top + current.offsetHeight > box.scrollTop + box.clientHeight) box.scrollTop = top + current.offsetHeight - box.clientHeight;
    }
  }

  /** The side names of the hand's final view, in side order. */
  sideNames() {
    const final = this.positions.final;
    return final.sides.map((side) => side.seats.map((seat) => final.players[seat].name).join(" & "));
  }

  drawChart() {
    if (!this.review) {
      this.el.chart.replaceChildren(h("p", { class: "muted" }, t("The chart comes with the review.")));
      return;
    }
    const final = this.positions.final;
    const all = this.positions.positions;
    const index = new Map(all.map((at, i) => [at.move_number, i + 1]));
    const names = this.sideNames();
    const end = all.length + 1;
    // Each side's line: at every move, that side's expected final points of the hand after it, as the server
    // estimated them from the mover's view; at the end, what the side truly made.
    const series = final.sides.map((side, sideIndex) => {
      const points = this.review.decisions
        .filter((d) => d.expected_points && d.expected_points.length > sideIndex && index.has(d.move_number))
        .map((d) => ({
          x: index.get(d.move_number),
          y: d.expected_points[sideIndex],
          key: index.get(d.move_number) - 1,
          className: `mark-${d.mark.replace(" ", "-")}`,
          // TRANSLATORS: a point of the review chart: a move ("6-4 right"), its mark ("mistake") and a side's expected points after it.
          title: t("{move}: {mark} \u00b7 {side} {points}", { move: d.played, mark: markWords(d.mark), side: names[sideIndex], points: formatNumber(Math.round(d.expected_points[sideIndex] * 10) / 10) }),
        }));
      if (this.review.points && this.review.points.length > sideIndex) {
        // TRANSLATORS: the last point of the review chart: what a side truly made in the hand (round).
        points.push({ x: end, y: this.review.points[sideIndex], key: all.length, className: "chart-final", title: t("{side}: {points} at the end", { side: names[sideIndex], points: formatNumber(this.review.points[sideIndex]) }) });
      }
      return { label: names[sideIndex], color: seatColor(side.seats[0]), points };
    });
    const chart = lineChart({
      series,
      xs: [1, end],
      current: this.step < all.length ? this.step + 1 : end,
      onPick: (key) => this.go(key),
      width: this.el.chart.clientWidth,
      label: t("Each side's expected final points of the hand, move by move"),
    });
    const legend = h(
      "ul",
      { class: "chart-legend" },
      series.map((line) => h("li", { style: `--series: ${line.color}` }, line.label)),
    );
    const note = this.positions.low_wins
      ? t("The penalty points each side could expect to end the hand with after each move, as the player to move could judge; the last point is what it truly took.")
      : t("The points each side could expect to end the hand with after each move, as the player to move could judge; the last point is what it truly made.");
    this.el.chart.replaceChildren(chart, legend, h("p", { class: "muted chart-note" }, note));
  }

  drawAccuracy() {
    if (!this.review) {
      this.el.accuracy.replaceChildren(h("p", { class: "muted" }, t("Being judged\u2026")));
      return;
    }
    const names = this.names();
    const rows = Object.entries(this.review.accuracy).map(([seat, pct]) =>
      h("tr", { "data-seat": seat }, h("th", { scope: "row" }, names[Number(seat)]), h("td", { class: "num" }, t("{percent}%", { percent: formatNumber(Math.round(pct)) }))),
    );
    this.el.accuracy.replaceChildren(
      rows.length ? h("table", { class: "summary-table accuracy-table" }, h("tbody", {}, rows)) : h("p", { class: "muted" }, t("No move needed judging.")),
    );
  }
}
