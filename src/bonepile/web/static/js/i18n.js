// The page's words in the reader's language. The catalogs are the server's (one set of .po files for the
// server and the page, GET /api/i18n/{language}); counts pick their form with Intl.PluralRules and numbers
// are written with Intl.NumberFormat, so "1 tile / 2 tiles / 5 tiles" is right in every language.
//
// t("Seat {n} name", { n: 2 }), tn("{count} tile", "{count} tiles", n), tp("verb", "Draw"): the English is
// the message id (extracted by `make messages`), and placeholders are named so a language may reorder them.

const STORAGE_KEY = "bonepile.language";
const SPOKEN = ["en", "es", "fr", "de", "nl", "fi", "fil", "lt", "sk"];

let language = "en";
let messages = {};
let languages = SPOKEN.map((code) => ({ code, name: code }));
let plurals = new Intl.PluralRules("en");
let numbers = new Intl.NumberFormat("en");
const listeners = new Set();

/** The language we speak for a code such as "de-AT" or "tl" (Tagalog: Filipino), or null. */
export function normalize(code) {
  if (!code) return null;
  const base = String(code).trim().replace("_", "-").toLowerCase();
  if (SPOKEN.includes(base)) return base;
  let primary = base.split("-")[0];
  if (primary === "tl") primary = "fil";
  return SPOKEN.includes(primary) ? primary : null;
}

/** The reader's language: their choice (remembered), else the browser's languages, else English. */
export function preferredLanguage() {
  let chosen = null;
  try {
    chosen = normalize(localStorage.getItem(STORAGE_KEY));
  } catch {
    chosen = null;
  }
  if (chosen) return chosen;
  for (const code of navigator.languages || [navigator.language]) {
    const found = normalize(code);
    if (found) return found;
  }
  return "en";
}

export const currentLanguage = () => language;
export const spokenLanguages = () => languages;

/** Loads a language's catalog and makes it the page's; `remember`: the reader chose it. */
export async function setLanguage(code, remember = false) {
  const chosen = normalize(code) || "en";
  if (remember) {
    try {
      localStorage.setItem(STORAGE_KEY, chosen);
    } catch {
      // A browser that keeps nothing still switches for this visit.
    }
  }
  try {
    const response = await fetch(`/api/i18n/${chosen}`);
    if (response.ok) {
      const catalog = await response.json();
      messages = catalog.messages || {};
      languages = catalog.languages || languages;
    } else {
      messages = {};
    }
  } catch {
    messages = {};
  }
  language = chosen;
  plurals = new Intl.PluralRules(chosen);
  numbers = new Intl.NumberFormat(chosen);
  document.documentElement.lang = chosen;
  for (const listener of listeners) listener(chosen);
}

/** Calls `listener(language)` after each change of language; returns a function that stops it. */
export function onLanguageChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A number as the reader's language writes it. */
export const formatNumber = (value) => (typeof value === "number" ? numbers.format(value) : String(value));

function fill(text, values) {
  if (!values) return text;
  return text.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name) =>
    Object.prototype.hasOwnProperty.call(values, name) ? formatNumber(values[name]) : whole,
  );
}

/** `message` in the reader's language, its {named} placeholders filled from `values`. */
export function t(message, values) {
  const found = messages[message];
  return fill(typeof found === "string" && found ? found : message, values);
}

/** `message` where the same English means different things in other languages (`context`). */
export function tp(context, message, values) {
  const found = messages[`${context}\u0004${message}`];
  return fill(typeof found === "string" && found ? found : message, values);
}

/** The form of a counted message for `count` in the reader's language; {count} is filled. */
export function tn(singular, plural, count, values) {
  const found = messages[singular];
  let text = count === 1 ? singular : plural;
  if (found && typeof found === "object") text = found[plurals.select(count)] || found.other || text;
  return fill(text, { count, ...(values || {}) });
}

/** A preset (a game's variant: "draw", "all-fives") by its name in the reader's language; the names are in
 * the catalogs from the game registry (context "preset"), the preset's machine name when there is none. */
export const presetName = (name) => (name ? tp("preset", name) : "");

/** Marks `message` for the catalogs where it is defined (a constant); t(message) translates it where shown. */
export const N_ = (message) => message;
