// An online room (docs/web-protocol.md, "Rooms: online play"): one socket per page brings the room and
// the seat's views. While the room is waiting the page is its lobby (lobby.js); once a game is on it is
// the same table as a game at this screen, fed by the room socket; a finished game stays on the table
// with a rematch button.

import { ApiError, api, roomApi } from "./api.js";
import { forgetRoom, roomHash, savedRoom, saveRoom } from "./credentials.js";
import { h, parts } from "./dom.js";
import { N_, t } from "./i18n.js";
import { Lobby } from "./lobby.js";
import { RoomSocket } from "./room-socket.js";
import { openTransportTable } from "./table.js";

/** Open room `id` with the credential of the link (`params`: token=… or join=…) or the one kept here. */
export function roomPage(root, id, params, { navigate }) {
  const page = new RoomPage(root, id, params, navigate);
  page.start();
  return page;
}

const FATAL_WORDS = {
  bad_token: N_("This link does not open this room any more: the host may have given the seat to someone else. Ask the host for a new link."),
  revoked: N_("The host has reset your seat. Ask the host for a new link."),
  unknown_room: N_("There is no such room: it may have been made on another server."),
  not_authenticated: N_("The server did not accept this page's credential."),
};

class RoomPage {
  constructor(root, id, params, navigate) {
    this.root = root;
    this.id = id;
    this.navigate = navigate;
    this.params = params;
    this.room = null;
    this.role = null;
    this.seat = null;
    this.lobby = null;
    this.table = null;
    this.tableGame = null; // the game id the table shows
    this.feed = null; // the table transport's handlers, once it is connected
    this.waiting = null; // a view that came before the table was ready for it
    this.catalog = null;
    this.connectionState = "connecting";
  }

  start() {
    const saved = savedRoom(this.id);
    const token = this.params.get("token");
    const join = this.params.get("join");
    this.joinCode = join;
    if (token) this.credential = token;
    else if (join) this.credential = join;
    else if (saved && saved.token) this.credential = saved.token;
    else {
      this.fail(t("This room needs its link"), t("Open the link the host shared with you: it carries the key to the room."));
      return;
    }
    // Opening the share link again after taking a seat: offer the way back to the seat.
    this.ownSeatLink = join && saved && saved.token && saved.token !== join ? roomHash(this.id, "token", saved.token) : null;
    this.banner = h("div", { class: "connection-banner", role: "alert", hidden: true });
    // The lobby's banner; the table has its own (the table replaces everything in this.content).
    this.content = h("div", { class: "room-content" }, this.banner, h("div", { class: "loading" }, t("Opening the room\u2026")));
    this.root.replaceChildren(h("div", { class: "room-page" }, this.content));
    api.catalog().then(
      (catalog) => {
        this.catalog = catalog;
        if (this.lobby) this.lobby.setCatalog(catalog);
      },
      () => {},
    );
    this.socket = new RoomSocket(this.id, this.credential, {
      onWelcome: (message) => this.welcome(message),
      onRoom: (room) => this.roomChanged(room),
      onView: (view, cause) => this.viewArrived(view, cause),
      onState: (state, error) => this.connection(state, error),
    });
  }

  destroy() {
    this.closed = true;
    if (this.socket) this.socket.close();
    if (this.table) this.table.destroy();
    if (this.lobby) this.lobby.destroy();
  }

  fail(title, words) {
    if (this.table) this.table.destroy();
    this.table = null;
    this.root.replaceChildren(
      h("div", { class: "page-error room-error" }, h("h1", {}, title), h("p", {}, words), h("a", { href: "#/", class: "button primary" }, t("Back to the start"))),
    );
  }

  // ------------------------------------------------------------------------------- the socket

  welcome(message) {
    this.role = message.role;
    this.seat = message.seat;
    if (message.role !== "guest") {
      saveRoom(this.id, { token: this.credential, role: message.role, seat: message.seat, title: message.room.title, preset: message.room.preset });
    }
    this.roomChanged(message.room);
  }

  roomChanged(room) {
    if (this.closed) return;
    this.room = room;
    // TRANSLATORS: an online room's title in the browser; {game} is the game's title.
    document.title = t("{game} \u00b7 online room \u00b7 bonepile", { game: room.title });
    if (room.state === "waiting") {
      this.showLobby();
      return;
    }
    if (this.lobby && !this.table) this.lobby.starting();
    if (this.table) this.table.setPresence(room.seats);
  }

  viewArrived(view, cause) {
    if (this.closed) return;
    if (!this.table || this.tableGame !== view.id) {
      this.openTable(view);
      return;
    }
    if (this.feed) this.feed.onView(view, cause);
    else this.waiting = view;
  }

