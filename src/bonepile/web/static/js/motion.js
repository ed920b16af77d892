// Tiles that move: a played tile flies from where it was (your hand, or its player's card) to its place
// on the board, a drawn tile from the stock to the hand, and a bonus pops up where it was made.
//
// A flight is a copy of the tile in a fixed layer above the page, animated with the Web Animations API
// from the source box to the destination box; the real tile waits, invisible, until it lands. The page's
// own layout is never moved, so nothing can end up misplaced if a flight is cut short. With
// prefers-reduced-motion, nothing moves: tiles simply appear.

const FLIGHT_MS = 420;

const reduced = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;

export function motionOff() {
  return !!(reduced && reduced.matches);
}

function boxOf(el) {
  if (!el || !el.isConnected) return null;
  const rect = el.getBoundingClientRect();
  return rect.width > 0 && rect.height > 0 ? rect : null;
}

/** A copy of an SVG element (a tile's group inside a board) as a standalone SVG sized to its screen box. */
function copyOf(el, rect) {
  const svg = el.ownerSVGElement;
  if (!svg) {
    // An HTML element (a tile of the hand): only its picture flies, never a second button.
    const picture = el.querySelector("svg");
    const copy = picture ? picture.cloneNode(true) : document.createElement("span");
    copy.style.width = `${rect.width}px`;
    copy.style.height = `${rect.height}px`;
    return copy;
  }
  const box = el.getBBox();
  const pad = 2;
  const standalone = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  standalone.setAttribute("viewBox", `${box.x - pad} ${box.y - pad} ${box.width + 2 * pad} ${box.height + 2 * pad}`);
  standalone.setAttribute("class", svg.getAttribute("class") || "");
  standalone.style.width = `${rect.width}px`;
  standalone.style.height = `${rect.height}px`;
  const copy = el.cloneNode(true);
  copy.classList.remove("arrive", "last");
  standalone.append(copy);
  return standalone;
}

export class Motion {
  /** layer: a fixed, full-screen element that holds the flights (pointer-events: none). */
  constructor(layer) {
    this.layer = layer;
    this.flying = new Set();
  }

  get busy() {
    return this.flying.size > 0;
  }

  /**
   * Fly element `el` (already in its place, e.g. a placed tile) from the screen box `from` to its own
   * box; `el` is hidden until it lands. Answers a promise that settles when it has.
   */
  fly(el, from, { delay = 0, back = null } = {}) {
    const to = boxOf(el);
    if (motionOff() || !to || !from) return Promise.resolve();
    const node = back || copyOf(el, to);
    const shell = document.createElement("div");
    shell.className = "flight";
    shell.style.left = `${to.left}px`;
    shell.style.top = `${to.top}px`;
    shell.style.width = `${to.width}px`;
    shell.style.height = `${to.height}px`;
    if (back) {
      node.style.width = "100%";
      node.style.height = "100%";
    }
    shell.append(node);
    this.layer.append(shell);
    el.classList.add("in-flight");
    const dx = from.left + from.width / 2 - (to.left + to.width / 2);
    const dy = from.top + from.height / 2 - (to.top + to.height / 2);
    const scale = Math.max(0.35, Math.min(2.5, Math.sqrt((from.width * from.height) / (to.width * to.height))));
    const animation = shell.animate(
      [
        { transform: `translate(${dx}px, ${dy}px) scale(${scale})`, opacity: 0.85 },
        { transform: `translate(${dx * 0.35}px, ${dy * 0.35 - 18}px) scale(${(scale + 1) / 2 + 0.08})`, opacity: 1, offset: 0.6 },
        { transform: "translate(0, 0) scale(1)", opacity: 1 },
      ],
      { duration: FLIGHT_MS, delay, easing: "cubic-bezier(.3,.7,.35,1)", fill: "backwards" },
    );
    this.flying.add(animation);
    const done = () => {
      this.flying.delete(animation);
      shell.remove();
      el.classList.remove("in-flight");
    };
    return animation.finished.then(done, done);
  }

  /** Fly a copy `node` (e.g. a tile back) from the screen box `from` to element `target`, which stays shown. */
  flyTo(from, target, node) {
    const to = boxOf(target);
    if (motionOff() || !to || !from) return Promise.resolve();
    const size = Math.min(to.height, 44);
    const box = { left: to.left + to.width / 2 - size / 4, top: to.top + to.height / 2 - size / 2, width: size / 2, height: size };
    const proxy = { isConnected: true, getBoundingClientRect: () => box, classList: { add() {}, remove() {} } };
    return this.fly(proxy, from, { back: node });
  }

  /** A short note ("+64 · hexagon!") rising from the screen box `at` (where a bonus was made). */
  pop(at, text, className = "") {
    if (!at) return;
    const note = document.createElement("div");
    note.className = `pop-note ${className}`.trim();
    note.textContent = text;
    note.style.left = `${at.left + at.width / 2}px`;
    note.style.top = `${at.top}px`;
    this.layer.append(note);
    if (motionOff()) {
      setTimeout(() => note.remove(), 1800);
      return;
    }
    const animation = note.animate(
      [
        { transform: "translate(-50%, 0) scale(0.6)", opacity: 0 },
        { transform: "translate(-50%, -28px) scale(1.1)", opacity: 1, offset: 0.25 },
        { transform: "translate(-50%, -46px) scale(1)", opacity: 1, offset: 0.8 },
        { transform: "translate(-50%, -60px) scale(1)", opacity: 0 },
      ],
      { duration: 1800, easing: "ease-out" },
    );
    animation.finished.then(
      () => note.remove(),
      () => note.remove(),
    );
  }

  /** Confetti for the winner: a burst of small coloured pieces over the table, gone in two seconds. */
  celebrate() {
    if (motionOff()) return;
    const colors = ["#f5b759", "#e05a47", "#4fc68d", "#4cc9f0", "#b48cf2", "#fff3dc"];
    const width = window.innerWidth;
    for (let i = 0; i < 70; i++) {
      const piece = document.createElement("span");
      piece.className = "confetti";
      piece.style.background = colors[i % colors.length];
      piece.style.left = `${(width * (i + 0.5)) / 70}px`;
      this.layer.append(piece);
      const drift = (Math.random() - 0.5) * 240;
      const fall = window.innerHeight * (0.55 + Math.random() * 0.45);
      const spin = (Math.random() - 0.5) * 1080;
      const animation = piece.animate(
        [
          { transform: "translate(0, -20px) rotate(0deg)", opacity: 1 },
          { transform: `translate(${drift}px, ${fall}px) rotate(${spin}deg)`, opacity: 0 },
        ],
        { duration: 1600 + Math.random() * 900, delay: Math.random() * 300, easing: "cubic-bezier(.2,.6,.4,1)" },
      );
      animation.finished.then(
        () => piece.remove(),
        () => piece.remove(),
      );
    }
  }
}
