// The lobby of an online room: the seats and who holds them (connected or away), the links to share,
// the host's seat settings and start button, and for a visitor with the share link, a seat to take.
// Drawn again from every `room` the socket brings; the name field stays put so typing is never lost.

import { roomLink, saveRoom, savedRoom, forgetSeatToken } from "./credentials.js";
import { h, seatColor } from "./dom.js";

const LEVEL_WORDS = { easy: "Easy", medium: "Medium", hard: "Hard", expert: "Expert" };

function levelLabel(catalogGame, level) {
  const known = catalogGame && catalogGame.ai_levels.find((entry) => entry.level === level);
  return known ? known.label : LEVEL_WORDS[level] || level;
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
        button.textContent = done ? "Copied \u2713" : "Select and copy";
        button.classList.toggle("copied", done);
        setTimeout(() => {
          button.textContent = "Copy";
          button.classList.remove("copied");
        }, 1800);
      },
    },
    "Copy",
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
    this.nameInput = h("input", { id: "lobby-name", type: "text", maxlength: "24", autocomplete: "nickname", placeholder: "Your name" });
    this.nameButton = h("button", { type: "button", id: "save-name", onclick: () => this.rename() }, "Save");
    this.nameForm = h(
      "div",
      { class: "name-form" },
      h("label", { for: "lobby-name" }, "Your name"),
      h("div", { class: "name-row" }, this.nameInput, this.nameButton),
    );
    this.nameInput.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && this.role !== "guest") this.rename();
    });
    this.titleEl = h("h1", { class: "lobby-title" });
    this.metaEl = h("p", { class: "lobby-meta" });
    this.noticeEl = h("div", { class: "lobby-notice", role: "status", "aria-live": "polite" });
    this.seatsEl = h("ol", { class: "lobby-seats", "aria-label": "Seats" });
    this.startEl = h("div", { class: "lobby-start" });
    this.invitesEl = h("div", { class: "lobby-invites" });
    this.errorEl = h("p", { class: "form-error", role: "alert", hidden: true });
    this.el = h(
      "div",
      { class: "lobby-page" },
      h(
        "header",
        { class: "topbar" },
        h("a", { href: "#/", class: "brand", "aria-label": "bonepile: back to the start" }, h("span", { class: "brand-mark", "aria-hidden": "true" }), "bonepile"),
        h("div", { class: "titles" }, h("div", { class: "game-title" }, h("strong", {}, "Online room")), h("div", { class: "hand-info" }, "the lobby")),
      ),
      h(
        "main",
        { class: "lobby-main" },
        h("div", { class: "lobby-head" }, this.titleEl, this.metaEl, this.noticeEl),
        h(
          "div",
          { class: "lobby-columns" },
          h("section", { class: "card lobby-table", "aria-labelledby": "seats-title" }, h("h2", { id: "seats-title" }, "Seats, in turn order"), this.seatsEl, this.errorEl, this.startEl),
          h("section", { class: "card lobby-side", "aria-label": "You and your links" }, this.nameForm, this.invitesEl),
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
    this.startEl.replaceChildren(h("p", { class: "lobby-wait" }, "The game is starting\u2026"));
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
      this.nameInput.value = mine && !/^Player \d+$/.test(mine.name) ? mine.name : this.nameInput.value;
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
    this.titleEl.textContent = `${room.title} \u00b7 ${room.preset}`;
    const meta = [`${room.seats.length} players`];
    if (room.options && room.options.target) meta.push(`playing to ${room.options.target}`);
    meta.push(room.turn_time_limit ? `${room.turn_time_limit} s per turn` : "no time limit");
    meta.push(room.hints ? "hints allowed" : "no hints");
    this.metaEl.textContent = meta.join(" \u00b7 ");
    this.el.dataset.role = this.role || "";
    this.el.dataset.open = String(open.length);
    this.noticeEl.replaceChildren(...this.notice(open));
    this.seatsEl.replaceChildren(...room.seats.map((seat) => this.seatRow(seat)));
    this.renderStart(open);
    this.renderSide();
  }

  notice(open) {
    const parts = [];
    if (this.ownSeatLink && this.role === "guest") {
      const saved = savedRoom(this.roomId);
      const name = saved && saved.seat !== null && saved.seat !== undefined && this.room.seats[saved.seat] ? this.room.seats[saved.seat].name : null;
      parts.push(h("p", {}, `You already hold a seat in this room${name ? ` (${name})` : ""}. `, h("a", { href: this.ownSeatLink, class: "own-seat-link" }, "Back to my seat")));
    }
    if (this.role === "guest") {
      parts.push(h("p", {}, open.length ? "Write your name and pick an open seat to join the table." : "Every seat is taken: you can watch the game when it starts."));
    }
    return parts;
  }

  seatRow(seat) {
    const mine = this.seat === seat.seat;
    const isAi = seat.kind === "ai";
    const state = isAi ? "ai" : seat.taken ? "taken" : "open";
    let where;
    if (isAi) where = `Computer \u00b7 ${levelLabel(this.catalogGame, seat.level)}`;
    else if (!seat.taken) where = "Open seat: waiting for a friend";
    else where = seat.connected ? "Here" : "Away: not connected";
    const badges = [
      mine ? h("span", { class: "badge you" }, "you") : null,
      seat.host ? h("span", { class: "badge host" }, "host") : null,
    ];
    const presence = isAi ? null : h("span", { class: ["presence", seat.connected ? "on" : "off"], "aria-hidden": "true", title: seat.connected ? "connected" : "not connected" });
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
      return [h("button", { type: "button", class: "primary sit-button", disabled, onclick: () => this.join(seat.seat) }, "Sit here")];
    }
    if (this.role !== "host" || seat.host) return [];
    if (seat.kind === "ai") {
      return [h("button", { type: "button", class: "quiet open-button", disabled, onclick: () => this.setSeat(seat.seat, { kind: "human", name: null }) }, "Open for a friend")];
    }
    if (seat.taken) return [];
    const parts = [];
    const saved = savedRoom(this.roomId);
    const token = saved && saved.seatTokens ? saved.seatTokens[seat.seat] : null;
    if (token) parts.push(linkField(roomLink(this.roomId, "token", token), `seat-${seat.seat}`, `Secret link for seat ${seat.seat + 1}`));
    const game = this.catalogGame;
    const levels = game ? game.ai_levels.map((entry) => entry.level) : Object.keys(LEVEL_WORDS);
    const select = h(
      "select",
      { class: "fill-level", "aria-label": `Computer level for seat ${seat.seat + 1}` },
      levels.map((level) => h("option", { value: level, selected: game ? level === game.default_level : level === "medium" }, levelLabel(game, level))),
    );
    parts.push(
      h(
        "div",
        { class: "fill-row" },
        select,
        h("button", { type: "button", class: "fill-button", disabled, onclick: () => this.setSeat(seat.seat, { kind: "ai", level: select.value, name: null }) }, "Fill with computer"),
      ),
    );
    return parts;
  }

  renderStart(open) {
    if (this.isStarting) return;
    const host = this.room.seats.find((seat) => seat.host);
    if (this.role === "host") {
      const ready = open.length === 0;
      const button = h("button", { type: "button", id: "start-room", class: "primary big", disabled: !ready || !this.online || this.busy, onclick: () => this.start() }, "Start the game");
      const words = ready
        ? "Everyone is seated."
        : `${open.length === 1 ? "One seat is" : `${open.length} seats are`} still open: send a link, or fill ${open.length === 1 ? "it" : "them"} with the computer.`;
      this.startEl.replaceChildren(button, h("p", { class: "help" }, words));
      return;
    }
    this.startEl.replaceChildren(h("p", { class: "lobby-wait" }, `Waiting for ${host ? host.name : "the host"} to start the game\u2026`));
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
        h("h2", {}, "Invite friends"),
        h("p", { class: "help" }, "Anyone with this link can watch and take an open seat:"),
        linkField(roomLink(this.roomId, "join", room.join_code), "join", "Share link"),
        h("p", { class: "help" }, "Or send each friend the secret link of their own seat (beside the seat)."),
        h("h3", {}, "Your link"),
        h("p", { class: "help" }, "Keep it to come back as the host, from this or another device:"),
        linkField(roomLink(this.roomId, "token", this.credential()), "own", "Your own link"),
      );
    } else if (this.role === "seat") {
      parts.push(
        h("h2", {}, "Your link"),
        h("p", { class: "help" }, "It is your seat's key: keep it to come back (reload, another device). Do not share it."),
        linkField(roomLink(this.roomId, "token", this.credential()), "own", "Your own link"),
      );
    } else if (this.joinCode) {
      parts.push(h("h2", {}, "Share"), h("p", { class: "help" }, "Anyone with this link can watch and take an open seat:"), linkField(roomLink(this.roomId, "join", this.joinCode), "join", "Share link"));
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
