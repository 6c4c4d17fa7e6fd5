// The service key field: the managing calls (creating and listing games) need one where the
// server has keys configured. Kept for this tab only (sessionStorage).
import { h } from "../dom.js";
import { secretOf, serviceKey, setServiceKey } from "../store.js";

export function serviceKeyField(): HTMLElement {
  const input = h("input", {
    type: "password",
    id: "service-key",
    name: "service-key",
    autocomplete: "off",
    placeholder: "only if the server asks for one",
    "aria-describedby": "service-key-hint",
    value: serviceKey(),
    "data-testid": "service-key",
  });
  input.addEventListener("change", () => setServiceKey(secretOf(input.value)));
  return h(
    "div",
    {},
    h("div", { class: "row" }, h("label", { for: "service-key" }, "Service key"), input),
    h("p", { class: "hint", id: "service-key-hint" }, "The key's secret, or the whole NAME=SECRET given to the server's --service-key."),
  );
}
