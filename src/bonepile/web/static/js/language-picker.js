// PLACEHOLDER (written on the i18n-table branch so that the table runs): the real language picker is
// written on another branch and replaces this file at merge. languagePicker(): a labelled <select> of
// the languages spoken; choosing one loads it, remembers it, and the page is drawn anew.

import { h } from "./dom.js";
import { currentLanguage, setLanguage, spokenLanguages, t } from "./i18n.js";

export function languagePicker() {
  const select = h(
    "select",
    { class: "language-select", onchange: () => setLanguage(select.value, true) },
    spokenLanguages().map(({ code, name }) => h("option", { value: code, selected: code === currentLanguage() }, name)),
  );
  return h("label", { class: "language-picker" }, h("span", { class: "visually-hidden" }, t("Language")), select);
}
