// The Dominoes line of play in SVG: a snake growing both ways from the opening tile, turning before the
// table's edge; doubles lie crossways. Also the end targets a selected tile can be played on.
//
// Geometry only: which ends a tile may go to always comes from the server's legal moves.

import { s } from "./dom.js";
import { dominoFace } from "./tiles.js";

const UNIT = 40; // SVG units per half tile; a tile is 2 × 1 units, a crossways double 1 × 2.

/**
 * One arm of the snake. `state` is where its open end is: x (the edge), y (the row's centre line),
 * dir (+1 going right, −1 going left), vdir (the way rows advance: +1 down, −1 up), afterTurn.
 * `bounds` are the arm's own left and right edges ({lo, hi}, in units): each arm turns at its own edge,
 * so that an arm can use the room the other leaves (and a spinner's arms could each get theirs).
 * place(inner, outer, double) lays one tile and returns its rectangle with the numbers on its
 * left/top (first) and right/bottom (second) halves.
 */
class Arm {
  constructor(state, bounds) {
    Object.assign(this, state);
    this.bounds = bounds;
  }

  clone() {
    return new Arm({ x: this.x, y: this.y, dir: this.dir, vdir: this.vdir, afterTurn: this.afterTurn }, this.bounds);
  }

  place(inner, outer, double) {
    const { dir, vdir } = this;
    if (this.afterTurn) {
      // The tile hanging from a corner lies along the new row, inline even if it is a double.
      const x = dir > 0 ? this.x : this.x - 2;
      this.x += 2 * dir;
      this.afterTurn = false;
      return { x, y: this.y - 0.5, w: 2, h: 1, first: dir > 0 ? inner : outer, second: dir > 0 ? outer : inner };
    }
    const length = double ? 1 : 2;
    const fits = dir > 0 ? this.x + length <= this.bounds.hi : this.x - length >= this.bounds.lo;
    if (!fits) {
      // The corner: this tile goes down (or up) the side, and the next row runs back the other way.
      const x = dir > 0 ? this.x : this.x - 1;
      const rect =
        vdir > 0
          ? { x, y: this.y - 0.5, w: 1, h: 2, first: inner, second: outer }
          : { x, y: this.y - 1.5, w: 1, h: 2, first: outer, second: inner };
      this.y += 2 * vdir;
      this.x += dir;
      this.dir = -dir;
      this.afterTurn = true;
      return rect;
    }
    if (double) {
      const x = dir > 0 ? this.x : this.x - 1;
      this.x += dir;
      return { x, y: this.y - 1, w: 1, h: 2, first: inner, second: outer };
    }
    const x = dir > 0 ? this.x : this.x - 2;
    this.x += 2 * dir;
    return { x, y: this.y - 0.5, w: 2, h: 1, first: dir > 0 ? inner : outer, second: dir > 0 ? outer : inner };
  }
}

/** How far one arm would reach in a straight line: its tiles' lengths (a crossways double is 1). */
function straightLength(tiles) {
  return tiles.reduce((sum, tile) => sum + (tile.double ? 1 : 2), 0);
}

/**
 * Where the table's edges are, around the opening tile at 0 (`half` its half width), for a table
 * `2 × reach` units wide: the line is centred while it fits; when it does not, an arm that fits keeps
 * straight and the other gets all the room it leaves, so a line growing on one side turns only at the
 * table's far edge (never in the middle of an empty table); when both are long, each gets half.
 */
export function edges(leftTiles, rightTiles, half, reach) {
  const width = 2 * reach;
  const left = half + straightLength(leftTiles) + 1; // one unit to spare for the next tile's target
  const right = half + straightLength(rightTiles) + 1;
  if (left + right <= width) {
    const lo = -left - (width - left - right) / 2;
    return { lo, hi: lo + width };
  }
  if (left <= reach) return { lo: -left, hi: width - left };
  if (right <= reach) return { lo: right - width, hi: right };
  return { lo: -reach, hi: reach };
}

