// The server's HTTP endpoints and the per-table WebSocket (docs/web-protocol.md).

/** An error answer of the server ({"error": {code, message}}), or "offline" when it could not be reached. */
export class ApiError extends Error {
  constructor(code, message, status = 0) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

async function call(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError("offline", "The server cannot be reached. Is bonepile serve still running?");
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const error = data && data.error ? data.error : { code: "error", message: `The server answered ${response.status}.` };
    throw new ApiError(error.code, error.message, response.status);
  }
  return data;
}

const seatQuery = (seat) => (seat === null || seat === undefined ? "" : `?seat=${encodeURIComponent(seat)}`);

export const api = {
  catalog: () => call("GET", "/api/games/catalog"),
  games: (status = "playing") => call("GET", `/api/games?status=${status}`),
  create: (body) => call("POST", "/api/games", body),
  summary: (id) => call("GET", `/api/games/${id}`),
  view: (id, seat) => call("GET", `/api/games/${id}/view${seatQuery(seat)}`),
  move: (id, seat, move, moveNumber) => call("POST", `/api/games/${id}/moves`, { seat, move, move_number: moveNumber }),
  undo: (id, seat, moveNumber) => call("POST", `/api/games/${id}/undo`, { seat, move_number: moveNumber }),
  hint: (id, seat) => call("GET", `/api/games/${id}/hint?seat=${seat}`),
  record: (id) => call("GET", `/api/games/${id}/record`),
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
    return `${scheme}://${location.host}/ws/games/${this.id}${seatQuery(this.seat)}`;
  }

  open() {
    if (this.closed) return;
    const socket = new WebSocket(this.url());
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.retries = 0;
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
