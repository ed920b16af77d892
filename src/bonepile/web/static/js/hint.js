// The hint's callout: the move the computer would play and its reasons, each a fact of the position the
// server worked out (docs/web-protocol.md, the hint); the page only shows them.
//
// The callout takes its own row above the hand (the board shrinks to make room) rather than floating over
// the board, where it hid the very tiles and end it pointed to. On a short screen (a phone on its side) the
// reasons start folded under "Why?" so that the board keeps most of its height.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { levelInSentence } from "./players.js";


/** Whether a new hint's reasons start folded: on a screen too short to give them rows. */
export function foldsReasons() {
  return window.matchMedia("(max-height: 560px)").matches;
}

/**
 * The callout for a hint answer ({level, move, reason, reasons}); `onClose` puts it away, `onFold(folded)`
 * remembers the "Why?" toggle across redraws.
 */
export function hintCallout(hint, { onClose = null, folded = false, onFold = null } = {}) {
  const reasons = hint.reasons && hint.reasons.length ? hint.reasons.map((reason) => reason.text) : [hint.reason];
  const list = h(
    "ul",
    { class: "hint-reasons", id: `hint-reasons-${hint.move.text.replace(/[^A-Za-z0-9]+/g, "-")}`, hidden: folded },
    reasons.map((text, i) => h("li", { "data-kind": hint.reasons && hint.reasons[i] ? hint.reasons[i].kind : "plain" }, text)),
  );
  const why = h(
    "button",
    {
      type: "button",
      class: "quiet hint-why",
      "aria-expanded": String(!folded),
      "aria-controls": list.id,
      onclick: () => {
        const fold = !list.hidden;
        list.hidden = fold;
        why.setAttribute("aria-expanded", String(!fold));
        why.textContent = fold ? t("Why?") : t("Less");
        if (onFold) onFold(fold);
      },
    },
    // TRANSLATORS: the button that shows (or folds away) the reasons of a hint.
    folded ? t("Why?") : t("Less"),
  );
  return h(
    "div",
    { class: ["hint-callout", folded ? "folded" : ""], role: "note", "aria-label": t("Hint") },
    h(
      "div",
      { class: "hint-move" },
      // TRANSLATORS: {level} is the computer level that gave the hint ("Hard"), {move} the move it suggests.
      h("strong", {}, t("Hint ({level}): {move}", { level: levelInSentence(hint.level), move: hint.move.label })),
      why,
      onClose ? h("button", { type: "button", class: "quiet hint-close", "aria-label": t("Close the hint"), title: t("Close the hint"), onclick: onClose }, "\u00d7") : null,
    ),
    list,
  );
}
