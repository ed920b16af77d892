// The table page: one game, drawn from the views the server pushes, played with clicks, drags and keys.
//
// The page applies no rule: the legal moves, their points and bonuses, scores and statuses all come in
// the view of the seat on screen (docs/web-protocol.md); a move is sent back as one of those texts.
// The same table serves a game at this screen and an online room: what differs is its transport
// (solo-transport.js, or the room's in room.js).

import { TurnClock } from "./clock.js";
import { h, s, score, signed } from "./dom.js";
import { Dialogs, showCurtain, showGameOver, showHandEnd, showKeys, showSummary } from "./dialogs.js";
import { DominoesBoard } from "./dominoes-board.js";
import { foldsReasons, hintCallout } from "./hint.js";
import { N_, formatNumber, presetName, t, tn, tp } from "./i18n.js";
import { languagePicker } from "./language-picker.js";
import { logPanel } from "./log.js";
import { Motion, motionOff } from "./motion.js";
import { avatar, playerCard, scorePanel, teamLabels } from "./players.js";
import { soloTransport } from "./solo-transport.js";
import { onSoundChange, playSound, setSoundOn, soundOn } from "./sound.js";
import { dominoSvg, tileBack, triominoSvg } from "./tiles.js";
import { TrainsBoard } from "./trains-board.js";
import { TriominoesBoard } from "./triominoes-board.js";

/** The board each layout is drawn with: the server says which (`view.layout`, docs/web-protocol.md). */
const BOARDS = { line: DominoesBoard, grid: TriominoesBoard, trains: TrainsBoard };

const BONUS_REASONS = new Set(["bridge", "hexagon", "start bonus"]);

// The words that rise from a tile that made a bonus, by the log item's reason (a code).
const BONUS_POPS = {
  // TRANSLATORS: risen from a Tri-Ominos tile that made a bridge (a tile touching the layout along one side, its opposite corner touching another tile); {points} is like "+40".
  bridge: N_("bridge! {points}"),
  // TRANSLATORS: risen from a Tri-Ominos tile that closed a hexagon (a ring of six triangles around a point); {points} is like "+50".
  hexagon: N_("hexagon! {points}"),
  // TRANSLATORS: risen from the Tri-Ominos tile that opened the game and earned the start bonus; {points} is like "+10".
  "start bonus": N_("start! {points}"),
};

// The bonus announced in the banner, by the bonus's name (the engine's: "bridge", "double hexagon", ...).
const BONUS_FLASHES = {
  bridge: N_("Bridge! {points}"),
  hexagon: N_("Hexagon! {points}"),
  // TRANSLATORS: a Tri-Ominos tile that closed two hexagons (rings of six triangles) at once.
  "double hexagon": N_("Double hexagon! {points}"),
  // TRANSLATORS: a Tri-Ominos tile that closed three hexagons (rings of six triangles) at once.
  "triple hexagon": N_("Triple hexagon! {points}"),
  // TRANSLATORS: the bonus for the tile that opened a Tri-Ominos game.
  "start bonus": N_("Start bonus! {points}"),
};

/** The player called "You" (the lone human, as the server names them, in the reader's language). */
const isYou = (name) => ["you", t("You").toLowerCase()].includes(String(name).trim().toLowerCase());

/** The sound switch's picture: a speaker, with waves when sound is on and a cross when it is off. */
function speakerIcon(on) {
  return s(
    "svg",
    { viewBox: "0 0 24 24", width: "18", height: "18", "aria-hidden": "true", class: "speaker-icon" },
    s("path", { d: "M4 9h4l5-4v14l-5-4H4z", fill: "currentColor" }),
    on
      ? s("path", { d: "M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12", fill: "none", stroke: "currentColor", "stroke-width": "2", "stroke-linecap": "round" })
      : s("path", { d: "M16 9l6 6M22 9l-6 6", fill: "none", stroke: "currentColor", "stroke-width": "2", "stroke-linecap": "round" }),
  );
}

/** Open game `id` in `root`; the answer's destroy() closes it (also while it is still loading). */
export function openTable(root, id, { navigate }) {
  return openTransportTable(root, soloTransport(id, navigate), { navigate });
}

/** A table fed by any transport (see solo-transport.js). */
export function openTransportTable(root, transport, { navigate }) {
  const table = new Table(root, transport, navigate);
  table.start();
  return table;
}

class Table {
  constructor(root, transport, navigate) {
    this.root = root;
    this.transport = transport;
    this.navigate = navigate;
    this.presence = null; // online: the room's seats ({connected, kind}) to show who is away
    this.announcedAway = new Set();
    this.awayTimers = new Map(); // seat -> the pending "is away" announcement
    this.view = null;
    this.selected = null; // the picked tile's text
    this.hint = null; // {move, reason, level} for the current move number
    this.busy = false;
    this.revealed = null; // hot seat: the seat whose tiles the person at the screen may see
    this.homeSeat = null; // the seat drawn at the bottom of the table
    this.seenSummaries = null;
    this.gameOverShown = false;
    this.ownBonus = null;
    this.handEnd = null; // {number, update}: the open end-of-hand summary
    this.onKey = (event) => this.key(event);
  }

  // ------------------------------------------------------------------------------------ life

  async start() {
    this.root.replaceChildren(h("div", { class: "loading" }, t("Setting the table\u2026")));
    let info;
    try {
      info = await this.transport.load();
    } catch (error) {
      if (this.closed) return;
      this.root.replaceChildren(
        h("div", { class: "page-error" }, h("h1", {}, t("This game cannot be opened")), h("p", {}, error.message), h("a", { href: "#/", class: "button primary" }, t("Back to the start"))),
      );
      return;
    }
    if (this.closed) return;
    this.info = info;
    this.game = info.game;
    this.homeSeat = info.homeSeat;
    this.build();
    this.board = null; // made with the first view, which says the layout
    this.clock = new TurnClock(this.page);
    this.sizer = new ResizeObserver(() => this.sizeHand());
    this.sizer.observe(this.el.myArea);
    document.addEventListener("keydown", this.onKey);
    this.transport.connect({
      onView: (view, cause) => this.receive(view, cause, "socket"),
      onState: (state, detail) => this.connection(state, detail),
    });
  }

  destroy() {
    this.closed = true;
    document.removeEventListener("keydown", this.onKey);
    this.transport.close();
    if (this.board) this.board.destroy();
    if (this.clock) this.clock.destroy();
    if (this.sizer) this.sizer.disconnect();
    if (this.sheetSizer) this.sheetSizer.disconnect();
    if (this.unsound) this.unsound();
    if (this.smallScreen) this.smallScreen.removeEventListener("change", this.onScreen);
    clearTimeout(this.overTimer);
    for (const timer of this.awayTimers.values()) clearTimeout(timer);
  }

