// The hint's callout: the move the computer would play and its reasons, each a fact of the position the
// server worked out (docs/web-protocol.md, the hint); the page only shows them.

import { h } from "./dom.js";

/** The callout for a hint answer ({level, move, reason, reasons}); `onClose` puts it away. */
export function hintCallout(hint, { onClose = null } = {}) {
  const reasons = hint.reasons && hint.reasons.length ? hint.reasons.map((reason) => reason.text) : [hint.reason];
  return h(
    "div",
    { class: "hint-callout", role: "note", "aria-label": "Hint" },
    h(
      "div",
      { class: "hint-move" },
      h("strong", {}, `Hint (${hint.level}): ${hint.move.label}`),
      onClose ? h("button", { type: "button", class: "quiet hint-close", "aria-label": "Close the hint", title: "Close the hint", onclick: onClose }, "\u00d7") : null,
    ),
    h(
      "ul",
      { class: "hint-reasons" },
      reasons.map((text, i) => h("li", { "data-kind": hint.reasons && hint.reasons[i] ? hint.reasons[i].kind : "plain" }, text)),
    ),
  );
}
