// The Dominoes line of play in SVG: a snake growing both ways from the opening tile, turning before the
// table's edge; doubles lie crossways. With a spinner (all-fives), the layout is drawn around it instead:
// the spinner crossways at the centre, four arms (west, east, north, south) each turning clockwise once
// before the table's edge, so that they never run into each other. Also the end targets a selected tile
// can be played on, and the count at the open ends beside the layout.
//
// Geometry only: which ends a tile may go to always comes from the server's legal moves.

import { s } from "./dom.js";
import { N_, t, tn } from "./i18n.js";
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
export class Arm {
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

const STEP = { east: [1, 0], south: [0, 1], west: [-1, 0], north: [0, -1] };
const CLOCKWISE = { north: "east", east: "south", south: "west", west: "north" };
/** A spinner's arm for each end of the notation (left is its west arm, right its east arm). */
const ARM_OF_END = { left: "west", right: "east", north: "north", south: "south" };

/** The rectangle of a tile made of two unit squares centred at a and b, `inner` on a's. */
function joined(a, b, inner, outer) {
  const aFirst = a[0] < b[0] || a[1] < b[1];
  return {
    x: Math.min(a[0], b[0]) - 0.5,
    y: Math.min(a[1], b[1]) - 0.5,
    w: Math.abs(a[0] - b[0]) + 1,
    h: Math.abs(a[1] - b[1]) + 1,
    first: aFirst ? inner : outer,
    second: aFirst ? outer : inner,
  };
}

function inside(rect, box) {
  return rect.x >= box.x0 - 1e-9 && rect.x + rect.w <= box.x1 + 1e-9 && rect.y >= box.y0 - 1e-9 && rect.y + rect.h <= box.y1 + 1e-9;
}

/**
 * One arm of a spinner: it grows straight out from the spinner and, when the next tile would cross the
 * table's edge (`box`), turns clockwise (north turns east, east south, south west, west north), at most
 * twice, so that the arms wheel round the spinner the same way. Where arms would still meet (long arms
 * on a small table), the board lays them out again on a larger table and shrinks it to fit
 * (`DominoesBoard.pieces`): tiles never overlap.
 */
export class SpinnerArm {
  constructor(x, y, dir, box, turned = 0, afterTurn = false) {
    Object.assign(this, { x, y, dir, box, turned, afterTurn });
  }

  clone() {
    return new SpinnerArm(this.x, this.y, this.dir, this.box, this.turned, this.afterTurn);
  }