  /**
   * Online: the room changed (who is connected); redraw the players. A player who stays away a few
   * seconds is announced (a reload is not), and their coming back too.
   */
  setPresence(seats) {
    const before = this.presence;
    this.presence = seats;
    if (!this.view) return;
    if (before) {
      for (const seat of seats) {
        const old = before[seat.seat];
        if (!old || seat.kind !== "human" || old.connected === seat.connected || seat.seat === this.view.seat) continue;
        clearTimeout(this.awayTimers.get(seat.seat));
        if (!seat.connected) {
          const timer = setTimeout(() => {
            if (this.closed || !this.away(seat.seat) || this.announcedAway.has(seat.seat)) return;
            this.announcedAway.add(seat.seat);
            this.toast(t("{player} is away: the game waits for them", { player: seat.name }));
          }, 3000);
          this.awayTimers.set(seat.seat, timer);
        } else if (this.announcedAway.delete(seat.seat)) {
          this.toast(t("{player} is back", { player: seat.name }));
        }
      }
    }
    this.render();
  }

  away(seat) {
    const spot = this.presence && this.presence[seat];
    return !!spot && spot.kind === "human" && !spot.connected;
  }

  build() {
    const title = this.info.title;
    this.el = {
      gameTitle: h("div", { class: "game-title" }),
      handInfo: h("div", { class: "hand-info" }),
      // TRANSLATORS: the tooltip of the Hint button; H is its key.
      hintButton: h("button", { type: "button", class: "tool", onclick: () => this.askHint(), title: t("Hint (H)"), hidden: !this.info.hints }, t("Hint")),
      // TRANSLATORS: the Undo button's tooltip; {rule} says when a move may be taken back (a sentence of the server's).
      undoButton: h("button", { type: "button", class: "tool", onclick: () => this.undo(), title: this.info.undoRule ? t("Undo (U). {rule}", { rule: this.info.undoRule }) : t("Undo (U)"), "aria-label": t("Undo"), hidden: !this.info.undo }, "\u21b6", h("span", { class: "tool-word" }, ` ${t("Undo")}`)),
      keysButton: h("button", { type: "button", class: "tool icon-only keys-button", onclick: () => showKeys(this.dialogs), title: t("Keyboard (?)"), "aria-label": t("Keyboard shortcuts") }, "\u2328"),
      soundButton: h("button", { type: "button", class: "tool icon-only sound-button", onclick: () => setSoundOn(!soundOn()) }),
      // TRANSLATORS: the button that opens the scores and the log on a narrow screen.
      panelButton: h("button", { type: "button", class: "tool panel-button", "aria-expanded": "false", onclick: () => this.togglePanel() }, t("Scores")),
      flights: h("div", { class: "flight-layer", "aria-hidden": "true" }),
      banner: h("div", { class: "connection-banner", role: "alert", hidden: true }),
      opponents: h("div", { class: "opponents", "aria-label": t("Other players") }),
      stock: h("div", { class: "stock-host" }),
      bonus: h("div", { class: "bonus-banner", "aria-live": "assertive" }),
      myArea: h("section", { class: "my-area", "aria-label": t("Your area") }),
      sidebar: h("aside", { class: "sidebar" }),
      toasts: h("div", { class: "toasts", role: "status", "aria-live": "polite" }),
      live: h("div", { class: "visually-hidden turn-announcer", "aria-live": "polite" }),
      layer: h("div", { class: "dialog-layer", hidden: true }),
    };
    // The language picker sits with the sound switch on a wide screen; on a narrower one (a tablet, a phone)
    // the top bar's room goes to the game's tools, and the picker is in the table's menu (the ? dialog).
    this.el.language = h("div", { class: "tool tool-language" }, languagePicker());
    this.smallScreen = window.matchMedia("(max-width: 1100px), (max-height: 560px)");
    this.onScreen = () => (this.el.language.hidden = this.smallScreen.matches);
    this.onScreen();
    this.smallScreen.addEventListener("change", this.onScreen);
    this.boardHost = h("div", { class: "board-host" });
    this.dialogs = new Dialogs(this.el.layer);
    const page = h(
      "div",
      { class: "table-page", "data-game": this.game },
      h(
        "header",
        { class: "topbar" },
        h("a", { href: "#/", class: "brand", "aria-label": t("bonepile: back to the start") }, h("span", { class: "brand-mark", "aria-hidden": "true" }), "bonepile"),
        h("div", { class: "titles" }, this.el.gameTitle, this.el.handInfo),
        h(
          "nav",
          { class: "tools", "aria-label": t("Game tools") },
          this.el.hintButton,
          this.el.undoButton,
          this.el.panelButton,
          // TRANSLATORS: {game} is the game's name, as "Dominoes".
          h("a", { class: "tool rules-link", href: `#/how/${this.game}`, target: "_blank", rel: "noopener", title: t("How to play {game}", { game: title }), "aria-label": t("Rules") }, "?", h("span", { class: "tool-word" }, ` ${t("Rules")}`)),
          this.el.soundButton,
          this.el.language,
          this.el.keysButton,
        ),
      ),
      this.el.banner,
      h(
        "main",
        { class: "table-layout" },
        h(
          "div",
          { class: "felt" },
          h("div", { class: "felt-top" }, this.el.opponents, this.el.stock),
          h("div", { class: "board-wrap" }, this.boardHost, this.el.bonus),
          this.el.myArea,
        ),
        this.el.sidebar,
      ),
      this.el.toasts,
      this.el.live,
      this.el.layer,
      this.el.flights,
    );
    this.page = page;
    this.motion = new Motion(this.el.flights);
    this.showSound(soundOn());
    this.unsound = onSoundChange((on) => this.showSound(on));
    this.el.sidebar.id = `side-panel-${Math.random().toString(36).slice(2, 8)}`;
    this.el.panelButton.setAttribute("aria-controls", this.el.sidebar.id);
    this.root.replaceChildren(page);
  }

  showSound(on) {
    const button = this.el.soundButton;
    button.replaceChildren(speakerIcon(on));
    button.setAttribute("aria-pressed", on ? "false" : "true");
    button.setAttribute("aria-label", on ? t("Sound on: turn it off") : t("Sound off: turn it on"));
    button.title = on ? t("Sound on (click to mute)") : t("Sound off (click to turn on)");
    this.page.dataset.soundOn = String(on);
  }

  /** Narrow screens: the scores and the log open over the table, and close again. */
  togglePanel(open = !this.page.classList.contains("panel-open")) {
    const bar = this.page.querySelector(".topbar");
    if (bar) this.page.style.setProperty("--topbar-h", `${bar.getBoundingClientRect().height}px`);
    this.page.classList.toggle("panel-open", open);
    this.el.panelButton.setAttribute("aria-expanded", String(open));
    this.el.panelButton.textContent = open ? t("Close") : t("Scores");
    if (open) {
      const log = this.el.sidebar.querySelector(".log");
      if (log) log.scrollTop = log.scrollHeight;
    }
  }

  connection(state, detail) {
    const banner = this.el.banner;
    if (state === "open") {
      banner.hidden = true;
      this.page.classList.remove("offline");
    } else if (state === "lost") {
      banner.hidden = false;
      banner.textContent = t("Connection to the server lost: reconnecting\u2026");
      this.page.classList.add("offline");
    } else if (state === "saving") {
      banner.hidden = false;
      banner.textContent = t("Saving failed, retrying\u2026");
    } else if (state === "fatal") {
      banner.hidden = false;
      banner.textContent = detail ? detail.message : t("This game cannot be shown.");
    }
  }

