// Drawing the tiles themselves in SVG: domino faces (pips as dots), domino backs, Tri-Ominos faces.

import { s } from "./dom.js";

// Pip positions in a unit square, by count. Up to 9 on a 3 × 3 grid; 10 to 12 on 3 columns × 4 rows.
const L = 0.24;
const M = 0.5;
const R = 0.76;
const GRID9 = {
  0: [],
  1: [[M, M]],
  2: [[L, L], [R, R]],
  3: [[L, L], [M, M], [R, R]],
  4: [[L, L], [R, L], [L, R], [R, R]],
  5: [[L, L], [R, L], [M, M], [L, R], [R, R]],
  6: [[L, L], [L, M], [L, R], [R, L], [R, M], [R, R]],
  7: [[L, L], [L, M], [L, R], [M, M], [R, L], [R, M], [R, R]],
  8: [[L, L], [L, M], [L, R], [M, L], [M, R], [R, L], [R, M], [R, R]],
  9: [[L, L], [L, M], [L, R], [M, L], [M, M], [M, R], [R, L], [R, M], [R, R]],
};
const ROWS4 = [0.2, 0.4, 0.6, 0.8];

function pipSpots(n) {
  if (n <= 9) return GRID9[n];
  const sides = ROWS4.flatMap((y) => [[L, y], [R, y]]);
  if (n === 10) return [...sides, [M, 0.35], [M, 0.65]];
  if (n === 11) return [...sides, [M, 0.25], [M, 0.5], [M, 0.75]];
  return [...sides, ...ROWS4.map((y) => [M, y])];
}

/** The pips of one half: a square of side `size` at (x, y). */
function pips(n, x, y, size) {
  const radius = size * (n > 9 ? 0.075 : 0.085);
  return pipSpots(n).map(([px, py]) =>
    s("circle", { class: "pip", cx: x + px * size, cy: y + py * size, r: radius }),
  );
}

/**
 * A domino face filling the rectangle (x, y, w, h): `first` on the left (or top) half, `second` on the
 * right (or bottom) half.
 */
export function dominoFace(first, second, { x = 0, y = 0, w, h, className = "" } = {}) {
  const across = w >= h;
  const half = across ? w / 2 : h / 2;
  const side = Math.min(w, h);
  const round = side * 0.12;
  const inset = side * 0.06;
  const group = s("g", { class: `domino ${className}`.trim() });
  group.append(
    s("rect", { class: "tile-shadow", x: x + side * 0.03, y: y + side * 0.05, width: w, height: h, rx: round }),
    s("rect", { class: "tile-face", x, y, width: w, height: h, rx: round }),
  );
  if (across) {
    group.append(
      s("line", { class: "tile-divider", x1: x + half, y1: y + inset, x2: x + half, y2: y + h - inset }),
      ...pips(first, x, y, side),
      ...pips(second, x + half, y, side),
    );
  } else {
    group.append(
      s("line", { class: "tile-divider", x1: x + inset, y1: y + half, x2: x + w - inset, y2: y + half }),
      ...pips(first, x, y, side),
      ...pips(second, x, y + half, side),
    );
  }
  group.append(s("circle", { class: "tile-rivet", cx: x + w / 2, cy: y + h / 2, r: side * 0.045 }));
  return group;
}

/** A standalone upright domino (for the hand and for dialogs). */
export function dominoSvg(first, second, { label = null, className = "" } = {}) {
  const svg = s("svg", { class: `tile-svg domino-svg ${className}`.trim(), viewBox: "-2 -2 54 106", focusable: "false" });
  if (label) svg.setAttribute("aria-label", label);
  else svg.setAttribute("aria-hidden", "true");
  svg.append(dominoFace(first, second, { x: 0, y: 0, w: 50, h: 100 }));
  return svg;
}

/** The back of a tile (an opponent's hand, the boneyard). */
export function tileBack({ triangle = false, className = "" } = {}) {
  if (triangle) {
    const svg = s("svg", { class: `tile-svg back-svg tri ${className}`.trim(), viewBox: "-3 -3 66 58", "aria-hidden": "true" });
    svg.append(
      s("polygon", { class: "back-face", points: "0,52 30,0 60,52", "stroke-linejoin": "round" }),
      s("polygon", { class: "back-mark", points: "16,44 30,20 44,44", "stroke-linejoin": "round" }),
    );
    return svg;
  }
  const svg = s("svg", { class: `tile-svg back-svg ${className}`.trim(), viewBox: "-2 -2 54 106", "aria-hidden": "true" });
  svg.append(
    s("rect", { class: "back-face", x: 0, y: 0, width: 50, height: 100, rx: 6 }),
    s("rect", { class: "back-mark", x: 9, y: 9, width: 32, height: 82, rx: 4 }),
    s("circle", { class: "back-dot", cx: 25, cy: 50, r: 6 }),
  );
  return svg;
}

// ------------------------------------------------------------------------------------------ Tri-Ominos

/** Where a corner's number sits: part of the way from the corner toward the middle of the triangle. */
function numberSpot(corner, centre, share = 0.4) {
  return [corner[0] + (centre[0] - corner[0]) * share, corner[1] + (centre[1] - corner[1]) * share];
}

/**
 * A Tri-Ominos face on the triangle `points` (three [x, y] screen points) with `numbers` on those
 * corners, in the same order.
 */
export function triominoFace(points, numbers, { className = "", fontSize = null } = {}) {
  const centre = [(points[0][0] + points[1][0] + points[2][0]) / 3, (points[0][1] + points[1][1] + points[2][1]) / 3];
  const edge = Math.hypot(points[1][0] - points[0][0], points[1][1] - points[0][1]);
  const size = fontSize || edge * 0.23;
  const group = s("g", { class: `triomino ${className}`.trim() });
  group.append(
    s("polygon", { class: "tile-face", points: points.map((p) => p.join(",")).join(" "), "stroke-linejoin": "round" }),
  );
  numbers.forEach((number, i) => {
    const [x, y] = numberSpot(points[i], centre);
    group.append(
      s("text", { class: `tri-number n${number}`, x, y, "font-size": size, "text-anchor": "middle", "dominant-baseline": "central" }, String(number)),
    );
  });
  return group;
}

/** A standalone upright Tri-Ominos tile: the numbers clockwise from the bottom-left corner. */
export function triominoSvg(numbers, { label = null, className = "" } = {}) {
  const svg = s("svg", { class: `tile-svg tri-svg ${className}`.trim(), viewBox: "-4 -4 108 95", focusable: "false" });
  if (label) svg.setAttribute("aria-label", label);
  else svg.setAttribute("aria-hidden", "true");
  const points = [[0, 86.6], [50, 0], [100, 86.6]];
  svg.append(triominoFace(points, numbers, { fontSize: 21 }));
  return svg;
}
