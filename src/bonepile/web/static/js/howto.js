// "How to play" for each game: the rule sheets told shortly, in plain words, with this app's controls.

import { h, s } from "./dom.js";
import { spinnerLayout } from "./dominoes-board.js";
import { dominoFace, dominoSvg, triominoSvg } from "./tiles.js";

// Two positions of a real round (taken from the engine once, kept here as data): the tiles near the place,
// the tile placed there, and the point to look at. x, y in tile edges, y up, as the board's view has them.
const HEXAGON = {
  tiles: [
    { xy: [[0.0, -1.155], [1.0, -1.155], [0.5, -2.021]], numbers: [0, 5, 5] },
    { xy: [[-0.5, -0.289], [0.5, -0.289], [0.0, -1.155]], numbers: [1, 2, 0] },
    { xy: [[0.0, -1.155], [0.5, -0.289], [1.0, -1.155]], numbers: [0, 2, 5] },
    { xy: [[0.5, -0.289], [1.5, -0.289], [1.0, -1.155]], numbers: [2, 4, 5] },
    { xy: [[1.0, -1.155], [1.5, -0.289], [2.0, -1.155]], numbers: [5, 4, 5] },
    { xy: [[0.0, 0.577], [1.0, 0.577], [0.5, -0.289]], numbers: [2, 3, 2] },
    { xy: [[0.5, -0.289], [1.0, 0.577], [1.5, -0.289]], numbers: [2, 3, 4] },
  ],
  placed: { xy: [[-0.5, -0.289], [0.0, 0.577], [0.5, -0.289]], numbers: [1, 2, 2] },
  mark: [0.5, -0.289],
};

const BRIDGE = {
  tiles: [
    { xy: [[-1.5, 0.289], [-0.5, 0.289], [-1.0, -0.577]], numbers: [1, 0, 1] },
    { xy: [[-1.0, -0.577], [-0.5, 0.289], [0.0, -0.577]], numbers: [1, 0, 0] },
    { xy: [[0.5, 0.289], [1.5, 0.289], [1.0, -0.577]], numbers: [5, 3, 4] },
    { xy: [[-1.5, 0.289], [-1.0, 1.155], [-0.5, 0.289]], numbers: [1, 5, 0] },
    { xy: [[0.0, 1.155], [1.0, 1.155], [0.5, 0.289]], numbers: [1, 1, 5] },
    { xy: [[0.5, 0.289], [1.0, 1.155], [1.5, 0.289]], numbers: [5, 1, 3] },
  ],
  placed: { xy: [[-0.5, 0.289], [0.5, 0.289], [0.0, -0.577]], numbers: [0, 5, 0] },
  mark: [0.5, 0.289],
};

const SQRT3 = Math.sqrt(3);

// An all-fives layout with a spinner and its four arms, as the server sends a board (the line west to east
// through the spinner, the arms outward as [near half, far half]); drawn by the table's own layout code.
const SPINNER = {
  line: [
    { tile: "5-4", left: 4, right: 5, double: false },
    { tile: "5-5", left: 5, right: 5, double: true },
    { tile: "6-5", left: 5, right: 6, double: false },
  ],
  spinner: "5-5",
  spinner_index: 1,
  arms: { north: [[5, 2]], south: [[5, 3]] },
  count: 15,
};

/** The spinner picture: the layout above, each open end's number marked, the count beneath. */
function spinnerFigure() {
  const UNIT = 40;
  const { pieces } = spinnerLayout(SPINNER, 20, 20);
  const rects = pieces.map((piece) => piece.rect);
  const x0 = Math.min(...rects.map((r) => r.x)) - 0.3;
  const y0 = Math.min(...rects.map((r) => r.y)) - 0.3;
  const x1 = Math.max(...rects.map((r) => r.x + r.w)) + 0.3;
  const y1 = Math.max(...rects.map((r) => r.y + r.h)) + 0.3;
  const faces = pieces.map(({ rect: r, arm }) =>
    dominoFace(r.first, r.second, { x: r.x * UNIT + 1.5, y: r.y * UNIT + 1.5, w: r.w * UNIT - 3, h: r.h * UNIT - 3, className: arm === "spinner" ? "spinner" : "" }),
  );
  return h(
    "figure",
    { class: "how-figure how-spinner" },
    s(
      "svg",
      { viewBox: [x0 * UNIT, y0 * UNIT, (x1 - x0) * UNIT, (y1 - y0) * UNIT].join(" "), role: "img", "aria-label": "A spinner, 5-5, with four arms: 5-4 west, 6-5 east, 5-2 north and 5-3 south" },
      faces,
    ),
    h(
      "figcaption",
      {},
      "The spinner: 5-5 was the first double. Tiles went on both its sides first (5-4 west, 6-5 east), then on its ends (5-2 north, 5-3 south). The count is 4 + 6 + 2 + 3 = 15, a multiple of five: the play that made it scored 15.",
    ),
  );
}

