// Creating a game: a kind, then a preset or one of the key's saved configurations, every
// option of the kind open to change (built from the contract, views/fields.ts), a clock, who
// starts, the server's bot in either seat at a chosen level; then the page opens the game
// as the person's seat, with links to every seat a person plays.
import { create } from "@bufbuild/protobuf";
import { botSeat, clocks, type GameConfig, GameConfigSchema, type GameKindInfo, type SavedConfig } from "@tabula/client/web";
import { clientAs, errorText, gameKinds } from "../api.js";
import { h, replace } from "../dom.js";
import { gameHref } from "../route.js";
import type { Screen } from "../screen.js";
import { rememberSeats, serviceKey } from "../store.js";
import { messageFields, type MessageFields } from "./fields.js";
import { serviceKeyField } from "./key.js";

/** The options every kind shares, drawn with the kind's own (the clock has fields of its own below). */
const SHARED_SKIP = new Set(["clock", "presence", "ending_takeback_window"]);

export function createScreen(): Screen {
  const abort = new AbortController();
  const kindSelect = h("select", { id: "kind", name: "kind", "data-testid": "kind" });
  const presetSelect = h("select", { id: "preset", name: "preset", "data-testid": "preset" });
  const presetNote = h("p", { class: "hint", id: "preset-note" });
  const options = h("div", { class: "options", "data-testid": "options" });
  const optionsBox = h("details", { class: "options-box" }, h("summary", {}, "Rules and options"), options);
  const clockOn = h("input", { type: "checkbox", id: "clock", name: "clock", "data-testid": "clock" });
  const clockMinutes = h("input", { type: "number", id: "clock-minutes", min: 1, step: 1, value: 5, "aria-label": "Minutes for each seat" });
  const clockIncrement = h("input", { type: "number", id: "clock-increment", min: 0, step: 1, value: 3, "aria-label": "Seconds added after each move" });
  const hints = h("input", { type: "checkbox", id: "hints", name: "hints", "data-testid": "hints" });
  const bot = h("input", { type: "checkbox", id: "bot", name: "bot", "data-testid": "bot" });
  const level = h("select", { id: "level", name: "level", "aria-label": "The bot's level", "data-testid": "level" });
  const side = h("select", { id: "side", name: "side", "aria-label": "The seat you play", "data-testid": "side" });
  const botRow = h(
    "div",
    { class: "row" },
    bot,
    h("label", { for: "bot" }, "Play the server's bot, at level"),
    level,
    h("label", { for: "side", class: "inline" }, "as"),
    side,
  );
  const priv = h("input", { type: "checkbox", id: "private", name: "private" });
  const saveName = h("input", { type: "text", id: "save-name", name: "save-name", placeholder: "a name", "data-testid": "save-name", "aria-label": "Name to save the configuration as" });
  const saveButton = h("button", { type: "button", "data-testid": "save" }, "Save these rules");
  const submit = h("button", { type: "submit", "data-testid": "create" }, "Create the game");
  const errorBox = h("p", { class: "error", role: "alert", "data-testid": "error" });
  const savedNote = h("p", { class: "hint", "data-testid": "saved-note", "aria-live": "polite" });
  let kinds: GameKindInfo[] = [];
  let saved: SavedConfig[] = [];
  // The options as drawn for the chosen source, and whether the person changed any.
  let kindFields: MessageFields | undefined;
  let sharedFields: MessageFields | undefined;
  let customised = false;

  const current = (): GameKindInfo | undefined => kinds.find((k) => String(k.kind) === kindSelect.value);
  /** The configuration the chosen preset or saved configuration stands for. */
  const sourceConfig = (): GameConfig | undefined => {
    const [from, name] = splitSource(presetSelect.value);
    if (from === "saved") return saved.find((c) => c.name === name)?.config;
    return current()?.presets.find((p) => p.name === name)?.config ?? current()?.defaultConfig;
  };

  function fillKind(): void {
    const k = current();
    const presets = (k?.presets ?? []).map((p) => h("option", { value: `preset:${p.name}` }, p.name));
    const own = saved.filter((c) => c.config?.game.case === k?.defaultConfig?.game.case);
    replace(
      presetSelect,
      h("optgroup", { label: "Presets" }, ...presets),
      own.length > 0 && h("optgroup", { label: "Your saved rules" }, ...own.map((c) => h("option", { value: `saved:${c.name}` }, c.name))),
    );
    replace(level, ...Array.from({ length: Math.max(1, k?.maxBotLevel ?? 1) }, (_, i) => h("option", { value: i + 1 }, String(i + 1))));
    const seatNames = k?.seatNames ?? [];
    replace(side, ...seatNames.map((n, i) => h("option", { value: i + 1 }, n || `seat ${i + 1}`)), h("option", { value: 0 }, "either, drawn at random"));
    // One-seat games (peg solitaire) have no seat for a bot.
    botRow.hidden = (k?.seatCount ?? 2) < 2;
    fillSource();
  }

  /** Draws the chosen source's options, from the kind's configuration message and the shared one. */
  function fillSource(): void {
    const k = current();
    const config = sourceConfig();
    const [from, name] = splitSource(presetSelect.value);
    presetNote.textContent = from === "preset" ? (k?.presets.find((p) => p.name === name)?.description ?? "") : "Your saved rules.";
    customised = false;
    const arm = config?.game;
    const armField = GameConfigSchema.fields.find((f) => f.oneof && f.localName === arm?.case);
    kindFields = armField?.message && arm?.value ? messageFields(armField.message, arm.value as unknown as Record<string, unknown>, "option") : undefined;
    sharedFields = config ? messageFields(GameConfigSchema, config as unknown as Record<string, unknown>, "shared", SHARED_SKIP) : undefined;
    const control = config?.clock?.controls[0]?.control;
    clockOn.checked = control?.case === "fischer";
    if (control?.case === "fischer") {
      clockMinutes.value = String(Math.max(1, Math.round(Number(control.value.base?.seconds ?? 300n) / 60)));
      clockIncrement.value = String(Number(control.value.increment?.seconds ?? 0n));
    }
    replace(
      options,
      kindFields?.element,
      sharedFields?.element,
      h(
        "div",
        { class: "row" },
        clockOn,
        h("label", { for: "clock" }, "A clock for each seat:"),
        clockMinutes,
        h("span", {}, "minutes +"),
        clockIncrement,
        h("span", {}, "seconds a move"),
      ),
      h("div", { class: "row" }, hints, h("label", { for: "hints" }, "Hints from the engine while the game runs")),
      h("div", { class: "row" }, saveName, saveButton),
      savedNote,
    );
  }

  options.addEventListener("input", (e) => {
    if (e.target !== saveName) customised = true;
  });
  kindSelect.addEventListener("change", fillKind);
  presetSelect.addEventListener("change", fillSource);

  /** The configuration as the options now say, or the problems found in them (every one). */
  function configFromOptions(): { config?: GameConfig; problems: string[] } {
    const base = sourceConfig();
    const kind = kindFields?.read();
    const shared = sharedFields?.read();
    const problems = [...(kind?.problems ?? []), ...(shared?.problems ?? [])];
    const minutes = Number(clockMinutes.value);
    const increment = Number(clockIncrement.value);
    if (clockOn.checked && !(Number.isInteger(minutes) && minutes >= 1)) problems.push("Clock: the minutes are a whole number, 1 or more");
    if (clockOn.checked && !(Number.isInteger(increment) && increment >= 0)) problems.push("Clock: the seconds a move are a whole number, 0 or more");
    if (problems.length > 0 || !base?.game.case) return { problems };
    const config = create(GameConfigSchema, {
      ...shared?.value,
      game: { case: base.game.case, value: kind?.value ?? {} } as GameConfig["game"],
    });
    if (clockOn.checked) config.clock = clocks.clockConfig([clocks.fischer(minutes * 60_000, increment * 1000)]);
    else if (base.clock && !customised) config.clock = base.clock;
    return { config, problems };
  }

  const form = h(
    "form",
    { class: "create", "aria-label": "New game" },
    h("div", { class: "row" }, h("label", { for: "kind" }, "Game"), kindSelect),
    h("div", { class: "row" }, h("label", { for: "preset" }, "Rules"), presetSelect),
    presetNote,
    optionsBox,
    botRow,
    h("div", { class: "row" }, priv, h("label", { for: "private" }, "Private (no spectators)")),
    serviceKeyField(),
    submit,
    errorBox,
  );

  form.addEventListener("submit", (e) => {
    e.preventDefault();
    void createGame();
  });
  saveButton.addEventListener("click", () => void save());

  /** The seat the person plays against the bot (the bot takes the other), or 0 without the bot. */
  function personSeat(): number {
    if (!bot.checked || botRow.hidden) return 0;
    const chosen = Number(side.value);
    return chosen || 1 + Math.floor(Math.random() * 2);
  }

  async function createGame(): Promise<void> {
    const k = current();
    if (!k) return;
    errorBox.textContent = "";
    // Untouched options: the preset or saved configuration by name, as the server keeps it.
    const built = customised ? configFromOptions() : { problems: [] };
    if (built.problems.length > 0) {
      errorBox.textContent = `Check the options: ${built.problems.join("; ")}.`;
      return;
    }
    submit.disabled = true;
    const me = personSeat();
    const common = {
      private: priv.checked,
      bots: me ? [botSeat(3 - me, Number(level.value))] : [],
      allowHints: hints.checked || undefined,
      signal: abort.signal,
    };
    try {
      const client = clientAs(serviceKey());
      const [from, name] = splitSource(presetSelect.value);
      const r = built.config
        ? await client.createGameFromConfig(built.config, common)
        : from === "saved"
          ? await client.createGameFromSavedConfig(name, common)
          : await client.createGameFromPreset(k.kind, name, common);
      const id = r.game.gameId;
      // Links to the seats people play: the bot's seat is the server's.
      const botSeats = new Set(r.game.bots.map((b) => b.seat));
      const people = r.seatTokens.filter((t) => !botSeats.has(t.seat));
      rememberSeats(id, people);
      const mine = people.find((t) => t.seat === me) ?? people[0];
      location.hash = gameHref(id, mine?.token);
    } catch (err) {
      errorBox.textContent = errorText(err);
    } finally {
      submit.disabled = false;
    }
  }

  /** Saves the options as the key's named configuration, to create from later (and lists it). */
  async function save(): Promise<void> {
    errorBox.textContent = "";
    savedNote.textContent = "";
    const name = saveName.value.trim();
    const built = configFromOptions();
    if (!name) built.problems.push("Save: give the rules a name");
    if (built.problems.length > 0 || !built.config) {
      errorBox.textContent = `Check the options: ${built.problems.join("; ")}.`;
      return;
    }
    try {
      await clientAs(serviceKey()).createSavedConfig({ name, config: built.config }, { signal: abort.signal });
      await loadSaved();
      fillKind();
      presetSelect.value = `saved:${name}`;
      fillSource();
      // Said only once the form lists and shows the saved rules.
      savedNote.textContent = `Saved as “${name}”.`;
    } catch (err) {
      errorBox.textContent = errorText(err);
    }
  }

  /** The key's saved configurations; none when the tab holds no key the server takes. */
  async function loadSaved(): Promise<void> {
    try {
      saved = (await clientAs(serviceKey()).listSavedConfigs({ pageSize: 100, signal: abort.signal })).savedConfigs;
    } catch {
      saved = [];
    }
  }

  Promise.all([gameKinds(), loadSaved()])
    .then(([ks]) => {
      kinds = ks;
      replace(kindSelect, ...ks.map((k) => h("option", { value: k.kind }, k.displayName || k.name)));
      fillKind();
    })
    .catch((err: unknown) => {
      errorBox.textContent = errorText(err);
    });

  return {
    element: h("section", { class: "new-game" }, h("h1", {}, "New game"), form),
    dispose: () => abort.abort(),
  };
}

/** `preset:classic` → ["preset", "classic"]. */
function splitSource(value: string): ["preset" | "saved", string] {
  const i = value.indexOf(":");
  return [value.slice(0, i) === "saved" ? "saved" : "preset", value.slice(i + 1)];
}
