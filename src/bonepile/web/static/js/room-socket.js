// The room's live connection (docs/web-protocol.md, "The room WebSocket"): one socket per page, opened
// with a hello carrying the page's credential, bringing the room and the seat's views, and carrying the
// seat's moves. It reconnects by itself, with a growing pause, unless the server said the credential or
// the room is no good.

import { ApiError, languageQuery } from "./api.js";
import { t } from "./i18n.js";

/** Close codes after which reconnecting cannot help: bad credential, revoked seat, unknown room. */
const FINAL_CLOSES = new Set([4401, 4403, 4404]);
const FIRST_PAUSE = 500;
const LONGEST_PAUSE = 10000;
const PING_EVERY = 20000;
const PONG_WITHIN = 8000; // a socket that answers nothing for this long after a ping is given up (sleep, dead network)

export class RoomSocket {
  /**
   * handlers: onWelcome(message), onRoom(room), onView(view, cause),
   * onState("connecting" | "open" | "lost" | "fatal", error) for the connection banner.
   */
  constructor(roomId, credential, handlers) {
    this.roomId = roomId;
    this.credential = credential;
    this.handlers = handlers;
    this.closed = false;
    this.retries = 0;
    this.socket = null;
    this.welcomed = false;
    this.retryTimer = null;
    this.pinger = null;
    this.pending = new Map(); // message id -> {resolve, reject} of a move waiting for its ack
    this.counter = 0;
    this.lastError = null;
    this.lastHeard = 0;
    this.probeTimer = null;
    this.wake = () => this.wakeUp();
    this.check = () => this.probe();
    window.addEventListener("online", this.wake);
    window.addEventListener("offline", this.check);
    document.addEventListener("visibilitychange", this.wake);
    this.open();
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    return `${scheme}://${location.host}/ws/rooms/${encodeURIComponent(this.roomId)}${languageQuery()}`;
  }

  open() {
    if (this.closed) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.welcomed = false;
    this.lastError = null;
    const socket = new WebSocket(this.url());
    this.socket = socket;
    socket.addEventListener("open", () => socket.send(JSON.stringify({ type: "hello", token: this.credential })));
    socket.addEventListener("message", (event) => {
      if (this.socket !== socket) return;
      this.lastHeard = performance.now();
      this.receive(event.data);
    });
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket) return;
      this.dropped(event.code);
    });
  }

  receive(data) {
    let message;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    const handlers = this.handlers;
    switch (message.type) {
      case "welcome":
        this.welcomed = true;
        this.retries = 0;
        this.startPinging();
        handlers.onState("open");
        handlers.onWelcome(message);
        break;
      case "room":
        handlers.onRoom(message.room);
        break;
      case "view":
        handlers.onView(message.view, message.cause);
        break;
      case "ack":
        this.settle(message.id, (waiter) => waiter.resolve(message.move));
        break;
      case "error": {
        const error = new ApiError(message.error.code, message.error.message);
        if (message.id !== null && message.id !== undefined && this.pending.has(message.id)) {
          this.settle(message.id, (waiter) => waiter.reject(error));
        } else {
          this.lastError = error;
        }
        break;
      }
      case "status": // the server could not save: it retries, and says when it can again
        handlers.onState(message.store === "ok" ? "open" : "saving", message);
        break;
      default:
        break; // pong
    }
  }

  settle(id, how) {
    const waiter = this.pending.get(id);
    if (!waiter) return;
    this.pending.delete(id);
    how(waiter);
  }

  dropped(code) {
    clearInterval(this.pinger);
    clearTimeout(this.probeTimer);
    this.welcomed = false;
    for (const [id, waiter] of this.pending) {
      this.pending.delete(id);
      waiter.reject(new ApiError("offline", t("The connection dropped before the move was confirmed.")));
    }
    if (this.closed) return;
    if (FINAL_CLOSES.has(code)) {
      this.closed = true;
      this.handlers.onState("fatal", this.lastError || new ApiError("closed", t("The server closed this room's connection.")));
      return;
    }
    this.handlers.onState("lost");
    const pause = Math.min(LONGEST_PAUSE, FIRST_PAUSE * 2 ** this.retries);
    this.retries += 1;
    this.retryTimer = setTimeout(() => this.open(), pause);
  }

  /** Back from sleep or offline: try at once instead of waiting out the pause, or check the socket still lives. */
  wakeUp() {
    if (this.closed || document.visibilityState === "hidden") return;
    if (this.retryTimer !== null) {
      this.retries = 0;
      this.open();
    } else if (this.connected) {
      this.probe();
    }
  }

  startPinging() {
    clearInterval(this.pinger);
    this.pinger = setInterval(() => this.probe(), PING_EVERY);
  }

  /** Ping; without any answer in time the connection is dead though the browser has not noticed: drop it. */
  probe() {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return;
    const sentAt = performance.now();
    socket.send(JSON.stringify({ type: "ping", id: null }));
    clearTimeout(this.probeTimer);
    this.probeTimer = setTimeout(() => {
      if (this.socket === socket && this.lastHeard < sentAt) this.abandon();
    }, PONG_WITHIN);
  }

  abandon() {
    const socket = this.socket;
    this.socket = null;
    if (socket) socket.close();
    this.dropped(1006);
  }

  get connected() {
    return this.welcomed && this.socket && this.socket.readyState === WebSocket.OPEN;
  }

  /** Play `text` for the socket's seat on `view`; settles with the played move (the ack) or an ApiError. */
  move(view, text) {
    if (!this.connected) return Promise.reject(new ApiError("offline", t("Not connected: the move was not sent.")));
    this.counter += 1;
    const id = `m${view.move_number}-${this.counter}`;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.socket.send(JSON.stringify({ type: "move", game_id: view.id, move_number: view.move_number, move: text, id }));
    });
  }

  /** Between hands: this seat has seen the end of hand `handNumber`; settles on the server's ack. */
  continueHand(view, handNumber) {
    if (!this.connected) return Promise.reject(new ApiError("offline", t("Not connected: try again in a moment.")));
    this.counter += 1;
    const id = `c${handNumber}-${this.counter}`;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.socket.send(JSON.stringify({ type: "continue", game_id: view.id, hand_number: handNumber, id }));
    });
  }

  /** Say hello again with another credential (after taking a seat with the join code). */
  useCredential(credential) {
    this.credential = credential;
    this.retries = 0;
    const old = this.socket;
    this.socket = null;
    clearInterval(this.pinger);
    clearTimeout(this.probeTimer);
    if (old) old.close();
    this.open();
  }

  close() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearTimeout(this.probeTimer);
    clearInterval(this.pinger);
    window.removeEventListener("online", this.wake);
    window.removeEventListener("offline", this.check);
    document.removeEventListener("visibilitychange", this.wake);
    if (this.socket) this.socket.close();
  }
}
