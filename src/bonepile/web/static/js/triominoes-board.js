// The Tri-Ominos board in SVG: the triangular grid, the placed tiles, and, for a selected tile, every
// place it fits with the points it would score (all from the server's legal moves). Pan with a drag,
// zoom with the wheel or the buttons, "fit" to see the whole layout.

import { h, s, signed } from "./dom.js";
import { N_, t, tn } from "./i18n.js";
import { triominoFace } from "./tiles.js";

const S = 100; // SVG units per triangle edge
const ROOT3 = Math.sqrt(3);

/** Board x, y (edge 1, y up) to SVG units (y down). */
const toScreen = ([x, y]) => [x * S, -y * S];

function polygon(points) {
  return points.map((p) => p.map((v) => v.toFixed(2)).join(",")).join(" ");
}

function centroid(points) {
  return [(points[0][0] + points[1][0] + points[2][0]) / 3, (points[0][1] + points[1][1] + points[2][1]) / 3];
}

/**
 * Where a label fits inside a triangle: `share` of the way from its middle toward the middle of its
 * widest side (its base). A label kept inside its own empty place never covers a neighbour's numbers.
 */
function towardBase(points, share) {
  const c = centroid(points);
  const ys = points.map((p) => p[1]);
  const apex = points.find((p) => ys.filter((y) => Math.abs(y - p[1]) < 1e-6).length === 1) || points[0];
  const base = points.filter((p) => p !== apex);
  const mid = [(base[0][0] + base[1][0]) / 2, (base[0][1] + base[1][1]) / 2];
  return [c[0] + (mid[0] - c[0]) * share, c[1] + (mid[1] - c[1]) * share];
}

/** The triangle shrunk toward its middle (so neighbouring targets stay apart). */
function shrink(points, by) {
  const c = centroid(points);
  return points.map(([x, y]) => [c[0] + (x - c[0]) * by, c[1] + (y - c[1]) * by]);
}

// The bonuses by the engine's names (the view's bonus.name), so that the page can say them in the reader's language.
const BONUS_NAMES = {
  // TRANSLATORS: Tri-Ominos: a tile sharing one side with the layout while its opposite corner touches another tile.
  bridge: N_("bridge"),
  // TRANSLATORS: Tri-Ominos: a tile that closes a ring of six triangles around a point.
  hexagon: N_("hexagon"),
  // TRANSLATORS: Tri-Ominos: a tile that closes two hexagons (rings of six triangles) at once.
  "double hexagon": N_("double hexagon"),
  // TRANSLATORS: Tri-Ominos: a tile that closes three hexagons (rings of six triangles) at once.
  "triple hexagon": N_("triple hexagon"),
  // TRANSLATORS: Tri-Ominos: the bonus of the tile that opens the game.
  "start bonus": N_("start bonus"),
};

/** A bonus's name in the reader's language (a name the page does not know is shown as it comes). */
export const bonusName = (bonus) => (BONUS_NAMES[bonus.name] ? t(BONUS_NAMES[bonus.name]) : bonus.name);

function placeWords(group) {
  const best = group.moves[0];
  const points = group.moves.map((m) => m.points);
  const low = Math.min(...points);
  const high = Math.max(...points);
  const bonus = group.moves.find((m) => m.bonus);
  const values = { place: best.place.text, points: high, low, high };
  if (bonus) {
    const more = { ...values, bonus: bonusName(bonus.bonus), bonusPoints: bonus.bonus.points };
    // TRANSLATORS: a lit place on the board: {place} is where (board notation), then what the tile scores there, with the bonus's name and points.
    return low === high ? t("{place}: {points} points, {bonus} {bonusPoints}", more) : t("{place}: {low} to {high} points, {bonus} {bonusPoints}", more);
  }
  // TRANSLATORS: a lit place on the board: {place} is where (board notation), then what the tile scores there.
  return low === high ? t("{place}: {points} points", values) : t("{place}: {low} to {high} points", values);
}

