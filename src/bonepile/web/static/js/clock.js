// The turn timer on screen (docs/web-protocol.md, "The turn timer"): the view's clock says whose turn
// runs out and how many seconds were left when the server made the view; the page counts down from the
// moment the view arrived (not from the browser's own idea of the time) and redraws every badge.

import { h } from "./dom.js";
import { t } from "./i18n.js";

const LOW = 10; // seconds: the badge turns urgent

function words(seconds) {
  const whole = Math.ceil(seconds);
  const minutes = Math.floor(whole / 60);
  const rest = String(whole % 60).padStart(2, "0");
  return `${minutes}:${rest}`;
}

export class TurnClock {
  constructor(root) {
    this.root = root;
    this.clock = null; // {seat, limit, ends (performance.now() time)}
    this.timer = null;
  }

  /** Take the clock of a freshly arrived view (null: nobody's clock runs). */
  update(view) {
    const clock = view && view.status === "playing" ? view.clock : null;
    if (!clock) {
      this.clock = null;
      clearInterval(this.timer);
      this.timer = null;
      return;
    }
    this.clock = { seat: clock.seat, limit: clock.limit, ends: performance.now() + Math.max(0, clock.remaining) * 1000 };
    if (!this.timer) this.timer = setInterval(() => this.tick(), 250);
  }

  /** Seconds left on the running clock. */
  left() {
    return this.clock ? Math.max(0, (this.clock.ends - performance.now()) / 1000) : 0;
  }

  /** A countdown badge for `seat` when its clock runs, else null; it keeps itself up to date. */
  badge(seat, { mine = false } = {}) {
    if (!this.clock || this.clock.seat !== seat) return null;
    const el = h(
      "span",
      { class: ["turn-clock", mine ? "mine" : ""], role: "timer", "data-clock-seat": String(seat) },
      h("span", { class: "clock-bar", "aria-hidden": "true" }, h("span", { class: "clock-fill" })),
      h("span", { class: "clock-text" }),
    );
    this.paint(el);
    return el;
  }

  paint(el) {
    const left = this.left();
    const fraction = this.clock.limit > 0 ? Math.min(1, left / this.clock.limit) : 0;
    el.querySelector(".clock-text").textContent = words(left);
    el.querySelector(".clock-fill").style.width = `${(fraction * 100).toFixed(1)}%`;
    el.classList.toggle("low", left <= LOW);
    el.classList.toggle("out", left <= 0);
    el.dataset.left = String(Math.ceil(left));
    // TRANSLATORS: the turn timer read aloud; {time} is minutes and seconds, such as 0:42.
    el.setAttribute("aria-label", left > 0 ? t("{time} left to move", { time: words(left) }) : t("Time is up"));
  }

  tick() {
    if (!this.clock) return;
    for (const el of this.root.querySelectorAll(".turn-clock")) this.paint(el);
  }

  destroy() {
    clearInterval(this.timer);
    this.timer = null;
  }
}
