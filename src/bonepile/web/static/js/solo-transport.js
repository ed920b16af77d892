// How a table at this screen (one human, or several in hot seat) talks to the server: the /api/games
// endpoints and the game's WebSocket. The online table has the same shape over the room socket (room.js).
//
// A transport answers: load() -> the table's facts; connect({onView, onState}); close(); move(view, text);
// refresh(view); and, when the table offers them, hint(view), undo(view), record(view), again.

import { api, TableSocket } from "./api.js";
import { t } from "./i18n.js";

export function soloTransport(id, navigate) {
  let summary = null;
  let socket = null;
  let seatSpec = null;
  return {
    kind: "solo",
    async load() {
      summary = await api.summary(id);
      seatSpec = summary.hot_seat ? "turn" : summary.human_seats.length ? summary.human_seats[0] : null;
      return {
        game: summary.game,
        title: summary.title,
        hotSeat: summary.hot_seat,
        undo: summary.undo,
        undoRule: summary.undo_rule,
        hints: summary.human_seats.length > 0,
        homeSeat: summary.hot_seat ? summary.human_seats[0] : seatSpec,
        watching: t("You are watching: every seat is played by the computer."),
      };
    },
    connect({ onView, onState }) {
      socket = new TableSocket(id, seatSpec, { onView, onState });
    },
    close() {
      if (socket) socket.close();
    },
    move: (view, text) => api.move(id, view.seat, text, view.move_number),
    refresh: () => api.view(id, seatSpec),
    hint: (view) => api.hint(id, view.seat),
    undo: (view) => api.undo(id, view.seat, view.move_number),
    /** Between hands: this seat has seen the end of the hand; answers {view}. */
    continueHand: (view) => api.continueHand(id, view.seat, view.between_hands.hand_number),
    record: () => api.record(id),
    recordName: () => `bonepile-${summary.game}-${id}`,
    again: {
      label: t("Play again"),
      async run(view) {
        const options = { ...view.rules };
        delete options.preset;
        delete options.players;
        delete options.turn_time_limit; // Tri-Ominos keeps its timer among the rules (T8)
        const body = {
          game: summary.game,
          preset: summary.preset,
          seats: summary.seats.map((seat) => ({ kind: seat.kind, level: seat.level, name: seat.name })),
          options,
        };
        // No turn timer: a timer is chosen for each game on the start page, never carried into the next one.
        const created = await api.create(body);
        navigate(`#/game/${created.id}`);
      },
    },
  };
}