/** A small picture of a layout and the tile just placed, with its corner numbers and a marked point. */
function layoutFigure(data, caption, label) {
  const all = [...data.tiles, data.placed].flatMap((tile) => tile.xy);
  const pad = 0.35;
  const minX = Math.min(...all.map(([x]) => x)) - pad;
  const maxX = Math.max(...all.map(([x]) => x)) + pad;
  const minY = Math.min(...all.map(([, y]) => -y)) - pad;
  const maxY = Math.max(...all.map(([, y]) => -y)) + pad;
  const triangle = (tile, className) => {
    const points = tile.xy.map(([x, y]) => `${x},${-y}`).join(" ");
    const cx = tile.xy.reduce((sum, [x]) => sum + x, 0) / 3;
    const cy = tile.xy.reduce((sum, [, y]) => sum - y, 0) / 3;
    return s(
      "g",
      {},
      s("polygon", { points, class: className }),
      tile.xy.map(([x, y], i) =>
        s("text", { x: x + (cx - x) * 0.36, y: -y + (cy + y) * 0.36, class: "corner-number", fill: `var(--n${tile.numbers[i]})` }, String(tile.numbers[i])),
      ),
    );
  };
  const [mx, my] = data.mark;
  return h(
    "figure",
    { class: "how-figure" },
    s(
      "svg",
      { viewBox: `${minX} ${minY} ${maxX - minX} ${maxY - minY}`, role: "img", "aria-label": label },
      data.tiles.map((tile) => triangle(tile, "layout-tile")),
      triangle(data.placed, "new-tile"),
      s("circle", { cx: mx, cy: -my, r: 0.5 / SQRT3, class: "mark" }),
    ),
    h("figcaption", {}, caption),
  );
}

const section = (title, ...body) => h("section", {}, h("h2", {}, title), ...body);
const p = (...text) => h("p", {}, ...text);
const list = (...items) => h("ul", {}, items.map((item) => h("li", {}, item)));

function dominoes() {
  return [
    h("p", { class: "lead" }, "Match the ends, empty your hand first, and collect the pips your opponents are stuck with."),
    h("div", { class: "how-art", "aria-hidden": "true" }, dominoSvg(5, 3), dominoSvg(3, 3), dominoSvg(3, 6)),
    section(
      "The tiles",
      p("A double-six set has 28 tiles, one for each pair of numbers from 0 to 6. A tile with the same number on both halves is a double. A tile's pips are its two numbers added up."),
    ),
    section(
      "Dealing and the first tile",
      p("With two players everyone gets 7 tiles; with three or four, 5 each in the standard game (7 in block and partnership). The rest stay face down: the boneyard."),
      p("Whoever holds the highest double plays it first. If nobody has a double, the heaviest tile opens. Turns then go round the table."),
    ),
    section(
      "Your turn",
      p("Play one tile that matches one of the two open ends of the line; the matching halves touch and the other half becomes the new end. Doubles lie crossways. If you can play, you must."),
      p("Can't play? In the standard game you draw from the boneyard until a tile fits (or the boneyard is empty, and then you pass). With draw-reserve the last two tiles of the boneyard are never drawn. In block and partnership there is no drawing: you pass."),
    ),
    section(
      "End of a hand and scoring",
      p("A hand ends when someone plays their last tile (\u201cdomino!\u201d) or when nobody can move: the game is blocked."),
      list(
        "Standard rules: the player with the lightest hand (the one who went out has none) scores the pips left in the others' hands, minus their own.",
        "A block with a tie for the lightest hand scores nothing.",
        "Partnership: partners sit across from each other and pool their hands; the winning team scores every pip still held.",
      ),
      p("Hands are dealt until a score reaches the target (100 unless you chose another); the highest score wins."),
    ),
    section(
      "All-fives",
      p("The scoring game (also called Muggins): points are made on every play, not only at the end of a hand."),
      list(
        "The first double played, the opening tile or a later one, is the spinner. Tiles go on its two sides first; once both hold a tile, its two ends open too, so the layout can grow four arms: west, east, north and south.",
        "After each play, add up the count: the free number at the end of every arm (a double lying crossways at an arm's end counts both halves; the spinner counts both halves until both its sides are covered). If the count is 5, 10, 15 or any multiple of five, you score it at once.",
        "At the end of a hand the side that went out scores the pips left in the other hands, rounded to the nearest 5 (12 counts as 10, 13 as 15); after a block the lightest hand scores the others' pips minus its own, rounded the same way.",
        "The game is to 150, and it ends the moment a score reaches it, even in the middle of a hand.",
      ),
      h("div", { class: "how-figures" }, spinnerFigure()),
    ),
    section(
      "Playing here",
      list(
        "Click a tile: it goes to the only end it fits. If it fits several, every one of those ends lights up, with the points it would score in all-fives: click one.",
        "In all-fives the count is shown above the layout, and a score made during play rises from the tile that made it.",
        "Or drag a tile onto a lit end.",
        "Tiles that fit nowhere are dimmed. When nothing fits, click the boneyard (or press D) to draw.",
        "Keyboard: Tab to a tile, Enter to play it, Tab to an end and Enter; D draws, H asks for a hint, U takes back your last move.",
      ),
    ),
  ];
}

