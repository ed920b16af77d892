// The server's HTTP endpoints and the per-table WebSocket (docs/web-protocol.md). The room socket is in
// room-socket.js. Every call and socket says the reader's language (i18n.js), so the server's texts come in it.

import { currentLanguage, t } from "./i18n.js";

/** An error answer of the server ({"error": {code, message}}), or "offline" when it could not be reached. */
export class ApiError extends Error {
  constructor(code, message, status = 0) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

/** A call's status and answer; an error answer (or none) is thrown as an ApiError. */
async function request(method, path, body, credential = null) {
  const headers = body === undefined ? {} : { "Content-Type": "application/json" };
  headers["Accept-Language"] = currentLanguage();
  if (credential) headers.Authorization = `Bearer ${credential}`;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError("offline", t("The server cannot be reached. Is bonepile serve still running?"));
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const error = data && data.error ? data.error : { code: "error", message: t("The server answered {status}.", { status: String(response.status) }) };
    throw new ApiError(error.code, error.message, response.status);
  }
  return { status: response.status, data };
}

const call = async (method, path, body, credential = null) => (await request(method, path, body, credential)).data;

/** `call`, telling a 202 (still being computed) from a 200. */
const callWithStatus = (method, path, credential = null) => request(method, path, undefined, credential);

const seatQuery = (seat) => (seat === null || seat === undefined ? "" : `?seat=${encodeURIComponent(seat)}`);

/** A socket's query with the reader's language added (a socket cannot send Accept-Language of its own). */
export const languageQuery = (query = "") => `${query}${query ? "&" : "?"}lang=${encodeURIComponent(currentLanguage())}`;

export const api = {
  catalog: () => call("GET", "/api/games/catalog"),
  games: (status = "playing") => call("GET", `/api/games?status=${status}`),
  create: (body) => call("POST", "/api/games", body),
  summary: (id) => call("GET", `/api/games/${id}`),
  abandon: (id, seat) => call("DELETE", `/api/games/${id}${seatQuery(seat)}`),
  view: (id, seat) => call("GET", `/api/games/${id}/view${seatQuery(seat)}`),
  move: (id, seat, move, moveNumber) => call("POST", `/api/games/${id}/moves`, { seat, move, move_number: moveNumber }),
  continueHand: (id, seat, handNumber) => call("POST", `/api/games/${id}/continue`, { seat, hand_number: handNumber }),
  undo: (id, seat, moveNumber) => call("POST", `/api/games/${id}/undo`, { seat, move_number: moveNumber }),
  hint: (id, seat) => call("GET", `/api/games/${id}/hint?seat=${seat}`),
  record: (id) => call("GET", `/api/games/${id}/record`),
  /** A finished hand's review: {status: 202, progress} while it is computed, then {status: 200, review}. */
  review: (id, hand) => callWithStatus("GET", `/api/games/${id}/review?hand=${hand}`),
  reviewPositions: (id, hand) => call("GET", `/api/games/${id}/review/positions?hand=${hand}`),
  hands: (id) => call("GET", `/api/games/${id}/hands`),
};

/** The room endpoints: every one but create takes the page's credential (seat token, host token or join code). */
export const roomApi = {
  create: (body) => call("POST", "/api/rooms", body),
  get: (id, credential) => call("GET", `/api/rooms/${id}`, undefined, credential),
  join: (id, credential, name, seat = null) => call("POST", `/api/rooms/${id}/join`, { name, seat }, credential),
  claim: (id, credential, name) => call("POST", `/api/rooms/${id}/claim`, name ? { name } : {}, credential),
  setSeat: (id, credential, seat, body) => call("POST", `/api/rooms/${id}/seats/${seat}`, body, credential),
  start: (id, credential) => call("POST", `/api/rooms/${id}/start`, {}, credential),
  rematch: (id, credential, gameId) => call("POST", `/api/rooms/${id}/rematch`, { game_id: gameId }, credential),
  view: (id, credential) => call("GET", `/api/rooms/${id}/view`, undefined, credential),
  hint: (id, credential) => call("GET", `/api/rooms/${id}/hint`, undefined, credential),
  record: (id, credential, gameId) => call("GET", `/api/rooms/${id}/record${gameId ? `?game_id=${encodeURIComponent(gameId)}` : ""}`, undefined, credential),
  /** A finished hand's review of one of the room's games: as api.review. */
  review: (id, credential, gameId, hand) => callWithStatus("GET", `/api/rooms/${id}/review?hand=${hand}&game_id=${encodeURIComponent(gameId)}`, credential),
  reviewPositions: (id, credential, gameId, hand) => call("GET", `/api/rooms/${id}/review/positions?hand=${hand}&game_id=${encodeURIComponent(gameId)}`, undefined, credential),
};

/**
 * The table's live feed: opens /ws/games/{id}, hands every pushed view to onView, and reconnects
 * (with a growing pause) whenever the connection drops, e.g. while the server restarts.
 * onState("open" | "lost" | "fatal", detail) tells the page how the connection is.
 */
export class TableSocket {
  constructor(id, seat, { onView, onState }) {
    this.id = id;
    this.seat = seat;
    this.onView = onView;
    this.onState = onState;
    this.closed = false;
    this.retries = 0;
    this.socket = null;
    this.pinger = null;
    this.open();
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    return `${scheme}://${location.host}/ws/games/${this.id}${languageQuery(seatQuery(this.seat))}`;
  }

  open() {
    if (this.closed) return;
    const socket = new WebSocket(this.url());
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.retries = 0;
      socket.send(JSON.stringify({ type: "hello" })); // within the server's hello deadline
      this.onState("open");
      clearInterval(this.pinger);
      this.pinger = setInterval(() => {
        if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "ping" }));
      }, 20000);
    });
    socket.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === "view") this.onView(message.view, message.cause);
      else if (message.type === "status") this.onState(message.store === "ok" ? "open" : "saving", message);
      else if (message.type === "error") {
        this.closed = true;
        this.onState("fatal", message.error);
      }
    });
    socket.addEventListener("close", () => {
      clearInterval(this.pinger);
      if (this.closed || this.socket !== socket) return;
      this.onState("lost");
      const pause = Math.min(3000, 300 * 2 ** this.retries);
      this.retries += 1;
      setTimeout(() => this.open(), pause);
    });
  }

  close() {
    this.closed = true;
    clearInterval(this.pinger);
    if (this.socket) this.socket.close();
  }
}