  // ------------------------------------------------------------------------------------ views

  /** A view from the socket, a move's answer, or an undo's answer; older ones are dropped. */
  receive(view, cause, source) {
    const current = this.view;
    if (current && view.id !== current.id) return;
    if (current && source === "answer" && view.move_number <= current.move_number) return;
    if (current && source === "continue" && (view.move_number < current.move_number || (!current.between_hands && view.move_number === current.move_number))) return;
    if (current && source === "socket" && cause === "move" && view.move_number < current.move_number) return;
    const sources = current ? this.sources() : null;
    if (!this.board) this.makeBoard(view);
    this.view = view;
    this.clock.update(view);
    this.changed(current, view);
    if (current && sources) this.animate(current, view, sources);
  }

  /** The board of the view's layout, and the page marked with the layout and the tile it draws. */
  makeBoard(view) {
    const Board = BOARDS[view.layout] || DominoesBoard;
    this.board = new Board(this.boardHost, {
      onChoose: (text) => this.play(text),
      onPending: (group) => this.pendingChanged(group),
    });
    this.page.dataset.layout = view.layout;
    this.page.dataset.tile = view.tile;
    this.page.classList.add(`layout-${view.layout}`, `tile-${view.tile}`);
  }

  /** Where things are on screen before a new view is drawn: the places tiles fly from. */
  sources() {
    const box = (el) => (el && el.isConnected ? el.getBoundingClientRect() : null);
    const hand = new Map();
    for (const tile of this.page.querySelectorAll(".hand-tile")) hand.set(tile.dataset.tile, box(tile));
    const cards = new Map();
    for (const card of this.page.querySelectorAll(".player-card")) cards.set(Number(card.dataset.seat), box(card.querySelector(".card-tiles") || card));
    const mine = this.page.querySelector(".my-area .hand");
    if (this.homeSeat !== null && mine) cards.set(this.homeSeat, box(mine));
    return { hand, cards, stock: box(this.page.querySelector(".stock")) };
  }

  /**
   * After a new view: the tiles that just went down fly in from their player, a tile drawn by the viewer
   * flies from the stock to the hand, a bonus pops up where it was made, and each makes its sound.
   */
  animate(before, view, sources) {
    const last = view.last_move;
    if (before.id !== view.id || !last || last.number !== view.move_number || last.number <= before.move_number) return;
    const mark = this.page;
    const fresh = [...this.boardHost.querySelectorAll(".arrive")];
    const entry = view.log.length ? view.log[view.log.length - 1] : null;
    const isMine = last.seat === view.seat;
    if (fresh.length) {
      for (const el of fresh) {
        const from = isMine ? sources.hand.get(el.dataset.tile) || sources.cards.get(last.seat) : sources.cards.get(last.seat);
        this.motion.fly(el, from || sources.stock);
      }
      playSound("play", mark);
    } else if (/^draw/.test(last.move)) {
      const gained = isMine ? view.your_tiles.filter((tile) => !before.your_tiles.some((old) => old.tile === tile.tile)) : [];
      const triangle = view.tile === "triangle";
      for (const tile of gained) {
        const el = this.page.querySelector(`.hand-tile[data-tile="${CSS.escape(tile.tile)}"]`);
        if (el) this.motion.fly(el, sources.stock);
      }
      if (!gained.length) {
        const card = this.page.querySelector(`.player-card[data-seat="${last.seat}"] .card-tiles`);
        if (card) this.motion.flyTo(sources.stock, card, tileBack({ triangle }));
      }
      playSound("draw", mark);
    }
    // Every move since the last view shows its bonus or score where it was made, not only the newest: an
    // opponent's quick answer can reach the table before the view of the move that made the bonus.
    const sameDeal = before.hand_number === view.hand_number && view.log.length > before.log.length;
    const entries = sameDeal ? view.log.slice(before.log.length) : entry ? [entry] : [];
    for (const made of entries) {
      const tileEl = fresh.find((el) => el.dataset.tile === made.tile) || (made === entry ? fresh[0] : null);
      if (!tileEl) continue;
      const at = tileEl.getBoundingClientRect();
      const bonuses = (made.items || []).filter((item) => BONUS_REASONS.has(item.reason));
      if (bonuses.length) {
        const words = bonuses.map((item) => t(BONUS_POPS[item.reason], { points: signed(item.points) })).join(" \u00b7 ");
        setTimeout(() => this.motion.pop(at, words, "bonus-pop"), motionOff() ? 0 : 380);
        setTimeout(() => playSound("bonus", mark), motionOff() ? 0 : 380);
      } else if (made.count !== null && made.count !== undefined && made.points && made.move) {
        // All-fives (a play that leaves a count): the count just made rises from the tile that made it ("+15").
        setTimeout(() => this.motion.pop(at, signed(made.points), "bonus-pop score-pop"), motionOff() ? 0 : 380);
        setTimeout(() => playSound("bonus", mark), motionOff() ? 0 : 380);
      }
    }
    const handEnded = view.summaries.length > before.summaries.length && view.status !== "over";
    if (handEnded) setTimeout(() => playSound("hand", mark), 450);
  }

  changed(before, view) {
    const moved = !before || before.move_number !== view.move_number || before.seat !== view.seat;
    if (moved) {
      this.selected = null;
      this.hint = null;
    }
    if (before && moved && view.last_move && view.last_move.timed_out && view.last_move.number > before.move_number) {
      this.toast(view.last_move.text, view.last_move.seat === view.seat ? "error" : "info");
    }
    if (view.seat !== null) this.homeSeat = view.seat;
    if (this.seenSummaries === null) this.seenSummaries = view.summaries.length;
    if (before && view.last_move && moved) this.el.live.textContent = view.last_move.text;
    if (before) this.announceBonuses(before, view);

    this.betweenHands(view);
    for (const summary of view.summaries.slice(this.seenSummaries)) {
      if (!(view.game_over && summary === view.summaries[view.summaries.length - 1])) showSummary(this.dialogs, view, summary, { onReview: this.reviewer(view) });
    }
    this.seenSummaries = Math.max(this.seenSummaries, view.summaries.length);

    if (this.info.hotSeat && !view.between_hands && view.status === "playing" && view.seat !== null && view.seat !== this.revealed && !this.dialogs.has("curtain")) {
      const player = view.players[view.seat];
      showCurtain(this.dialogs, player).then((ok) => {
        if (!ok) return;
        this.revealed = player.seat;
        this.render();
      });
    }
    if (view.game_over && !this.gameOverShown) {
      this.gameOverShown = true;
      this.dialogs.dismiss("curtain");
      // The last tile lands and every hand turns face up first; then the result, and a cheer for the winner.
      const fresh = before && before.status !== "over";
      this.overTimer = setTimeout(() => this.showGameOver(fresh), fresh && !motionOff() ? 900 : 0);
    }
    this.render();
  }