function triominoes() {
  return [
    h("p", { class: "lead" }, "Lay triangles so that every corner number agrees with its neighbours, and score big with bridges and hexagons."),
    h("div", { class: "how-art", "aria-hidden": "true" }, triominoSvg([0, 1, 2]), triominoSvg([4, 4, 4]), triominoSvg([1, 3, 5])),
    section(
      "The tiles",
      p("There are 56 triangles carrying three numbers from 0 to 5. A tile may be turned but never flipped over. Its value is its three numbers added up; the six with the same number three times are triples."),
    ),
    section(
      "Dealing and starting",
      p("Two players get 9 tiles each, three or four players 7, five or six players 6. The rest form the pool."),
      list(
        "Standard (Pressman) rules: the highest triple opens and earns 10 points more than its value; opening with 0-0-0 earns 40 more.",
        "Goliath: everyone draws one tile, the highest value starts with any tile it likes.",
        "Classic: the highest triple starts; with no triple, players draw until one turns up.",
      ),
    ),
    section(
      "Placing a tile",
      p("Put a tile into an empty triangle next to the layout. It must share at least one whole side with a tile already down, and every corner that touches another tile, even just at a point, must show the same number."),
      p("You score the tile's value, plus:"),
      list(
        h("span", {}, h("strong", {}, "Bridge, +40: "), "the tile shares exactly one side with the layout and its opposite corner touches another tile."),
        h("span", {}, h("strong", {}, "Hexagon, +50: "), "the tile closes a ring of six triangles around a point (two rings at once +60, three +70)."),
      ),
      h(
        "div",
        { class: "how-figures" },
        layoutFigure(BRIDGE, "A bridge: the pale tile (0-0-5) touches the layout along one side only, and its opposite corner, circled, touches other tiles: 5 + 40.", "A bridge: a tile sharing one side with the layout, its opposite corner touching another tile"),
        layoutFigure(HEXAGON, "A hexagon: the pale tile (1-2-2) is the sixth triangle around the circled point, closing the ring: 5 + 50.", "A hexagon: six triangles around one point, the last one just placed"),
      ),
    ),
    section(
      "When nothing fits",
      p("Draw from the pool, 5 points each. Under the standard rules you may draw at most three times; if you still cannot play you lose 10 more and your turn ends. Classic rules let you draw until something fits; Goliath also lets you buy a tile when you could play. If the pool is empty and nothing fits, you pass (that costs 10 points under the standard rules)."),
    ),
    section(
      "End of a round and of the game",
      p("The player who places their last tile scores 25 plus the value of every tile the others still hold. If nobody can move and the pool is empty, the round is blocked and its winner scores the others' tiles minus their own."),
      p("Rounds go on until someone reaches the target (400 unless you chose another) at the end of a round; the highest score wins."),
    ),
    section(
      "Playing here",
      list(
        "Pick a tile: every place it fits lights up with the points it would score, bonuses named.",
        "Point at a place to see the tile there. Click it to play; if the tile fits there in several ways, turn it with Rotate (or R) and press Place.",
        "Or drag the tile onto a lit place.",
        "Drag the board to move it, use the wheel or + and \u2212 to zoom, and Fit (or F) to see it all.",
        "Keyboard: Tab to a tile and Enter, Tab through the places and Enter; D draws, H asks for a hint.",
      ),
    ),
  ];
}

export function howToPage(root, game) {
  const title = game === "dominoes" ? "Dominoes" : "Tri-Ominos";
  document.title = `How to play ${title} \u00b7 bonepile`;
  root.replaceChildren(
    h(
      "article",
      { class: "how-page" },
      h("nav", { class: "crumbs" }, h("a", { href: "#/" }, "\u2190 bonepile")),
      h("h1", {}, `How to play ${title}`),
      ...(game === "dominoes" ? dominoes() : triominoes()),
      p("Every rule, option and variant: ", h("a", { href: `/rules/${game}.md`, class: "how-rules" }, `the ${title} rules`), "."),
      h("p", { class: "how-back" }, h("a", { href: "#/", class: "button primary" }, "Start a game")),
    ),
  );
  return null;
}
