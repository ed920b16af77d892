// What this browser holds for each room: its own credential (seat or host token), and for the host the
// seat links handed out at creation (the server shows them only once). Kept in localStorage, and carried
// in the page's URL fragment (after "#"), which is never sent to the server.

const KEY = "bonepile.rooms";

function all() {
  try {
    return JSON.parse(localStorage.getItem(KEY)) || {};
  } catch {
    return {};
  }
}

function store(rooms) {
  try {
    localStorage.setItem(KEY, JSON.stringify(rooms));
  } catch {
    // private browsing: the link in the address bar is all there is
  }
}

/** {token, seatTokens: {seat: token}} for room `id`, or null. */
export function savedRoom(id) {
  return all()[id] || null;
}

/** Every room this browser holds a credential for, the latest first: [{id, token, role, seat, title, preset, saved}]. */
export function savedRooms() {
  return Object.entries(all())
    .filter(([, entry]) => entry && entry.token)
    .map(([id, entry]) => ({ id, ...entry }))
    .sort((a, b) => (b.saved || 0) - (a.saved || 0));
}

/** Merge `entry` into what is kept for room `id`. */
export function saveRoom(id, entry) {
  const rooms = all();
  const before = rooms[id] || { seatTokens: {} };
  rooms[id] = { ...before, ...entry, seatTokens: { ...before.seatTokens, ...(entry.seatTokens || {}) }, saved: Date.now() };
  store(rooms);
}

/** Forget room `id` if what is kept for it is `token` (the server said the room or the link is gone). */
export function forgetRoom(id, token) {
  const rooms = all();
  if (!rooms[id] || rooms[id].token !== token) return;
  delete rooms[id];
  store(rooms);
}

/** A host's seat link that stopped working (the seat was set again, or a friend took it with the join code). */
export function forgetSeatToken(id, seat) {
  const rooms = all();
  if (!rooms[id]) return;
  delete rooms[id].seatTokens[seat];
  store(rooms);
}

/** The room page's address for a credential: kind is "token" (a seat or the host) or "join" (the share link). */
export function roomLink(id, kind, credential) {
  return `${location.origin}${location.pathname}#/room/${id}?${kind}=${encodeURIComponent(credential)}`;
}

/** The route's own part of a room link, for location.hash. */
export function roomHash(id, kind, credential) {
  return `#/room/${id}?${kind}=${encodeURIComponent(credential)}`;
}

// The solo games this browser played (the statistics page reads them), finished ones too: {id: seen}.
const GAMES_KEY = "bonepile.games";

function gamesKept() {
  try {
    return JSON.parse(localStorage.getItem(GAMES_KEY)) || {};
  } catch {
    return {};
  }
}

/** Keep game `id` among this browser's games (its table or its review was opened here). */
export function rememberGame(id) {
  const games = gamesKept();
  games[id] = games[id] || Date.now();
  try {
    localStorage.setItem(GAMES_KEY, JSON.stringify(games));
  } catch {
    // private browsing: nothing is kept
  }
}

/** The ids of this browser's games, the latest first. */
export function savedGames() {
  return Object.entries(gamesKept())
    .sort((a, b) => b[1] - a[1])
    .map(([id]) => id);
}

/** Forget game `id` (the server no longer has it). */
export function forgetGame(id) {
  const games = gamesKept();
  delete games[id];
  try {
    localStorage.setItem(GAMES_KEY, JSON.stringify(games));
  } catch {
    // nothing kept
  }
}