  /**
   * Between hands (the server holds the ended hand on the table): once the last tile has landed, the
   * summary opens beside it, with the button that deals the next hand; it closes when the next hand comes.
   */
  betweenHands(view) {
    const pause = view.between_hands;
    if (!pause) {
      if (this.handEnd) {
        this.handEnd = null;
        this.dialogs.dismiss("handend");
        this.measureSheet(null);
      }
      return;
    }
    this.seenSummaries = Math.max(this.seenSummaries || 0, view.summaries.length);
    if (this.handEnd && this.handEnd.number === pause.hand_number) {
      this.handEnd.update(view);
      return;
    }
    this.dialogs.dismiss("curtain");
    const summary = view.summaries.find((entry) => entry.number === pause.hand_number);
    if (!summary) return;
    const shown = { number: pause.hand_number, update: () => {} };
    this.handEnd = shown;
    const open = () => {
      if (this.handEnd !== shown || this.closed) return;
      const handle = showHandEnd(this.dialogs, this.view, summary, { onContinue: () => this.continueHand(), onReview: this.reviewer(this.view) });
      shown.update = handle.update;
      handle.update(this.view);
      this.measureSheet(this.el.layer.querySelector(".dialog.hand-end"));
    };
    if (motionOff()) open();
    else setTimeout(open, 750);
  }

  /**
   * The end-of-hand sheet's height, for the table to step out from under it (table.css): a bottom sheet
   * would otherwise hide your face-up hand and the foot of the final position. null: the sheet is gone.
   */
  measureSheet(sheet) {
    if (this.sheetSizer) this.sheetSizer.disconnect();
    this.sheetSizer = null;
    if (!sheet) {
      this.page.style.removeProperty("--hand-end-h");
      return;
    }
    const measure = () => this.page.style.setProperty("--hand-end-h", `${Math.ceil(sheet.getBoundingClientRect().height)}px`);
    this.sheetSizer = new ResizeObserver(measure);
    this.sheetSizer.observe(sheet);
    measure();
  }

  async continueHand() {
    const view = this.view;
    if (!view || !view.between_hands || this.continuing || !this.transport.continueHand) return;
    this.continuing = true;
    try {
      const answer = await this.transport.continueHand(view);
      if (answer && answer.view) this.receive(answer.view, "next_hand", "continue");
    } catch (error) {
      this.toast(error.message, "error");
    } finally {
      this.continuing = false;
    }
  }

  get hidden() {
    const view = this.view;
    if (view.between_hands || view.status === "over") return false; // every hand is face up now
    return this.info.hotSeat && view.seat !== null && view.seat !== this.revealed;
  }

  get myTurn() {
    const view = this.view;
    return !!view && view.seat !== null && view.turn === view.seat && view.status === "playing" && !this.hidden;
  }

  legal(kind) {
    return this.myTurn ? this.view.legal_moves.find((move) => move.kind === kind) || null : null;
  }

  announceBonuses(before, view) {
    const fresh = before.hand_number === view.hand_number ? view.log.slice(before.log.length) : view.log;
    for (const entry of fresh) {
      for (const item of entry.items || []) {
        if (!BONUS_REASONS.has(item.reason)) continue;
        const own = this.ownBonus && this.ownBonus.text === entry.move ? this.ownBonus.name : null;
        const name = own || item.reason;
        const points = signed(item.points);
        // A bonus name the page does not know (the server's words): as it comes, its first letter large.
        // TRANSLATORS: a bonus just made, in the banner; {bonus} is its name, {points} like "+40".
        const words = BONUS_FLASHES[name] ? t(BONUS_FLASHES[name], { points }) : t("{bonus}! {points}", { bonus: `${name[0].toUpperCase()}${name.slice(1)}`, points });
        this.flashBonus(words, view.players[entry.seat]);
      }
    }
  }

  flashBonus(text, player) {
    // Said aloud here; seen where it was made (the pop over the tile, see animate()).
    const banner = h("div", { class: "bonus-flash" }, h("strong", {}, text), h("span", {}, player.name));
    this.el.bonus.replaceChildren(banner);
    setTimeout(() => banner.remove(), 2600);
  }

  toast(text, kind = "info") {
    const item = h("div", { class: `toast ${kind}` }, text);
    this.el.toasts.append(item);
    setTimeout(() => item.remove(), kind === "error" ? 5000 : 3200);
  }

  // ------------------------------------------------------------------------------------ drawing

  render() {
    const view = this.view;
    if (!view) return;
    const focusKey = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.focusKey : undefined;
    const ds = this.page.dataset;
    ds.gameId = view.id;
    ds.moveNumber = String(view.move_number);
    ds.status = view.status;
    ds.myTurn = String(this.myTurn);
    ds.seat = view.seat === null ? "" : String(view.seat);
    ds.hand = String(view.hand_number);
    ds.hidden = String(this.hidden);
    this.page.classList.toggle("hidden-hand", this.hidden);

    // TRANSLATORS: the browser tab's title on your turn; {game} is the game's name.
    document.title = this.myTurn ? t("Your turn \u00b7 {game} \u00b7 bonepile", { game: view.title }) : `${view.title} \u00b7 bonepile`;
    const word = view.hand_word;
    // h() leaves out a missing part; replaceChildren would write it as the text "null".
    this.el.gameTitle.replaceChildren(
      h(
        "span",
        { class: "title-line" },
        h("strong", {}, view.title),
        h("span", { class: "preset", title: view.preset_description }, ` \u00b7 ${presetName(view.preset)}`),
        this.info.badge ? h("span", { class: "badge table-badge" }, this.info.badge) : null,
      ),
    );
    // A game of so many deals says "Round 3 of 13"; a game to a score says "Hand 3 · playing to 100".
    const rounds = view.goal === "rounds";
    const caption = this.board.caption ? this.board.caption(view) : "";
    const numbers = { number: view.hand_number, total: view.target, target: view.target };
    const hand = word === "hand";
    let going;
    let ended;
    if (rounds) {
      // TRANSLATORS: the header of a game of so many deals: the deal's number out of how many.
      going = hand ? t("Hand {number} of {total}", numbers) : t("Round {number} of {total}", numbers);
      if (caption) going = `${going} \u00b7 ${caption}`;
      ended = hand ? t("Hand {number} of {total} is over", numbers) : t("Round {number} of {total} is over", numbers);
    } else {
      // TRANSLATORS: the header of a game to a score: the deal's number, and the score that wins.
      going = hand ? t("Hand {number} \u00b7 playing to {target}", numbers) : t("Round {number} \u00b7 playing to {target}", numbers);
      ended = hand ? t("Hand {number} is over \u00b7 playing to {target}", numbers) : t("Round {number} is over \u00b7 playing to {target}", numbers);
    }
    this.el.handInfo.textContent = view.status === "over" ? t("Game over") : view.between_hands ? ended : going;
    ds.betweenHands = view.between_hands ? String(view.between_hands.hand_number) : "";
    this.el.hintButton.disabled = !this.myTurn;
    this.el.undoButton.disabled = !this.canUndo();

    this.renderOpponents();
    this.board.render(this.hidden ? { ...view, legal_moves: [], your_tiles: [] } : view);
    this.renderStock();
    this.renderMyArea();
    this.renderSidebar();
    this.showSelection();
    this.restoreFocus(focusKey);
    this.focusTurn();
  }

