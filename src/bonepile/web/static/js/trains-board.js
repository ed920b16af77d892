// The trains board in SVG: the hub with the round's engine in the middle and the trains going out from it,
// one per player and the shared one marked apart, each turning back before the table's edge (the snake of
// the line of play, dominoes-board.js's Arm); a marker (a small engine in its owner's colour) on every open
// train; a double that waits to be covered lit, with the server's note of who must cover it; your own train
// in your colour; and, for a picked tile, every train it can go on lit, to click or to drop the tile on.
//
// Geometry only: which trains a tile may go on always comes from the server's legal moves (each names its
// train), and the words come from the view (docs/web-protocol.md, "Trains parts").

import { h, s, seatColor } from "./dom.js";
import { Arm } from "./dominoes-board.js";
import { t, tn } from "./i18n.js";
import { dominoFace } from "./tiles.js";

const UNIT = 40; // SVG units per half tile: a tile is 2 × 1 units, a crossways double 1 × 2.
const STRIP = 1.0; // the strip above each train for its name and marker (labels "above"), in units
const GAP = 0.35; // between two trains
const HUB = 2.6; // the hub's width
const START = 0.35; // between the hub and a train's first tile (or its name, labels "beside")
const NAME_FONT = 0.5; // a name beside its train, in units (at least NAME_PX on the screen)
const NAME_PX = 11; // the smallest name beside a train that reads on a phone, in pixels
const NAME_MAX = 0.95; // the largest, in units: a name stays within its lane's first row
const PAD = 0.12; // above and below a train's tiles, inside its lane
const CHAR = 0.62; // a character's width, in font sizes (an estimate, to keep names inside their room)

/** A train's name with what is to know about it: "Bob's train · open · double to cover" (the name is the server's). */
function labelWith(train) {
  const values = { train: train.label };
  // TRANSLATORS: {train} is a train's name (the server's words, as "Bob's train"); "open": its owner's marker is out, anyone may play on it; "double to cover": a double on it must be covered first.
  if (train.marked && train.waiting) return t("{train} \u00b7 open \u00b7 double to cover", values);
  if (train.marked) return t("{train} \u00b7 open", values);
  if (train.waiting) return t("{train} \u00b7 double to cover", values);
  return train.label;
}

/** Names joined with "or": "your train or the Mexican Train". */
function either(items) {
  return items.reduce((first, second) => t("{first} or {second}", { first, second }));
}

/** How wide (in units) the names beside the trains need to be, in a font of `font` units: the longest
 * short name, and a marker. */
function besideWidth(trains, font = NAME_FONT) {
  const longest = Math.max(4, ...trains.map((train) => Math.min(12, train.short.length)));
  return longest * font * CHAR + 1.5 * (font / NAME_FONT);
}

/**
 * A train's tiles laid out as a snake from its start, and the room of its next tile (`slot`, crossways if
 * `double`: the picked tile is a double). The lane is as tall as what it holds: a train of one row without
 * a double is a low one, so that many trains stand close on a small table.
 */
function layTrain(train, { x0, dir, top, length, strip, double = false }) {
  // A snake's corner stands one unit past the edge it turns at (dominoes-board.js): the bounds keep that
  // unit inside the lane, so that a train coming back never runs into the hub.
  const bounds = dir > 0 ? { lo: x0 + 1, hi: x0 + length - 1 } : { lo: x0 - length + 1, hi: x0 - 1 };
  const arm = new Arm({ x: x0, y: 0, dir, vdir: 1, afterTurn: false }, bounds);
  const rects = train.tiles.map((tile) => arm.place(tile.near, tile.far, tile.double));
  const slot = arm.clone().place(train.open_end, double ? train.open_end : train.open_end === 0 ? 1 : 0, double);
  const held = [...rects, slot];
  const dy = top + strip + PAD - Math.min(...held.map((r) => r.y));
  for (const r of held) r.y += dy;
  arm.y += dy;
  const bottom = Math.max(...held.map((r) => r.y + r.h)) + PAD;
  return { rects, arm, slot, top, row: dy, bottom, x0, dir, length };
}