export class TriominoesBoard {
  /** onChoose(moveText) plays a move; onPending(group | null) says a place waits for its rotation. */
  constructor(host, { onChoose, onPending = () => {} }) {
    this.host = host;
    this.onChoose = onChoose;
    this.onPending = onPending;
    this.view = null;
    this.previous = null;
    this.tile = null; // the selected your_tiles entry
    this.groups = []; // places the selected tile fits: {key, place, moves, xy}
    this.hover = null; // {key, rotation} shown as a ghost
    this.pending = null; // {key, rotation}: a place clicked where several rotations fit
    this.zoom = { k: 1, tx: 0, ty: 0 };
    this.autoFit = true;
    this.fresh = new Set();
    this.freshAt = 0;

    this.svg = s("svg", { class: "board-svg triominoes-board", role: "group", "aria-label": t("The board") });
    this.pattern = s(
      "pattern",
      { id: "tri-grid", width: S, height: S * ROOT3, patternUnits: "userSpaceOnUse" },
      s("path", {
        class: "grid-line",
        d: `M0 0H${S}M0 ${(S * ROOT3) / 2}H${S}M0 0L${S} ${S * ROOT3}M${S} 0L0 ${S * ROOT3}`,
      }),
    );
    this.viewport = s("g", { class: "viewport" });
    this.svg.append(s("defs", {}, this.pattern), this.viewport);
    this.controls = h(
      "div",
      { class: "board-controls" },
      h("button", { type: "button", class: "icon-button", "aria-label": t("Zoom in"), title: t("Zoom in (+)"), onclick: () => this.zoomBy(1.25) }, "+"),
      h("button", { type: "button", class: "icon-button", "aria-label": t("Zoom out"), title: t("Zoom out (\u2212)"), onclick: () => this.zoomBy(0.8) }, "\u2212"),
      // TRANSLATORS: the button that zooms the board so that the whole layout is seen.
      h("button", { type: "button", class: "fit-button", "aria-label": t("Fit to board"), title: t("Fit to board (F)"), onclick: () => this.fit(true) }, t("Fit")),
    );
    this.rotateBar = h("div", { class: "rotate-bar", hidden: true, role: "group", "aria-label": t("Choose how the tile sits") });
    // What the shown preview would score: below the board, never over its tiles.
    this.previewNote = h("div", { class: "preview-note", hidden: true, "aria-live": "polite" });
    host.replaceChildren(this.svg, this.controls, this.previewNote, this.rotateBar);
    this.listen();
    this.resizer = new ResizeObserver(() => {
      if (this.autoFit) this.fit(false);
      else this.applyZoom();
    });
    this.resizer.observe(host);
  }

  // ---------------------------------------------------------------- what the table asks of its board

  /** A picked tile always shows its places on the board (it may fit one place in several ways). */
  get playsAtOnce() {
    return false;
  }

  turnPrompt(view, draw) {
    // TRANSLATORS: the pool: the Tri-Ominos tiles left face down; buying is drawing from it.
    return draw ? t("Your turn: pick a tile, then a lit place, or buy from the pool.") : t("Your turn: pick a tile, then a lit place.");
  }

  /** A hand tile in words, for a screen reader: its value and how many places it fits. */
  tileLabel(tile, view, { playable, dim }) {
    const count = new Set(tile.moves.map((text) => text.split(" ").slice(1).join(" "))).size;
    const values = { tile: tile.tile, value: tile.value };
    // TRANSLATORS: a tile in your hand, read aloud: its numbers ("0-1-2"), its value (its numbers added up), and how many places it fits.
    if (playable) return tn("{tile}, worth {value}, fits {count} place", "{tile}, worth {value}, fits {count} places", count, values);
    if (dim) return t("{tile}, worth {value}, fits nowhere", values);
    return t("{tile}, worth {value}", values);
  }

  destroy() {
    this.resizer.disconnect();
  }

  // ---------------------------------------------------------------------------------------- input

  listen() {
    let drag = null;
    this.svg.addEventListener("pointerdown", (event) => {
      if (event.button !== 0) return;
      drag = { x: event.clientX, y: event.clientY, tx: this.zoom.tx, ty: this.zoom.ty, moved: false, id: event.pointerId };
    });
    this.svg.addEventListener("pointermove", (event) => {
      if (drag && event.pointerId === drag.id) {
        const dx = event.clientX - drag.x;
        const dy = event.clientY - drag.y;
        if (!drag.moved && Math.hypot(dx, dy) > 6) {
          drag.moved = true;
          this.svg.setPointerCapture(event.pointerId);
          this.svg.classList.add("panning");
        }
        if (drag.moved) {
          this.zoom.tx = drag.tx + dx;
          this.zoom.ty = drag.ty + dy;
          this.autoFit = false;
          this.applyZoom();
        }
        return;
      }
      if (this.tile && !this.pending) this.hoverAt(event.clientX, event.clientY);
    });
    const end = (event) => {
      if (!drag || event.pointerId !== drag.id) return;
      if (drag.moved) {
        this.svg.classList.remove("panning");
        this.suppressClick = true;
        setTimeout(() => (this.suppressClick = false), 0);
      }
      drag = null;
    };
    this.svg.addEventListener("pointerup", end);
    this.svg.addEventListener("pointercancel", end);
    this.svg.addEventListener("pointerleave", () => {
      if (!this.pending && this.hover) {
        this.hover = null;
        this.drawGhost();
      }
    });
    this.svg.addEventListener(
      "wheel",
      (event) => {
        event.preventDefault();
        const rect = this.svg.getBoundingClientRect();
        this.zoomBy(Math.exp(-event.deltaY * 0.0015), event.clientX - rect.left, event.clientY - rect.top);
      },
      { passive: false },
    );
  }

