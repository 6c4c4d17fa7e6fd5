// A game's page: watch it live, play a seat with its token, and step back through the
// positions already seen. The controller holds the state and makes the calls, the view draws
// it (the clock ticking on its own); a redraw waits for the next frame, so that a backlog of
// events is drawn once.
import type { Screen } from "../screen.js";
import { perFrame } from "../dom.js";
import { WatchController } from "./controller.js";
import { WatchView } from "./view.js";

export function watchGame(gameId: string, token: string | undefined): Screen {
  const frames = perFrame(() => view.render());
  const ctrl = new WatchController(gameId, token, () => frames.request());
  const view = new WatchView(ctrl);
  view.render();
  ctrl.start();
  return {
    element: view.element,
    dispose() {
      ctrl.dispose();
      view.dispose();
      frames.cancel();
    },
  };
}