/**
 * Every train's place for a table of `length` units from a train's start to the edge, `sides` 1 (all
 * trains to the right of the hub) or 2 (the hub in the middle, half the trains each way), each train's
 * name `labels` "above" it (a strip of its own) or "beside" it (between the hub and its first tile: the
 * trains stand closer, for a low table). Answers the lanes, the hub and the box around it all.
 */
export function arrange(trains, sides, length, labels = "above", double = false, font = NAME_FONT, split = null) {
  const order = laneOrder(trains);
  const cut = sides === 2 ? (split === null ? Math.floor(order.length / 2) : split) : 0;
  const columns = sides === 2 ? [order.slice(0, cut), order.slice(cut)] : [[], order];
  const strip = labels === "above" ? STRIP : 0;
  const beside = labels === "beside" ? besideWidth(trains, font) : 0;
  const lanes = [];
  const heights = [];
  columns.forEach((column, c) => {
    const dir = c === 0 ? -1 : 1;
    const edge = sides === 2 ? dir * (HUB / 2 + START) : HUB + START;
    const x0 = edge + dir * beside;
    let y = 0;
    const laid = column.map((train) => {
      const lane = { train, edge, labels, font, ...layTrain(train, { x0, dir, top: y, length, strip, double }) };
      y = lane.bottom + GAP;
      return lane;
    });
    heights.push(Math.max(0, y - GAP));
    lanes.push(laid);
  });
  // Both columns centred on the hub.
  const tall = Math.max(...heights);
  columns.forEach((_, c) => {
    const shift = (tall - heights[c]) / 2;
    for (const lane of lanes[c]) shiftLane(lane, shift);
  });
  const all = lanes.flat();
  const hub = sides === 2 ? { x: -HUB / 2, y: 0, w: HUB, h: tall } : { x: 0, y: 0, w: HUB, h: tall };
  let x1 = hub.x + hub.w;
  let xmin = hub.x;
  for (const lane of all) {
    const ends = [lane.edge, ...lane.rects.flatMap((r) => [r.x, r.x + r.w]), lane.slot.x, lane.slot.x + lane.slot.w, lane.x0 + lane.dir * lane.length];
    x1 = Math.max(x1, ...ends);
    xmin = Math.min(xmin, ...ends);
  }
  return { lanes: all, hub, box: { x0: xmin - 0.2, y0: -0.2, x1: x1 + 0.2, y1: tall + 0.2 } };
}

function shiftLane(lane, dy) {
  lane.top += dy;
  lane.row += dy;
  lane.bottom += dy;
  lane.arm.y += dy;
  for (const r of [...lane.rects, lane.slot]) r.y += dy;
}

/** The trains in the order they are drawn: the shared train first, then the others, your own last. */
function laneOrder(trains) {
  const mexican = trains.filter((train) => train.mexican);
  const others = trains.filter((train) => !train.mexican && !train.yours);
  const yours = trains.filter((train) => train.yours);
  // The others from the seat after yours, as play goes round the table.
  const after = yours.length ? yours[0].owner : -1;
  others.sort((a, b) => ((a.owner - after + 64) % 64) - ((b.owner - after + 64) % 64));
  return [...mexican, ...others, ...yours];
}

/**
 * The best arrangement for a board of `width` × `height` pixels: the one whose tiles come out largest
 * (names above the trains win a near tie: they read better). Answers it with `perUnit` (pixels per unit).
 */
