// The start page's side lists: unfinished games to resume (newest first, a handful at a time, each one
// can be abandoned), and the online rooms this browser holds a link to.

import { api } from "./api.js";
import { roomHash, savedRooms } from "./credentials.js";
import { ago, h } from "./dom.js";
import { presetName, t, tn, tp } from "./i18n.js";

/** How many unfinished games the list shows before "Show all" (fewer on a phone, where it comes first). */
export const RESUME_SHOWN = 5;
const RESUME_SHOWN_NARROW = 3;

const handful = () => (window.matchMedia("(max-width: 600px)").matches ? RESUME_SHOWN_NARROW : RESUME_SHOWN);

const newestFirst = (a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at);

function resumeLink(game) {
  const when = { number: game.hand_number, ago: ago(game.updated_at) };
  return h(
    "a",
    { class: "resume-game", href: `#/game/${game.id}`, "data-game-id": game.id },
    h(
      "span",
      { class: "resume-title" },
      `${game.title} \u00b7 ${presetName(game.preset)}`,
      // TRANSLATORS: a badge: several people play this game at one screen.
      game.hot_seat ? h("span", { class: "badge" }, t("hot seat")) : null,
    ),
    h(
      "span",
      { class: "resume-players" },
      game.sides.map((side) => h("span", { class: "resume-side" }, side.seats.map((seat) => game.seats[seat].name).join(" & "), h("strong", {}, ` ${side.score}`))),
    ),
    // TRANSLATORS: where an unfinished game is and when it was last played: "Hand 2 · 3 minutes ago".
    h("span", { class: "resume-when" }, game.hand_word === "hand" ? t("Hand {number} \u00b7 {ago}", when) : t("Round {number} \u00b7 {ago}", when)),
  );
}

/** One game of the list, with its "Abandon" button and the confirmation it asks for. */
function resumeItem(game, onGone) {
  const item = h("li", { class: "resume-item", "data-game-id": game.id });
  const hand = game.hand_word === "hand";
  const facts = { game: game.title, preset: presetName(game.preset), number: game.hand_number };
  // TRANSLATORS: {game} is a game's title, {preset} its rules' name (all-fives), {number} the hand (round) it is at.
  const question = hand ? t("Abandon {game} \u00b7 {preset}, hand {number}?", facts) : t("Abandon {game} \u00b7 {preset}, round {number}?", facts);
  // TRANSLATORS: a button's label for a screen reader; {game} is a game's title, {preset} its rules' name.
  const label = hand ? t("Abandon {game} \u00b7 {preset}, hand {number}", facts) : t("Abandon {game} \u00b7 {preset}, round {number}", facts);
  const ask = () => {
    const error = h("p", { class: "form-error", role: "alert", hidden: true });
    const yes = h(
      "button",
      {
        type: "button",
        class: "danger abandon-yes",
        onclick: async () => {
          yes.disabled = true;
          try {
            await api.abandon(game.id, game.human_seats.length ? game.human_seats[0] : null);
            onGone(item);
          } catch (failure) {
            if (failure.code === "unknown_game") {
              onGone(item); // already gone (another tab, or another player at this screen)
              return;
            }
            yes.disabled = false;
            error.hidden = false;
            error.textContent = failure.message;
          }
        },
      },
      t("Abandon"),
    );
    const keep = () => {
      show();
      item.querySelector("button.abandon")?.focus();
    };
    const no = h("button", { type: "button", class: "quiet abandon-no", onclick: keep }, t("Keep it"));
    item.replaceChildren(
      h(
        "div",
        {
          class: "abandon-confirm",
          role: "group",
          "aria-label": question,
          onkeydown: (event) => event.key === "Escape" && (event.preventDefault(), keep()),
        },
        h("p", {}, h("strong", {}, question), " ", t("It is removed for good: it cannot be resumed.")),
        h("div", { class: "abandon-actions" }, yes, no),
        error,
      ),
    );
    no.focus();
  };
  const show = () => {
    const button = h("button", { type: "button", class: "quiet abandon", title: t("Abandon this game"), "aria-label": label, onclick: ask }, t("Abandon"));
    item.replaceChildren(resumeLink(game), button);
  };
  show();
  return item;
}