/** Every tile's rectangle, and each arm ready to lay its next tile (for the targets). */
export function layout(board, reach) {
  const line = board.line;
  if (!line.length) return { rects: [], arms: null };
  const opening = board.opening_index ?? 0;
  const first = line[opening];
  const rects = new Array(line.length);
  rects[opening] = first.double
    ? { x: -0.5, y: -1, w: 1, h: 2, first: first.left, second: first.right }
    : { x: -1, y: -0.5, w: 2, h: 1, first: first.left, second: first.right };
  const half = first.double ? 0.5 : 1;
  const bounds = edges(line.slice(0, opening), line.slice(opening + 1), half, reach);
  const right = new Arm({ x: half, y: 0, dir: 1, vdir: 1, afterTurn: false }, bounds);
  for (let i = opening + 1; i < line.length; i++) {
    rects[i] = right.place(line[i].left, line[i].right, line[i].double);
  }
  const left = new Arm({ x: -half, y: 0, dir: -1, vdir: -1, afterTurn: false }, bounds);
  for (let i = opening - 1; i >= 0; i--) {
    rects[i] = left.place(line[i].right, line[i].left, line[i].double);
  }
  return { rects, arms: { left, right } };
}

/** The rectangle where `tile` would go at `end` ("left", "right", or null for the opening tile). */
function slotFor(tile, end, board, arms) {
  const [high, low] = tile.ends;
  if (end === null || !arms) {
    return tile.double
      ? { x: -0.5, y: -1, w: 1, h: 2, first: high, second: low }
      : { x: -1, y: -0.5, w: 2, h: 1, first: high, second: low };
  }
  const open = end === "left" ? board.ends[0] : board.ends[1];
  const outer = high === open ? low : high;
  return arms[end].clone().place(open, outer, tile.double);
}

function bbox(rects) {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const r of rects) {
    x0 = Math.min(x0, r.x);
    y0 = Math.min(y0, r.y);
    x1 = Math.max(x1, r.x + r.w);
    y1 = Math.max(y1, r.y + r.h);
  }
  return x0 === Infinity ? { x0: -1, y0: -1, x1: 1, y1: 1 } : { x0, y0, x1, y1 };
}

function endName(end) {
  return end === null ? "to open the hand" : `on the ${end} end`;
}

export class DominoesBoard {
  /** host: the element to draw in; onChoose(moveText) when a target is clicked. */
  constructor(host, { onChoose }) {
    this.host = host;
    this.onChoose = onChoose;
    this.view = null;
    this.previous = null;
    this.targetTile = null;
    this.fresh = null;
    this.svg = s("svg", { class: "board-svg dominoes-board", role: "img", "aria-label": "The line of play" });
    host.replaceChildren(this.svg);
    this.resizer = new ResizeObserver(() => this.draw());
    this.resizer.observe(host);
  }

  destroy() {
    this.resizer.disconnect();
  }

  render(view) {
    this.previous = this.view;
    this.view = view;
    this.fresh = this.freshIndexes();
    this.freshAt = performance.now();
    this.draw();
  }

  /** Light up the ends `tile` (a your_tiles entry) can go to; null clears them. */
  showTargets(tile) {
    this.targetTile = tile && tile.moves.length ? tile : null;
    this.draw();
  }

  targets() {
    return [...this.svg.querySelectorAll(".end-target")];
  }

  /** The move of the target under a screen point (for drag and drop), or null. */
  moveAt(clientX, clientY) {
    const el = document.elementFromPoint(clientX, clientY);
    const target = el && el.closest ? el.closest(".end-target") : null;
    return target ? target.dataset.move : null;
  }

  hoverAt(clientX, clientY) {
    const move = this.moveAt(clientX, clientY);
    for (const target of this.targets()) target.classList.toggle("hover", target.dataset.move === move);
  }

  reach() {
    const { width, height } = this.host.getBoundingClientRect();
    const aspect = height > 0 ? width / height : 2;
    return Math.max(4, Math.min(13, Math.round(aspect * 4.4)));
  }