export function bestArrangement(trains, width, height, double = false) {
  let best = null;
  const fitOf = (laid) => Math.min(width / (laid.box.x1 - laid.box.x0), height / (laid.box.y1 - laid.box.y0));
  const consider = (labels, sides, length, split) => {
    let laid = arrange(trains, sides, length, labels, double, NAME_FONT, split);
    let fit = fitOf(laid);
    // Names beside the trains never smaller than a phone can read: a small scale gives them more units
    // (and the trains less room), until the two agree.
    for (let round = 0; labels === "beside" && round < 3; round++) {
      const font = Math.min(NAME_MAX, Math.max(NAME_FONT, NAME_PX / fit));
      if (Math.abs(font - laid.lanes[0].font) < 0.01) break;
      laid = arrange(trains, sides, length, labels, double, font, split);
      fit = fitOf(laid);
    }
    // Names above their trains read best, where their strip is tall enough for a readable line.
    const score = fit * (labels === "above" && fit * STRIP >= 13 ? 1.08 : 1);
    if (!best || score > best.score + 1e-6) best = { ...laid, score, perUnit: fit, sides, length, labels };
    return score;
  };
  const middle = Math.floor(trains.length / 2);
  for (const labels of ["above", "beside"]) {
    let twoSides = null; // the best length with two columns cut at the middle
    for (const sides of [1, 2]) {
      if (sides === 2 && trains.length < 3) continue;
      for (let length = 6; length <= 40; length += 1) {
        const score = consider(labels, sides, length, null);
        if (sides === 2 && (!twoSides || score > twoSides.score)) twoSides = { score, length };
      }
    }
    // Then one train more on either side, near that length: the columns as even as the trains' lengths
    // allow (a long Mexican Train on one side, more short trains on the other).
    if (!twoSides) continue;
    for (const split of [middle - 1, middle + 1]) {
      if (split < 1 || split >= trains.length) continue;
      for (let length = Math.max(6, twoSides.length - 3); length <= Math.min(40, twoSides.length + 3); length += 1) consider(labels, 2, length, split);
    }
  }
  return best;
}

/** The room of the names beside the trains, in units (lanes of one arrangement share it). */
function besideWidthOf(lane) {
  return Math.abs(lane.x0 - lane.edge);
}

/** A small engine (the marker), its front to the right, in `color`, at (x, y) with height `size`. */
function markerEngine(x, y, size, color, className = "marker") {
  const k = size / 10;
  const p = (px, py) => `${x + px * k},${y + py * k}`;
  return s(
    "g",
    { class: className, "aria-hidden": "true" },
    s("path", { class: "marker-body", d: `M${p(0, 2)}L${p(4, 2)}L${p(4, 0)}L${p(7, 0)}L${p(7, 4)}L${p(10, 4)}L${p(11, 7)}L${p(11, 8.5)}L${p(0, 8.5)}Z`, style: { fill: color } }),
    s("circle", { class: "marker-wheel", cx: x + 2.5 * k, cy: y + 9 * k, r: 1.3 * k }),
    s("circle", { class: "marker-wheel", cx: x + 8 * k, cy: y + 9 * k, r: 1.3 * k }),
  );
}

export class TrainsBoard {
  /** host: the element to draw in; onChoose(moveText) when a lit train is clicked. */
  constructor(host, { onChoose }) {
    this.host = host;
    this.onChoose = onChoose;
    this.view = null;
    this.previous = null;
    this.targetTile = null;
    this.hintedMove = null;
    this.fresh = new Set();
    this.note = h("div", { class: "trains-note", role: "status", "aria-live": "polite", hidden: true });
    this.svg = s("svg", { class: "board-svg trains-board", role: "group", "aria-label": t("The hub and the trains") });
    host.replaceChildren(this.svg, this.note);
    this.resizer = new ResizeObserver(() => this.draw());
    this.resizer.observe(host);
  }

  destroy() {
    this.resizer.disconnect();
  }

  // ---------------------------------------------------------------- what the table asks of its board

  /** A tile that goes on one train only is played there at once, with a click. */
  get playsAtOnce() {
    return true;
  }

  /** The trains a tile can go on, as buttons under the hand (a phone's finger finds them there too). */
  choices(tile, view) {
    // A low screen (a phone on its side) keeps its few lines for the trains: the lit trains are the choice.
    if (window.innerHeight < 560) return null;
    // Short words, so that the buttons keep to one line under the hand: "Your train", "Mexican", "Ann".
    const short = (train) => (train.yours ? train.label : train.short);
    const names = Object.fromEntries(view.board.trains.map((train) => [train.name, short(train)]));
    return {
      label: t("Choose a train for {tile}", { tile: tile.tile }),
      // TRANSLATORS: before the buttons that name the trains a tile can go on.
      heading: t("{tile} on:", { tile: tile.tile }),
      words: (move) => names[move.train] || move.text,
    };
  }

