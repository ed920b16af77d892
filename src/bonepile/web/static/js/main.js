// The page's entry: a tiny hash router between the start page, the rules pages, a table and an online
// room (#/room/{id}?token=... or ?join=...: the credential stays in the fragment, never sent to the server),
// a finished hand's review (#/review/{id}?hand=N) and this browser's statistics (#/stats).

import { rememberGame } from "./credentials.js";
import { howToPage } from "./howto.js";
import { onLanguageChange, preferredLanguage, setLanguage, t } from "./i18n.js";
import { reviewPage } from "./review.js";
import { roomPage } from "./room.js";
import { startPage } from "./start.js";
import { statsPage } from "./stats.js";
import { openTable } from "./table.js";

const root = document.getElementById("app");
let current = null;

function navigate(hash) {
  if (location.hash === hash) route();
  else location.hash = hash;
}

function route() {
  if (current && current.destroy) current.destroy();
  current = null;
  const hash = location.hash || "#/";
  const game = hash.match(/^#\/game\/([A-Za-z0-9_-]+)$/);
  const how = hash.match(/^#\/how\/([a-z0-9-]+)$/);
  const room = hash.match(/^#\/room\/([A-Za-z0-9_-]+)(?:\?(.*))?$/);
  const review = hash.match(/^#\/review\/([A-Za-z0-9_-]+)(?:\?(.*))?$/);
  window.scrollTo(0, 0);
  if (game) {
    document.title = "bonepile";
    rememberGame(game[1]);
    current = openTable(root, game[1], { navigate });
  } else if (review) {
    current = reviewPage(root, review[1], new URLSearchParams(review[2] || ""), { navigate });
  } else if (hash === "#/stats") {
    document.title = t("Your statistics \u00b7 bonepile");
    current = statsPage(root, { navigate });
  } else if (room) {
    document.title = t("bonepile: online room");
    current = roomPage(root, room[1], new URLSearchParams(room[2] || ""), { navigate });
  } else if (how) {
    current = howToPage(root, how[1]);
  } else {
    current = startPage(root, { navigate });
  }
}

// The first drawing waits for the reader's language: a change of address before it has come draws nothing
// (the language's arrival draws the page, once: no second page, no second socket).
let ready = false;
window.addEventListener("hashchange", () => ready && route());
// A change of language draws the page anew: every text, and the sockets reopened in the new language.
onLanguageChange(() => {
  ready = true;
  route();
});
setLanguage(preferredLanguage());
