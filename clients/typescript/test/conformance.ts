/** Replays clients/conformance/scenario.json through the TypeScript client (format in its README). */
import { fromJson, type JsonValue, toJson } from "@bufbuild/protobuf";
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { DOMAIN, GameService, TabulaClient, TabulaError, toTabulaError } from "../src/index.js";

const SCENARIO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../conformance/scenario.json");
const DEADLINE_MS = 10_000;

type Json = JsonValue | undefined;
type Saved = Record<string, JsonValue>;
interface Step {
  name: string;
  call: string;
  credential?: string;
  request: JsonValue;
  save?: string;
  expect?: JsonValue;
  expect_stream?: JsonValue[];
  expect_end?: boolean;
  expect_error?: { code: string; reason: string; metadata?: Record<string, string> };
}

export class ScenarioFailure extends Error {}

function lookup(saved: Saved, reference: string): JsonValue {
  let value: Json = saved;
  for (const [, name, index] of reference.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    if (index !== undefined) value = Array.isArray(value) ? value[Number(index)] : undefined;
    else value = value !== null && typeof value === "object" && !Array.isArray(value) ? value[name] : undefined;
    if (value === undefined) throw new ScenarioFailure(`scenario refers to missing \${${reference}}`);
  }
  return value as JsonValue;
}

export function substitute(value: Json, saved: Saved): Json {
  if (typeof value === "string") {
    const whole = /^\$\{([^}]+)\}$/.exec(value);
    if (whole) return lookup(saved, whole[1]);
    return value.replace(/\$\{([^}]+)\}/g, (_, reference: string) => {
      const found = lookup(saved, reference);
      return typeof found === "string" ? found : JSON.stringify(found);
    });
  }
  if (Array.isArray(value)) return value.map((item) => substitute(item, saved) as JsonValue);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, substitute(item, saved) as JsonValue]));
  }
  return value;
}

function occurs(needle: Json, haystack: Json): boolean {
  if (Array.isArray(haystack)) return haystack.some((item) => occurs(needle, item));
  if (haystack !== null && typeof haystack === "object") return Object.values(haystack).some((item) => occurs(needle, item));
  return haystack === needle;
}

const show = (value: Json) => (value === undefined ? "absent" : JSON.stringify(value));

/** Throws ScenarioFailure naming the first path where `actual` does not match `expected`. */
export function match(expected: Json, actual: Json, at = "$"): void {
  if (expected === null) {
    if (actual !== undefined) throw new ScenarioFailure(`${at}: expected absent, got ${show(actual)}`);
    return;
  }
  if (Array.isArray(expected)) {
    const items = actual ?? [];
    if (!Array.isArray(items) || items.length !== expected.length) {
      throw new ScenarioFailure(`${at}: expected ${expected.length} elements, got ${show(actual)}`);
    }
    expected.forEach((wanted, index) => match(wanted, items[index], `${at}[${index}]`));
    return;
  }
  if (typeof expected === "object") {
    if ("$contains" in expected) {
      const items = actual ?? [];
      if (!Array.isArray(items)) throw new ScenarioFailure(`${at}: expected a list, got ${show(actual)}`);
      for (const wanted of expected.$contains as JsonValue[]) {
        if (!items.some((item) => matches(wanted, item, at))) {
          throw new ScenarioFailure(`${at}: no element matches ${show(wanted)}`);
        }
      }
      return;
    }
    if ("$excludes" in expected && occurs(expected.$excludes, actual)) {
      throw new ScenarioFailure(`${at}: ${show(expected.$excludes)} must not occur here`);
    }
    const keys = Object.keys(expected).filter((key) => key !== "$excludes");
    if (keys.length > 0 && actual !== undefined && (actual === null || typeof actual !== "object" || Array.isArray(actual))) {
      throw new ScenarioFailure(`${at}: expected an object, got ${show(actual)}`);
    }
    const object = (actual ?? {}) as Record<string, JsonValue>;
    for (const key of keys) match(expected[key], object[key], `${at}.${key}`);
    return;
  }
  if (expected !== actual) throw new ScenarioFailure(`${at}: expected ${show(expected)}, got ${show(actual)}`);
}

