// The pieces every game's how-to page is written with (howto.js shows the page of the game asked for).

import { h } from "./dom.js";

export const section = (title, ...body) => h("section", {}, h("h2", {}, title), ...body);
export const p = (...text) => h("p", {}, ...text);
export const list = (...items) => h("ul", {}, items.map((item) => h("li", {}, item)));

/**
 * A sentence whose part in <strong>…</strong> is set in bold (one message for translators, the markup
 * inside it): "<strong>Bridge, +40:</strong> the tile …".
 */
export const withBold = (text) => {
  const found = /^(.*?)<strong>(.*?)<\/strong>(.*)$/s.exec(text);
  return found ? h("span", {}, found[1], h("strong", {}, found[2]), found[3]) : h("span", {}, text);
};
