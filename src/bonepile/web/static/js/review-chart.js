// SVG line charts drawn by the page: the review's expected points of the hand move by move (one line per
// side), and the statistics page's accuracy of the last games. Every value drawn comes from the server;
// the chart only places it.

import { s } from "./dom.js";
import { formatNumber } from "./i18n.js";

const WIDTH = 640;
const PAD = { left: 44, right: 14, top: 14, bottom: 28 };

/** Round numbers for an axis from lo to hi (about `count` of them). */
function ticks(lo, hi, count = 4) {
  const span = hi - lo || 1;
  const raw = span / count;
  const step = [1, 2, 5, 10].map((m) => m * 10 ** Math.floor(Math.log10(raw))).find((m) => m >= raw) || raw;
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + 1e-9; v += step) out.push(Math.round(v * 1000) / 1000);
  return out;
}

/**
 * A line chart. series: [{label, color, points: [{x, y, key}]}]; xs: the domain [min, max]; ys: an optional
 * fixed [min, max]; current: the x of a cursor line (or null); onPick(key) when a point is clicked;
 * label: the chart's words for a screen reader; height: its drawing height; width: the width it is shown at.
 */
export function lineChart({ series, xs, ys = null, current = null, onPick = null, label, height = 220, zero = true, className = "", width = 0 }) {
  // Drawn at the width it is shown at (when known), so that its words keep their size on a phone.
  const W = width > 200 ? width : WIDTH;
  const H = width > 200 ? Math.min(height, Math.max(160, width * 0.5)) : height;
  const values = series.flatMap((line) => line.points.map((p) => p.y));
  let lo = ys ? ys[0] : Math.min(0, ...values);
  let hi = ys ? ys[1] : Math.max(0, ...values);
  if (hi - lo < 1) {
    hi += 0.5;
    lo -= 0.5;
  }
  const [x0, x1] = xs[1] > xs[0] ? xs : [xs[0], xs[0] + 1];
  const X = (x) => PAD.left + ((x - x0) / (x1 - x0)) * (W - PAD.left - PAD.right);
  const Y = (y) => PAD.top + ((hi - y) / (hi - lo)) * (H - PAD.top - PAD.bottom);
  const svg = s("svg", { class: ["line-chart", className].filter(Boolean).join(" "), viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": label, preserveAspectRatio: "xMidYMid meet" });
  const grid = s("g", { class: "chart-grid" });
  for (const v of ticks(lo, hi)) {
    grid.append(
      s("line", { x1: PAD.left, x2: W - PAD.right, y1: Y(v), y2: Y(v), class: v === 0 && zero ? "chart-zero" : "chart-rule" }),
      s("text", { x: PAD.left - 6, y: Y(v), "text-anchor": "end", "dominant-baseline": "central", class: "chart-tick" }, formatNumber(v)),
    );
  }
  for (const v of ticks(x0, x1, 6).filter((v) => Number.isInteger(v))) {
    grid.append(s("text", { x: X(v), y: H - PAD.bottom + 16, "text-anchor": "middle", class: "chart-tick" }, formatNumber(v)));
  }
  svg.append(grid);
  if (current !== null && current !== undefined) {
    svg.append(s("line", { class: "chart-cursor", x1: X(current), x2: X(current), y1: PAD.top, y2: H - PAD.bottom }));
  }
  series.forEach((line, index) => {
    if (!line.points.length) return;
    const g = s("g", { class: "chart-series", "data-series": String(index), style: `--series: ${line.color}` });
    const d = line.points.map((p, i) => `${i ? "L" : "M"}${X(p.x).toFixed(1)},${Y(p.y).toFixed(1)}`).join(" ");
    g.append(s("path", { class: "chart-line", d }));
    for (const p of line.points) {
      const dot = s("circle", { class: ["chart-dot", p.className || ""].filter(Boolean).join(" "), cx: X(p.x), cy: Y(p.y), r: p.x === current ? 6 : 4, "data-key": String(p.key) });
      if (p.title) dot.append(s("title", {}, p.title));
      if (onPick) dot.addEventListener("click", () => onPick(p.key));
      g.append(dot);
    }
    svg.append(g);
  });
  return svg;
}