  place(inner, outer, double) {
    const [dx, dy] = STEP[this.dir];
    const near = [this.x + dx / 2, this.y + dy / 2];
    const crossways = double && !this.afterTurn;
    let rect;
    if (crossways) {
      rect = dx ? { x: near[0] - 0.5, y: near[1] - 1, w: 1, h: 2 } : { x: near[0] - 1, y: near[1] - 0.5, w: 2, h: 1 };
      rect = { ...rect, first: inner, second: outer };
    } else {
      rect = joined(near, [near[0] + dx, near[1] + dy], inner, outer);
    }
    if (this.turned < 2 && !inside(rect, this.box)) {
      // The corner: the tile's near half touches the open end, its far half lies the new way.
      const turn = CLOCKWISE[this.dir];
      const [tx, ty] = STEP[turn];
      const far = [near[0] + tx, near[1] + ty];
      Object.assign(this, { x: far[0] + tx / 2, y: far[1] + ty / 2, dir: turn, turned: this.turned + 1, afterTurn: true });
      return joined(near, far, inner, outer);
    }
    const length = crossways ? 1 : 2;
    this.x += dx * length;
    this.y += dy * length;
    this.afterTurn = false;
    return rect;
  }
}

/**
 * The layout around a spinner: every tile as { tile, rect, arm, index } and the four arms ready to lay
 * their next tile. The line runs west to east through the spinner (`spinner_index`); the north and south
 * arms come from the server as [near half, far half] outward. Each axis gets the table's room as
 * `edges` shares it, so a long arm uses what the opposite one leaves.
 */
export function spinnerLayout(board, reach, vreach) {
  const line = board.line;
  const at = board.spinner_index;
  const centre = line[at];
  const west = line.slice(0, at).reverse();
  const east = line.slice(at + 1);
  const north = (board.arms.north || []).map(([near, far]) => ({ near, far, double: near === far }));
  const south = (board.arms.south || []).map(([near, far]) => ({ near, far, double: near === far }));
  const across = edges(west, east, 0.5, reach);
  const down = edges(north, south, 1, vreach);
  const box = { x0: across.lo, x1: across.hi, y0: down.lo, y1: down.hi };
  const arms = {
    west: new SpinnerArm(-0.5, 0, "west", box),
    east: new SpinnerArm(0.5, 0, "east", box),
    north: new SpinnerArm(0, -1, "north", box),
    south: new SpinnerArm(0, 1, "south", box),
  };
  const pieces = [{ tile: centre.tile, rect: { x: -0.5, y: -1, w: 1, h: 2, first: centre.left, second: centre.right }, arm: "spinner", index: at }];
  west.forEach((t, k) => pieces.push({ tile: t.tile, rect: arms.west.place(t.right, t.left, t.double), arm: "west", index: at - 1 - k }));
  east.forEach((t, k) => pieces.push({ tile: t.tile, rect: arms.east.place(t.left, t.right, t.double), arm: "east", index: at + 1 + k }));
  for (const [name, tiles] of [["north", north], ["south", south]]) {
    tiles.forEach((t, k) => {
      const tile = `${Math.max(t.near, t.far)}-${Math.min(t.near, t.far)}`;
      pieces.push({ tile, rect: arms[name].place(t.near, t.far, t.double), arm: name, index: k });
    });
  }
  return { pieces, arms };
}

/** The number open at `end`, as the server says it (open_ends, or the line's two ends). */
function openNumber(board, end) {
  const listed = (board.open_ends || []).find((open) => open.end === end);
  if (listed) return listed.number;
  return end === "left" ? board.ends[0] : board.ends[1];
}

/** The rectangle where `tile` would go at `end` ("left", "right", or null for the opening tile). */
function slotFor(tile, end, board, arms) {
  const [high, low] = tile.ends;
  if (end === null || !arms) {
    return tile.double
      ? { x: -0.5, y: -1, w: 1, h: 2, first: high, second: low }
      : { x: -1, y: -0.5, w: 2, h: 1, first: high, second: low };
  }
  const open = openNumber(board, end);
  const outer = high === open ? low : high;
  const arm = arms[end] || arms[ARM_OF_END[end]];
  return arm.clone().place(open, outer, tile.double);
}

/** Whether any two rectangles share more than an edge. */
export function overlapping(rects) {
  for (let i = 0; i < rects.length; i++) {
    const a = rects[i];
    for (let j = i + 1; j < rects.length; j++) {
      const b = rects[j];
      if (a.x < b.x + b.w - 1e-6 && b.x < a.x + a.w - 1e-6 && a.y < b.y + b.h - 1e-6 && b.y < a.y + a.h - 1e-6) return true;
    }
  }
  return false;
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

// The words of an end of the line, by its name in the move notation (null: the opening tile). The north and
// south ends are a spinner's arms. [the target's label, with points, the tile's words, the button, with points]
const END_WORDS = {
  null: {
    play: N_("Play {tile} to open the hand"),
    playScores: N_("Play {tile} to open the hand, scores {points}"),
    where: N_("the opening"),
  },
  left: {
    play: N_("Play {tile} on the left end"),
    playScores: N_("Play {tile} on the left end, scores {points}"),
    where: N_("the left end"),
    button: N_("left end"),
    buttonScores: N_("left end +{points}"),
    // TRANSLATORS: the label inside a lit end of the line, where the picked tile would go.
    short: N_("left"),
    shortScores: N_("left +{points}"),
    open: N_("left {number}"),
  },
  right: {
    play: N_("Play {tile} on the right end"),
    playScores: N_("Play {tile} on the right end, scores {points}"),
    where: N_("the right end"),
    button: N_("right end"),
    buttonScores: N_("right end +{points}"),
    short: N_("right"),
    shortScores: N_("right +{points}"),
    open: N_("right {number}"),
  },
  north: {
    // TRANSLATORS: the spinner (the first double of an all-fives game) grows four arms: west, east, north and south.
    play: N_("Play {tile} on the north arm"),
    playScores: N_("Play {tile} on the north arm, scores {points}"),
    where: N_("the north end"),
    button: N_("north end"),
    buttonScores: N_("north end +{points}"),
    short: N_("north"),
    shortScores: N_("north +{points}"),
    open: N_("north {number}"),
  },
  south: {
    play: N_("Play {tile} on the south arm"),
    playScores: N_("Play {tile} on the south arm, scores {points}"),
    where: N_("the south end"),
    button: N_("south end"),
    buttonScores: N_("south end +{points}"),
    short: N_("south"),
    shortScores: N_("south +{points}"),
    open: N_("south {number}"),
  },
};

/** The words of `end` (a key of END_WORDS, null the opening), or null for an end the page does not know. */
const endWords = (end) => END_WORDS[end === null || end === undefined ? "null" : end] || null;

/** Names joined with "or": "the left end or the right end". */
function either(items) {
  // TRANSLATORS: two choices, as "the left end or the right end" (longer lists repeat it).
  return items.reduce((first, second) => t("{first} or {second}", { first, second }));
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
    this.svg = s("svg", { class: "board-svg dominoes-board", role: "img", "aria-label": t("The line of play") });
    host.replaceChildren(this.svg);
    this.resizer = new ResizeObserver(() => this.draw());
    this.resizer.observe(host);
  }

  destroy() {
    this.resizer.disconnect();
  }

  // ---------------------------------------------------------------- what the table asks of its board

  /** A tile that fits only one end is played at once, with a click. */
  get playsAtOnce() {
    return true;
  }

  /** The choice of an end for a tile that fits several, as buttons under the hand. */
  choices(tile) {
    const count = tile.moves.length;
    const words = (move) => {
      const known = move.end ? endWords(move.end) : null;
      if (!known) return move.end ? move.end : move.text;
      return move.points ? t(known.buttonScores, { points: move.points }) : t(known.button);
    };
    return {
      label: t("Choose an end for {tile}", { tile: tile.tile }),
      heading: count === 2 ? t("{tile} fits both ends:", { tile: tile.tile }) : tn("{tile} fits {count} end:", "{tile} fits {count} ends:", count, { tile: tile.tile }),
      words,
    };
  }

  turnPrompt() {
    return t("Your turn: click a tile to play it, or drag it to an end.");
  }

  /** A hand tile in words, for a screen reader: its pips and the ends it plays on. */
  tileLabel(tile, view, { playable, dim }) {
    const values = { tile: tile.tile };
    if (playable) {
      const where = tile.moves.map((text) => view.legal_moves.find((m) => m.text === text)).filter(Boolean).map((m) => {
        const known = endWords(m.end);
        return known ? t(known.where) : m.end;
      });
      // TRANSLATORS: a tile in your hand, read aloud: its name ("5-3"), its pips, and {ends}, the ends it may go to.
      return tn("{tile}, {count} pip, plays on {ends}", "{tile}, {count} pips, plays on {ends}", tile.pips, { ...values, ends: either(where) });
    }
    if (dim) return tn("{tile}, {count} pip, does not fit", "{tile}, {count} pips, does not fit", tile.pips, values);
    return tn("{tile}, {count} pip", "{tile}, {count} pips", tile.pips, values);
  }

  render(view) {
    this.previous = this.view;
    this.view = view;
    this.fresh = this.freshTiles();
    this.freshAt = performance.now();
    this.draw();
  }

  /**
   * Light up the ends `tile` (a your_tiles entry) can go to; null clears them. `hinted`: the move text of
   * the hint's end, kept lit when the board redraws (a phone turned on its side).
   */
  showTargets(tile, hinted = null) {
    this.targetTile = tile && tile.moves.length ? tile : null;
    this.hintedMove = hinted;
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

  /** How many units the table reaches up and down from the centre (for a spinner's north and south arms). */
  verticalReach(reach) {
    const { width, height } = this.host.getBoundingClientRect();
    const aspect = width > 0 && height > 0 ? width / height : 2;
    return Math.max(2.5, (reach + 1) / aspect - 1);
  }

  /** Every placed tile as { tile, rect, arm, index }, and the arms ready for the next tile. */
  pieces(board, reach, slotsOf) {
    if (board.spinner && board.spinner_index !== null && board.spinner_index !== undefined) {
      const vreach = this.verticalReach(reach);
      let laid = null;
      for (const grow of [1, 1.25, 1.5, 2, 3, 5, 8]) {
        laid = spinnerLayout(board, reach * grow, vreach * grow);
        laid.slots = slotsOf(laid.arms);
        if (!overlapping([...laid.pieces.map((piece) => piece.rect), ...laid.slots.map((slot) => slot.rect)])) break;
      }
      return laid;
    }
    const { rects, arms } = layout(board, reach);
    return { pieces: board.line.map((tile, i) => ({ tile: tile.tile, rect: rects[i], arm: "line", index: i })), arms, slots: slotsOf(arms) };
  }

  draw() {
    const view = this.view;
    if (!view) return;
    const board = view.board;
    const reach = this.reach();
    const slotsOf = (arms) => {
      const slots = [];
      if (!this.targetTile) return slots;
      for (const text of this.targetTile.moves) {
        const move = view.legal_moves.find((m) => m.text === text);
        if (move) slots.push({ move, rect: slotFor(this.targetTile, move.end, board, arms) });
      }
      return slots;
    };
    const { pieces, slots } = this.pieces(board, reach, slotsOf);
    const box = bbox([...pieces.map((piece) => piece.rect), ...slots.map((slot) => slot.rect)]);
    const { width, height } = this.host.getBoundingClientRect();
    const aspect = width > 0 && height > 0 ? width / height : 2;
    const showCount = board.count !== null && board.count !== undefined && pieces.length > 0;
    // The count sits in a strip of its own above the layout, and the layout keeps clear of the notes
    // (the choice of an end) that the table lays over the board's foot: neither ever covers a tile.
    // On a wide, low board (a phone on its side) the count takes a column at the left instead of a row.
    const countAside = showCount && height > 0 && width / height > 2.4;
    const topPx = showCount && height > 0 && !countAside ? 30 : 0;
    const leftPx = countAside ? 110 : 0;
    const notes = board.spinner ? document.querySelector(".table-page .my-notes") : null;
    let footPx = 0;
    if (notes && height > 0) {
      const hostBox = this.host.getBoundingClientRect();
      const noteBox = notes.getBoundingClientRect();
      if (noteBox.height > 0 && noteBox.top < hostBox.bottom && noteBox.bottom > hostBox.top) footPx = hostBox.bottom - noteBox.top + 6;
    }
    const roomPx = Math.max(height * 0.45, height - topPx - footPx);
    const contentW = Math.max(2 * reach + 2, box.x1 - box.x0 + 1.4);
    const contentH = Math.max(5, box.y1 - box.y0 + 1.4);
    const perPx = width > 0 && height > 0 ? Math.max(contentW / (width - leftPx), contentH / roomPx) : Math.max(contentW / 2, contentH); // units per pixel
    const w = width > 0 ? width * perPx : contentW;
    const hgt = height > 0 ? height * perPx : contentW / aspect;
    const cx = (box.x0 + box.x1) / 2;
    const cy = (box.y0 + box.y1) / 2;
    const left = width > 0 ? cx - perPx * (leftPx + (width - leftPx) / 2) : cx - w / 2;
    const top = height > 0 ? cy - perPx * (topPx + roomPx / 2) : cy - hgt / 2;
    this.svg.setAttribute("viewBox", [left * UNIT, top * UNIT, w * UNIT, hgt * UNIT].join(" "));

    const lastMove = [...view.log].reverse().find((entry) => entry.kind === "play" || entry.kind === "open");
    const lastTile = lastMove ? lastMove.tile : null;
    // Tiles that just arrived are animated by every redraw in the moment after the view came (the
    // selection redraws at once), never by a later one (a resize).
    const fresh = this.fresh && performance.now() - this.freshAt < 250 ? this.fresh : new Set();

    const layer = s("g", { class: "line" });
    for (const { tile, rect: r, arm, index } of pieces) {
      const face = dominoFace(r.first, r.second, {
        x: r.x * UNIT + 1.5,
        y: r.y * UNIT + 1.5,
        w: r.w * UNIT - 3,
        h: r.h * UNIT - 3,
        className: [tile === lastTile ? "last" : "", fresh.has(tile) ? "arrive" : "", arm === "spinner" ? "spinner" : ""].join(" "),
      });
      face.setAttribute("data-tile", tile);
      face.setAttribute("data-index", String(index));
      face.setAttribute("data-arm", arm);
      layer.append(face);
    }
    if (!pieces.length && !slots.length) {
      layer.append(
        s("text", { class: "board-empty", x: 0, y: 0, "text-anchor": "middle", "dominant-baseline": "central" }, t("The table is empty")),
      );
    }
    const extras = [];
    if (showCount) {
      const px = perPx * UNIT; // SVG units per screen pixel
      extras.push(
        s(
          "text",
          { class: "layout-count", x: left * UNIT + 10 * px, y: top * UNIT + (countAside ? 24 : 20) * px, "font-size": 16 * px, "data-count": String(board.count) },
          // TRANSLATORS: all-fives: the count, the sum of the open ends' numbers (a multiple of five scores it).
          t("Count {count}", { count: board.count }),
        ),
      );
    }
    const targets = s("g", { class: "targets" });
    for (const { move, rect } of slots) {
      const known = endWords(move.end);
      const values = { tile: this.targetTile.tile, points: move.points };
      const label = known ? t(move.points ? known.playScores : known.play, values) : `${this.targetTile.tile} ${move.end}`;
      const target = s("g", {
        class: ["end-target", move.text === this.hintedMove ? "hinted" : ""].filter(Boolean).join(" "),
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
        const short = known && known.short ? known : null;
        const words = short ? t(move.points ? short.shortScores : short.short, { points: move.points }) : move.end;
        target.append(
          // Inside its own slot: a label never covers a placed tile's pips.
          s("text", { class: "target-label", x: (rect.x + rect.w / 2) * UNIT, y: (rect.y + rect.h / 2) * UNIT, "text-anchor": "middle", "dominant-baseline": "central" }, words),
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
    this.svg.replaceChildren(layer, ...extras, targets);
    if (focused) {
      const again = this.targets().find((target) => target.dataset.move === focused);
      if (again) again.focus();
    }
    this.svg.setAttribute("aria-label", this.describe(board, pieces.length));
  }

  describe(board, count) {
    if (!count) return t("The table is empty");
    const openEnd = (open) => {
      const known = endWords(open.end);
      return known && known.open ? t(known.open, { number: open.number }) : `${open.end} ${open.number}`;
    };
    // TRANSLATORS: two numbers, as "5 and 3" (here: the numbers at the two open ends of the line).
    const ends = board.open_ends && board.open_ends.length ? board.open_ends.map(openEnd).join(", ") : t("{first} and {second}", { first: board.ends[0], second: board.ends[1] });
    // The line of play read aloud, one fact after another: "The layout: 5 tiles, spinner 5-5, open ends ..., count 15".
    const facts = [tn("The layout: {count} tile", "The layout: {count} tiles", count)];
    // TRANSLATORS: the spinner: in all-fives, the first double played, which may grow four arms.
    if (board.spinner) facts.push(t("spinner {tile}", { tile: board.spinner }));
    facts.push(t("open ends {ends}", { ends }));
    if (board.count !== null && board.count !== undefined) facts.push(t("count {count}", { count: board.count }));
    return facts.join(", ");
  }

  /** The tiles (by name) that were not on the table at the previous view (to animate them). */
  freshTiles() {
    const now = this.view;
    const before = this.previous && this.previous.id === now.id ? this.previous : null;
    const fresh = new Set();
    if (!before) return fresh;
    const names = (board) => [...board.line.map((tile) => tile.tile), ...["north", "south"].flatMap((arm) => ((board.arms && board.arms[arm]) || []).map(([a, b]) => `${Math.max(a, b)}-${Math.min(a, b)}`))];
    const was = new Set(before.hand_number === now.hand_number ? names(before.board) : []);
    for (const name of names(now.board)) if (!was.has(name)) fresh.add(name);
    return fresh;
  }
}
