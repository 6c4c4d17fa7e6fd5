// The page: a header to open a game by id, and one screen at a time chosen by the URL
// fragment (route.ts).
import "./style.css";
import { h, replace } from "./dom.js";
import { gameHref, parseRoute } from "./route.js";
import { forgetToken, rememberToken, tokenFor } from "./store.js";
import type { Screen } from "./screen.js";
import { createScreen } from "./views/create.js";
import { listScreen } from "./views/list.js";
import { consoleScreen } from "./views/console.js";
import { tvScreen } from "./views/tv.js";
import { watchGame } from "./watch/index.js";

const main = h("main", { id: "main" });
let screen: Screen | undefined;

function header(): HTMLElement {
  const input = h("input", {
    type: "text",
    id: "open-id",
    name: "game-id",
    placeholder: "game id",
    "aria-label": "Game id",
    autocomplete: "off",
    "data-testid": "open-id",
  });
  const form = h("form", { class: "open", role: "search" }, input, h("button", { type: "submit" }, "Watch"));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    // A pasted link works as well as a bare id.
    const text = input.value.trim();
    const m = /#\/game\/([^?]+)(\?.*)?$/.exec(text);
    if (m) location.hash = `#/game/${m[1]}${m[2] ?? ""}`;
    else if (text) location.hash = gameHref(text);
  });
  return h(
    "header",
    {},
    h("a", { href: "#/", class: "brand" }, "Tabula"),
    h("nav", {}, h("a", { href: "#/new" }, "New game"), h("a", { href: "#/games" }, "Games"), h("a", { href: "#/console" }, "Console")),
    form,
  );
}

function show(): void {
  screen?.dispose();
  const route = parseRoute(location.hash);
  switch (route.name) {
    case "game":
      if (route.token) rememberToken(route.id, route.token);
      if (route.spectate) forgetToken(route.id);
      // The address bar keeps no token: what is copied from it is a spectator's link.
      if (route.token || route.spectate) history.replaceState(null, "", gameHref(route.id));
      screen = watchGame(route.id, tokenFor(route.id));
      document.title = "Tabula game";
      break;
    case "games":
      screen = listScreen();
      document.title = "Tabula games";
      break;
    case "console":
      screen = consoleScreen();
      document.title = "Tabula console";
      break;
    case "tv":
      screen = tvScreen();
      document.title = "Tabula: games in progress";
      break;
    default:
      // Home is the new-game form: the first thing to do on a fresh server.
      screen = createScreen();
      document.title = "Tabula";
  }
  replace(main, screen.element);
}

document.body.append(header(), main);
window.addEventListener("hashchange", show);
show();
