// The start page: choose a game, its rules, the players (human or computer at a level), and start at
// this screen or create an online room for friends; or resume an unfinished game.

import { api, roomApi } from "./api.js";
import { roomHash, saveRoom } from "./credentials.js";
import { andList, h, parts, seatColor } from "./dom.js";
import { formatNumber, presetName, t, tn, tp } from "./i18n.js";
import { languagePicker } from "./language-picker.js";
import { finishedCard, resumeCard, roomsCard } from "./start-lists.js";
import { dominoSvg, triominoSvg } from "./tiles.js";

const SAVED = "bonepile.start";

function remembered() {
  try {
    return JSON.parse(localStorage.getItem(SAVED)) || {};
  } catch {
    return {};
  }
}

function save(choice) {
  try {
    localStorage.setItem(SAVED, JSON.stringify(choice));
  } catch {
    // private browsing: nothing to remember
  }
}

/** The choices of the last game this page filled in that differ from the rules' defaults, in words. */
function rememberedChoices(game, state, saved) {
  if (saved.game !== game.name) return [];
  const preset = game.presets.find((p) => p.name === state.preset);
  const words = [];
  // TRANSLATORS: one of the choices remembered from the last game; {preset} is a preset's name (all-fives).
  if (state.preset !== game.default_preset) words.push(t("{preset} rules", { preset: presetName(state.preset) }));
  if (preset && state.players !== preset.players.default) words.push(tn("{count} player", "{count} players", state.players));
  const levels = Object.fromEntries(game.ai_levels.map((level) => [level.level, level.label]));
  const chosen = state.seats.filter((seat, i) => (i === 0 ? seat.kind !== "human" : seat.kind !== "ai" || seat.level !== game.default_level));
  if (chosen.length) {
    // TRANSLATORS: who plays a seat, among the choices remembered from the last game; {level} is "Hard".
    const kinds = [...new Set(state.seats.slice(1).map((seat) => (seat.kind === "ai" ? t("{level} computer", { level: levels[seat.level] || seat.level }) : t("human"))))];
    // TRANSLATORS: the kinds of players of the other seats, remembered from the last game: "Hard computer and human".
    const joined = kinds.reduce((all, kind) => t("{first} and {second}", { first: all, second: kind }));
    // TRANSLATORS: among the choices remembered from the last game: "seats: Hard computer and human".
    words.push(t("seats: {kinds}", { kinds: joined }));
  }
  // TRANSLATORS: among the choices remembered from the last game: the players' names.
  if (state.seats.some((seat) => seat.name && seat.name.trim())) words.push(t("names"));
  if (state.target) {
    const target = Number(state.target);
    // TRANSLATORS: among the choices remembered from the last game: how long the game lasts.
    words.push(game.goal === "rounds" ? tn("{count} round", "{count} rounds", target) : t("play to {target}", { target }));
  }
  if (state.tileSet) words.push(state.tileSet);
  return words;
}

/** The choices remembered, one after the other: "block rules, 3 players, play to 10". */
function choiceList(words) {
  // TRANSLATORS: a list of choices remembered from the last game, one more added at its end.
  return words.reduce((list, item) => t("{list}, {item}", { list, item }));
}

/** A game's picture: the few tiles its catalog entry names (`art`), drawn as its kind of tile (`tile`). */
function illustration(game) {
  return h(
    "span",
    { class: "game-art", "aria-hidden": "true" },
    (game.art || []).map((text) => {
      const numbers = text.split("-").map(Number);
      return game.tile === "triangle" ? triominoSvg(numbers) : dominoSvg(numbers[0], numbers[1]);
    }),
  );
}

/** "Dominoes, Tri-Ominos and Mexican Train": every game of the catalog, by title. */
function titles(catalog) {
  return andList(catalog.games.map((game) => game.title));
}

/** Show the start page in `root`; the answer's destroy() stops it from drawing if it is still loading. */
export function startPage(root, { navigate }) {
  const page = { closed: false, destroy: () => (page.closed = true) };
  load(root, navigate, page);
  return page;
}