  turnPrompt(view) {
    const note = view.board.note;
    const waiting = view.board.waiting;
    const yours = note && ((waiting.length && waiting[0].must_cover === view.seat) || view.board.in_run);
    // TRANSLATORS: {note} is the server's note on your turn (the double you must cover, or your first-turn run), its first letter made small, as "you must cover the 9-9 on Bob's train".
    if (yours) return t("Your turn: {note}.", { note: `${note[0].toLowerCase()}${note.slice(1)}` });
    return t("Your turn: click a tile to play it, or drag it onto a lit train.");
  }

  tileLabel(tile, view, { playable, dim }) {
    const names = Object.fromEntries(view.board.trains.map((train) => [train.name, train.label.toLowerCase()]));
    const where = tile.moves.map((text) => view.legal_moves.find((m) => m.text === text)).filter(Boolean).map((m) => names[m.train] || m.train);
    const values = { tile: tile.tile, trains: where.length ? either(where) : "" };
    // TRANSLATORS: a tile in your hand, read aloud: its name ("12-5"), its pips, and {trains}, the trains it may go on.
    if (playable) return tn("{tile}, {count} pip, goes on {trains}", "{tile}, {count} pips, goes on {trains}", tile.pips, values);
    if (dim) return tn("{tile}, {count} pip, fits no open train", "{tile}, {count} pips, fits no open train", tile.pips, values);
    return tn("{tile}, {count} pip", "{tile}, {count} pips", tile.pips, values);
  }

  /** The round's engine, for the header ("Round 3 of 13 · engine 10-10"). */
  caption(view) {
    // TRANSLATORS: Mexican Train: the engine is the round's double, set in the hub, where every train starts.
    return t("engine {tile}", { tile: view.board.engine });
  }

  render(view) {
    this.previous = this.view;
    this.view = view;
    this.fresh = this.freshTiles();
    this.freshAt = performance.now();
    this.draw();
  }

  /** Light every train `tile` (a your_tiles entry) can go on; null clears them. `hinted`: the hint's move. */
  showTargets(tile, hinted = null) {
    this.targetTile = tile && tile.moves.length ? tile : null;
    this.hintedMove = hinted;
    this.draw();
  }

  targets() {
    return [...this.svg.querySelectorAll(".train-target")];
  }

  /** The move of the lit train under a screen point (for drag and drop), or null. */
  moveAt(clientX, clientY) {
    const el = document.elementFromPoint(clientX, clientY);
    const target = el && el.closest ? el.closest(".train-target") : null;
    return target ? target.dataset.move : null;
  }

  hoverAt(clientX, clientY) {
    const move = this.moveAt(clientX, clientY);
    for (const target of this.targets()) target.classList.toggle("hover", target.dataset.move === move);
  }

  // ---------------------------------------------------------------- drawing

