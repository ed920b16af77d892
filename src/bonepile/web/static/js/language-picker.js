// The language picker: the languages the page speaks, each in its own words ("Deutsch", "suomi"). A choice
// is remembered in this browser (i18n.js), and main.js draws the page anew in it.

import { h } from "./dom.js";
import { currentLanguage, setLanguage, spokenLanguages, t } from "./i18n.js";

/** A <label class="language-picker"> holding its words and the <select class="language-select">. */
export function languagePicker() {
  const current = currentLanguage();
  const select = h(
    "select",
    { class: "language-select", name: "language", onchange: (event) => setLanguage(event.target.value, true) },
    spokenLanguages().map((entry) => h("option", { value: entry.code, lang: entry.code, selected: entry.code === current }, entry.name)),
  );
  return h("label", { class: "language-picker" }, h("span", { class: "language-word" }, t("Language")), select);
}
