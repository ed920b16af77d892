// How to play Tri-Ominos: the rule sheet told shortly, with this app's controls, and a bridge and a hexagon.

import { h, s } from "./dom.js";
import { list, p, section, withBold } from "./howto-parts.js";
import { t } from "./i18n.js";
import { triominoSvg } from "./tiles.js";

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

export function content() {
  return [
    // TRANSLATORS: Tri-Ominos: a bridge is a tile touching the layout along one side while its opposite corner touches another tile; a hexagon is a ring of six triangles around one point. Both score a bonus.
    h("p", { class: "lead" }, t("Lay triangles so that every corner number agrees with its neighbours, and score big with bridges and hexagons.")),
    h("div", { class: "how-art", "aria-hidden": "true" }, triominoSvg([0, 1, 2]), triominoSvg([4, 4, 4]), triominoSvg([1, 3, 5])),
    section(
      t("The tiles"),
      // TRANSLATORS: a triple: a tile with the same number on all three corners.
      p(t("There are 56 triangles carrying three numbers from 0 to 5. A tile may be turned but never flipped over. Its value is its three numbers added up; the six with the same number three times are triples.")),
    ),
    section(
      t("Dealing and starting"),
      // TRANSLATORS: the pool: the Tri-Ominos tiles left face down, drawn from when nothing fits.
      p(t("Two players get 9 tiles each, three or four players 7, five or six players 6. The rest form the pool.")),
      list(
        // TRANSLATORS: "Standard (Pressman)", "Goliath" and "Classic" are the names of the game's rule sets in this app (Pressman is the maker of the game).
        t("Standard (Pressman) rules: the highest triple opens and earns 10 points more than its value; opening with 0-0-0 earns 40 more."),
        t("Goliath: everyone draws one tile, the highest value starts with any tile it likes."),
        t("Classic: the highest triple starts; with no triple, players draw until one turns up."),
      ),
    ),
    section(
      t("Placing a tile"),
      p(t("Put a tile into an empty triangle next to the layout. It must share at least one whole side with a tile already down, and every corner that touches another tile, even just at a point, must show the same number.")),
      p(t("You score the tile's value, plus:")),
      list(
        // TRANSLATORS: a bridge (Tri-Ominos): a tile sharing exactly one side with the layout while its opposite corner touches another tile; the part in <strong>…</strong> is set in bold: keep the two tags.
        withBold(t("<strong>Bridge, +40:</strong> the tile shares exactly one side with the layout and its opposite corner touches another tile.")),
        // TRANSLATORS: a hexagon (Tri-Ominos): a ring of six triangles around one point; the part in <strong>…</strong> is set in bold: keep the two tags.
        withBold(t("<strong>Hexagon, +50:</strong> the tile closes a ring of six triangles around a point (two rings at once +60, three +70).")),
      ),
      h(
        "div",
        { class: "how-figures" },
        // TRANSLATORS: the caption and the label of the picture of a bridge; tiles are named by their corner numbers, as "0-0-5".
        layoutFigure(BRIDGE, t("A bridge: the pale tile (0-0-5) touches the layout along one side only, and its opposite corner, circled, touches other tiles: 5 + 40."), t("A bridge: a tile sharing one side with the layout, its opposite corner touching another tile")),
        // TRANSLATORS: the caption and the label of the picture of a hexagon (six triangles around one point).
        layoutFigure(HEXAGON, t("A hexagon: the pale tile (1-2-2) is the sixth triangle around the circled point, closing the ring: 5 + 50."), t("A hexagon: six triangles around one point, the last one just placed")),
      ),
    ),
    section(
      t("When nothing fits"),
      // TRANSLATORS: to buy a tile: to draw one from the pool (Goliath rules allow it even when you could play).
      p(t("Draw from the pool, 5 points each. Under the standard rules you may draw at most three times; if you still cannot play you lose 10 more and your turn ends. Classic rules let you draw until something fits; Goliath also lets you buy a tile when you could play. If the pool is empty and nothing fits, you pass (that costs 10 points under the standard rules).")),
    ),
    section(
      t("End of a round and of the game"),
      // TRANSLATORS: a round: one deal of Tri-Ominos; "blocked": nobody can move and the pool is empty.
      p(t("The player who places their last tile scores 25 plus the value of every tile the others still hold. If nobody can move and the pool is empty, the round is blocked and its winner scores the others' tiles minus their own.")),
      p(t("Rounds go on until someone reaches the target (400 unless you chose another) at the end of a round; the highest score wins.")),
    ),
    section(
      t("Playing here"),
      list(
        t("Pick a tile: every place it fits lights up with the points it would score, bonuses named."),
        // TRANSLATORS: "Rotate" and "Place" are the names of the buttons beside the board.
        t("Point at a place to see the tile there. Click it to play; if the tile fits there in several ways, turn it with Rotate (or R) and press Place."),
        t("Or drag the tile onto a lit place."),
        // TRANSLATORS: "Fit" is the name of the button that shows the whole board.
        t("Drag the board to move it, use the wheel or + and \u2212 to zoom, and Fit (or F) to see it all."),
        t("Keyboard: Tab to a tile and Enter, Tab through the places and Enter; D draws, H asks for a hint."),
      ),
    ),
  ];
}