  draw() {
    const view = this.view;
    if (!view) return;
    const board = view.board;
    const note = board.note;
    this.note.hidden = !note;
    this.note.textContent = note || "";
    this.note.classList.toggle("urgent", board.waiting.length > 0);
    const { width, height } = this.host.getBoundingClientRect();
    if (width <= 0 || height <= 0) return; // not laid out yet: the resize observer draws it once it is
    const notePx = note && height > 0 ? this.note.getBoundingClientRect().height + 6 : 0;
    // The trains keep clear of the choice of a train that the table lays over the board's foot.
    const notes = document.querySelector(".table-page .my-notes");
    let footPx = 0;
    if (notes && height > 0) {
      const hostBox = this.host.getBoundingClientRect();
      const noteBox = notes.getBoundingClientRect();
      if (noteBox.height > 0 && noteBox.top < hostBox.bottom && noteBox.bottom > hostBox.top) footPx = hostBox.bottom - noteBox.top + 6;
    }
    const room = { w: Math.max(1, width), h: Math.max(height * 0.45, height - notePx - footPx) };
    const laid = bestArrangement(board.trains, room.w, room.h, !!(this.targetTile && this.targetTile.double));
    const { box, perUnit } = laid;
    // The picture centred in the room below the note.
    const perPx = 1 / perUnit;
    const w = room.w * perPx;
    const hgt = height > 0 ? height * perPx : box.y1 - box.y0;
    const left = (box.x0 + box.x1) / 2 - w / 2;
    const top = (box.y0 + box.y1) / 2 - (room.h * perPx) / 2 - notePx * perPx;
    this.svg.setAttribute("viewBox", [left * UNIT, top * UNIT, w * UNIT, hgt * UNIT].join(" "));
    this.svg.dataset.sides = String(laid.sides);

    const lastPlay = [...view.log].reverse().find((entry) => entry.kind === "play");
    const lastTile = lastPlay ? lastPlay.tile : null;
    const fresh = performance.now() - this.freshAt < 250 ? this.fresh : new Set();
    const moves = this.targetTile ? this.targetTile.moves.map((text) => view.legal_moves.find((m) => m.text === text)).filter(Boolean) : [];
    const litBy = new Map(moves.map((move) => [move.train, move]));
    const px = perPx * UNIT; // SVG units per screen pixel

    const lanesLayer = s("g", { class: "lanes" });
    const line = s("g", { class: "line" });
    const targets = s("g", { class: "targets" });
    const labels = s("g", { class: "lane-labels" });
    for (const lane of laid.lanes) {
      const train = lane.train;
      // The lane holds its tiles (a corner may stand out past the nominal length) and its next tile's room.
      const xs = [lane.x0, lane.x0 + lane.dir * lane.length, ...[...lane.rects, lane.slot].flatMap((r) => [r.x, r.x + r.w])];
      const laneBox = { x: Math.min(...xs) - 0.15, y: lane.top, w: Math.max(...xs) - Math.min(...xs) + 0.3, h: lane.bottom - lane.top };
      const color = train.owner === null ? "var(--accent)" : seatColor(train.owner);
      const classes = ["lane", train.mexican ? "mexican" : "", train.yours ? "yours" : "", train.open ? "open" : "closed", train.waiting ? "waiting" : ""];
      lanesLayer.append(
        s("rect", {
          class: classes.filter(Boolean).join(" "),
          x: laneBox.x * UNIT,
          y: laneBox.y * UNIT,
          width: laneBox.w * UNIT,
          height: laneBox.h * UNIT,
          rx: 10,
          style: train.yours ? { stroke: color } : null,
          "data-train": train.name,
        }),
      );
      labels.append(this.label(lane, color, px));
      train.tiles.forEach((tile, i) => {
        const r = lane.rects[i];
        const isLast = i === train.tiles.length - 1;
        const face = dominoFace(r.first, r.second, {
          x: r.x * UNIT + 1.5,
          y: r.y * UNIT + 1.5,
          w: r.w * UNIT - 3,
          h: r.h * UNIT - 3,
          className: [tile.tile === lastTile && isLast ? "last" : "", fresh.has(tile.tile) ? "arrive" : "", isLast && train.waiting ? "waiting-double" : "", isLast && train.laid ? "laid-double" : ""].filter(Boolean).join(" "),
        });
        face.setAttribute("data-tile", tile.tile);
        face.setAttribute("data-train", train.name);
        line.append(face);
      });
      if (!train.tiles.length && !litBy.has(train.name)) {
        const slot = lane.slot;
        line.append(
          s("rect", { class: "empty-slot", x: slot.x * UNIT + 3, y: slot.y * UNIT + 3, width: slot.w * UNIT - 6, height: slot.h * UNIT - 6, rx: 6 }),
          s("text", { class: "slot-number", x: (slot.x + slot.w / 2) * UNIT, y: (slot.y + slot.h / 2) * UNIT, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 0.62 * UNIT }, String(train.open_end)),
        );
      }
      const move = litBy.get(train.name);
      if (move) targets.append(this.target(move, train, lane, laneBox));
    }
    const hubLayer = this.hub(laid.hub, board);
    this.svg.replaceChildren(lanesLayer, hubLayer, line, labels, targets);
    this.svg.setAttribute("aria-label", this.describe(board));
  }