  /** At the start of the player's turn (and after each draw): focus the first tile that fits; announce the turn. */
  focusTurn() {
    const view = this.view;
    if (!this.myTurn) {
      this.turnKey = null;
      return;
    }
    const key = `${view.id}:${view.move_number}`;
    if (this.turnKey === key || this.dialogs.open) return;
    const starting = !this.turnKey;
    this.turnKey = key;
    const first = this.page.querySelector(".hand-tile.playable") || this.page.querySelector(".draw-button, .pass-button, .stock.can-draw");
    if (first) first.focus({ preventScroll: true });
    if (!starting) return;
    const fitting = view.your_tiles.filter((tile) => tile.moves.length).length;
    const news = fitting ? tn("Your turn: {count} tile of yours fits.", "Your turn: {count} tiles of yours fit.", fitting) : this.stuckNews();
    // TRANSLATORS: read aloud at the start of your turn: {move} is the last move (the server's words), {news} the sentence on your turn.
    this.el.live.textContent = view.last_move ? t("{move}. {news}", { move: view.last_move.text, news }) : news;
  }

  /** Your turn with no tile that fits, said aloud: draw, or pass. */
  stuckNews() {
    const view = this.view;
    if (this.legal("draw")) return view.stock.name === "pool" ? t("Your turn: no tile fits: draw from the pool.") : t("Your turn: no tile fits: draw from the boneyard.");
    if (this.legal("pass")) {
      // TRANSLATORS: {note} is the server's words on why the tiles left cannot be drawn, as "the 2 tiles left in the boneyard are the reserve, never drawn".
      return view.stock.note ? t("Your turn: nothing fits, and {note}: pass.", { note: view.stock.note }) : t("Your turn: nothing fits and nothing can be drawn: pass.");
    }
    return t("Your turn: your turn.");
  }

  canUndo() {
    const view = this.view;
    if (view.between_hands) return false;
    if (view.can_undo !== undefined) return this.info.undo && view.can_undo; // the server says (see undo_rule)
    return this.info.undo && view.status === "playing" && view.seat !== null && view.log.some((entry) => entry.seat === view.seat);
  }

  order() {
    const view = this.view;
    const count = view.players.length;
    const home = this.homeSeat;
    if (home === null) return view.players;
    return Array.from({ length: count - 1 }, (_, i) => view.players[(home + 1 + i) % count]);
  }

  /** At the end of a hand (or of the game): every seat's tiles as they were left, face up; else null. */
  revealedHands() {
    const view = this.view;
    if (!view.between_hands && view.status !== "over") return null;
    const last = view.summaries[view.summaries.length - 1];
    return last ? last.hands : null;
  }

  renderOpponents() {
    const labels = teamLabels(this.view);
    const others = this.order();
    const compact = others.length >= 3;
    const hands = this.revealedHands();
    this.el.opponents.replaceChildren(
      ...others.map((player) =>
        playerCard(this.view, player, {
          teamLabel: labels[player.seat],
          away: this.away(player.seat),
          clock: this.clock.badge(player.seat),
          reveal: hands ? hands[player.seat] : null,
          compact,
        }),
      ),
    );
    this.el.opponents.classList.toggle("compact", compact);
    this.el.opponents.dataset.count = String(others.length);
  }

  renderStock() {
    const view = this.view;
    const draw = this.legal("draw");
    const name = view.stock.name;
    const triangle = view.tile === "triangle";
    const stack = h("span", { class: "stock-stack", "aria-hidden": "true" });
    const layers = Math.min(4, Math.ceil(view.stock.count / 4));
    for (let i = 0; i < layers; i++) stack.append(tileBack({ triangle }));
    const label = this.stockLabel(draw);
    const button = h(
      "button",
      {
        type: "button",
        class: ["stock", draw ? "can-draw" : "", view.stock.count ? "" : "empty"],
        disabled: !draw,
        "aria-label": label,
        title: label,
        "data-focus-key": "stock",
        onclick: () => draw && this.play(draw.text),
      },
      stack,
      h("span", { class: "stock-name" }, name === "pool" ? t("pool") : t("boneyard")),
      // TRANSLATORS: shown on the boneyard (or the pool) when no tile is left in it.
      h("span", { class: "stock-count" }, view.stock.count ? formatNumber(view.stock.count) : t("empty")),
      view.stock.note && view.stock.count ? h("span", { class: "stock-note" }, this.reserved() ? t("reserve") : t("not drawn")) : null,
      draw && draw.points ? h("span", { class: "stock-cost" }, signed(draw.points)) : null,
    );
    const extra = [];
    if (view.board.draws_this_turn > 0 && view.status === "playing") {
      const player = view.players[view.turn].name;
      const count = view.board.draws_this_turn;
      const values = { player, max: view.board.max_draws };
      let words;
      if (view.board.max_draws === null) {
        // TRANSLATORS: how many tiles a player drew from the pool on this turn.
        words = isYou(player) ? tn("You drew {count} this turn", "You drew {count} this turn", count) : tn("{player} drew {count} this turn", "{player} drew {count} this turn", count, values);
      } else {
        // TRANSLATORS: how many tiles a player drew from the pool on this turn, out of the most they may draw ({max}).
        words = isYou(player) ? tn("You drew {count} of {max} this turn", "You drew {count} of {max} this turn", count, values) : tn("{player} drew {count} of {max} this turn", "{player} drew {count} of {max} this turn", count, values);
      }
      extra.push(h("div", { class: "draws-note" }, words));
    }
    this.el.stock.replaceChildren(button, ...extra);
  }

  /** Whether the tiles left that cannot be drawn are the reserve (draw-reserve), not a game without drawing. */
  reserved() {
    const stock = this.view.stock;
    if (stock.locked !== undefined) return stock.locked === "reserve";
    return !!stock.note && stock.note.includes("reserve");
  }

  /** The boneyard's (the pool's) words for a screen reader and its tooltip. */
  stockLabel(draw) {
    const stock = this.view.stock;
    const pool = stock.name === "pool";
    const count = stock.count;
    if (draw && draw.points) {
      const values = { points: signed(draw.points) };
      // TRANSLATORS: {points} is what drawing costs, as "−5".
      return pool ? tn("Draw from the pool ({points}): {count} tile left", "Draw from the pool ({points}): {count} tiles left", count, values) : tn("Draw from the boneyard ({points}): {count} tile left", "Draw from the boneyard ({points}): {count} tiles left", count, values);
    }
    if (draw) return pool ? tn("Draw from the pool: {count} tile left", "Draw from the pool: {count} tiles left", count) : tn("Draw from the boneyard: {count} tile left", "Draw from the boneyard: {count} tiles left", count);
    if (stock.note) {
      const values = { note: stock.note };
      // TRANSLATORS: {note} is the server's words on why the tiles left cannot be drawn, as "the 2 tiles left in the boneyard are the reserve, never drawn".
      return pool ? tn("The pool: {count} tile, {note}", "The pool: {count} tiles, {note}", count, values) : tn("The boneyard: {count} tile, {note}", "The boneyard: {count} tiles, {note}", count, values);
    }
    return pool ? tn("The pool: {count} tile", "The pool: {count} tiles", count) : tn("The boneyard: {count} tile", "The boneyard: {count} tiles", count);
  }

