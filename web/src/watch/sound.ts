// A short sound for each move that arrives while the page is open, for a player looking
// away; off until the reader turns it on (kept in this browser). Made with Web Audio, so the
// page carries no sound files.
import { h } from "../dom.js";

const KEY = "tabula.sounds";

export class MoveSounds {
  #context: AudioContext | undefined;
  /** How many moves have sounded, on the toggle for whoever checks (its tests included). */
  #played = 0;
  readonly toggle = h("input", { type: "checkbox", id: "sounds", "data-testid": "sounds", "data-focus-key": "sounds", checked: localStorage.getItem(KEY) === "on", "data-played": 0 });
  readonly element = h("span", { class: "sounds" }, this.toggle, h("label", { for: "sounds" }, "Move sounds"));

  constructor() {
    this.toggle.addEventListener("change", () => {
      localStorage.setItem(KEY, this.toggle.checked ? "on" : "off");
      // Browsers let sound start only after the reader has done something: this click is it.
      if (this.toggle.checked) void this.#audio()?.resume();
    });
  }

  /** A move arrived: a low click, or a higher one for a move that took a piece. */
  play(capture: boolean): void {
    if (!this.toggle.checked) return;
    const ctx = this.#audio();
    if (!ctx) return;
    const tone = ctx.createOscillator();
    const gain = ctx.createGain();
    tone.frequency.value = capture ? 660 : 440;
    gain.gain.setValueAtTime(0.15, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.08);
    tone.connect(gain).connect(ctx.destination);
    tone.start();
    tone.stop(ctx.currentTime + 0.08);
    this.toggle.dataset["played"] = String(++this.#played);
  }

  /** Lets the sound device go with the page. */
  dispose(): void {
    void this.#context?.close();
    this.#context = undefined;
  }

  #audio(): AudioContext | undefined {
    if (!this.#context && typeof AudioContext !== "undefined") this.#context = new AudioContext();
    return this.#context;
  }
}
