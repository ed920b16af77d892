// How to play Mexican Train: the rule sheet (M1-M10) told shortly, with this app's controls, and a hub and
// its trains drawn by the table's own board (trains-board.js) from a board as the server sends it.

import { h } from "./dom.js";
import { list, p, section } from "./howto-parts.js";
import { t } from "./i18n.js";
import { dominoSvg } from "./tiles.js";
import { TrainsBoard } from "./trains-board.js";

const tile = (near, far) => ({ tile: `${Math.max(near, far)}-${Math.min(near, far)}`, near, far, double: near === far });

// A round of four, a few turns in: your train, Bob's open train (his marker is out) ending in a double that
// waits to be covered, Cy's train still empty, and the Mexican Train, open to all. Made when the page is
// drawn, in the reader's language (the server would send these words in it).
function hubBoard() {
  // TRANSLATORS: a train's name in the picture of the hub; {player} is a player's name (Bob, Cy, Di).
  const train = (player) => t("{player}'s train", { player });
  // TRANSLATORS: the note over the picture of the hub: you must play on Bob's double 9-9 before anywhere else.
  const note = t("You must cover the {tile} on {player}'s train", { tile: "9-9", player: "Bob" });
  return {
    engine: "12-12",
    engine_number: 12,
    trains: [
      // TRANSLATORS: the short name of your own train, under its marker in the picture of the hub.
      { name: "@1", owner: 0, mexican: false, yours: true, label: t("Your train"), short: t("You"), tiles: [tile(12, 5), tile(5, 1)], open_end: 1, marked: false, open: false, waiting: null, laid: false },
      { name: "@2", owner: 1, mexican: false, yours: false, label: train("Bob"), short: "Bob", tiles: [tile(12, 9), tile(9, 9)], open_end: 9, marked: true, open: true, waiting: 1, laid: false },
      { name: "@3", owner: 2, mexican: false, yours: false, label: train("Cy"), short: "Cy", tiles: [], open_end: 12, marked: false, open: false, waiting: null, laid: false },
      { name: "@4", owner: 3, mexican: false, yours: false, label: train("Di"), short: "Di", tiles: [tile(12, 3), tile(3, 3), tile(3, 8)], open_end: 8, marked: false, open: false, waiting: null, laid: false },
      // TRANSLATORS: the Mexican Train: the train everyone may play on; "Mexican" is its short name under its sign.
      { name: "mexican", owner: null, mexican: true, yours: false, label: t("Mexican Train"), short: t("Mexican"), tiles: [tile(12, 7), tile(7, 4)], open_end: 4, marked: false, open: true, waiting: null, laid: false },
    ],
    waiting: [{ tile: "9-9", train: "@2", owner: 1, must_cover: 0, text: note }],
    note,
  };
}

/** The hub picture: the table's own board, drawn once it has its size. */
function hubFigure() {
  const host = h("div", { class: "board-host" });
  const frame = h("div", { class: "how-trains felt-frame" }, host);
  const board = new TrainsBoard(host, { onChoose: () => {} });
  board.render({ id: "how", hand_number: 1, seat: 0, board: hubBoard(), log: [], legal_moves: [] });
  return h(
    "figure",
    // TRANSLATORS: the picture of the hub: the engine (the round's double, 12-12) in the middle, the trains going out from it.
    { class: "how-figure how-hub", role: "img", "aria-label": t("A hub with the 12-12 engine and five trains going out from it") },
    frame,
    h(
      "figcaption",
      {},
      t("The hub: the 12-12 engine in the middle, a train for each player going out from it, and the Mexican Train apart. Bob's marker (the small engine) is out: anyone may play on his train. His 9-9 is not covered yet, so the next player must cover it."),
    ),
  );
}

export function content() {
  return [
    // TRANSLATORS: Mexican Train: a train is a line of tiles going out from the hub (the station in the middle of the table that holds the engine, the round's double); every player has one, and the Mexican Train is everyone's.
    h("p", { class: "lead" }, t("Build your own train out from the hub, use the Mexican Train and the open trains when yours is stuck, and be the first to play your last tile: the lowest total after the last round wins.")),
    h("div", { class: "how-art", "aria-hidden": "true" }, dominoSvg(12, 12), dominoSvg(12, 5), dominoSvg(5, 5)),
    section(
      t("The tiles and the rounds"),
      // TRANSLATORS: the engine: the round's double (12-12 in the first round), set in the hub, where every train starts.
      p(t("A double-twelve set: 91 tiles, each pair of numbers from 0 to 12 once. A game is one round for each double, from 12-12 down to 0-0 (13 rounds; double-nine, 10). The round's double is its engine: it sits in the hub in the middle of the table.")),
      // TRANSLATORS: the boneyard: the tiles left face down, drawn from when nothing fits.
      p(t("With 2 to 4 players each gets 15 tiles, with 5 or 6 players 12, with 7 or 8 players 10. The rest is the boneyard, face down.")),
    ),
    section(
      t("The trains"),
      list(
        t("Every player has a train of their own, starting at the hub: its first tile has the engine's number on the end that touches the engine."),
        t("The Mexican Train is everyone's, open from the start: anyone may start it, on any turn, with a tile that matches the engine."),
        t("A tile added to a train matches the train's open end; its other end becomes the new open end."),
        // TRANSLATORS: a marker: a small engine a player puts on their own train when they cannot play; anyone may then play on that train.
        t("Your own train is closed to the others until your marker is on it: then anyone may play there. Playing on your own train again takes your marker off."),
      ),
      h("div", { class: "how-figures" }, hubFigure()),
    ),
    section(
      t("Your turn"),
      p(t("Play one tile: on your own train, on the Mexican Train, or on any train that carries a marker. If you can play, you must. If you cannot, draw one tile: if it fits, play it at once; if not, pass and put your marker on your own train.")),
    ),
    section(
      t("Doubles"),
      // TRANSLATORS: to cover a double: to play a tile on it.
      p(t("A double is laid crossways like any tile, and you play again at once. A double left with nothing on it at the end of its player's turn must be covered: the next player, and each after them, must play on that double and nowhere else (drawing one tile if they cannot, and putting out their marker if that does not fit). Once it is covered, play is free again.")),
    ),
    section(
      t("The end of a round and of the game"),
      p(t("A round ends when a player plays their last tile, or when the boneyard is empty and nobody can play. Everyone adds the pips left in their hand to their total; the one who went out adds nothing. After the last round, the lowest total wins.")),
    ),
    section(
      t("Playing here"),
      list(
        t("Click a tile: if it goes on one train only, it is played there. If it goes on several, every one of those trains lights up, and buttons under your hand name them: click one."),
        t("Or drag a tile onto a lit train."),
        t("Your own train is drawn in your colour; a train whose marker is out shows its owner's small engine; a double that must be covered is lit in red, and the note above the trains says who must cover it."),
        t("When nothing fits, click the boneyard (or press D) to draw; when the tile drawn fits nowhere, Pass (or P)."),
        t("The header says which round this is, out of how many, and its engine; at the end of each round every hand is shown face up with its pips, and the score sheet comes at the end of the game."),
      ),
    ),
  ];
}