  renderMyArea() {
    const view = this.view;
    const area = this.el.myArea;
    if (this.homeSeat === null) {
      area.replaceChildren(h("p", { class: "watching" }, this.info.watching), ...this.overActions());
      return;
    }
    const me = view.players[this.homeSeat];
    const labels = teamLabels(view);
    const info = h(
      "div",
      { class: ["my-info", me.to_move ? "to-move" : ""] },
      avatar(me, "big"),
      h(
        "div",
        { class: "who" },
        h("div", { class: "name" }, me.name, labels[me.seat] ? h("span", { class: "team" }, labels[me.seat]) : null, this.away(me.seat) ? h("span", { class: "away-badge" }, t("away")) : null),
        h("div", { class: "status" }, this.prompt(me)),
      ),
      this.clock.badge(me.seat, { mine: view.seat === me.seat }),
      // TRANSLATORS: the small word beside your score, and the score read aloud.
      h("div", { class: "score", "aria-label": t("Score {score}", { score: me.score }) }, h("span", { class: "score-label" }, t("score")), score(me.score)),
    );
    const showTiles = view.seat === this.homeSeat && !this.hidden;
    const hands = this.revealedHands();
    let hand;
    if (!showTiles && hands && hands[me.seat]) {
      const tri = view.tile === "triangle";
      hand = h(
        "div",
        { class: "hand hand-revealed", role: "group", "aria-label": isYou(me.name) ? t("Your tiles, face up") : t("{player}'s tiles, face up", { player: me.name }) },
        hands[me.seat].map((text) => {
          const numbers = text.split("-").map(Number);
          return h("span", { class: "hand-tile revealed", "data-tile": text }, tri ? triominoSvg(numbers) : dominoSvg(numbers[0], numbers[1]));
        }),
      );
    } else if (showTiles) {
      hand = h("div", { class: "hand", role: "group", "aria-label": t("Your tiles ({count})", { count: view.your_tiles.length }) }, view.your_tiles.map((tile) => this.handTile(tile)));
    } else {
      const backs = h("div", { class: "hand hand-hidden", "aria-label": tn("{count} tile, hidden", "{count} tiles, hidden", me.tiles) });
      for (let i = 0; i < Math.min(me.tiles, 14); i++) backs.append(tileBack({ triangle: view.tile === "triangle", className: "hand-back" }));
      hand = backs;
    }
    const actions = h("div", { class: "hand-actions" });
    const pass = this.legal("pass");
    const draw = this.legal("draw");
    // TRANSLATORS: the buttons that draw a tile and pass the turn; {points} is what it costs, as "−5".
    const drawWords = draw && (draw.points ? t("Draw ({points})", { points: signed(draw.points) }) : tp("verb", "Draw"));
    // A pass that is not one (the end of a first-turn run in Mexican Train) has its words from the server.
    const passWords = pass && (pass.button || (pass.points ? t("Pass ({points})", { points: signed(pass.points) }) : tp("verb", "Pass")));
    if (draw) actions.append(h("button", { type: "button", class: "primary draw-button", "data-focus-key": "draw", onclick: () => this.play(draw.text) }, drawWords));
    if (pass) actions.append(h("button", { type: "button", class: "primary pass-button", "data-focus-key": "pass", onclick: () => this.play(pass.text) }, passWords));
    if (view.between_hands) {
      const pause = view.between_hands;
      const done = view.seat !== null && pause.everyone && pause.continued.includes(view.seat);
      actions.append(
        h("button", { type: "button", class: "primary continue-button", "data-focus-key": "continue", disabled: done || view.seat === null, onclick: () => this.continueHand() }, view.hand_word === "hand" ? t("Next hand") : t("Next round")),
      );
    }
    actions.append(...this.overActions());
    const extra = [];
    const chosen = this.selectedTile();
    // A board whose moves are few and named (the ends of a line, the trains) offers them as buttons too.
    const choice = chosen && chosen.moves.length > 1 && this.board.choices ? this.board.choices(chosen, view) : null;
    if (choice) {
      extra.push(
        h(
          "div",
          { class: "choose-end", role: "group", "aria-label": choice.label },
          h("span", {}, choice.heading),
          chosen.moves.map((text) => {
            const move = view.legal_moves.find((m) => m.text === text);
            return h("button", { type: "button", class: "end-choice", "data-move": text, onclick: () => this.play(text) }, move ? choice.words(move) : text);
          }),
          h("button", { type: "button", class: "quiet", onclick: () => this.select(null) }, t("Cancel")),
        ),
      );
    }
    const callout = this.hint
      ? hintCallout(this.hint, {
          onClose: () => ((this.hint = null), this.renderMyArea()),
          folded: this.hintFolded,
          onFold: (folded) => (this.hintFolded = folded),
        })
      : null;
    const notes = extra.length ? [h("div", { class: "my-notes" }, extra)] : [];
    area.replaceChildren(...(callout ? [callout] : []), info, h("div", { class: "hand-row" }, hand, actions), ...notes);
    this.sizeHand();
  }

  /**
   * Tiles as large as the space allows: the hand fills its row (one row, or two when there are many
   * tiles), each tile no taller than a share of the screen's height, none smaller than can be read.
   */
  sizeHand() {
    const hand = this.el.myArea.querySelector(".hand");
    if (!hand || !this.view) return;
    const tiles = hand.querySelectorAll(".hand-tile, .back-svg");
    const count = tiles.length;
    if (!count) return;
    const tri = this.view.tile === "triangle";
    const ratio = tri ? 0.88 : 2.08; // tile height over width
    const gap = 6;
    const width = hand.clientWidth;
    if (width <= 0) return;
    const tallest = Math.max(58, Math.min(window.innerHeight * (tri ? 0.14 : 0.13), 124));
    const widest = tallest / ratio;
    // A short screen (a phone on its side) keeps the hand to one row as long as the tiles stay readable.
    const short = window.innerHeight < 560;
    const smallest = tri ? 40 : short ? 22 : 24;
    // The whole hand takes at most a fifth of the screen's height, so the board keeps the most room.
    const handHeight = window.innerHeight * 0.2;
    let rows = 1;
    let size = widest;
    for (rows = 1; rows <= 3; rows++) {
      const perRow = Math.ceil(count / rows);
      size = Math.min(widest, (width - gap * (perRow - 1) - 4) / perRow, (handHeight / rows - gap) / ratio);
      if (size >= smallest) break;
    }
    size = Math.max(smallest * 0.8, Math.min(size, widest));
    hand.style.setProperty("--tile-w", `${Math.floor(size)}px`);
    hand.dataset.rows = String(Math.min(rows, 3));
  }

  /** Once the game is over: the way to the next one (play again, or the room's rematch). */
  overActions() {
    const again = this.transport.again;
    if (!this.view || this.view.status !== "over" || !again) return [];
    return [
      h("button", { type: "button", class: "primary again-button", "data-focus-key": "again", disabled: this.againBusy, onclick: () => this.playAgain() }, again.label),
    ];
  }

