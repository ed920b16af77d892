// "How to play" for each game: the rule sheets told shortly, in plain words, with this app's controls.
// Each game's page is a module of its own, howto-<game>.js (its `content()`), loaded by the game's name as
// the catalog gives it: this page names no game.

import { api } from "./api.js";
import { h, parts } from "./dom.js";
import { t } from "./i18n.js";
import { p } from "./howto-parts.js";

export function howToPage(root, game) {
  const page = { closed: false, destroy: () => (page.closed = true) };
  show(root, game, page);
  return page;
}

async function show(root, game, page) {
  root.replaceChildren(h("div", { class: "loading" }, t("Loading\u2026")));
  let entry;
  let body;
  try {
    const catalog = await api.catalog();
    entry = catalog.games.find((offered) => offered.name === game);
    if (entry) body = (await import(`./howto-${entry.name}.js`)).content();
  } catch (error) {
    if (!page.closed) root.replaceChildren(h("div", { class: "page-error" }, h("h1", {}, t("This page cannot be shown")), h("p", {}, error.message)));
    return;
  }
  if (page.closed) return;
  if (!entry) {
    root.replaceChildren(h("div", { class: "page-error" }, h("h1", {}, t("No such game here")), h("a", { href: "#/", class: "button primary" }, t("Back to the start"))));
    return;
  }
  const title = entry.title;
  // TRANSLATORS: a rules page's title in the browser; {game} is the game's title.
  document.title = t("How to play {game} \u00b7 bonepile", { game: title });
  root.replaceChildren(
    h(
      "article",
      { class: "how-page" },
      h("nav", { class: "crumbs" }, h("a", { href: "#/" }, "\u2190 bonepile")),
      h("h1", {}, t("How to play {game}", { game: title })),
      ...body,
      // TRANSLATORS: the end of a rules page; {link} is a link whose words are "the Dominoes rules".
      p(...parts(t("Every rule, option and variant: {link}."), { link: h("a", { href: `/rules/${entry.name}.md`, class: "how-rules" }, t("the {game} rules", { game: title })) })),
      h("p", { class: "how-back" }, h("a", { href: "#/", class: "button primary" }, t("Start a game"))),
    ),
  );
}
