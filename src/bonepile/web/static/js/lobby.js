// The lobby of an online room: the seats and who holds them (connected or away), the links to share,
// the host's seat settings and start button, and for a visitor with the share link, a seat to take.
// Drawn again from every `room` the socket brings; the name field stays put so typing is never lost.

import { roomLink, saveRoom, savedRoom, forgetSeatToken } from "./credentials.js";
import { h, seatColor } from "./dom.js";
import { presetName, t, tn } from "./i18n.js";
import { levelName } from "./players.js";

const LEVELS = ["easy", "medium", "hard", "expert"]; // when the catalog has not come yet

function levelLabel(catalogGame, level) {
  const known = catalogGame && catalogGame.ai_levels.find((entry) => entry.level === level);
  return known ? known.label : levelName(level);
}

/** Put `text` on the clipboard (or, where the page may not, select it for a manual copy). */
async function copyText(text, field) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (field) {
      field.focus();
      field.select();
      try {
        return document.execCommand("copy");
      } catch {
        return false;
      }
    }
    return false;
  }
}

/** A link in a read-only field with a copy button; `kind` names it for tests and styles. */
function linkField(link, kind, label) {
  const field = h("input", { type: "text", class: "link-field", readonly: true, value: link, "aria-label": label, "data-link": kind, onfocus: (event) => event.target.select() });
  const button = h(
    "button",
    {
      type: "button",
      class: "copy-button",
      "data-copy": kind,
      onclick: async () => {
        const done = await copyText(link, field);
        button.textContent = done ? t("Copied \u2713") : t("Select and copy");
        button.classList.toggle("copied", done);
        setTimeout(() => {
          button.textContent = t("Copy");
          button.classList.remove("copied");
        }, 1800);
      },
    },
    t("Copy"),
  );
  return h("div", { class: "link-row" }, field, button);
}