/** The unfinished games of /api/games, most recently played first; a handful, then "Show all". */
export function resumeCard(unfinished) {
  const games = [...(unfinished.games || [])].sort(newestFirst);
  const card = h("section", { class: "card resume", "aria-labelledby": "resume-title" });
  const title = h("h2", { id: "resume-title" }, t("Resume"));
  const empty = () => h("p", { class: "muted" }, t("No unfinished games. Deal one!"));
  if (!games.length) {
    card.append(title, empty());
    return card;
  }
  const list = h("ul", { class: "resume-list" });
  let all = false;
  const more = h("button", { type: "button", class: "link show-all", onclick: () => ((all = !all), draw()) });
  const items = games.map((game) => resumeItem(game, (item) => gone(item)));
  const gone = (item) => {
    const index = items.indexOf(item);
    if (index >= 0) items.splice(index, 1);
    if (!items.length) {
      list.replaceWith(empty());
      more.remove();
      return;
    }
    draw();
    const next = list.querySelector(".resume-game");
    if (next) next.focus();
  };
  const draw = () => {
    const shown = all ? items : items.slice(0, handful());
    list.replaceChildren(...shown);
    more.hidden = items.length <= handful();
    more.textContent = all ? t("Show fewer") : tn("Show all {count} game", "Show all {count} games", items.length);
    more.setAttribute("aria-expanded", String(all));
  };
  draw();
  card.append(title, list, more);
  return card;
}

/** The rooms kept in this browser (credentials.js), each a link back to its seat or host page. */
export function roomsCard() {
  const rooms = savedRooms().slice(0, 6);
  return rooms.length
    ? h(
        "section",
        { class: "card resume rooms", "aria-labelledby": "rooms-title" },
        h("h2", { id: "rooms-title" }, t("Your online rooms")),
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
                h(
                  "span",
                  { class: "resume-title" },
                  `${room.title || t("Room")}${room.preset ? ` \u00b7 ${presetName(room.preset)}` : ""}`,
                  // TRANSLATORS: a badge on an online room of the start page: this browser hosts it, or holds a seat in it.
                  h("span", { class: "badge" }, room.role === "host" ? tp("room badge", "host") : tp("room badge", "seat")),
                ),
                h("span", { class: "resume-when" }, room.seat === null || room.seat === undefined ? t("you watch") : t("you play seat {n}", { n: room.seat + 1 })),
              ),
            ),
          ),
        ),
      )
    : null;
}

/** The finished games of /api/games?status=over, the latest first: each one's result and its review; and the statistics. */
export function finishedCard(over) {
  const games = [...((over && over.games) || [])].sort(newestFirst).slice(0, handful());
  const stats = h("p", { class: "stats-link" }, h("a", { href: "#/stats", class: "button quiet" }, t("Your statistics")));
  const card = h("section", { class: "card resume finished", "aria-labelledby": "finished-title" }, h("h2", { id: "finished-title" }, t("Finished games")));
  if (!games.length) {
    card.append(h("p", { class: "muted" }, t("No finished games yet.")), stats);
    return card;
  }
  const item = (game) => {
    const hands = game.hand_number;
    const hand = game.hand_word === "hand";
    const facts = { game: game.title, preset: game.preset };
    // TRANSLATORS: a button's label for a screen reader; {game} is a game's title, {preset} its rules' name.
    const label = t("Review {game} \u00b7 {preset}", facts);
    return h(
      "li",
      { class: "resume-item finished-item", "data-game-id": game.id },
      h(
        "a",
        { class: "resume-game", href: `#/game/${game.id}` },
        h("span", { class: "resume-title" }, `${game.title} \u00b7 ${game.preset}`),
        h(
          "span",
          { class: "resume-players" },
          game.sides.map((side) =>
            h(
              "span",
              { class: ["resume-side", game.winner_sides.includes(side.side) ? "winner" : ""].filter(Boolean).join(" ") },
              side.seats.map((seat) => game.seats[seat].name).join(" & "),
              h("strong", {}, ` ${side.score}`),
            ),
          ),
        ),
        // TRANSLATORS: how many hands (rounds) a finished game had, and when it ended: "3 hands · 2 days ago".
        h("span", { class: "resume-when" }, hand ? tn("{count} hand \u00b7 {ago}", "{count} hands \u00b7 {ago}", hands, { ago: ago(game.updated_at) }) : tn("{count} round \u00b7 {ago}", "{count} rounds \u00b7 {ago}", hands, { ago: ago(game.updated_at) })),
      ),
      hands >= 1 ? h("a", { class: "button quiet review-link", href: `#/review/${game.id}?hand=1`, "aria-label": label, title: label }, t("Review")) : null,
    );
  };
  card.append(h("ul", { class: "finished-list" }, games.map(item)), stats);
  return card;
}