  draw() {
    const view = this.view;
    if (!view) return;
    const board = view.board;
    const reach = this.reach();
    const { rects, arms } = layout(board, reach);
    const slots = [];
    if (this.targetTile) {
      for (const text of this.targetTile.moves) {
        const move = view.legal_moves.find((m) => m.text === text);
        if (!move) continue;
        slots.push({ move, rect: slotFor(this.targetTile, move.end, board, arms) });
      }
    }
    const box = bbox([...rects, ...slots.map((slot) => slot.rect)]);
    const { width, height } = this.host.getBoundingClientRect();
    const aspect = width > 0 && height > 0 ? width / height : 2;
    const cx = (box.x0 + box.x1) / 2;
    const cy = (box.y0 + box.y1) / 2;
    let w = Math.max(2 * reach + 2, box.x1 - box.x0 + 1.4);
    let hgt = Math.max(5, box.y1 - box.y0 + 1.4);
    if (w / hgt < aspect) w = hgt * aspect;
    else hgt = w / aspect;
    this.svg.setAttribute("viewBox", [(cx - w / 2) * UNIT, (cy - hgt / 2) * UNIT, w * UNIT, hgt * UNIT].join(" "));

    const lastMove = [...view.log].reverse().find((entry) => entry.kind === "play" || entry.kind === "open");
    const lastIndex = !lastMove ? -1 : lastMove.move.endsWith("left") ? 0 : lastMove.kind === "open" ? board.opening_index : board.line.length - 1;
    // Tiles that just arrived are animated by every redraw in the moment after the view came (the
    // selection redraws at once), never by a later one (a resize).
    const fresh = this.fresh && performance.now() - this.freshAt < 250 ? this.fresh : new Set();

    const layer = s("g", { class: "line" });
    board.line.forEach((tile, i) => {
      const r = rects[i];
      const face = dominoFace(r.first, r.second, {
        x: r.x * UNIT + 1.5,
        y: r.y * UNIT + 1.5,
        w: r.w * UNIT - 3,
        h: r.h * UNIT - 3,
        className: [i === lastIndex ? "last" : "", fresh.has(i) ? "arrive" : ""].join(" "),
      });
      face.setAttribute("data-tile", tile.tile);
      face.setAttribute("data-index", String(i));
      layer.append(face);
    });
    if (!board.line.length && !slots.length) {
      layer.append(
        s("text", { class: "board-empty", x: 0, y: 0, "text-anchor": "middle", "dominant-baseline": "central" }, "The table is empty"),
      );
    }
    const targets = s("g", { class: "targets" });
    for (const { move, rect } of slots) {
      const label = `Play ${this.targetTile.tile} ${endName(move.end)}`;
      const target = s("g", {
        class: "end-target",
        role: "button",
        tabindex: "0",
        "aria-label": label,
        "data-move": move.text,
        "data-end": move.end ?? "open",
      });
      target.append(
        s("rect", { class: "target-glow", x: rect.x * UNIT - 4, y: rect.y * UNIT - 4, width: rect.w * UNIT + 8, height: rect.h * UNIT + 8, rx: 10 }),
        dominoFace(rect.first, rect.second, { x: rect.x * UNIT + 1.5, y: rect.y * UNIT + 1.5, w: rect.w * UNIT - 3, h: rect.h * UNIT - 3, className: "ghost" }),
        s("title", {}, label),
      );
      if (move.end) {
        target.append(
          // Inside its own slot: a label never covers a placed tile's pips.
          s("text", { class: "target-label", x: (rect.x + rect.w / 2) * UNIT, y: (rect.y + rect.h / 2) * UNIT, "text-anchor": "middle", "dominant-baseline": "central" }, move.end),
        );
      }
      target.addEventListener("click", () => this.onChoose(move.text));
      target.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          this.onChoose(move.text);
        }
      });
      targets.append(target);
    }
    const focused = this.svg.contains(document.activeElement) ? document.activeElement.dataset.move : null;
    this.svg.replaceChildren(layer, targets);
    if (focused) {
      const again = this.targets().find((target) => target.dataset.move === focused);
      if (again) again.focus();
    }
    const count = board.line.length;
    this.svg.setAttribute(
      "aria-label",
      count ? `The line of play: ${count} tiles, open ends ${board.ends[0]} and ${board.ends[1]}` : "The table is empty",
    );
  }

  /** The indexes of the tiles that were not on the table at the previous view (to animate them). */
  freshIndexes() {
    const now = this.view;
    const before = this.previous && this.previous.id === now.id ? this.previous : null;
    const fresh = new Set();
    if (!before) return fresh;
    const [was, is] = [before.board.line, now.board.line];
    if (before.hand_number !== now.hand_number || before.board.opening_index === null) {
      is.forEach((_, i) => fresh.add(i));
      return fresh;
    }
    if (is.length <= was.length) return fresh;
    const shift = now.board.opening_index - before.board.opening_index;
    for (let i = 0; i < shift; i++) fresh.add(i);
    for (let i = shift + was.length; i < is.length; i++) fresh.add(i);
    return fresh;
  }
}
