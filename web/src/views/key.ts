// The service key field: the managing calls (creating and listing games) need one where the
// server has keys configured. Kept for this tab only (sessionStorage).
import { h } from "../dom.js";
import { serviceKey, setServiceKey } from "../store.js";

export function serviceKeyField(): HTMLElement {
  const input = h("input", {
    type: "password",
    id: "service-key",
    name: "service-key",
    autocomplete: "off",
    placeholder: "only if the server asks for one",
    value: serviceKey(),
    "data-testid": "service-key",
  });
  input.addEventListener("change", () => setServiceKey(input.value.trim()));
  return h("div", { class: "row" }, h("label", { for: "service-key" }, "Service key"), input);
}
