// The start page: choose a game, its rules, the players (human or computer at a level), and start at
// this screen or create an online room for friends; or resume an unfinished game.

import { api, roomApi } from "./api.js";
import { roomHash, saveRoom } from "./credentials.js";
import { h, seatColor } from "./dom.js";
import { resumeCard, roomsCard } from "./start-lists.js";
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
  if (state.preset !== game.default_preset) words.push(`${state.preset} rules`);
  if (preset && state.players !== preset.players.default) words.push(`${state.players} players`);
  const levels = Object.fromEntries(game.ai_levels.map((level) => [level.level, level.label]));
  const chosen = state.seats.filter((seat, i) => (i === 0 ? seat.kind !== "human" : seat.kind !== "ai" || seat.level !== game.default_level));
  if (chosen.length) {
    const kinds = [...new Set(state.seats.slice(1).map((seat) => (seat.kind === "ai" ? `${levels[seat.level] || seat.level} computer` : "human")))];
    words.push(`seats: ${kinds.join(" and ")}`);
  }
  if (state.seats.some((seat) => seat.name && seat.name.trim())) words.push("names");
  if (state.target) words.push(game.goal === "rounds" ? `${state.target} rounds` : `play to ${state.target}`);
  if (state.tileSet) words.push(state.tileSet);
  return words;
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
  const names = catalog.games.map((game) => game.title);
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names.join("");
}

/** Show the start page in `root`; the answer's destroy() stops it from drawing if it is still loading. */
export function startPage(root, { navigate }) {
  const page = { closed: false, destroy: () => (page.closed = true) };
  load(root, navigate, page);
  return page;
}

