// "How to play" for each game: the rule sheets told shortly, in plain words, with this app's controls.
// Each game's page is a module of its own, howto-<game>.js (its `content()`), loaded by the game's name as
// the catalog gives it: this page names no game.

import { api } from "./api.js";
import { h } from "./dom.js";
import { p } from "./howto-parts.js";

export function howToPage(root, game) {
  const page = { closed: false, destroy: () => (page.closed = true) };
  show(root, game, page);
  return page;
}

async function show(root, game, page) {
  root.replaceChildren(h("div", { class: "loading" }, "Loading\u2026"));
  let entry;
  let body;
  try {
    const catalog = await api.catalog();
    entry = catalog.games.find((offered) => offered.name === game);
    if (entry) body = (await import(`./howto-${entry.name}.js`)).content();
  } catch (error) {
    if (!page.closed) root.replaceChildren(h("div", { class: "page-error" }, h("h1", {}, "This page cannot be shown"), h("p", {}, error.message)));
    return;
  }
  if (page.closed) return;
  if (!entry) {
    root.replaceChildren(h("div", { class: "page-error" }, h("h1", {}, "No such game here"), h("a", { href: "#/", class: "button primary" }, "Back to the start")));
    return;
  }
  const title = entry.title;
  document.title = `How to play ${title} \u00b7 bonepile`;
  root.replaceChildren(
    h(
      "article",
      { class: "how-page" },
      h("nav", { class: "crumbs" }, h("a", { href: "#/" }, "\u2190 bonepile")),
      h("h1", {}, `How to play ${title}`),
      ...body,
      p("Every rule, option and variant: ", h("a", { href: `/rules/${entry.name}.md`, class: "how-rules" }, `the ${title} rules`), "."),
      h("p", { class: "how-back" }, h("a", { href: "#/", class: "button primary" }, "Start a game")),
    ),
  );
}