  /**
   * A train's name and marker: in the strip above it (the full name, shortened when the lane is too short
   * for it), or beside its start (the short name under the marker). The marker is a small engine in its
   * owner's colour on an open train; the shared train has its own sign, in the table's accent colour.
   */
  label(lane, color, px) {
    const train = lane.train;
    const dir = lane.dir;
    const group = s("g", { class: ["lane-label", train.yours ? "yours" : "", train.mexican ? "mexican" : ""].filter(Boolean).join(" "), "data-train": train.name });
    const anchor = dir > 0 ? "start" : "end";
    const marked = train.mexican || train.marked;
    const markClass = train.mexican ? "marker mexican-sign" : "marker";
    if (lane.labels === "beside") {
      const k = lane.font / NAME_FONT; // the names' scale (above 1 where the board is drawn small)
      const font = lane.font * UNIT;
      const x = (lane.edge + dir * 0.1) * UNIT;
      // On one line, level with the train's first row: the marker (or its owner's dot), then the name.
      const mark = 0.62 * k * UNIT;
      if (marked) group.append(markerEngine(dir > 0 ? x : x - mark * 1.1, lane.row * UNIT - mark * 0.58, mark, color, markClass));
      else if (train.owner !== null) group.append(s("circle", { class: "lane-dot", cx: x + dir * 0.3 * k * UNIT, cy: lane.row * UNIT, r: 0.18 * k * UNIT, style: { fill: color } }));
      const textX = x + dir * 0.85 * k * UNIT;
      const room = Math.max(3, Math.floor((besideWidthOf(lane) - 1.1 * k) / (lane.font * CHAR)));
      const name = train.short.length > room ? `${train.short.slice(0, room - 1)}\u2026` : train.short;
      group.append(s("text", { class: "lane-name", x: textX, y: lane.row * UNIT + font * 0.34, "font-size": font, "text-anchor": anchor }, name));
      group.append(s("title", {}, train.marked ? t("{train}, open", { train: train.label }) : train.label));
      return group;
    }
    // Within its strip, whatever the scale (a name never runs into the tiles), and never huge.
    const font = Math.min(0.68 * UNIT, 17 * px);
    const y = (lane.top + STRIP * 0.7) * UNIT;
    let x = lane.x0 * UNIT;
    const mark = STRIP * 0.78 * UNIT;
    if (marked) {
      group.append(markerEngine(dir > 0 ? x : x - mark * 1.15, (lane.top + 0.08) * UNIT, mark, color, markClass));
      x += dir * mark * 1.35;
    } else if (train.owner !== null) {
      group.append(s("circle", { class: "lane-dot", cx: x + dir * 0.22 * UNIT, cy: y - font * 0.32, r: 0.2 * UNIT, style: { fill: color } }));
      x += dir * 0.55 * UNIT;
    }
    const full = labelWith(train);
    const room = lane.length * UNIT - Math.abs(x - lane.x0 * UNIT);
    const fits = (text) => text.length * font * CHAR <= room;
    const words = [full, train.label, train.short].find(fits) || train.short;
    group.append(s("text", { class: "lane-name", x, y, "font-size": font, "text-anchor": anchor }, words));
    if (words !== full) group.append(s("title", {}, full));
    return group;
  }