  /** What the bottom player should do now, in words. */
  prompt(me) {
    const view = this.view;
    if (view.status === "over") return view.game_over ? view.game_over.text : t("The game is over");
    if (view.between_hands) {
      const summary = view.summaries[view.summaries.length - 1];
      if (summary) return summary.text;
      return view.hand_word === "hand" ? t("The hand is over") : t("The round is over");
    }
    // TRANSLATORS: a game played by several people at one screen; {player} takes the device next.
    if (this.hidden) return t("Tiles hidden: pass the device to {player}", { player: view.players[view.seat].name });
    const waiting = () => {
      const player = view.players[view.turn].name;
      return this.away(view.turn) ? t("Waiting for {player}, who is away\u2026", { player }) : t("Waiting for {player}\u2026", { player });
    };
    if (view.seat !== me.seat) return view.turn === null ? "" : waiting();
    if (!this.myTurn) return waiting();
    const places = view.legal_moves.some((m) => m.kind === "play" || m.kind === "place");
    const draw = this.legal("draw");
    if (places) return this.board.turnPrompt(view, draw);
    // TRANSLATORS: the boneyard (Dominoes, Mexican Train) and the pool (Tri-Ominos): the tiles left face down, drawn from when nothing fits.
    if (draw) return view.stock.name === "pool" ? t("No tile fits: draw from the pool.") : t("No tile fits: draw from the boneyard.");
    // TRANSLATORS: {note} is the server's words on why the tiles left cannot be drawn, as "the 2 tiles left in the boneyard are the reserve, never drawn".
    if (this.legal("pass")) return view.stock.note ? t("Nothing fits, and {note}: pass.", { note: view.stock.note }) : t("Nothing fits and nothing can be drawn: pass.");
    return t("Your turn");
  }

  handTile(tile) {
    const view = this.view;
    const playable = this.myTurn && tile.moves.length > 0;
    const dim = this.myTurn && !tile.moves.length;
    const hinted = this.hint && this.hint.move.tile === tile.tile;
    const label = this.board.tileLabel(tile, view, { playable, dim });
    const face = view.tile === "triangle" ? triominoSvg(tile.numbers) : dominoSvg(tile.ends[0], tile.ends[1]);
    const button = h(
      "button",
      {
        type: "button",
        class: ["hand-tile", playable ? "playable" : "", dim ? "dim" : "", this.selected === tile.tile ? "selected" : "", hinted ? "hinted" : ""],
        "aria-label": label,
        "aria-pressed": this.selected === tile.tile ? "true" : "false",
        "aria-disabled": playable ? "false" : "true",
        "data-tile": tile.tile,
        "data-moves": String(tile.moves.length),
        "data-focus-key": `tile:${tile.tile}`,
        onclick: (event) => this.tileClicked(tile, event),
      },
      face,
    );
    if (playable) this.draggable(button, tile);
    return button;
  }

  renderSidebar() {
    const logScroll = this.el.sidebar.querySelector(".log");
    const atBottom = !logScroll || logScroll.scrollHeight - logScroll.scrollTop - logScroll.clientHeight < 40;
    this.el.sidebar.replaceChildren(
      scorePanel(this.view, { onSummary: (summary) => showSummary(this.dialogs, this.view, summary, { onReview: this.reviewer(this.view) }) }),
      logPanel(this.view, {
        boardHost: this.boardHost,
        uncover: () => {
          this.togglePanel(false);
          this.el.panelButton.focus();
        },
      }),
    );
    const log = this.el.sidebar.querySelector(".log");
    if (log && atBottom) log.scrollTop = log.scrollHeight;
  }

  restoreFocus(key) {
    if (key === undefined) return;
    const again = this.page.querySelector(`[data-focus-key="${CSS.escape(key)}"]`);
    if (again && !again.disabled) {
      again.focus({ preventScroll: true });
      return;
    }
    if (this.dialogs.open) return;
    const fallback =
      this.page.querySelector(".hand-tile.playable") || this.page.querySelector(".draw-button, .pass-button") || this.page.querySelector(".hand-tile");
    if (fallback) fallback.focus({ preventScroll: true });
  }

  // ------------------------------------------------------------------------------------ playing

  selectedTile() {
    if (!this.selected || !this.view) return null;
    return this.view.your_tiles.find((tile) => tile.tile === this.selected) || null;
  }

  select(tileText, { focusTarget = false } = {}) {
    this.selected = tileText;
    this.renderMyArea();
    this.showSelection();
    if (focusTarget) {
      const first = this.board.targets()[0];
      if (first) first.focus();
    } else if (tileText === null) {
      const back = this.page.querySelector(".hand-tile.playable");
      if (back && this.page.contains(document.activeElement) === false) back.focus();
    }
  }

  showSelection() {
    const tile = this.myTurn ? this.selectedTile() : null;
    this.board.showTargets(tile, tile && this.hint && this.hint.move.tile === tile.tile ? this.hint.move.text : null);
    for (const button of this.page.querySelectorAll(".hand-tile")) {
      const on = button.dataset.tile === this.selected;
      button.classList.toggle("selected", on);
      button.setAttribute("aria-pressed", on ? "true" : "false");
    }
    if (tile && this.hint && this.hint.move.tile === tile.tile) {
      for (const target of this.board.targets()) {
        if (target.dataset.move === this.hint.move.text) target.classList.add("hinted");
      }
      if (this.board.showMove && this.hint.move.place) this.board.showMove(this.hint.move);
    }
  }

  tileClicked(tile, event) {
    if (this.suppressClick) return;
    if (!this.myTurn || this.busy) return;
    if (!tile.moves.length) {
      this.toast(t("{tile} fits nowhere now", { tile: tile.tile }));
      return;
    }
    const keyboard = event.detail === 0;
    if (this.selected === tile.tile) {
      // A second click on the picked tile plays it where it can only go one way; otherwise it puts it back.
      if (this.board.playsAtOnce && tile.moves.length === 1) this.play(tile.moves[0]);
      else this.select(null);
      return;
    }
    // Where a tile that fits one way can only go to one place, a click plays it there at once.
    if (this.board.playsAtOnce && tile.moves.length === 1) {
      this.play(tile.moves[0]);
      return;
    }
    this.select(tile.tile, { focusTarget: keyboard });
  }

