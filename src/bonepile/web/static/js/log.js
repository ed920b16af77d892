// The log: this hand's (round's) events in the server's words, newest at the bottom. A line that put a
// tile on the table lights that tile up on the board while it is pointed at or focused; a tap (or Enter)
// keeps it lit until the next tap. The lines come from the view (docs/web-protocol.md); nothing here
// reads a rule.

import { h, seatColor } from "./dom.js";
import { t } from "./i18n.js";

const PLACED = new Set(["play", "open", "place"]);

/** The tile a log line put down, as the board names it (data-tile), or null. */
function placedTile(entry) {
  return PLACED.has(entry.kind) && entry.tile ? entry.tile : null;
}

function boardTile(boardHost, tile) {
  return boardHost ? boardHost.querySelector(`[data-tile="${CSS.escape(tile)}"]`) : null;
}

/**
 * A tapped line's tile, brought into sight: scrolled to when it is off the screen, and `uncover()` called
 * when the log's own panel lies over it (a phone's drawer covers the board), so that the tile is seen lit.
 */
function showOnScreen(element, uncover) {
  if (!element) return;
  const box = element.getBoundingClientRect();
  if (box.bottom > 0 && box.top < window.innerHeight) {
    const above = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (uncover && above && !element.contains(above) && above.closest(".sidebar")) uncover();
    return;
  }
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  element.scrollIntoView({ block: "center", behavior: still ? "auto" : "smooth" });
}

/**
 * The log panel of `view`. `boardHost` is the element the board draws in: a line's tile is found there
 * by its data-tile (each tile is on the table at most once). `uncover()` puts the panel away when it lies
 * over a tapped line's tile.
 */
export function logPanel(view, { boardHost = null, uncover = null } = {}) {
  const word = view.hand_word;
  let kept = null; // the line lit by a tap, if any
  const light = (item, tile, on) => {
    const shown = boardTile(boardHost, tile);
    if (shown) shown.classList.toggle("log-lit", on);
    item.classList.toggle("lit", on);
  };
  const items = view.log.map((entry) => {
    const tile = placedTile(entry);
    const attrs = { class: ["log-line", `log-${entry.kind.replace(/\s+/g, "-")}`, tile ? "has-tile" : ""] };
    if (!tile) return h("li", attrs, h("span", { class: "dot", style: { background: seatColor(entry.seat) } }), h("span", {}, entry.text));
    const item = h(
      "li",
      {
        ...attrs,
        tabindex: "0",
        "data-tile": tile,
        // TRANSLATORS: a log line's title; {tile} is a tile such as 5-3.
        title: t("Show {tile} on the table", { tile }),
        onpointerenter: () => light(item, tile, true),
        onpointerleave: () => kept !== item && light(item, tile, false),
        onfocus: () => light(item, tile, true),
        onblur: () => kept !== item && light(item, tile, false),
        onclick: () => {
          if (kept && kept !== item) light(kept, kept.dataset.tile, false);
          kept = kept === item ? null : item;
          light(item, tile, kept === item || item.matches(":hover, :focus"));
          if (kept === item) showOnScreen(boardTile(boardHost, tile), uncover);
        },
        onkeydown: (event) => {
          if (event.key === "Enter" || event.key === " ") {
            event.preventDefault();
            item.click();
          }
        },
      },
      h("span", { class: "dot", style: { background: seatColor(entry.seat) } }),
      h("span", {}, entry.text),
    );
    return item;
  });
  return h(
    "section",
    { class: "panel log-panel", "aria-label": t("Moves") },
    h("h2", {}, word === "hand" ? t("Hand {number}", { number: view.hand_number }) : t("Round {number}", { number: view.hand_number })),
    items.length ? h("ol", { class: "log", role: "log", "aria-live": "off" }, items) : h("p", { class: "muted" }, t("No moves yet.")),
  );
}
