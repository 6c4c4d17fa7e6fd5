// What the page shows at one time (main.ts picks one by the URL): its element, and how to
// stop what it runs (its calls, streams and timers) when another replaces it.
export interface Screen {
  element: HTMLElement;
  dispose(): void;
}
