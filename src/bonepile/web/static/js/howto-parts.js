// The pieces every game's how-to page is written with (howto.js shows the page of the game asked for).

import { h } from "./dom.js";

export const section = (title, ...body) => h("section", {}, h("h2", {}, title), ...body);
export const p = (...text) => h("p", {}, ...text);
export const list = (...items) => h("ul", {}, items.map((item) => h("li", {}, item)));
