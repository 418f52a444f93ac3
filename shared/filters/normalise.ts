import {
  FILTER_CATALOGUE,
  FILTER_DIRECTIONS,
  LEGACY_FILTER_KEYS,
  filterDescriptor,
  parseFilterKey,
  type FilterDescriptor,
  type FilterDirection,
  type FilterParameter,
  type IntegerParameter,
} from "./catalogue";

/** Stored filters: key order is the order the client sent, which is the order they apply in. */
export type FilterValue = number | string;
export type LinkFilters = Record<string, FilterValue[]>;

export type NormaliseResult = { ok: true; filters: LinkFilters } | { ok: false; message: string };

/**
 * Optional per-line check for `bpf` text (the BPF compiler); returns an error message or null.
 * Injected so this module stays free of the compiler and usable on its own.
 */
export type BpfLineCheck = (line: string) => string | null;

const BOTH_WAYS_TYPES = FILTER_CATALOGUE.filter((d) => !d.directionalOnly).map((d) => d.type);
const GNS3_KEYS = [...FILTER_CATALOGUE.filter((d) => !d.extended).map((d) => d.type), ...Object.keys(LEGACY_FILTER_KEYS)];
const KNOWN_KEYS = [...new Set([...GNS3_KEYS, ...BOTH_WAYS_TYPES])];
const KNOWN_KEYS_TEXT =
  `${KNOWN_KEYS.join(", ")}, each also for one direction with :a_to_b or :b_to_a (a is the link's first node), ` +
  FILTER_CATALOGUE.filter((d) => d.directionalOnly)
    .flatMap((d) => FILTER_DIRECTIONS.map((direction) => `${d.type}:${direction}`))
    .join(", ");

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
    const { base, direction } = parseFilterKey(key);
    const descriptor = filterDescriptor(base);
    if (!descriptor || !Object.hasOwn(FILTER_KEYS, base)) {
      return fail(`Unknown filter '${key}': expected one of ${KNOWN_KEYS_TEXT}`);
    }
    if (descriptor.directionalOnly && direction === null) {
      return fail(
        `Filter '${key}' applies to one direction: send '${key}:a_to_b' or '${key}:b_to_a' (a is the link's first node); the link's suspend field suspends both`,
      );
    }
    const sameFilter = direction === null ? descriptor.type : `${descriptor.type}:${direction}`;
    const earlier = keyOfType.get(sameFilter);
    if (earlier !== undefined) return fail(`Filters '${earlier}' and '${key}' are the same filter: send only one of them`);
    keyOfType.set(sameFilter, key);
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
  const problem = overlappingDirection(filters) ?? reorderWithoutDelay(filters);
  return problem ? fail(problem) : { ok: true, filters };
}

/** Every base a key may have: the types (one-direction-only ones too) and legacy names. */
const FILTER_KEYS: Record<string, true> = Object.fromEntries([...KNOWN_KEYS, ...FILTER_CATALOGUE.map((d) => d.type)].map((k) => [k, true]));

/** The kept keys of each direction by filter type: one entry per type per direction. */
function keysByDirection(filters: LinkFilters): Record<FilterDirection, Map<string, string>> {
  const byDirection: Record<FilterDirection, Map<string, string>> = { a_to_b: new Map(), b_to_a: new Map() };
  for (const key of Object.keys(filters)) {
    const { base, direction } = parseFilterKey(key);
    const type = filterDescriptor(base)!.type;
    for (const applies of direction === null ? FILTER_DIRECTIONS : [direction]) byDirection[applies].set(type, key);
  }
  return byDirection;
}

/** Two entries of one type on one direction would have no clear meaning (add? replace?): refused. */
function overlappingDirection(filters: LinkFilters): string | null {
  const seen: Record<FilterDirection, Map<string, string>> = { a_to_b: new Map(), b_to_a: new Map() };
  for (const key of Object.keys(filters)) {
    const { base, direction } = parseFilterKey(key);
    const type = filterDescriptor(base)!.type;
    for (const applies of direction === null ? FILTER_DIRECTIONS : [direction]) {
      const earlier = seen[applies].get(type);
      if (earlier !== undefined) {
        return `Filters '${earlier}' and '${key}' both apply to ${applies}: give each direction one '${type}' (for example '${type}:a_to_b' and '${type}:b_to_a')`;
      }
      seen[applies].set(type, key);
    }
  }
  return null;
}

/** Reordering sends frames ahead of delayed ones (as tc-netem, which refuses it without a delay). */
function reorderWithoutDelay(filters: LinkFilters): string | null {
  const byDirection = keysByDirection(filters);
  for (const direction of FILTER_DIRECTIONS) {
    const reorder = byDirection[direction].get("reorder");
    if (reorder !== undefined && !byDirection[direction].has("delay")) {
      return `Filter '${reorder}' sends packets ahead of delayed ones, so it needs a delay on ${direction}: add 'delay' or 'delay:${direction}'`;
    }
  }
  return null;
}

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
