// The clocks' display: each seat's time from a view's clock readings, counted down between
// events by the client's `clocks.remainingMs`, its text updated in place a few times a second.
import { type ClockReadings, clocks, type View } from "@tabula/client/web";
import { timestampMs } from "@bufbuild/protobuf/wkt";
import { h } from "../dom.js";
import { clockText, type Seats } from "../words.js";

const TICK_MS = 200;

/**
 * How far this browser's clock is ahead of the server's, in ms, from a view read between
 * `sentAt` and `receivedAt` (the server read its clocks about halfway); undefined without
 * clock readings.
 */
export function serverSkewMs(sentAt: number, receivedAt: number, view: View): number | undefined {
  const readAt = view.clock?.readAt;
  return readAt ? (sentAt + receivedAt) / 2 - timestampMs(readAt) : undefined;
}

interface Shown {
  readings: ClockReadings;
  seats: Seats;
  /** Whether running clocks count down (the live game), or show the time they were read with. */
  ticking: boolean;
  skewMs: number;
}

export class ClockView {
  readonly element = h("div", { class: "clocks", "data-testid": "clocks" });
  #shown: Shown | undefined;
  readonly #timer = setInterval(() => {
    if (this.#shown?.ticking) this.#draw();
  }, TICK_MS);

  /** Shows `readings` (undefined: a game without clocks, and nothing is shown). */
  show(readings: ClockReadings | undefined, seats: Seats, ticking: boolean, skewMs: number): void {
    this.#shown = readings ? { readings, seats, ticking, skewMs } : undefined;
    this.#draw();
  }

  dispose(): void {
    clearInterval(this.#timer);
  }

  #draw(): void {
    const faces = this.#shown ? this.#faces(this.#shown) : [];
    const spans = this.element.children;
    while (spans.length > faces.length) spans[spans.length - 1]!.remove();
    faces.forEach((face, i) => {
      const span = spans[i] ?? this.element.appendChild(h("span"));
      if (span.className !== face.className) span.className = face.className;
      if (span.textContent !== face.text) span.textContent = face.text;
    });
  }

  #faces({ readings, seats, ticking, skewMs }: Shown): { className: string; text: string }[] {
    // Not ticking: read at the readings' own moment, so that no time has passed.
    const now = ticking || !readings.readAt ? Date.now() - skewMs : timestampMs(readings.readAt);
    const faces = readings.seats.map((seat) => ({
      className: seat.running ? "clock running" : "clock",
      text: `${seats.name(seat.seat)} ${clockText(clocks.remainingMs(readings, seat.seat, now) ?? 0)}`,
    }));
    if (readings.paused) faces.push({ className: "clock paused", text: "paused" });
    return faces;
  }
}