  draggable(button, tile) {
    button.addEventListener("pointerdown", (event) => {
      if (event.button !== 0 || !this.myTurn || this.busy) return;
      const start = { x: event.clientX, y: event.clientY };
      let ghost = null;
      const moveTo = (x, y) => {
        ghost.style.left = `${x}px`;
        ghost.style.top = `${y}px`;
      };
      const onMove = (ev) => {
        if (!ghost) {
          if (Math.hypot(ev.clientX - start.x, ev.clientY - start.y) < 6) return;
          ghost = h("div", { class: `drag-ghost tile-${this.view.tile}`, "aria-hidden": "true" }, button.querySelector("svg").cloneNode(true));
          document.body.append(ghost);
          button.classList.add("dragging");
          this.page.classList.add("is-dragging");
          this.selected = tile.tile;
          this.showSelection();
        }
        moveTo(ev.clientX, ev.clientY);
        this.board.hoverAt(ev.clientX, ev.clientY);
      };
      const finish = (ev, dropped) => {
        window.removeEventListener("pointermove", onMove);
        window.removeEventListener("pointerup", onUp);
        window.removeEventListener("pointercancel", onCancel);
        if (!ghost) return;
        ghost.remove();
        button.classList.remove("dragging");
        this.page.classList.remove("is-dragging");
        this.suppressClick = true;
        setTimeout(() => (this.suppressClick = false), 0);
        if (!dropped) {
          this.select(null);
          return;
        }
        if (this.board.moveAt) {
          // A drop on a target plays its move; elsewhere the tile stays picked if it has a choice.
          const move = this.board.moveAt(ev.clientX, ev.clientY);
          if (move) this.play(move);
          else this.select(tile.moves.length > 1 ? tile.tile : null);
        } else if (!this.board.dropAt(ev.clientX, ev.clientY)) {
          this.select(tile.tile);
        }
      };
      const onUp = (ev) => finish(ev, true);
      const onCancel = (ev) => finish(ev, false);
      window.addEventListener("pointermove", onMove);
      window.addEventListener("pointerup", onUp);
      window.addEventListener("pointercancel", onCancel);
    });
  }

  pendingChanged(group) {
    if (group) {
      const place = this.boardHost.querySelector(".place-button");
      if (place) place.focus();
    }
  }

  async play(text) {
    const view = this.view;
    if (!view || this.busy || !this.myTurn) return;
    const move = view.legal_moves.find((m) => m.text === text);
    if (!move) return;
    this.busy = true;
    this.page.classList.add("busy");
    this.ownBonus = move.bonus ? { text: move.text, name: move.bonus.name } : null;
    try {
      const answer = await this.transport.move(view, text);
      if (answer && answer.view) this.receive(answer.view, "move", "answer");
    } catch (error) {
      if (error.code !== "offline" || this.transport.kind === "solo") this.toast(error.message, "error");
      if (error.code === "stale_move" || error.code === "not_your_turn") await this.refresh();
    } finally {
      this.busy = false;
      this.page.classList.remove("busy");
    }
  }

  async refresh() {
    try {
      const view = await this.transport.refresh(this.view);
      this.receive(view, "connect", "refresh");
    } catch {
      // the socket brings the next view anyway
    }
  }

  async askHint() {
    const view = this.view;
    if (!this.myTurn || this.hintBusy || !this.info.hints) return;
    this.hintBusy = true;
    this.el.hintButton.classList.add("working");
    this.el.hintButton.setAttribute("aria-busy", "true");
    try {
      const answer = await this.transport.hint(view);
      if (this.view !== view) return;
      this.hint = answer;
      this.hintFolded = foldsReasons();
      if (answer.move.tile) this.selected = answer.move.tile;
      this.render();
      // TRANSLATORS: a hint read aloud: {move} is the move in words, {reason} why (both the server's words).
      this.el.live.textContent = t("Hint: {move}: {reason}.", { move: answer.move.label, reason: answer.reason });
    } catch (error) {
      this.toast(error.message, "error");
    } finally {
      this.hintBusy = false;
      this.el.hintButton.classList.remove("working");
      this.el.hintButton.removeAttribute("aria-busy");
    }
  }

  async undo() {
    const view = this.view;
    if (!view || view.seat === null || !this.info.undo || this.busy) return;
    this.busy = true;
    try {
      const answer = await this.transport.undo(view);
      this.receive(answer.view, "undo", "undo");
      this.toast(tn("Took back {count} move", "Took back {count} moves", answer.undone));
    } catch (error) {
      this.toast(error.message, "error");
    } finally {
      this.busy = false;
    }
  }

  /** The way to a finished hand's review page (a room's game is reviewed through the room's credential). */
  reviewer(view) {
    if (!view) return null;
    const room = view.room ? `&room=${encodeURIComponent(view.room)}` : "";
    return (number) => {
      this.navigate(`#/review/${view.id}?hand=${number}${room}`);
    };
  }

  async showGameOver(fresh = false) {
    const view = this.view;
    const again = this.transport.again;
    if (fresh && view.game_over) {
      const mine = view.seat !== null && view.game_over.winner_seats.includes(view.seat);
      const watching = view.seat === null;
      if (mine || watching) this.motion.celebrate();
      playSound(mine ? "win" : "hand", this.page);
      this.page.dataset.celebrated = mine || watching ? "true" : "false";
    }
    await showGameOver(this.dialogs, view, {
      again: again ? { label: again.label, run: () => this.playAgain() } : null,
      onRecord: () => this.downloadRecord(),
      onHome: () => this.navigate("#/"),
      onReview: this.reviewer(view),
    });
  }

  async playAgain() {
    if (this.againBusy || !this.view) return;
    this.againBusy = true;
    this.renderMyArea();
    try {
      await this.transport.again.run(this.view);
    } catch (error) {
      this.toast(error.message, "error");
    } finally {
      this.againBusy = false;
      if (!this.closed) this.renderMyArea();
    }
  }

  async downloadRecord() {
    try {
      const record = await this.transport.record(this.view);
      const blob = new Blob([JSON.stringify(record, null, 2)], { type: "application/json" });
      const link = h("a", { href: URL.createObjectURL(blob), download: `${this.transport.recordName(this.view)}.json` });
      document.body.append(link);
      link.click();
      link.remove();
    } catch (error) {
      this.toast(error.message, "error");
    }
  }

  // ------------------------------------------------------------------------------------ keys

  key(event) {
    if (event.ctrlKey || event.metaKey || event.altKey || !this.view) return;
    const target = event.target;
    if (target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA")) return;
    if (this.dialogs.open) return;
    const key = event.key;
    const done = () => event.preventDefault();
    if (key === "Escape") {
      if (this.board.cancel && this.board.cancel()) {
        done();
        const tile = this.page.querySelector(".hand-tile.selected");
        if (tile) tile.focus();
        return;
      }
      if (this.selected) {
        const back = this.page.querySelector(`.hand-tile[data-tile="${CSS.escape(this.selected)}"]`);
        this.select(null);
        if (back) back.focus();
        done();
      }
      return;
    }
    const lower = key.toLowerCase();
    if (lower === "d" && this.legal("draw")) {
      done();
      this.play(this.legal("draw").text);
    } else if (lower === "p" && this.legal("pass")) {
      done();
      this.play(this.legal("pass").text);
    } else if (lower === "h") {
      done();
      this.askHint();
    } else if (lower === "u" && this.info.undo) {
      done();
      this.undo();
    } else if (lower === "r" && this.board.rotate && this.board.rotate()) {
      done();
    } else if (lower === "f" && this.board.fit) {
      done();
      this.board.fit(true);
    } else if ((key === "+" || key === "=") && this.board.zoomBy) {
      done();
      this.board.zoomBy(1.25);
    } else if (key === "-" && this.board.zoomBy) {
      done();
      this.board.zoomBy(0.8);
    } else if (key === "?") {
      done();
      showKeys(this.dialogs);
    } else if (key === "Enter" && this.board.pending && !(target instanceof HTMLButtonElement)) {
      done();
      this.board.confirm();
    }
  }
}

