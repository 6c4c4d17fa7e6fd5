// Keyboard focus kept across a redraw that replaces the focused element: focusable elements
// carry a stable key (`data-focus-key`: a board target's key, a button's name), and after
// the redraw the element with the same key takes the focus back, or, when there is none that
// can, the region that held it (`data-focus-region`, a container the redraw keeps).

/** Runs `redraw` of `root`'s contents, and gives focus back as above if it was inside `root`. */
export function keepingFocus(root: HTMLElement, redraw: () => void): void {
  const before = document.activeElement;
  if (!(before instanceof Element) || !root.contains(before)) {
    redraw();
    return;
  }
  const key = before.closest("[data-focus-key]")?.getAttribute("data-focus-key");
  const region = before.closest("[data-focus-region]");
  redraw();
  if (before.isConnected && document.activeElement === before) return;
  const same = key ? root.querySelector(`[data-focus-key="${CSS.escape(key)}"]`) : null;
  if (same && focus(same)) return;
  if (region?.isConnected) focus(region);
}

/**
 * Focuses `el` without scrolling, making it focusable from script alone (tabindex -1) where
 * it is not already: a board cell that is no longer playable keeps the focus, but Tab goes
 * on to the next one that is. False when it cannot take focus (a disabled button).
 */
function focus(el: Element): boolean {
  if (!(el instanceof HTMLElement || el instanceof SVGElement)) return false;
  if (!el.hasAttribute("tabindex") && !isFocusable(el)) el.setAttribute("tabindex", "-1");
  el.focus({ preventScroll: true });
  return document.activeElement === el;
}

function isFocusable(el: Element): boolean {
  return el instanceof HTMLButtonElement || el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLAnchorElement;
}
