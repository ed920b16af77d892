// The start page's side lists: unfinished games to resume, and the online rooms this browser holds a
// link to.

import { roomHash, savedRooms } from "./credentials.js";
import { ago, h } from "./dom.js";

/** The unfinished games of /api/games, most recently played first. */
export function resumeCard(unfinished) {
  return h(
    "section",
    { class: "card resume", "aria-labelledby": "resume-title" },
    h("h2", { id: "resume-title" }, "Resume"),
    unfinished.games.length
      ? h(
          "ul",
          { class: "resume-list" },
          unfinished.games.map((game) =>
            h(
              "li",
              {},
              h(
                "a",
                { class: "resume-game", href: `#/game/${game.id}`, "data-game-id": game.id },
                h("span", { class: "resume-title" }, `${game.title} \u00b7 ${game.preset}`, game.hot_seat ? h("span", { class: "badge" }, "hot seat") : null),
                h(
                  "span",
                  { class: "resume-players" },
                  game.sides.map((side) =>
                    h("span", { class: "resume-side" }, side.seats.map((seat) => game.seats[seat].name).join(" & "), h("strong", {}, ` ${side.score}`)),
                  ),
                ),
                h("span", { class: "resume-when" }, `${game.hand_word[0].toUpperCase()}${game.hand_word.slice(1)} ${game.hand_number} \u00b7 ${ago(game.updated_at)}`),
              ),
            ),
          ),
        )
      : h("p", { class: "muted" }, "No unfinished games. Deal one!"),
  );
}

/** The rooms kept in this browser (credentials.js), each a link back to its seat or host page. */
export function roomsCard() {
  const rooms = savedRooms().slice(0, 6);
  return rooms.length
    ? h(
        "section",
        { class: "card resume rooms", "aria-labelledby": "rooms-title" },
        h("h2", { id: "rooms-title" }, "Your online rooms"),
        h(
          "ul",
          { class: "resume-list" },
          rooms.map((room) =>
            h(
              "li",
              {},
              h(
                "a",
                { class: "resume-game room-link", href: roomHash(room.id, "token", room.token), "data-room-id": room.id },
                h("span", { class: "resume-title" }, `${room.title || "Room"}${room.preset ? ` \u00b7 ${room.preset}` : ""}`, h("span", { class: "badge" }, room.role === "host" ? "host" : "seat")),
                h("span", { class: "resume-when" }, room.seat === null || room.seat === undefined ? "you watch" : `you play seat ${room.seat + 1}`),
              ),
            ),
          ),
        ),
      )
    : null;
}