async function load(root, navigate, page) {
  document.title = "bonepile";
  root.replaceChildren(h("div", { class: "loading" }, "Loading\u2026"));
  let catalog;
  let unfinished;
  try {
    [catalog, unfinished] = await Promise.all([api.catalog(), api.games("playing")]);
  } catch (error) {
    if (!page.closed) {
      root.replaceChildren(h("div", { class: "page-error" }, h("h1", {}, "The server cannot be reached"), h("p", {}, error.message), h("button", { class: "primary", onclick: () => load(root, navigate, page) }, "Try again")));
    }
    return;
  }
  if (page.closed) return;
  document.title = `bonepile: ${titles(catalog)}`;
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

  const form = h("form", { class: "new-game", "aria-label": "New game" });
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
      h("legend", {}, "Game"),
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
          h("span", { class: "game-players" }, `${entry.players.min}\u2013${entry.players.max} players`),
        ),
      ),
    );
    const presetChoice = h(
      "fieldset",
      { class: "preset-choice" },
      h("legend", {}, "Rules"),
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
          h("span", { class: "preset-name" }, entry.name, entry.name === game.default_preset ? h("span", { class: "badge" }, "standard") : null),
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
      h("label", { for: "players" }, "Players"),
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
        counts.map((n) => h("option", { value: n, selected: n === state.players }, String(n))),
      ),
      // What ends the game: a score to play to, or (a game of so many rounds) how many rounds.
      h("label", { for: "target" }, rounds ? "Rounds" : "Play to"),
      h("input", {
        id: "target",
        name: "target",
        type: "number",
        min: "1",
        max: rounds ? "99" : "1000",
        inputmode: "numeric",
        placeholder: "default",
        value: state.target,
        oninput: (event) => (state.target = event.target.value),
        "aria-describedby": "target-help",
      }),
      h("span", { id: "target-help", class: "help" }, rounds ? "rounds (empty: all of them, as the rules say)" : "points (empty: as the rules say)"),
    );
    // The sets the engine deals (Dominoes); the first is the rules' own and sends no option.
    const tileChoice =
      sets().length > 1
        ? h(
            "div",
            { class: "field inline" },
            h("label", { for: "tile-set" }, "Tiles"),
            h(
              "select",
              { id: "tile-set", name: "set", onchange: (event) => (state.tileSet = event.target.value) },
              sets().map((entry, i) => h("option", { value: i === 0 ? "" : entry.name, selected: (i === 0 ? "" : entry.name) === state.tileSet }, `${entry.name} (${entry.tiles} tiles)`)),
            ),
          )
        : null;
    const clock = h(
      "div",
      { class: "field inline" },
      h("label", { for: "time-limit" }, "Time per turn"),
      h("input", {
        id: "time-limit",
        name: "time-limit",
        type: "number",
        min: "5",
        max: "86400",
        inputmode: "numeric",
        placeholder: "no limit",
        value: state.timeLimit,
        oninput: (event) => (state.timeLimit = event.target.value),
        "aria-describedby": "time-limit-help",
      }),
      h("span", { id: "time-limit-help", class: "help" }, "seconds, 5 or more, for this game only (empty: no limit; at zero the server moves for you)"),
    );
    const humans = state.seats.filter((seat) => seat.kind === "human").length;
    const online = state.online;
    const seatValue = (seat, i) => (seat.kind === "ai" ? seat.level : online && state.hostSeat === i ? "you" : "human");
    const placeholder = (seat, i) => {
      if (seat.kind === "ai") return state.seats.filter((other) => other.kind === "ai").length === 1 ? "Computer" : `Computer ${i + 1}`;
      if (online) return state.hostSeat === i ? "Your name" : `Player ${i + 1} (they can set it)`;
      return humans === 1 ? "You" : `Player ${i + 1}`;
    };
    const seatRows = h(
      "fieldset",
      { class: "seats" },
      h("legend", {}, "Seats, in turn order"),
      state.seats.map((seat, i) =>
        h(
          "div",
          { class: "seat-row" },
          h("span", { class: "seat-number", style: { background: seatColor(i) }, "aria-hidden": "true" }, String(i + 1)),
          h("input", {
            id: `seat-name-${i}`,
            type: "text",
            maxlength: "24",
            "aria-label": `Seat ${i + 1} name`,
            placeholder: placeholder(seat, i),
            value: seat.name,
            oninput: (event) => (seat.name = event.target.value),
          }),
          h(
            "select",
            {
              id: `seat-kind-${i}`,
              "aria-label": `Seat ${i + 1}: human or computer`,
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
            online ? h("option", { value: "you", selected: seatValue(seat, i) === "you" }, "You") : null,
            h("option", { value: "human", selected: seatValue(seat, i) === "human" }, online ? "A friend (online)" : "Human"),
            game.ai_levels.map((level) => h("option", { value: level.level, selected: seat.kind === "ai" && seat.level === level.level }, `Computer \u00b7 ${level.label}`)),
          ),
        ),
      ),
      online
        ? h("p", { class: "help" }, state.hostSeat === null ? "You take no seat: you will watch the table and host the room." : "Each friend's seat gets its own secret link; you can also share one link for anyone to pick a free seat.")
        : humans > 1
          ? h("p", { class: "help" }, "Several humans share this screen: the tiles hide between turns while the device is passed.")
          : null,
    );
    const submit = h(
      "div",
      { class: "form-actions" },
      h("button", { type: "submit", class: "primary big", id: "start-game" }, online ? "Create the room" : "Deal the tiles"),
      h("a", { href: `#/how/${state.game}`, class: "how-link" }, `How to play ${game.title}`),
    );
    const note = recalled.length
      ? h(
          "div",
          { class: "remembered-note", role: "note", id: "remembered" },
          h("span", {}, "Remembered from your last game: ", h("strong", {}, recalled.join(", ")), "."),
          h("button", { type: "button", class: "quiet", id: "rules-defaults", onclick: useDefaults }, "Rules\u2019 defaults"),
        )
      : null;
    const hintsChoice = online
      ? h(
          "div",
          { class: "field inline" },
          h("input", { id: "room-hints", type: "checkbox", checked: state.hints, onchange: (event) => (state.hints = event.target.checked) }),
          h("label", { for: "room-hints" }, "Players may ask for hints"),
        )
      : null;
    return [note, modeChoice(), gameChoice, presetChoice, playerCount, tileChoice, clock, hintsChoice, seatRows, submit];
  };

  const modeChoice = () =>
    h(
      "fieldset",
      { class: "mode-choice" },
      h("legend", {}, "Where"),
      [
        [false, "mode-local", "At this screen", "against the computer, or friends passing the device"],
        [true, "mode-online", "Play online", "friends join from their own browsers with a link"],
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

  const howTo = h(
    "section",
    { class: "card how" },
    h("h2", {}, "How to play"),
    h("ul", { class: "how-links" }, catalog.games.map((game) => h("li", {}, h("a", { href: `#/how/${game.name}` }, illustration(game), h("span", {}, game.title))))),
  );

  root.replaceChildren(
    h(
      "div",
      { class: "start-page" },
      h("header", { class: "hero" }, h("h1", {}, h("span", { class: "brand-mark", "aria-hidden": "true" }), "bonepile"), h("p", {}, `${titles(catalog)}, against the computer, with friends at one screen, or online.`)),
      h("div", { class: "start-columns" }, h("section", { class: "card new" }, h("h2", {}, "New game"), form), h("div", { class: "side-column" }, resume, roomList, howTo)),
    ),
  );
}
