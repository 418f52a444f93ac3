import { FILTER_CATALOGUE, LEGACY_FILTER_KEYS, filterDescriptor, type FilterDescriptor, type FilterParameter, type IntegerParameter } from "./catalogue";

/** Stored filters: key order is the order the client sent, which is the order they apply in. */
export type FilterValue = number | string;
export type LinkFilters = Record<string, FilterValue[]>;

export type NormaliseResult = { ok: true; filters: LinkFilters } | { ok: false; message: string };

/**
 * Optional per-line check for `bpf` text (the BPF compiler); returns an error message or null.
 * Injected so this module stays free of the compiler and usable on its own.
 */
export type BpfLineCheck = (line: string) => string | null;

const KNOWN_KEYS = [...FILTER_CATALOGUE.map((d) => d.type), ...Object.keys(LEGACY_FILTER_KEYS)];

/**
 * GNS3's normalisation (entries whose first value is 0 or empty are dropped, strings trimmed of
 * spaces and newlines) with the deliberate fixes listed in docs/compatibility.md: values must be integers within
 * the published bounds, arity must match, unknown keys and non-array values are refused.
 * Nothing partial is ever returned: one bad entry rejects the whole object.
 */
export function normaliseFilters(raw: unknown, checkBpfLine?: BpfLineCheck): NormaliseResult {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    return fail(`filters must be an object of filter type to list of values, got ${describe(raw)}`);
  }
  const entries = Object.entries(raw as Record<string, unknown>);
  const keyOfType = new Map<string, string>();
  const filters: LinkFilters = {};
  for (const [key, values] of entries) {
    const descriptor = filterDescriptor(key);
    if (!descriptor || !Object.hasOwn(FILTER_KEYS, key)) {
      return fail(`Unknown filter '${key}': expected one of ${KNOWN_KEYS.join(", ")}`);
    }
    const earlier = keyOfType.get(descriptor.type);
    if (earlier !== undefined) return fail(`Filters '${earlier}' and '${key}' are the same filter: send only one of them`);
    keyOfType.set(descriptor.type, key);
    if (!Array.isArray(values)) {
      return fail(`Filter '${key}' must be a list of values, e.g. {"${key}": [${exampleValue(descriptor.parameters[0])}]}, got ${describe(values)}`);
    }
    const trimmed = values.map((value) => (typeof value === "string" ? trimSpacesAndNewlines(value) : value));
    if (trimmed.length === 0 || trimmed[0] === 0 || trimmed[0] === "") continue;
    const arityProblem = checkArity(key, descriptor, trimmed.length);
    if (arityProblem) return fail(arityProblem);
    const normalised: FilterValue[] = [];
    for (let index = 0; index < trimmed.length; index++) {
      const parameter = descriptor.parameters[index]!;
      const checked = checkValue(key, parameter, trimmed[index], checkBpfLine);
      if (typeof checked === "object") return checked;
      normalised.push(checked);
    }
    filters[key] = normalised;
  }
  return { ok: true, filters };
}

const FILTER_KEYS: Record<string, true> = Object.fromEntries(KNOWN_KEYS.map((k) => [k, true]));

function checkValue(
  key: string,
  parameter: FilterParameter,
  value: unknown,
  checkBpfLine: BpfLineCheck | undefined,
): FilterValue | { ok: false; message: string } {
  if (parameter.type === "text") {
    if (typeof value !== "string") {
      return fail(`Filter '${key}' ${parameter.name} must be text (one expression per line), got ${describe(value)}`);
    }
    if (checkBpfLine) {
      const lines = value.split("\n");
      for (let index = 0; index < lines.length; index++) {
        const line = lines[index]!.trim();
        if (line === "") return fail(`Filter '${key}' line ${index + 1} is empty: put one expression per line`);
        const problem = checkBpfLine(line);
        if (problem) return fail(`Filter '${key}' line ${index + 1} ('${line}'): ${problem}`);
      }
    }
    return value;
  }
  const number = typeof value === "string" && /^[+-]?\d+$/.test(value) ? Number(value) : value;
  const problem = checkInteger(key, parameter, number);
  return problem ? fail(problem) : (number as number);
}

/**
 * The arity rule, in the words every refusal uses: the controller's answer to a client and
 * the daemon's report of a state it cannot run both come from here.
 */
export function checkArity(key: string, descriptor: FilterDescriptor, count: number): string | null {
  const { parameters, requiredValues } = descriptor;
  if (count >= requiredValues && count <= parameters.length) return null;
  const arity = requiredValues === parameters.length ? `${requiredValues}` : `${requiredValues} to ${parameters.length}`;
  return `Filter '${key}' takes ${arity} value${parameters.length > 1 ? "s" : ""} (${parameters.map((p) => p.name).join(", ")}), got ${count}`;
}

/** The integer and bounds rule of an `int` parameter (inclusive bounds from the catalogue). */
export function checkInteger(key: string, parameter: IntegerParameter, value: unknown): string | null {
  if (typeof value !== "number" || !Number.isInteger(value)) return `Filter '${key}' ${parameter.name} must be an integer, got ${describe(value)}`;
  if (value < parameter.minimum || value > parameter.maximum) {
    return `Filter '${key}' ${parameter.name} must be between ${parameter.minimum} and ${parameter.maximum} ${parameter.unit}, got ${value}`;
  }
  return null;
}

function trimSpacesAndNewlines(text: string): string {
  return text.replace(/^[ \n]+|[ \n]+$/g, "");
}

function exampleValue(parameter: FilterParameter | undefined): string {
  return parameter?.type === "text" ? '"icmp"' : "10";
}

function describe(value: unknown): string {
  if (value === undefined) return "nothing";
  return JSON.stringify(value) ?? String(value);
}

function fail(message: string): { ok: false; message: string } {
  return { ok: false, message };
}

/** Order-insensitive equality, as GNS3 compares a PUT's filters with the stored ones. */
export function sameFilters(a: LinkFilters, b: LinkFilters): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => {
    const left = a[key]!;
    const right = b[key];
    return right !== undefined && left.length === right.length && left.every((value, i) => value === right[i]);
  });
}
