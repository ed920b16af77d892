// Small DOM helpers: build HTML and SVG elements from plain data, no framework.

import { t, tn } from "./i18n.js";

const SVG_NS = "http://www.w3.org/2000/svg";

function apply(el, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.setAttribute("class", Array.isArray(value) ? value.filter(Boolean).join(" ") : value);
    else if (key === "text") el.textContent = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "style" && typeof value === "object") Object.assign(el.style, value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** An HTML element: h("button", {class: "primary", onclick: go}, "Play"). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  apply(el, attrs);
  append(el, children);
  return el;
}

/** An SVG element, same calling convention as h(). */
export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  apply(el, attrs);
  append(el, children);
  return el;
}

/** Replace every child of el. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** Numbers as players write them: +43, 0, and −10 with a true minus sign. */
export function signed(points) {
  if (points > 0) return `+${points}`;
  if (points < 0) return `\u2212${-points}`;
  return "0";
}

/** A score as players write it: 43, 0, and −10 with a true minus sign (no plus). */
export function score(points) {
  return points < 0 ? `\u2212${-points}` : String(points);
}

/** English only ("3 tiles"): what a person reads goes through tn() of i18n.js instead. */
export function plural(count, word, many = `${word}s`) {
  return `${count} ${count === 1 ? word : many}`;
}

/** "3 minutes ago" for an ISO time. */
export function ago(iso) {
  const seconds = Math.max(0, (Date.now() - Date.parse(iso)) / 1000);
  if (seconds < 60) return t("just now");
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return tn("{count} minute ago", "{count} minutes ago", minutes);
  const hours = Math.round(minutes / 60);
  if (hours < 36) return tn("{count} hour ago", "{count} hours ago", hours);
  return tn("{count} day ago", "{count} days ago", Math.round(hours / 24));
}

/** "Ann and Bob", "Ann, Bob and Cy": names (or titles) as one list in the reader's language. */
export function andList(items) {
  if (items.length <= 1) return items.join("");
  // TRANSLATORS: the last two names (or game titles) of a list: "Ann and Bob".
  let text = t("{first} and {second}", { first: items[items.length - 2], second: items[items.length - 1] });
  // TRANSLATORS: a name (or game title) put before the rest of a list: "Ann, Bob and Cy".
  for (let i = items.length - 3; i >= 0; i--) text = t("{first}, {rest}", { first: items[i], rest: text });
  return text;
}

/**
 * A translated text whose {placeholders} stand for elements, as a list of children for h():
 * parts(t("Back to {link}."), { link: h("a", ...) }) gives ["Back to ", a, "."].
 */
export function parts(text, nodes) {
  return text
    .split(/(\{[A-Za-z_][A-Za-z0-9_]*\})/)
    .filter((piece) => piece !== "")
    .map((piece) => {
      const name = piece.match(/^\{([A-Za-z_][A-Za-z0-9_]*)\}$/);
      return name && Object.prototype.hasOwnProperty.call(nodes, name[1]) ? nodes[name[1]] : piece;
    });
}

/** A colour per seat, the same everywhere (avatars, placed tiles, the log). */
export function seatColor(seat) {
  return `var(--seat-${seat % 8})`;
}