  zoomBy(factor, px = null, py = null) {
    const rect = this.svg.getBoundingClientRect();
    const x = px ?? rect.width / 2;
    const y = py ?? rect.height / 2;
    const k = Math.min(4, Math.max(0.15, this.zoom.k * factor));
    const f = k / this.zoom.k;
    this.zoom = { k, tx: x - (x - this.zoom.tx) * f, ty: y - (y - this.zoom.ty) * f };
    this.autoFit = false;
    this.applyZoom();
  }

  applyZoom() {
    const { k, tx, ty } = this.zoom;
    this.viewport.setAttribute("transform", `translate(${tx.toFixed(1)} ${ty.toFixed(1)}) scale(${k.toFixed(4)})`);
    this.svg.classList.toggle("fitted", this.autoFit);
  }

  /** Show the whole layout and every place the viewer could play (the server's bounds). */
  fit(byUser) {
    if (byUser) this.autoFit = true;
    const rect = this.svg.getBoundingClientRect();
    if (!this.view || rect.width < 10 || rect.height < 10) return;
    const b = this.view.board.bounds;
    const minX = Math.min(b.min_x, -1.5) * S;
    const maxX = Math.max(b.max_x, 2.5) * S;
    const minY = -Math.max(b.max_y, 1.6) * S;
    const maxY = -Math.min(b.min_y, -0.8) * S;
    // Keep clear of the zoom buttons and the rotate bar along the bottom edge (on a short board the
    // zoom buttons stand in a column at the left instead, so the board keeps its height).
    const short = rect.height < 280;
    this.host.classList.toggle("short-board", short);
    const [top, bottom, side, left] = short ? [6, 34, 8, 52] : [8, 52, 12, 12];
    const width = rect.width - side - left;
    const height = rect.height - top - bottom;
    const margin = 0.35 * S;
    const k = Math.min(1.6, width / (maxX - minX + 2 * margin), height / (maxY - minY + 2 * margin));
    this.zoom = {
      k,
      tx: left + width / 2 - ((minX + maxX) / 2) * k,
      ty: top + height / 2 - ((minY + maxY) / 2) * k,
    };
    this.applyZoom();
  }

  // ---------------------------------------------------------------------------------------- drawing

  render(view) {
    this.previous = this.view;
    this.view = view;
    this.fresh = this.freshOrders();
    this.freshAt = performance.now();
    if (this.tile) {
      const still = view.your_tiles.find((t) => t.tile === this.tile.tile && t.moves.length);
      this.setTile(still || null, false);
    }
    this.draw();
    if (this.autoFit) this.fit(false);
  }

  freshOrders() {
    const before = this.previous && this.previous.id === this.view.id ? this.previous : null;
    if (!before) return new Set();
    const sameRound = before.hand_number === this.view.hand_number;
    const known = sameRound ? Math.max(0, ...before.board.tiles.map((t) => t.order || 0)) : 0;
    return new Set(this.view.board.tiles.filter((t) => (t.order || 0) > known).map((t) => t.order));
  }

  /** Select a tile (a your_tiles entry, or null): its places light up. */
  showTargets(tile) {
    this.setTile(tile, false);
    this.draw();
  }

  setTile(tile, reset) {
    const same = this.tile && tile && this.tile.tile === tile.tile;
    this.tile = tile && tile.moves.length ? tile : null;
    if (reset || !same) {
      this.hover = null;
      this.setPending(null);
    }
    this.groups = [];
    if (!this.tile || !this.view) return;
    const byPlace = new Map();
    for (const text of this.tile.moves) {
      const move = this.view.legal_moves.find((m) => m.text === text);
      if (!move || !move.place) continue;
      const key = move.place.text;
      if (!byPlace.has(key)) byPlace.set(key, { key, place: move.place, xy: move.xy, moves: [] });
      byPlace.get(key).moves.push(move);
    }
    this.groups = [...byPlace.values()].sort((a, b) => b.place.row - a.place.row || a.place.col - b.place.col);
    if (this.pending && !byPlace.has(this.pending.key)) this.setPending(null);
  }

