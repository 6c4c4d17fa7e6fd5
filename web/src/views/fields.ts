// Form fields built from a configuration message's own description in the contract (the
// generated code's reflection): a number for each integer, a box for each flag, a choice for
// each enum, text for strings, lists of numbers and lists of cells. So the form offers
// every option a kind has, including options added to the contract later, with nothing
// written here per kind. What the page cannot ask for this way (a nested message other than
// a cell) is left at its value.
import { type DescEnum, type DescField, type DescMessage, ScalarType } from "@bufbuild/protobuf";
import { h } from "../dom.js";

/** Fields for one message: their element, and the values read back (by field), or the problems found. */
export interface MessageFields {
  element: HTMLElement;
  read(): { value: Record<string, unknown>; problems: string[] };
}

const INTEGERS = new Set([ScalarType.UINT32, ScalarType.INT32, ScalarType.SINT32, ScalarType.FIXED32, ScalarType.SFIXED32]);

// Names the contract gives that read badly on a form.
const WORDS: Record<string, string> = { starter: "Who starts", fen: "Start from FEN", position: "Start from position" };

/** `win_length` → `Win length`. */
export function fieldWords(name: string): string {
  if (WORDS[name]) return WORDS[name];
  const words = name.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An enum value's name without its enum's prefix, in words: `MORRIS_VARIANT_NINE` → `nine`. */
export function enumWords(desc: DescEnum, name: string): string {
  const prefix = desc.name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toUpperCase() + "_";
  return (name.startsWith(prefix) ? name.slice(prefix.length) : name).replace(/_/g, " ").toLowerCase();
}

/**
 * Inputs for `desc`'s fields but those named in `skip` or in a oneof, filled from `value`
 * (the message as it stands: a preset's configuration); `id` prefixes the inputs' ids.
 */
export function messageFields(desc: DescMessage, value: Record<string, unknown>, id: string, skip: ReadonlySet<string> = new Set()): MessageFields {
  const rows: { field: DescField; input: HTMLInputElement | HTMLSelectElement; read: () => unknown }[] = [];
  for (const field of desc.fields) {
    if (field.oneof || skip.has(field.name)) continue;
    const made = fieldInput(field, value[field.localName], `${id}-${field.name.replace(/_/g, "-")}`);
    if (made) rows.push({ field, ...made });
  }
  const element = h(
    "div",
    { class: "fields" },
    ...rows.map(({ field, input }) =>
      input instanceof HTMLInputElement && input.type === "checkbox"
        ? h("div", { class: "row" }, input, h("label", { for: input.id }, fieldWords(field.name)))
        : h("div", { class: "row" }, h("label", { for: input.id }, fieldWords(field.name)), input),
    ),
  );
  return {
    element,
    read() {
      const out: Record<string, unknown> = {};
      const problems: string[] = [];
      for (const { field, read } of rows) {
        try {
          const v = read();
          if (v !== undefined) out[field.localName] = v;
        } catch (e) {
          problems.push(`${fieldWords(field.name)}: ${(e as Error).message}`);
        }
      }
      return { value: out, problems };
    },
  };
}

function fieldInput(field: DescField, current: unknown, id: string): { input: HTMLInputElement | HTMLSelectElement; read: () => unknown } | undefined {
  const base = { id, name: field.name, "data-field": field.name };
  switch (field.fieldKind) {
    case "scalar": {
      if (field.scalar === ScalarType.BOOL) {
        const input = h("input", { ...base, type: "checkbox", checked: current === true });
        return { input, read: () => input.checked };
      }
      if (field.scalar === ScalarType.STRING) {
        const input = h("input", { ...base, type: "text", value: String(current ?? ""), spellcheck: "false" });
        return { input, read: () => input.value.trim() };
      }
      if (INTEGERS.has(field.scalar)) {
        // A number left empty is not sent: the server's default applies.
        const input = h("input", { ...base, type: "number", step: 1, min: field.scalar === ScalarType.UINT32 ? 0 : undefined, value: current === undefined ? "" : String(current) });
        return { input, read: () => integer(input.value) };
      }
      return undefined;
    }
    case "enum": {
      const desc = field.enum;
      const input = h(
        "select",
        base,
        ...desc.values.filter((v) => v.number !== 0 || v.number === current).map((v) => h("option", { value: v.number, selected: v.number === current }, enumWords(desc, v.name))),
      );
      return { input, read: () => Number(input.value) };
    }
    case "list": {
      if (field.listKind === "scalar" && INTEGERS.has(field.scalar)) {
        const input = h("input", { ...base, type: "text", value: ((current as number[] | undefined) ?? []).join(", "), placeholder: "numbers, separated by commas" });
        return { input, read: () => numbers(input.value) };
      }
      if (field.listKind === "message" && field.message.typeName === "tabula.v1.Cell") {
        const cells = (current as { row: number; col: number }[] | undefined) ?? [];
        const input = h("input", { ...base, type: "text", value: cells.map((c) => `${c.row + 1},${c.col + 1}`).join(" "), placeholder: "row,column from 1, e.g. 2,3 4,4" });
        return { input, read: () => cellList(input.value) };
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

/** A whole number typed in a field; empty is undefined. */
function integer(text: string): number | undefined {
  const t = text.trim();
  if (!t) return undefined;
  if (!/^-?\d+$/.test(t)) throw new Error(`"${t}" is not a whole number`);
  return Number(t);
}

function numbers(text: string): number[] {
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((t) => {
      if (!/^\d+$/.test(t)) throw new Error(`"${t}" is not a whole number`);
      return Number(t);
    });
}

function cellList(text: string): { row: number; col: number }[] {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((t) => {
      const m = /^(\d+),(\d+)$/.exec(t);
      if (!m || Number(m[1]) < 1 || Number(m[2]) < 1) throw new Error(`"${t}" is not a cell written row,column from 1`);
      return { row: Number(m[1]) - 1, col: Number(m[2]) - 1 };
    });
}