function matches(expected: Json, actual: Json, at: string): boolean {
  try {
    match(expected, actual, at);
    return true;
  } catch (error) {
    if (error instanceof ScenarioFailure) return false;
    throw error;
  }
}

function checkError(expected: NonNullable<Step["expect_error"]>, error: TabulaError): void {
  if (error.codeName !== expected.code) throw new ScenarioFailure(`expected ${expected.code}, got ${error}`);
  if (error.domain !== DOMAIN) throw new ScenarioFailure(`error without a ${DOMAIN} ErrorInfo: ${error}`);
  if (error.reason !== expected.reason) throw new ScenarioFailure(`expected reason ${expected.reason}, got ${error}`);
  for (const [key, value] of Object.entries(expected.metadata ?? {})) {
    if (error.metadata[key] !== value) {
      throw new ScenarioFailure(`ErrorInfo metadata ${key}: expected ${value}, got ${JSON.stringify(error.metadata)}`);
    }
  }
}

async function runStep(client: TabulaClient, step: Step, saved: Saved): Promise<void> {
  const method = GameService.methods.find((m) => m.name === step.call);
  if (method === undefined) throw new ScenarioFailure(`unknown method ${step.call}`);
  const credential = substitute(step.credential, saved) as string | undefined;
  const caller = client.withCredential(credential);
  const request = fromJson(method.input, substitute(step.request, saved) as JsonValue);
  const expectError = substitute(step.expect_error as Json, saved) as Step["expect_error"];
  // The raw client carries the caller's credential; one function per method, named by its localName.
  const options = { timeoutMs: DEADLINE_MS };
  const rpc = (caller.raw as unknown as Record<string, (r: unknown, o: unknown) => unknown>)[method.localName];
  if (method.methodKind === "server_streaming") {
    const abort = new AbortController();
    const responses = (rpc(request, { ...options, signal: abort.signal }) as AsyncIterable<never>)[Symbol.asyncIterator]();
    try {
      const expected = (substitute(step.expect_stream ?? [], saved) as JsonValue[]);
      for (const [index, wanted] of expected.entries()) {
        const next = await responses.next();
        if (next.done) throw new ScenarioFailure(`stream ended after ${index} messages, expected ${expected.length}`);
        match(wanted, toJson(method.output, next.value), `$[${index}]`);
      }
      if (expectError !== undefined || step.expect_end) {
        const next = await responses.next();
        if (!next.done) throw new ScenarioFailure(`expected the stream to end, got ${show(toJson(method.output, next.value))}`);
        if (expectError !== undefined) throw new ScenarioFailure(`expected ${expectError.reason}, the stream ended cleanly`);
      }
    } catch (thrown) {
      if (thrown instanceof ScenarioFailure) throw thrown;
      const error = toTabulaError(thrown);
      if (expectError === undefined) throw new ScenarioFailure(`unexpected error ${error}`);
      checkError(expectError, error);
    } finally {
      abort.abort();
    }
    return;
  }
  let response: unknown;
  try {
    response = await rpc(request, options);
  } catch (thrown) {
    const error = toTabulaError(thrown);
    if (expectError === undefined) throw new ScenarioFailure(`unexpected error ${error}`);
    checkError(expectError, error);
    return;
  }
  if (expectError !== undefined) throw new ScenarioFailure(`expected ${expectError.reason}, the call succeeded`);
  const answer = toJson(method.output, response as never);
  if (step.expect !== undefined) match(substitute(step.expect, saved), answer);
  if (step.save !== undefined) saved[step.save] = answer;
}

/** Runs every step against a fresh server; returns how many ran. */
export async function replay(address: string): Promise<number> {
  const scenario = JSON.parse(readFileSync(SCENARIO, "utf8")) as { version: number; steps: Step[] };
  if (scenario.version !== 1) throw new ScenarioFailure(`unknown scenario version ${scenario.version}`);
  const client = TabulaClient.connect({ address });
  const saved: Saved = {};
  for (const [index, step] of scenario.steps.entries()) {
    try {
      await runStep(client, step, saved);
    } catch (error) {
      if (error instanceof ScenarioFailure) throw new ScenarioFailure(`step ${index + 1} (${step.name}): ${error.message}`);
      throw error;
    }
  }
  return scenario.steps.length;
}