export class Lobby {
  constructor({ roomId, credential, joinCode, ownSeatLink, catalog, onJoin, onRename, onSetSeat, onStart }) {
    this.roomId = roomId;
    this.credential = credential;
    this.joinCode = joinCode;
    this.ownSeatLink = ownSeatLink;
    this.catalog = catalog;
    this.actions = { onJoin, onRename, onSetSeat, onStart };
    this.room = null;
    this.role = null;
    this.seat = null;
    this.online = false;
    this.busy = false;
    this.isStarting = false;
    this.nameFor = undefined; // the seat whose name the field was filled with
    this.nameInput = h("input", { id: "lobby-name", type: "text", maxlength: "24", autocomplete: "nickname", placeholder: t("Your name") });
    this.nameButton = h("button", { type: "button", id: "save-name", onclick: () => this.rename() }, t("Save"));
    this.nameForm = h(
      "div",
      { class: "name-form" },
      h("label", { for: "lobby-name" }, t("Your name")),
      h("div", { class: "name-row" }, this.nameInput, this.nameButton),
    );
    this.nameInput.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && this.role !== "guest") this.rename();
    });
    this.titleEl = h("h1", { class: "lobby-title" });
    this.metaEl = h("p", { class: "lobby-meta" });
    this.noticeEl = h("div", { class: "lobby-notice", role: "status", "aria-live": "polite" });
    this.seatsEl = h("ol", { class: "lobby-seats", "aria-label": t("Seats") });
    this.startEl = h("div", { class: "lobby-start" });
    this.invitesEl = h("div", { class: "lobby-invites" });
    this.errorEl = h("p", { class: "form-error", role: "alert", hidden: true });
    this.el = h(
      "div",
      { class: "lobby-page" },
      h(
        "header",
        { class: "topbar" },
        h("a", { href: "#/", class: "brand", "aria-label": t("bonepile: back to the start") }, h("span", { class: "brand-mark", "aria-hidden": "true" }), "bonepile"),
        // TRANSLATORS: the top bar of an online room before its game starts.
        h("div", { class: "titles" }, h("div", { class: "game-title" }, h("strong", {}, t("Online room"))), h("div", { class: "hand-info" }, t("the lobby"))),
      ),
      h(
        "main",
        { class: "lobby-main" },
        h("div", { class: "lobby-head" }, this.titleEl, this.metaEl, this.noticeEl),
        h(
          "div",
          { class: "lobby-columns" },
          h("section", { class: "card lobby-table", "aria-labelledby": "seats-title" }, h("h2", { id: "seats-title" }, t("Seats, in turn order")), this.seatsEl, this.errorEl, this.startEl),
          h("section", { class: "card lobby-side", "aria-label": t("You and your links") }, this.nameForm, this.invitesEl),
        ),
      ),
    );
  }

  destroy() {
    this.closed = true;
  }

  setCatalog(catalog) {
    this.catalog = catalog;
    if (this.room) this.render();
  }

  setOnline(online) {
    this.online = online;
    if (this.room) this.render();
  }

  starting() {
    this.isStarting = true;
    this.startEl.replaceChildren(h("p", { class: "lobby-wait" }, t("The game is starting\u2026")));
  }

  update(room, { role, seat, online }) {
    this.room = room;
    this.role = role;
    this.seat = seat;
    this.online = online;
    this.isStarting = false;
    if (this.nameFor !== seat) {
      this.nameFor = seat;
      const mine = seat === null ? null : room.seats[seat];
      // A seat's default name ("Player 2", in the server's words or in English) is not the reader's own.
      const named = mine && !/^Player \d+$/.test(mine.name) && mine.name !== t("Player {number}", { number: seat + 1 });
      this.nameInput.value = named ? mine.name : this.nameInput.value;
    }
    this.render();
  }

  get catalogGame() {
    return this.catalog ? this.catalog.games.find((game) => game.name === this.room.game) : null;
  }

  // ------------------------------------------------------------------------------- drawing

  render() {
    const room = this.room;
    const open = room.seats.filter((seat) => seat.kind === "human" && !seat.taken);
    this.titleEl.textContent = `${room.title} \u00b7 ${presetName(room.preset)}`;
    const meta = [tn("{count} player", "{count} players", room.seats.length)];
    if (room.options && room.options.target) meta.push(t("playing to {target}", { target: room.options.target }));
    // TRANSLATORS: the room's turn timer, in seconds.
    meta.push(room.turn_time_limit ? t("{seconds} s per turn", { seconds: room.turn_time_limit }) : t("no time limit"));
    meta.push(room.hints ? t("hints allowed") : t("no hints"));
    this.metaEl.textContent = meta.join(" \u00b7 ");
    this.el.dataset.role = this.role || "";
    this.el.dataset.open = String(open.length);
    this.noticeEl.replaceChildren(...this.notice(open));
    this.seatsEl.replaceChildren(...room.seats.map((seat) => this.seatRow(seat)));
    this.renderStart(open);
    this.renderSide();
  }

  notice(open) {
    const notes = [];
    if (this.ownSeatLink && this.role === "guest") {
      const saved = savedRoom(this.roomId);
      const name = saved && saved.seat !== null && saved.seat !== undefined && this.room.seats[saved.seat] ? this.room.seats[saved.seat].name : null;
      // TRANSLATORS: {name} is the name of the seat this browser already holds.
      const held = name ? t("You already hold a seat in this room ({name}).", { name }) : t("You already hold a seat in this room.");
      notes.push(h("p", {}, held, " ", h("a", { href: this.ownSeatLink, class: "own-seat-link" }, t("Back to my seat"))));
    }
    if (this.role === "guest") {
      notes.push(h("p", {}, open.length ? t("Write your name and pick an open seat to join the table.") : t("Every seat is taken: you can watch the game when it starts.")));
    }
    return notes;
  }

  seatRow(seat) {
    const mine = this.seat === seat.seat;
    const isAi = seat.kind === "ai";
    const state = isAi ? "ai" : seat.taken ? "taken" : "open";
    let where;
    // TRANSLATORS: who plays a seat; {level} is the computer's level ("Hard").
    if (isAi) where = t("Computer \u00b7 {level}", { level: levelLabel(this.catalogGame, seat.level) });
    else if (!seat.taken) where = t("Open seat: waiting for a friend");
    // TRANSLATORS: a seat's player is connected to the room.
    else where = seat.connected ? t("Here") : t("Away: not connected");
    const badges = [
      // TRANSLATORS: a badge beside the seat this browser holds.
      mine ? h("span", { class: "badge you" }, t("you")) : null,
      // TRANSLATORS: a badge beside the seat of the room's host.
      seat.host ? h("span", { class: "badge host" }, t("host")) : null,
    ];
    const presence = isAi ? null : h("span", { class: ["presence", seat.connected ? "on" : "off"], "aria-hidden": "true", title: seat.connected ? t("connected") : t("not connected") });
    return h(
      "li",
      {
        class: ["lobby-seat", `seat-${state}`, mine ? "mine" : "", this.role === "host" && state === "open" ? "wide" : ""],
        "data-seat": String(seat.seat),
        "data-state": state,
        "data-connected": String(seat.connected),
      },
      h("span", { class: "seat-number", style: { background: seatColor(seat.seat) }, "aria-hidden": "true" }, isAi ? "\u2699" : String(seat.seat + 1)),
      h("div", { class: "seat-who" }, h("div", { class: "seat-name" }, seat.name, badges), h("div", { class: "seat-where" }, presence, where)),
      h("div", { class: "seat-actions" }, this.seatActions(seat)),
    );
  }

  seatActions(seat) {
    const disabled = !this.online || this.busy;
    if (this.role === "guest") {
      if (seat.kind !== "human" || seat.taken) return [];
      return [h("button", { type: "button", class: "primary sit-button", disabled, onclick: () => this.join(seat.seat) }, t("Sit here"))];
    }
    if (this.role !== "host" || seat.host) return [];
    if (seat.kind === "ai") {
      return [h("button", { type: "button", class: "quiet open-button", disabled, onclick: () => this.setSeat(seat.seat, { kind: "human", name: null }) }, t("Open for a friend"))];
    }
    if (seat.taken) return [];
    const parts = [];
    const saved = savedRoom(this.roomId);
    const token = saved && saved.seatTokens ? saved.seatTokens[seat.seat] : null;
    if (token) parts.push(linkField(roomLink(this.roomId, "token", token), `seat-${seat.seat}`, t("Secret link for seat {n}", { n: seat.seat + 1 })));
    const game = this.catalogGame;
    const levels = game ? game.ai_levels.map((entry) => entry.level) : LEVELS;
    const select = h(
      "select",
      { class: "fill-level", "aria-label": t("Computer level for seat {n}", { n: seat.seat + 1 }) },
      levels.map((level) => h("option", { value: level, selected: game ? level === game.default_level : level === "medium" }, levelLabel(game, level))),
    );
    parts.push(
      h(
        "div",
        { class: "fill-row" },
        select,
        h("button", { type: "button", class: "fill-button", disabled, onclick: () => this.setSeat(seat.seat, { kind: "ai", level: select.value, name: null }) }, t("Fill with computer")),
      ),
    );
    return parts;
  }

  renderStart(open) {
    if (this.isStarting) return;
    const host = this.room.seats.find((seat) => seat.host);
    if (this.role === "host") {
      const ready = open.length === 0;
      const button = h("button", { type: "button", id: "start-room", class: "primary big", disabled: !ready || !this.online || this.busy, onclick: () => this.start() }, t("Start the game"));
      const words = ready
        ? t("Everyone is seated.")
        : tn("One seat is still open: send a link, or fill it with the computer.", "{count} seats are still open: send a link, or fill them with the computer.", open.length);
      this.startEl.replaceChildren(button, h("p", { class: "help" }, words));
      return;
    }
    const wait = host ? t("Waiting for {name} to start the game\u2026", { name: host.name }) : t("Waiting for the host to start the game\u2026");
    this.startEl.replaceChildren(h("p", { class: "lobby-wait" }, wait));
  }

  renderSide() {
    const room = this.room;
    const parts = [];
    const hasSeat = this.seat !== null;
    this.nameForm.hidden = !(hasSeat || this.role === "guest");
    this.nameButton.hidden = this.role === "guest";
    this.nameButton.disabled = !this.online || this.busy;
    if (this.role === "host") {
      parts.push(
        h("h2", {}, t("Invite friends")),
        h("p", { class: "help" }, t("Anyone with this link can watch and take an open seat:")),
        linkField(roomLink(this.roomId, "join", room.join_code), "join", t("Share link")),
        h("p", { class: "help" }, t("Or send each friend the secret link of their own seat (beside the seat).")),
        h("h3", {}, t("Your link")),
        h("p", { class: "help" }, t("Keep it to come back as the host, from this or another device:")),
        linkField(roomLink(this.roomId, "token", this.credential()), "own", t("Your own link")),
      );
    } else if (this.role === "seat") {
      parts.push(
        h("h2", {}, t("Your link")),
        h("p", { class: "help" }, t("It is your seat's key: keep it to come back (reload, another device). Do not share it.")),
        linkField(roomLink(this.roomId, "token", this.credential()), "own", t("Your own link")),
      );
    } else if (this.joinCode) {
      parts.push(h("h2", {}, t("Share")), h("p", { class: "help" }, t("Anyone with this link can watch and take an open seat:")), linkField(roomLink(this.roomId, "join", this.joinCode), "join", t("Share link")));
    }
    this.invitesEl.replaceChildren(...parts);
  }

  // ------------------------------------------------------------------------------- acting

  async act(work) {
    if (this.busy) return;
    this.busy = true;
    this.errorEl.hidden = true;
    this.render();
    try {
      await work();
    } catch (error) {
      this.errorEl.textContent = error.message;
      this.errorEl.hidden = false;
    } finally {
      this.busy = false;
      if (!this.closed && this.room) this.render();
    }
  }

  join(seat) {
    const name = this.nameInput.value.trim() || null;
    return this.act(() => this.actions.onJoin(name, seat));
  }

  rename() {
    const name = this.nameInput.value.trim();
    if (!name) return undefined;
    return this.act(() => this.actions.onRename(name));
  }

  setSeat(seat, body) {
    return this.act(async () => {
      const answer = await this.actions.onSetSeat(seat, body);
      if (answer.token) saveRoom(this.roomId, { seatTokens: { [seat]: answer.token } });
      else forgetSeatToken(this.roomId, seat);
    });
  }

  start() {
    return this.act(() => this.actions.onStart());
  }
}