  draw() {
    const view = this.view;
    if (!view) return;
    const tiles = view.board.tiles;
    const lastOrder = Math.max(0, ...tiles.map((t) => t.order || 0));
    const fresh = performance.now() - this.freshAt < 250 ? this.fresh : new Set();
    const layer = s("g", { class: "placed" });
    for (const tile of tiles) {
      const face = triominoFace(tile.xy.map(toScreen), tile.corners, {
        className: [tile.order === lastOrder ? "last" : "", fresh.has(tile.order) ? "arrive" : ""].join(" "),
      });
      face.setAttribute("data-tile", tile.tile);
      face.setAttribute("data-place", tile.place.text);
      layer.append(face);
    }
    const background = s("rect", { class: "grid-fill", x: -60 * S, y: -60 * S, width: 120 * S, height: 120 * S, fill: "url(#tri-grid)" });
    this.targetLayer = s("g", { class: "targets" });
    this.groups.forEach((group, index) => this.targetLayer.append(this.target(group, index)));
    this.ghostLayer = s("g", { class: "ghosts", "pointer-events": "none" });
    this.viewport.replaceChildren(background, layer, this.targetLayer, this.ghostLayer);
    if (!tiles.length && !this.groups.length) {
      this.viewport.append(s("text", { class: "board-empty", x: S / 2, y: -S / 3, "text-anchor": "middle" }, t("The board is empty")));
    }
    this.svg.setAttribute("aria-label", tn("The board: {count} tile placed", "The board: {count} tiles placed", tiles.length));
    this.drawGhost();
    this.applyZoom();
  }