  /** The hub: a round station across the trains' starts, the engine in the middle. */
  hub(hub, board) {
    const g = s("g", { class: "hub" });
    g.append(s("rect", { class: "hub-station", x: hub.x * UNIT, y: hub.y * UNIT, width: hub.w * UNIT, height: hub.h * UNIT, rx: hub.w * UNIT * 0.45 }));
    const ew = 1.1;
    const eh = 2.2;
    const cx = hub.x + hub.w / 2;
    const cy = hub.y + hub.h / 2;
    g.append(s("circle", { class: "hub-ring", cx: cx * UNIT, cy: cy * UNIT, r: (hub.w / 2 - 0.12) * UNIT }));
    const engine = dominoFace(board.engine_number, board.engine_number, { x: (cx - ew / 2) * UNIT, y: (cy - eh / 2) * UNIT, w: ew * UNIT, h: eh * UNIT, className: "engine" });
    engine.setAttribute("data-tile", board.engine);
    g.append(engine);
    return g;
  }

  /** A lit train: the whole lane is the button, the picked tile shown where it would go. */
  target(move, train, lane, laneBox) {
    const tile = this.targetTile;
    const [a, b] = tile.ends;
    const far = a === train.open_end ? b : a;
    const slot = lane.arm.clone().place(train.open_end, far, tile.double);
    const yours = train.yours || train.label.toLowerCase() === "your train";
    // TRANSLATORS: {train} is a train's name (the server's words, as "Bob's train" or "Mexican Train").
    const label = yours ? t("Play {tile} on your train", { tile: tile.tile }) : t("Play {tile} on {train}", { tile: tile.tile, train: train.label });
    const group = s("g", {
      class: ["train-target", move.text === this.hintedMove ? "hinted" : ""].filter(Boolean).join(" "),
      role: "button",
      tabindex: "0",
      "aria-label": label,
      "data-move": move.text,
      "data-train": train.name,
    });
    group.append(
      s("rect", { class: "lane-glow", x: laneBox.x * UNIT, y: laneBox.y * UNIT, width: laneBox.w * UNIT, height: laneBox.h * UNIT, rx: 10 }),
      s("rect", { class: "target-glow", x: slot.x * UNIT - 4, y: slot.y * UNIT - 4, width: slot.w * UNIT + 8, height: slot.h * UNIT + 8, rx: 10 }),
      dominoFace(slot.first, slot.second, { x: slot.x * UNIT + 1.5, y: slot.y * UNIT + 1.5, w: slot.w * UNIT - 3, h: slot.h * UNIT - 3, className: "ghost" }),
      s("title", {}, label),
    );
    group.addEventListener("click", () => this.onChoose(move.text));
    group.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        this.onChoose(move.text);
      }
    });
    return group;
  }

  describe(board) {
    const trains = board.trains.map((train) => {
      const values = { train: train.label, number: train.open_end };
      // One train read aloud, one fact after another: "Bob's train: 2 tiles, open end 9, marker out, a double to cover".
      const facts = [
        train.tiles.length
          ? // TRANSLATORS: a train read aloud: its name (the server's words), its tiles, and the number its next tile must match.
            tn("{train}: {count} tile, open end {number}", "{train}: {count} tiles, open end {number}", train.tiles.length, values)
          : // TRANSLATORS: a train with no tile yet: its first tile must have {number}, the engine's number.
            t("{train}: empty, needs a {number}", values),
      ];
      // TRANSLATORS: a train's marker (a small engine) is out: anyone may play on it.
      if (train.marked) facts.push(t("marker out"));
      if (train.waiting) facts.push(t("a double to cover"));
      return facts.join(", ");
    });
    // TRANSLATORS: the hub read aloud: {tile} is the round's engine (its double), {trains} every train in words.
    return t("The hub, engine {tile}. {trains}", { tile: board.engine, trains: trains.join("; ") });
  }

  /** The tiles (by name) that were not on the table at the previous view (to animate them). */
  freshTiles() {
    const now = this.view;
    const before = this.previous && this.previous.id === now.id && this.previous.hand_number === now.hand_number ? this.previous : null;
    const fresh = new Set();
    if (!before) return fresh;
    const names = (board) => board.trains.flatMap((train) => train.tiles.map((tile) => tile.tile));
    const was = new Set(names(before.board));
    for (const name of names(now.board)) if (!was.has(name)) fresh.add(name);
    return fresh;
  }
}
