// Small helpers to build DOM and SVG without a framework.

type Attrs = Record<string, string | number | boolean | undefined>;
type Child = Node | string | null | undefined | false;

/** An HTML element with attributes (`on*` functions become listeners) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, unknown> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (typeof value === "function") {
      el.addEventListener(name.slice(2).toLowerCase(), value as EventListener);
    } else if (value === true) {
      el.setAttribute(name, "");
    } else if (value !== undefined && value !== false) {
      // Properties for form state, attributes for everything else.
      if (name === "value") (el as HTMLInputElement).value = String(value);
      else if (name === "checked") (el as HTMLInputElement).checked = Boolean(value);
      else el.setAttribute(name, String(value));
    }
  }
  append(el, children);
  return el;
}

const SVG_NS = "http://www.w3.org/2000/svg";

/** An SVG element with attributes and children. */
export function s(tag: string, attrs: Attrs = {}, ...children: Child[]): SVGElement {
  const el = document.createElementNS(SVG_NS, tag) as SVGElement;
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== false) el.setAttribute(name, String(value));
  }
  append(el, children);
  return el;
}

function append(el: Element, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === "string" ? document.createTextNode(c) : c);
  }
}

/**
 * `draw` run at the next frame, however often it is asked for before then: a burst of
 * events is drawn once. `cancel` drops a draw still waiting.
 */
export function perFrame(draw: () => void): { request(): void; cancel(): void } {
  let frame: number | undefined;
  return {
    request() {
      frame ??= requestAnimationFrame(() => {
        frame = undefined;
        draw();
      });
    },
    cancel() {
      if (frame !== undefined) cancelAnimationFrame(frame);
      frame = undefined;
    },
  };
}

/** Replaces every child of `el`. */
export function replace(el: Element, ...children: Child[]): void {
  el.replaceChildren();
  append(el, children);
}
