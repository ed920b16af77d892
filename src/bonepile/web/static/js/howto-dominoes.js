// How to play Dominoes: the rule sheet told shortly, with this app's controls, and the all-fives spinner
// drawn by the table's own layout code.

import { h, s } from "./dom.js";
import { spinnerLayout } from "./dominoes-board.js";
import { list, p, section } from "./howto-parts.js";
import { t } from "./i18n.js";
import { dominoFace, dominoSvg } from "./tiles.js";

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
      // TRANSLATORS: the picture of a spinner (the first double, which grows four arms); the tiles are named by their numbers, as "5-4".
      { viewBox: [x0 * UNIT, y0 * UNIT, (x1 - x0) * UNIT, (y1 - y0) * UNIT].join(" "), role: "img", "aria-label": t("A spinner, 5-5, with four arms: 5-4 west, 6-5 east, 5-2 north and 5-3 south") },
      faces,
    ),
    h(
      "figcaption",
      {},
      t("The spinner: 5-5 was the first double. Tiles went on both its sides first (5-4 west, 6-5 east), then on its ends (5-2 north, 5-3 south). The count is 4 + 6 + 2 + 3 = 15, a multiple of five: the play that made it scored 15."),
    ),
  );
}

export function content() {
  return [
    h("p", { class: "lead" }, t("Match the ends, empty your hand first, and collect the pips your opponents are stuck with.")),
    h("div", { class: "how-art", "aria-hidden": "true" }, dominoSvg(5, 3), dominoSvg(3, 3), dominoSvg(3, 6)),
    section(
      t("The tiles"),
      // TRANSLATORS: a double: a tile with the same number on both halves; its pips: the dots on it.
      p(t("A double-six set has 28 tiles, one for each pair of numbers from 0 to 6. A tile with the same number on both halves is a double. A tile's pips are its two numbers added up.")),
    ),
    section(
      t("Dealing and the first tile"),
      // TRANSLATORS: the boneyard: the tiles left face down, drawn from when nothing fits. "standard", "block" and "partnership" are the names of the game's variants in this app.
      p(t("With two players everyone gets 7 tiles; with three or four, 5 each in the standard game (7 in block and partnership). The rest stay face down: the boneyard.")),
      p(t("Whoever holds the highest double plays it first. If nobody has a double, the heaviest tile opens. Turns then go round the table.")),
    ),
    section(
      t("Your turn"),
      p(t("Play one tile that matches one of the two open ends of the line; the matching halves touch and the other half becomes the new end. Doubles lie crossways. If you can play, you must.")),
      // TRANSLATORS: "draw-reserve" is the name of a variant in this app: the last two tiles of the boneyard are never drawn.
      p(t("Can't play? In the standard game you draw from the boneyard until a tile fits (or the boneyard is empty, and then you pass). With draw-reserve the last two tiles of the boneyard are never drawn. In block and partnership there is no drawing: you pass.")),
    ),
    section(
      t("End of a hand and scoring"),
      // TRANSLATORS: a hand: one deal of Dominoes, from the deal until someone goes out or the game is blocked; "domino!" is what a player calls when playing their last tile.
      p(t("A hand ends when someone plays their last tile (\u201cdomino!\u201d) or when nobody can move: the game is blocked.")),
      list(
        t("Standard rules: the player with the lightest hand (the one who went out has none) scores the pips left in the others' hands, minus their own."),
        t("A block with a tie for the lightest hand scores nothing."),
        t("Partnership: partners sit across from each other and pool their hands; the winning team scores every pip still held."),
      ),
      p(t("Hands are dealt until a score reaches the target (100 unless you chose another); the highest score wins.")),
    ),
    section(
      // TRANSLATORS: All-fives (Muggins): the Dominoes variant that scores whenever the open ends add up to a multiple of five.
      t("All-fives"),
      p(t("The scoring game (also called Muggins): points are made on every play, not only at the end of a hand.")),
      list(
        // TRANSLATORS: the spinner: the first double played in all-fives, which can grow four arms (west, east, north and south).
        t("The first double played, the opening tile or a later one, is the spinner. Tiles go on its two sides first; once both hold a tile, its two ends open too, so the layout can grow four arms: west, east, north and south."),
        // TRANSLATORS: the count: the sum of the numbers at the open ends of the layout.
        t("After each play, add up the count: the free number at the end of every arm (a double lying crossways at an arm's end counts both halves; the spinner counts both halves until both its sides are covered). If the count is 5, 10, 15 or any multiple of five, you score it at once."),
        t("At the end of a hand the side that went out scores the pips left in the other hands, rounded to the nearest 5 (12 counts as 10, 13 as 15); after a block the lightest hand scores the others' pips minus its own, rounded the same way."),
        t("The game is to 150, and it ends the moment a score reaches it, even in the middle of a hand."),
      ),
      h("div", { class: "how-figures" }, spinnerFigure()),
    ),
    section(
      t("Playing here"),
      list(
        t("Click a tile: it goes to the only end it fits. If it fits several, every one of those ends lights up, with the points it would score in all-fives: click one."),
        t("In all-fives the count is shown above the layout, and a score made during play rises from the tile that made it."),
        t("Or drag a tile onto a lit end."),
        t("Tiles that fit nowhere are dimmed. When nothing fits, click the boneyard (or press D) to draw."),
        t("Keyboard: Tab to a tile, Enter to play it, Tab to an end and Enter; D draws, H asks for a hint, U takes back your last move."),
      ),
    ),
  ];
}