async function load(root, navigate, page) {
  document.title = "bonepile";
  root.replaceChildren(h("div", { class: "loading" }, t("Loading\u2026")));
  let catalog;
  let unfinished;
  let finished;
  try {
    [catalog, unfinished, finished] = await Promise.all([api.catalog(), api.games("playing"), api.games("over").catch(() => ({ games: [] }))]);
  } catch (error) {
    if (!page.closed) {
      root.replaceChildren(h("div", { class: "page-error" }, h("h1", {}, t("The server cannot be reached")), h("p", {}, error.message), h("button", { class: "primary", onclick: () => load(root, navigate, page) }, t("Try again"))));
    }
    return;
  }
  if (page.closed) return;
  // TRANSLATORS: the start page's title in the browser; {games} is "Dominoes, Tri-Ominos and Mexican Train".
  document.title = t("bonepile: {games}", { games: titles(catalog) });
  const games = Object.fromEntries(catalog.games.map((game) => [game.name, game]));
  const saved = remembered();
  const state = {
    game: games[saved.game] ? saved.game : catalog.games[0].name,
    preset: null,
    players: null,
    seats: [],
    target: "",
    tileSet: "",
    timeLimit: "", // a turn timer is chosen for each game: never carried over from the last one
    hints: false,
    online: saved.online === true,
    hostSeat: Number.isInteger(saved.hostSeat) || saved.hostSeat === null ? saved.hostSeat : 0,
  };
  const applyGame = (name, keep) => {
    const game = games[name];
    state.game = name;
    const wanted = keep && keep.preset;
    state.preset = game.presets.some((p) => p.name === wanted) ? wanted : game.default_preset;
    applyPreset(keep);
  };
  const applyPreset = (keep) => {
    const preset = games[state.game].presets.find((p) => p.name === state.preset);
    const wanted = keep && keep.players;
    state.players = wanted >= preset.players.min && wanted <= preset.players.max ? wanted : preset.players.default;
    fitSeats(keep && keep.seats);
  };
  const fitSeats = (previous) => {
    const game = games[state.game];
    const levels = game.ai_levels.map((l) => l.level);
    const seats = [];
    for (let i = 0; i < state.players; i++) {
      const old = (previous || state.seats)[i];
      if (old && (old.kind === "human" || levels.includes(old.level))) seats.push({ ...old });
      else seats.push(i === 0 || state.online ? { kind: "human", level: null, name: "" } : { kind: "ai", level: game.default_level, name: "" });
    }
    state.seats = seats;
    if (state.hostSeat !== null && (state.hostSeat >= seats.length || seats[state.hostSeat].kind !== "human")) {
      const first = seats.findIndex((seat) => seat.kind === "human");
      state.hostSeat = first < 0 ? null : first;
    }
  };
  applyGame(state.game, saved.game === state.game ? saved : null);
  state.target = saved.game === state.game && saved.target ? saved.target : "";
  const sets = () => games[state.game].sets || [];
  state.tileSet = saved.game === state.game && sets().some((entry, i) => i > 0 && entry.name === saved.tileSet) ? saved.tileSet : "";
  let recalled = rememberedChoices(games[state.game], state, saved);
  const useDefaults = () => {
    applyGame(state.game, null);
    state.seats = [];
    fitSeats();
    state.target = "";
    state.tileSet = "";
    state.timeLimit = "";
    recalled = [];
    redraw();
    form.querySelector("#start-game")?.focus();
  };

  const form = h("form", { class: "new-game", "aria-label": t("New game") });
  const redraw = () => {
    const focused = document.activeElement && document.activeElement.id;
    form.replaceChildren(...formParts().filter(Boolean));
    if (focused) {
      const again = document.getElementById(focused);
      if (again) again.focus();
    }
  };

  const formParts = () => {
    const game = games[state.game];
    const preset = game.presets.find((p) => p.name === state.preset);
    const gameChoice = h(
      "fieldset",
      { class: "game-choice" },
      h("legend", {}, t("Game")),
      catalog.games.map((entry) =>
        h(
          "label",
          { class: ["game-card", entry.name === state.game ? "chosen" : ""] },
          h("input", {
            type: "radio",
            name: "game",
            value: entry.name,
            id: `game-${entry.name}`,
            checked: entry.name === state.game,
            onchange: () => {
              applyGame(entry.name, null);
              state.target = "";
              state.tileSet = "";
              recalled = [];
              redraw();
            },
          }),
          illustration(entry),
          h("span", { class: "game-name" }, entry.title),
          // TRANSLATORS: how many can play a game: "2–4 players".
          h("span", { class: "game-players" }, t("{min}\u2013{max} players", { min: entry.players.min, max: entry.players.max })),
        ),
      ),
    );
    const presetChoice = h(
      "fieldset",
      { class: "preset-choice" },
      h("legend", {}, t("Rules")),
      game.presets.map((entry) =>
        h(
          "label",
          { class: ["preset-option", entry.name === state.preset ? "chosen" : ""] },
          h("input", {
            type: "radio",
            name: "preset",
            value: entry.name,
            id: `preset-${entry.name}`,
            checked: entry.name === state.preset,
            onchange: () => {
              state.preset = entry.name;
              applyPreset({ players: state.players, seats: state.seats });
              redraw();
            },
          }),
          // TRANSLATORS: a badge beside the preset that is the game's standard rules.
          h("span", { class: "preset-name" }, presetName(entry.name), entry.name === game.default_preset ? h("span", { class: "badge" }, tp("rules", "standard")) : null),
          h("span", { class: "preset-description" }, entry.description),
        ),
      ),
    );
    const rounds = game.goal === "rounds";
    const counts = [];
    for (let n = preset.players.min; n <= preset.players.max; n++) counts.push(n);
    const playerCount = h(
      "div",
      { class: "field inline" },
      h("label", { for: "players" }, t("Players")),
      h(
        "select",
        {
          id: "players",
          name: "players",
          disabled: counts.length === 1,
          onchange: (event) => {
            state.players = Number(event.target.value);
            fitSeats();
            redraw();
          },
        },
        counts.map((n) => h("option", { value: n, selected: n === state.players }, formatNumber(n))),
      ),
      // What ends the game: a score to play to, or (a game of so many rounds) how many rounds.
      h("label", { for: "target" }, rounds ? t("Rounds") : t("Play to")),
      h("input", {
        id: "target",
        name: "target",
        type: "number",
        min: "1",
        max: rounds ? "99" : "1000",
        inputmode: "numeric",
        // TRANSLATORS: the placeholder of an empty field: the rules' own value is used.
        placeholder: t("default"),
        value: state.target,
        oninput: (event) => (state.target = event.target.value),
        "aria-describedby": "target-help",
      }),
      h("span", { id: "target-help", class: "help" }, rounds ? t("rounds (empty: all of them, as the rules say)") : t("points (empty: as the rules say)")),
    );
    // The sets the engine deals (Dominoes); the first is the rules' own and sends no option.
    const tileChoice =
      sets().length > 1
        ? h(
            "div",
            { class: "field inline" },
            h("label", { for: "tile-set" }, t("Tiles")),
            h(
              "select",
              { id: "tile-set", name: "set", onchange: (event) => (state.tileSet = event.target.value) },
              sets().map((entry, i) =>
                h(
                  "option",
                  { value: i === 0 ? "" : entry.name, selected: (i === 0 ? "" : entry.name) === state.tileSet },
                  // TRANSLATORS: a set of tiles to play with; {set} is its name, such as double-nine.
                  tn("{set} ({count} tile)", "{set} ({count} tiles)", entry.tiles, { set: entry.name }),
                ),
              ),
            ),
          )
        : null;
    const clock = h(
      "div",
      { class: "field inline" },
      h("label", { for: "time-limit" }, t("Time per turn")),
      h("input", {
        id: "time-limit",
        name: "time-limit",
        type: "number",
        min: "5",
        max: "86400",
        inputmode: "numeric",
        placeholder: t("no limit"),
        value: state.timeLimit,
        oninput: (event) => (state.timeLimit = event.target.value),
        "aria-describedby": "time-limit-help",
      }),
      h("span", { id: "time-limit-help", class: "help" }, t("seconds, 5 or more, for this game only (empty: no limit; at zero the server moves for you)")),
    );
    const humans = state.seats.filter((seat) => seat.kind === "human").length;
    const online = state.online;
    const seatValue = (seat, i) => (seat.kind === "ai" ? seat.level : online && state.hostSeat === i ? "you" : "human");
    const placeholder = (seat, i) => {
      // TRANSLATORS: the name a computer's seat gets when none is written ({n}: the seat's number).
      if (seat.kind === "ai") return state.seats.filter((other) => other.kind === "ai").length === 1 ? t("Computer") : t("Computer {n}", { n: i + 1 });
      if (online) return state.hostSeat === i ? t("Your name") : t("Player {n} (they can set it)", { n: i + 1 });
      return humans === 1 ? t("You") : t("Player {n}", { n: i + 1 });
    };
    const seatRows = h(
      "fieldset",
      { class: "seats" },
      h("legend", {}, t("Seats, in turn order")),
      state.seats.map((seat, i) =>
        h(
          "div",
          { class: "seat-row" },
          h("span", { class: "seat-number", style: { background: seatColor(i) }, "aria-hidden": "true" }, String(i + 1)),
          h("input", {
            id: `seat-name-${i}`,
            type: "text",
            maxlength: "24",
            "aria-label": t("Seat {n} name", { n: i + 1 }),
            placeholder: placeholder(seat, i),
            value: seat.name,
            oninput: (event) => (seat.name = event.target.value),
          }),
          h(
            "select",
            {
              id: `seat-kind-${i}`,
              "aria-label": t("Seat {n}: human or computer", { n: i + 1 }),
              onchange: (event) => {
                const value = event.target.value;
                if (value === "you") {
                  Object.assign(seat, { kind: "human", level: null });
                  state.hostSeat = i;
                } else if (value === "human") {
                  Object.assign(seat, { kind: "human", level: null });
                  if (state.hostSeat === i) state.hostSeat = null;
                } else {
                  Object.assign(seat, { kind: "ai", level: value });
                  if (state.hostSeat === i) state.hostSeat = null;
                }
                redraw();
              },
            },
            online ? h("option", { value: "you", selected: seatValue(seat, i) === "you" }, t("You")) : null,
            h("option", { value: "human", selected: seatValue(seat, i) === "human" }, online ? t("A friend (online)") : t("Human")),
            // TRANSLATORS: who plays a seat; {level} is the computer's level ("Hard").
            game.ai_levels.map((level) => h("option", { value: level.level, selected: seat.kind === "ai" && seat.level === level.level }, t("Computer \u00b7 {level}", { level: level.label }))),
          ),
        ),
      ),
      online
        ? h("p", { class: "help" }, state.hostSeat === null ? t("You take no seat: you will watch the table and host the room.") : t("Each friend's seat gets its own secret link; you can also share one link for anyone to pick a free seat."))
        : humans > 1
          ? h("p", { class: "help" }, t("Several humans share this screen: the tiles hide between turns while the device is passed."))
          : null,
    );
    const submit = h(
      "div",
      { class: "form-actions" },
      h("button", { type: "submit", class: "primary big", id: "start-game" }, online ? t("Create the room") : t("Deal the tiles")),
      h("a", { href: `#/how/${state.game}`, class: "how-link" }, t("How to play {game}", { game: game.title })),
    );
    const note = recalled.length
      ? h(
          "div",
          { class: "remembered-note", role: "note", id: "remembered" },
          // TRANSLATORS: {choices} is a list of what was remembered: "block rules, 3 players, play to 10".
          h("span", {}, ...parts(t("Remembered from your last game: {choices}."), { choices: h("strong", {}, choiceList(recalled)) })),
          h("button", { type: "button", class: "quiet", id: "rules-defaults", onclick: useDefaults }, t("Rules\u2019 defaults")),
        )
      : null;
    const hintsChoice = online
      ? h(
          "div",
          { class: "field inline" },
          h("input", { id: "room-hints", type: "checkbox", checked: state.hints, onchange: (event) => (state.hints = event.target.checked) }),
          h("label", { for: "room-hints" }, t("Players may ask for hints")),
        )
      : null;
    return [note, modeChoice(), gameChoice, presetChoice, playerCount, tileChoice, clock, hintsChoice, seatRows, submit];
  };

  const modeChoice = () =>
    h(
      "fieldset",
      { class: "mode-choice" },
      h("legend", {}, t("Where")),
      [
        [false, "mode-local", t("At this screen"), t("against the computer, or friends passing the device")],
        [true, "mode-online", t("Play online"), t("friends join from their own browsers with a link")],
      ].map(([value, id, title, words]) =>
        h(
          "label",
          { class: ["mode-option", state.online === value ? "chosen" : ""] },
          h("input", {
            type: "radio",
            name: "mode",
            id,
            value: value ? "online" : "local",
            checked: state.online === value,
            onchange: () => {
              state.online = value;
              if (value && state.hostSeat === null) state.hostSeat = state.seats.findIndex((seat) => seat.kind === "human");
              if (state.hostSeat !== null && state.hostSeat < 0) state.hostSeat = null;
              // Online is for friends: with none seated yet, the seat after yours is a friend's.
              if (value && state.seats.every((seat, i) => seat.kind === "ai" || i === state.hostSeat)) {
                const friend = state.seats.findIndex((seat, i) => i !== state.hostSeat);
                if (friend >= 0) Object.assign(state.seats[friend], { kind: "human", level: null });
              }
              redraw();
            },
          }),
          h("span", { class: "mode-title" }, title),
          h("span", { class: "mode-words" }, words),
        ),
      ),
    );

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const target = String(state.target).trim();
    const timeLimit = String(state.timeLimit).trim();
    const body = {
      game: state.game,
      preset: state.preset,
      players: state.players,
      seats: state.seats.map((seat) => ({ kind: seat.kind, level: seat.kind === "ai" ? seat.level : null, name: seat.name.trim() || null })),
      options: target ? { [games[state.game].goal_option || "target"]: Number(target) } : {},
    };
    if (state.tileSet && sets().some((entry) => entry.name === state.tileSet)) body.options.set = state.tileSet;
    if (timeLimit) body.turn_time_limit = Number(timeLimit);
    save({ game: state.game, preset: state.preset, players: state.players, seats: state.seats, target, tileSet: state.tileSet, online: state.online, hostSeat: state.hostSeat });
    const button = form.querySelector("#start-game");
    button.disabled = true;
    try {
      if (state.online) {
        const created = await roomApi.create({ ...body, host_seat: state.hostSeat, hints: state.hints });
        const room = created.room;
        const seatTokens = Object.fromEntries(created.seat_tokens.map((entry) => [entry.seat, entry.token]));
        saveRoom(room.id, { token: created.host_token, role: "host", seat: room.host_seat, seatTokens, title: room.title, preset: room.preset });
        navigate(roomHash(room.id, "token", created.host_token));
        return;
      }
      const created = await api.create(body);
      navigate(`#/game/${created.id}`);
    } catch (error) {
      button.disabled = false;
      form.querySelector(".form-error")?.remove();
      form.append(h("p", { class: "form-error", role: "alert" }, error.message));
    }
  });
  redraw();

  const resume = resumeCard(unfinished);
  const roomList = roomsCard();
  const over = finishedCard(finished);

  const howTo = h(
    "section",
    { class: "card how" },
    h("h2", {}, t("How to play")),
    h("ul", { class: "how-links" }, catalog.games.map((game) => h("li", {}, h("a", { href: `#/how/${game.name}` }, illustration(game), h("span", {}, game.title))))),
  );

  root.replaceChildren(
    h(
      "div",
      { class: "start-page" },
      h(
        "header",
        { class: "hero" },
        h("div", { class: "hero-tools" }, languagePicker()),
        h("h1", {}, h("span", { class: "brand-mark", "aria-hidden": "true" }), "bonepile"),
        // TRANSLATORS: under the start page's title; {games} is "Dominoes, Tri-Ominos and Mexican Train".
        h("p", {}, t("{games}, against the computer, with friends at one screen, or online.", { games: titles(catalog) })),
      ),
      h("div", { class: "start-columns" }, h("section", { class: "card new" }, h("h2", {}, t("New game")), form), h("div", { class: "side-column" }, resume, roomList, over, howTo)),
    ),
  );
}
