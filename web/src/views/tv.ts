// Several games at once, as lichess TV shows them: a grid of small live boards, each a game
// in progress of the key (or the server), followed as a spectator through its own stream.
import { GameStatus } from "@tabula/client/web";
import { clientAs, errorText } from "../api.js";
import { h, perFrame, replace } from "../dom.js";
import { gameHref } from "../route.js";
import type { Screen } from "../screen.js";
import { serviceKey } from "../store.js";
import { drawBoard } from "../watch/board.js";
import { WatchController } from "../watch/controller.js";
import { statusLine } from "../watch/status.js";

const TILES = 6;

export function tvScreen(): Screen {
  const abort = new AbortController();
  const grid = h("div", { class: "tv-grid", "data-testid": "tv" });
  const errorBox = h("p", { class: "error", role: "alert", "data-testid": "error" });
  const tiles: { ctrl: WatchController; cancel(): void }[] = [];

  clientAs(serviceKey())
    .listGames({ pageSize: TILES, status: GameStatus.IN_PROGRESS, signal: abort.signal })
    .then((r) => {
      if (r.games.length === 0) grid.append(h("p", {}, "No game is in progress."));
      for (const game of r.games) grid.append(tile(game.gameId));
    })
    .catch((err: unknown) => {
      if (!abort.signal.aborted) errorBox.textContent = errorText(err);
    });

  function tile(gameId: string): HTMLElement {
    const title = h("a", { href: gameHref(gameId) }, "Game");
    const board = h("div", { class: "board-box" });
    const status = h("p", { class: "tv-status" });
    const frames = perFrame(() => draw());
    const ctrl = new WatchController(gameId, undefined, () => frames.request());
    const draw = () => {
      const view = ctrl.latest;
      const seats = ctrl.seatCount || ctrl.kind?.seatCount || 0;
      title.textContent = `${ctrl.kind?.displayName ?? "Game"}: ${Array.from({ length: seats }, (_, i) => ctrl.seats.full(i + 1)).join(" vs ")}`;
      if (view) {
        board.dataset["seq"] = String(view.seq);
        replace(board, drawBoard(ctrl, view));
        status.textContent = statusLine(view, ctrl.seats, ctrl.seatCount, undefined, false);
      }
    };
    ctrl.start();
    tiles.push({ ctrl, cancel: () => frames.cancel() });
    return h("article", { class: "tv-tile", "data-game": gameId }, h("h2", {}, title), board, status);
  }

  return {
    element: h("section", { class: "tv" }, h("h1", {}, "Games in progress"), errorBox, grid),
    dispose() {
      abort.abort();
      for (const t of tiles) {
        t.ctrl.dispose();
        t.cancel();
      }
    },
  };
}