  connection(state, error) {
    this.connectionState = state;
    if (state === "fatal") {
      const code = error && error.code;
      if (code === "bad_token" || code === "revoked" || code === "unknown_room") forgetRoom(this.id, this.credential);
      this.fail(t("This room cannot be opened"), FATAL_WORDS[code] ? t(FATAL_WORDS[code]) : error ? error.message : t("The server closed the connection."));
      return;
    }
    if (this.feed) {
      this.feed.onState(state === "open" ? "open" : "lost");
      this.banner.hidden = true;
      return;
    }
    this.banner.hidden = state === "open";
    this.banner.textContent = t("Connection to the server lost: reconnecting\u2026");
    if (this.lobby) this.lobby.setOnline(state === "open");
  }

  // ------------------------------------------------------------------------------- the lobby

  showLobby() {
    if (this.table) {
      this.table.destroy();
      this.table = null;
      this.feed = null;
    }
    if (!this.lobby) {
      this.lobby = new Lobby({
        roomId: this.id,
        credential: () => this.credential,
        joinCode: this.joinCode,
        ownSeatLink: this.ownSeatLink,
        catalog: this.catalog,
        onJoin: (name, seat) => this.join(name, seat),
        onRename: (name) => roomApi.claim(this.id, this.credential, name),
        onSetSeat: (seat, body) => roomApi.setSeat(this.id, this.credential, seat, body),
        onStart: () => roomApi.start(this.id, this.credential),
      });
      this.content.replaceChildren(this.banner, this.lobby.el);
    }
    this.lobby.update(this.room, { role: this.role, seat: this.seat, online: this.connectionState === "open" });
  }

  /** A guest takes a seat with the join code: from now on this page is that seat. */
  async join(name, seat) {
    const answer = await roomApi.join(this.id, this.credential, name, seat);
    this.credential = answer.token;
    this.role = "seat";
    this.seat = answer.seat;
    saveRoom(this.id, { token: answer.token, role: "seat", seat: answer.seat, title: answer.room.title, preset: answer.room.preset });
    history.replaceState(null, "", roomHash(this.id, "token", answer.token));
    this.socket.useCredential(answer.token);
    this.roomChanged(answer.room);
  }

  // ------------------------------------------------------------------------------- the table

  openTable(view) {
    if (this.lobby) {
      this.lobby.destroy();
      this.lobby = null;
    }
    if (this.table) this.table.destroy();
    this.feed = null;
    this.waiting = view;
    this.tableGame = view.id;
    this.banner.hidden = true;
    this.table = openTransportTable(this.content, this.transport(), { navigate: this.navigate });
    if (this.room) this.table.setPresence(this.room.seats);
  }

  watchingWords() {
    if (this.role === "host") return t("You host this room and watch the table.");
    // TRANSLATORS: {link} is a link whose words are "back to my seat".
    if (this.ownSeatLink) return parts(t("You are watching this table, but you hold a seat in it: {link}"), { link: h("a", { href: this.ownSeatLink, class: "own-seat-link" }, t("back to my seat")) });
    return t("You are watching this table.");
  }

  /** The table's transport over this page's room socket (see solo-transport.js for the shape). */
  transport() {
    const page = this;
    const room = this.room;
    const seat = this.seat;
    const mayRematch = this.role === "seat" || this.role === "host";
    return {
      kind: "room",
      async load() {
        return {
          game: room.game,
          title: room.title,
          hotSeat: false,
          undo: false,
          hints: !!room.hints && seat !== null && seat !== undefined,
          homeSeat: seat,
          // TRANSLATORS: a badge in the table's top bar: the game is played online.
          badge: t("online"),
          watching: page.watchingWords(),
        };
      },
      connect(handlers) {
        page.feed = handlers;
        handlers.onState(page.connectionState === "open" ? "open" : "lost");
        if (page.waiting) {
          const view = page.waiting;
          page.waiting = null;
          handlers.onView(view, "connect");
        }
      },
      close() {
        if (page.feed) page.feed = null;
      },
      async move(view, text) {
        await page.socket.move(view, text);
        return null; // the view came over the socket, just before the ack
      },
      async continueHand(view) {
        await page.socket.continueHand(view, view.between_hands.hand_number);
        return null; // the view comes over the socket
      },
      refresh: () => roomApi.view(page.id, page.credential),
      hint: () => roomApi.hint(page.id, page.credential),
      record: (view) => roomApi.record(page.id, page.credential, view.id),
      recordName: (view) => `bonepile-${room.game}-${view.id}`,
      again: mayRematch
        ? {
            label: t("Rematch"),
            async run(view) {
              try {
                await roomApi.rematch(page.id, page.credential, view.id);
              } catch (error) {
                // Somebody else asked first: their game is on its way over the socket.
                if (!(error instanceof ApiError) || error.code !== "stale_rematch") throw error;
              }
            },
          }
        : null,
    };
  }
}
