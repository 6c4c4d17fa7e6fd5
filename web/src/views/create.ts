// Creating a game: a kind, one of its presets, optionally the server's bot in seat 2; then
// the page opens the game as seat 1, with links to every seat.
import { clientAs, errorText, gameKinds } from "../api.js";
import { h, replace } from "../dom.js";
import { botSeat, type GameKindInfo } from "@tabula/client/web";
import { gameHref } from "../route.js";
import { rememberSeats, serviceKey } from "../store.js";
import type { Screen } from "../screen.js";
import { serviceKeyField } from "./key.js";

export function createScreen(): Screen {
  const abort = new AbortController();
  const kindSelect = h("select", { id: "kind", name: "kind", "data-testid": "kind" });
  const presetSelect = h("select", { id: "preset", name: "preset", "data-testid": "preset" });
  const presetNote = h("p", { class: "hint" });
  const bot = h("input", { type: "checkbox", id: "bot", name: "bot", "data-testid": "bot" });
  const level = h("select", { id: "level", name: "level", "aria-label": "The bot's level", "data-testid": "level" });
  const botRow = h("div", { class: "row" }, bot, h("label", { for: "bot" }, "The server's bot plays seat 2, at level "), level);
  const priv = h("input", { type: "checkbox", id: "private", name: "private" });
  const submit = h("button", { type: "submit", "data-testid": "create" }, "Create the game");
  const errorBox = h("p", { class: "error", role: "alert", "data-testid": "error" });
  let kinds: GameKindInfo[] = [];

  const current = (): GameKindInfo | undefined => kinds.find((k) => String(k.kind) === kindSelect.value);

  function fillPresets(): void {
    const k = current();
    replace(presetSelect, ...(k?.presets ?? []).map((p) => h("option", { value: p.name }, p.name)));
    replace(level, ...Array.from({ length: Math.max(1, k?.maxBotLevel ?? 1) }, (_, i) => h("option", { value: i + 1 }, String(i + 1))));
    // One-seat games (peg solitaire) have no seat 2 for a bot.
    botRow.hidden = (k?.seatCount ?? 2) < 2;
    describePreset();
  }

  function describePreset(): void {
    const p = current()?.presets.find((x) => x.name === presetSelect.value);
    presetNote.textContent = p?.description ?? "";
  }

  kindSelect.addEventListener("change", fillPresets);
  presetSelect.addEventListener("change", describePreset);

  const form = h(
    "form",
    { class: "create", "aria-label": "New game" },
    h("div", { class: "row" }, h("label", { for: "kind" }, "Game"), kindSelect),
    h("div", { class: "row" }, h("label", { for: "preset" }, "Preset"), presetSelect),
    presetNote,
    botRow,
    h("div", { class: "row" }, priv, h("label", { for: "private" }, "Private (no spectators)")),
    serviceKeyField(),
    submit,
    errorBox,
  );

  form.addEventListener("submit", (e) => {
    e.preventDefault();
    void create();
  });

  async function create(): Promise<void> {
    const k = current();
    if (!k) return;
    submit.disabled = true;
    errorBox.textContent = "";
    try {
      const r = await clientAs(serviceKey()).createGameFromPreset(k.kind, presetSelect.value, {
        private: priv.checked,
        bots: bot.checked && !botRow.hidden ? [botSeat(2, Number(level.value))] : [],
        signal: abort.signal,
      });
      const id = r.game?.gameId;
      if (!id) throw new Error("The server created no game.");
      // Links to the seats people play: the bot's seat is the server's.
      const botSeats = new Set(r.game?.bots.map((b) => b.seat));
      const people = r.seatTokens.filter((t) => !botSeats.has(t.seat));
      rememberSeats(id, people);
      const mine = people[0];
      location.hash = gameHref(id, mine?.token);
    } catch (err) {
      errorBox.textContent = errorText(err);
    } finally {
      submit.disabled = false;
    }
  }

  gameKinds()
    .then((ks) => {
      kinds = ks;
      replace(kindSelect, ...ks.map((k) => h("option", { value: k.kind }, k.displayName || k.name)));
      fillPresets();
    })
    .catch((err: unknown) => {
      errorBox.textContent = errorText(err);
    });

  return {
    element: h("section", { class: "new-game" }, h("h1", {}, "New game"), form),
    dispose: () => abort.abort(),
  };
}