  target(group, index) {
    const points = group.xy.map(toScreen);
    const c = centroid(points);
    const best = Math.max(...group.moves.map((m) => m.points));
    const bonus = group.moves.find((m) => m.bonus);
    const words = placeWords(group);
    const el = s("g", {
      class: ["place-target", bonus ? "bonus" : "", group.moves.length > 1 ? "rotations" : ""].join(" "),
      role: "button",
      tabindex: "0",
      // TRANSLATORS: {where} is a lit place and what the tile scores there, as "1,0 up: 12 points".
      "aria-label": t("Place {tile} at {where}", { tile: this.tile.tile, where: words }),
      "data-place": group.key,
      "data-index": String(index),
    });
    const [px, py] = bonus ? towardBase(points, -0.12) : [c[0], c[1]];
    el.append(
      s("polygon", { class: "target-shape", points: polygon(shrink(points, 0.9)) }),
      s("text", { class: "target-points", x: px, y: py, "text-anchor": "middle", "dominant-baseline": "central" }, signed(best)),
    );
    if (bonus) {
      const [bx, by] = towardBase(points, 0.62);
      el.append(s("text", { class: "target-bonus", x: bx, y: by, "text-anchor": "middle", "dominant-baseline": "central" }, bonusName(bonus.bonus)));
    }
    el.append(s("title", {}, words));
    el.addEventListener("click", () => {
      if (!this.suppressClick) this.choose(group.key);
    });
    el.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        this.choose(group.key);
      }
    });
    el.addEventListener("focus", () => {
      if (!this.pending) {
        this.hover = { key: group.key, rotation: 0 };
        this.drawGhost();
      }
    });
    el.addEventListener("blur", () => {
      if (!this.pending && this.hover && this.hover.key === group.key) {
        this.hover = null;
        this.drawGhost();
      }
    });
    return el;
  }

  drawGhost() {
    if (!this.ghostLayer) return;
    const shown = this.pending || this.hover;
    this.ghostLayer.replaceChildren();
    for (const target of this.targetLayer.children) {
      target.classList.toggle("hover", !!shown && target.dataset.place === shown.key);
      target.classList.toggle("pending", !!this.pending && target.dataset.place === this.pending.key);
    }
    const group = shown ? this.groups.find((g) => g.key === shown.key) : null;
    this.host.classList.toggle("previewing", !!group);
    if (!group) {
      this.previewNote.hidden = true;
      return;
    }
    const move = group.moves[shown.rotation % group.moves.length];
    const points = move.xy.map(toScreen);
    // The preview: the tile as it would sit, clearly not yet placed (see-through, dashed, glowing).
    this.ghostLayer.append(s("polygon", { class: "ghost-halo", points: polygon(points), "stroke-linejoin": "round" }), triominoFace(points, move.corners, { className: "ghost" }));
    const values = { tile: this.tile ? this.tile.tile : "", points: signed(move.points), bonus: move.bonus ? bonusName(move.bonus) : "" };
    let note;
    // TRANSLATORS: beneath the board, what the tile shown there would score; {points} is like "+12", {bonus} a bonus's name.
    if (this.tile) note = move.bonus ? t("{tile} here: {points} \u00b7 {bonus}!", values) : t("{tile} here: {points} points", values);
    else note = move.bonus ? t("Tile here: {points} \u00b7 {bonus}!", values) : t("Tile here: {points} points", values);
    this.previewNote.textContent = note;
    this.previewNote.classList.toggle("bonus", !!move.bonus);
    this.previewNote.hidden = !!this.pending; // the rotate bar says it then
  }

  /** The place under a screen point, or null. */
  placeAt(clientX, clientY) {
    const el = document.elementFromPoint(clientX, clientY);
    const target = el && el.closest ? el.closest(".place-target") : null;
    return target ? target.dataset.place : null;
  }

  hoverAt(clientX, clientY) {
    const key = this.placeAt(clientX, clientY);
    const current = this.hover ? this.hover.key : null;
    if (key === current) return;
    this.hover = key ? { key, rotation: 0 } : null;
    this.drawGhost();
  }

  /** A drop (from drag and drop) at a screen point: true if it landed on a place. */
  dropAt(clientX, clientY) {
    const key = this.placeAt(clientX, clientY);
    if (!key) return false;
    this.choose(key);
    return true;
  }

  /** A place was picked: one way to put the tile there plays at once; several ask for the rotation. */
  choose(key) {
    const group = this.groups.find((g) => g.key === key);
    if (!group) return;
    if (group.moves.length === 1) {
      this.onChoose(group.moves[0].text);
      return;
    }
    const rotation = this.hover && this.hover.key === key ? this.hover.rotation : 0;
    this.setPending({ key, rotation });
    this.drawGhost();
  }

  setPending(pending) {
    this.pending = pending;
    const bar = this.rotateBar;
    if (!pending) {
      bar.hidden = true;
      bar.replaceChildren();
      this.onPending(null);
      return;
    }
    const group = this.groups.find((g) => g.key === pending.key);
    const move = group.moves[pending.rotation % group.moves.length];
    bar.hidden = false;
    bar.replaceChildren(
      // TRANSLATORS: several ways to turn the tile fit at one place; {place} is where (board notation).
      h("span", { class: "rotate-note" }, tn("{count} way fits at {place}", "{count} ways fit at {place}", group.moves.length, { place: group.key })),
      h("button", { type: "button", class: "rotate-button", "aria-label": t("Rotate the tile (R)"), onclick: () => this.rotate() }, `\u27f3 ${t("Rotate")}`),
      h(
        "button",
        { type: "button", class: "primary place-button", onclick: () => this.onChoose(move.text) },
        // TRANSLATORS: the button that places the tile as shown; {points} is like "+12", {bonus} a bonus's name.
        move.bonus ? t("Place for {points} ({bonus})", { points: signed(move.points), bonus: bonusName(move.bonus) }) : t("Place for {points}", { points: signed(move.points) }),
      ),
      h("button", { type: "button", class: "quiet", onclick: () => this.cancel() }, t("Cancel")),
    );
    this.onPending(group);
  }

  rotate() {
    if (!this.pending) return false;
    const focused = document.activeElement && document.activeElement.classList.contains("place-button");
    this.setPending({ key: this.pending.key, rotation: this.pending.rotation + 1 });
    this.drawGhost();
    if (focused) this.rotateBar.querySelector(".place-button").focus();
    return true;
  }

  /** Place the pending tile as shown (the Enter key). */
  confirm() {
    if (!this.pending) return false;
    const group = this.groups.find((g) => g.key === this.pending.key);
    this.onChoose(group.moves[this.pending.rotation % group.moves.length].text);
    return true;
  }

  cancel() {
    if (!this.pending) return false;
    this.setPending(null);
    this.drawGhost();
    return true;
  }

  targets() {
    return [...this.svg.querySelectorAll(".place-target")];
  }

  /** Show a hinted move: its place lit, the ghost in the right rotation. */
  showMove(move) {
    const group = this.groups.find((g) => g.key === move.place.text);
    if (!group) return;
    const rotation = Math.max(0, group.moves.findIndex((m) => m.text === move.text));
    this.hover = { key: group.key, rotation };
    this.drawGhost();
  }
}
