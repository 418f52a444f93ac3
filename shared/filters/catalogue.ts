/**
 * The link filters as data: the controller validates against it and serves it from
 * `available_filters`, the dataplane looks up the implementation by the same `type`.
 * The first five are GNS3 2.2's, in its order and words, so clients render them unchanged;
 * the `extended` ones follow, listed only when the server runs with `--extended-filters`.
 */

export type FilterType =
  | "frequency_drop"
  | "packet_loss"
  | "delay"
  | "corrupt"
  | "bpf"
  | "rate"
  | "duplicate"
  | "reorder"
  | "loss_burst"
  | "suspend";

export interface IntegerParameter {
  readonly name: string;
  readonly type: "int";
  readonly minimum: number;
  readonly maximum: number;
  readonly unit: string;
}

export interface TextParameter {
  readonly name: string;
  readonly type: "text";
}

export type FilterParameter = IntegerParameter | TextParameter;

export interface FilterDescriptor {
  readonly type: FilterType;
  readonly name: string;
  readonly description: string;
  /** Parameters in value order; those past `requiredValues` may be omitted. */
  readonly parameters: readonly FilterParameter[];
  readonly requiredValues: number;
  /** Not one of GNS3's five: `available_filters` lists it only with `--extended-filters`. */
  readonly extended?: true;
  /** Exists only in a one-direction form (`suspend:a_to_b`): both ways is the link's `suspend` field. */
  readonly directionalOnly?: true;
}

export const FILTER_CATALOGUE: readonly FilterDescriptor[] = [
  {
    type: "frequency_drop",
    name: "Frequency drop",
    description:
      "It will drop everything with a -1 frequency, drop every Nth packet with a positive frequency, or drop nothing",
    parameters: [{ name: "Frequency", type: "int", minimum: -1, maximum: 32767, unit: "th packet" }],
    requiredValues: 1,
  },
  {
    type: "packet_loss",
    name: "Packet loss",
    description: "The percentage represents the chance for a packet to be lost",
    parameters: [{ name: "Chance", type: "int", minimum: 0, maximum: 100, unit: "%" }],
    requiredValues: 1,
  },
  {
    type: "delay",
    name: "Delay",
    description: "Delay packets in milliseconds. You can add jitter in milliseconds (+/-) of the delay",
    parameters: [
      { name: "Latency", type: "int", minimum: 0, maximum: 32767, unit: "ms" },
      { name: "Jitter (-/+)", type: "int", minimum: 0, maximum: 32767, unit: "ms" },
    ],
    requiredValues: 1,
  },
  {
    type: "corrupt",
    name: "Corrupt",
    description: "The percentage represents the chance for a packet to be corrupted",
    parameters: [{ name: "Chance", type: "int", minimum: 0, maximum: 100, unit: "%" }],
    requiredValues: 1,
  },
  {
    type: "bpf",
    name: "Berkeley Packet Filter (BPF)",
    description: "This filter will drop any packet matching a BPF expression. Put one expression per line",
    parameters: [{ name: "Filters", type: "text" }],
    requiredValues: 1,
  },
  // Every first parameter of these has minimum 0: the Qt GUI's dialog sends each listed type
  // with its spin boxes at their minimum when untouched, and a first value of 0 drops the entry.
  {
    type: "rate",
    name: "Bandwidth",
    description:
      "Limit the bandwidth in kbit/s, counting Ethernet frame bytes. Packets beyond it wait in a queue of at most the given packets or bytes (0 for both: 1000 packets) and are dropped when it is full",
    parameters: [
      { name: "Rate", type: "int", minimum: 0, maximum: 1_000_000, unit: "kbit/s" },
      { name: "Queue (packets)", type: "int", minimum: 0, maximum: 1_000_000, unit: "packets" },
      { name: "Queue (bytes)", type: "int", minimum: 0, maximum: 134_217_728, unit: "bytes" },
    ],
    requiredValues: 1,
    extended: true,
  },
  {
    type: "duplicate",
    name: "Duplicate",
    description: "The percentage represents the chance for a packet to be sent twice",
    parameters: [{ name: "Chance", type: "int", minimum: 0, maximum: 100, unit: "%" }],
    requiredValues: 1,
    extended: true,
  },
  {
    type: "reorder",
    name: "Reorder",
    description:
      "Send packets ahead of the delayed ones, as tc-netem: after a gap of N-1 delayed packets, each packet has the given chance to skip the delay. Needs a delay in the same direction",
    parameters: [
      { name: "Chance", type: "int", minimum: 0, maximum: 100, unit: "%" },
      { name: "Gap", type: "int", minimum: 0, maximum: 32767, unit: "packets" },
    ],
    requiredValues: 1,
    extended: true,
  },
  {
    type: "loss_burst",
    name: "Burst loss (Gilbert-Elliott)",
    description:
      "Lose packets in bursts (tc-netem's gemodel), in 1/10000: p is the chance to go from the good to the bad state, r back, 1-h the loss chance in the bad state, 1-k in the good one. With 1-h = 10000 and 1-k = 0, bursts last 1/r packets on average and the loss rate is p/(p+r)",
    parameters: [
      { name: "p (good to bad)", type: "int", minimum: 0, maximum: 10_000, unit: "/10000" },
      { name: "r (bad to good)", type: "int", minimum: 0, maximum: 10_000, unit: "/10000" },
      { name: "1-h (loss when bad)", type: "int", minimum: 0, maximum: 10_000, unit: "/10000" },
      { name: "1-k (loss when good)", type: "int", minimum: 0, maximum: 10_000, unit: "/10000" },
    ],
    requiredValues: 4,
    extended: true,
  },
  {
    type: "suspend",
    name: "Suspend",
    description: "1 drops every packet of this direction while the other direction goes on",
    parameters: [{ name: "Suspended", type: "int", minimum: 0, maximum: 1, unit: "(1 = yes)" }],
    requiredValues: 1,
    extended: true,
    directionalOnly: true,
  },
];

/**
 * A filter key may end in a direction: `delay:a_to_b` delays only frames from the link's
 * first node (`nodes[0]`) to its second, `delay:b_to_a` the others. No suffix: both.
 */
export type FilterDirection = "a_to_b" | "b_to_a";
export const FILTER_DIRECTIONS: readonly FilterDirection[] = ["a_to_b", "b_to_a"];

export interface FilterKey {
  /** The key without its direction (`latency` stays `latency`). */
  readonly base: string;
  /** null: both directions. */
  readonly direction: FilterDirection | null;
}

/** Splits `type:direction`; a suffix that is not a direction stays part of the base (and is unknown). */
export function parseFilterKey(key: string): FilterKey {
  const colon = key.lastIndexOf(":");
  const suffix = colon < 0 ? "" : key.slice(colon + 1);
  if (colon < 0 || !FILTER_DIRECTIONS.includes(suffix as FilterDirection)) return { base: key, direction: null };
  return { base: key.slice(0, colon), direction: suffix as FilterDirection };
}

/** Keys accepted on the wire that mean another filter (GNS3 clients once sent `latency`). */
export const LEGACY_FILTER_KEYS: Readonly<Record<string, FilterType>> = { latency: "delay" };

const byType = new Map(FILTER_CATALOGUE.map((descriptor) => [descriptor.type, descriptor]));

/** The descriptor of a type or legacy name, without a direction suffix. */
export function filterDescriptor(type: string): FilterDescriptor | undefined {
  return Object.hasOwn(LEGACY_FILTER_KEYS, type) ? byType.get(LEGACY_FILTER_KEYS[type]!) : byType.get(type as FilterType);
}

/** A key as the dataplane runs it: legacy names replaced, the direction kept (`latency:a_to_b` → `delay:a_to_b`). */
export function canonicalFilterKey(key: string): string {
  const { base, direction } = parseFilterKey(key);
  const type = filterDescriptor(base)?.type ?? base;
  return direction === null ? type : `${type}:${direction}`;
}

/** The names of a link's two ends, which one-direction entries name in `available_filters`. */
export interface LinkEndNames {
  readonly a: string;
  readonly b: string;
}

/**
 * The descriptor list as `available_filters` answers it (keys sorted). Without `extended`,
 * exactly GNS3's five. With it, the extended types follow, then every type once per direction
 * (the Qt GUI's dialog shows one tab per entry and sends every entry back, in this order).
 */
export function availableFiltersWire(extended?: LinkEndNames): unknown[] {
  const both = FILTER_CATALOGUE.filter((descriptor) => !descriptor.directionalOnly && (extended || !descriptor.extended));
  const wire = both.map((descriptor) => descriptorWire(descriptor, descriptor.type, descriptor.name, descriptor.description));
  if (!extended) return wire;
  for (const descriptor of FILTER_CATALOGUE) {
    for (const direction of FILTER_DIRECTIONS) {
      const [from, to] = direction === "a_to_b" ? [extended.a, extended.b] : [extended.b, extended.a];
      wire.push(
        descriptorWire(
          descriptor,
          `${descriptor.type}:${direction}`,
          `${descriptor.name}, ${from} → ${to} only`,
          `${descriptor.description}. Only packets from ${from} to ${to}`,
        ),
      );
    }
  }
  return wire;
}

function descriptorWire(descriptor: FilterDescriptor, type: string, name: string, description: string): unknown {
  return {
    description,
    name,
    parameters: descriptor.parameters.map((parameter) =>
      parameter.type === "int"
        ? { maximum: parameter.maximum, minimum: parameter.minimum, name: parameter.name, type: parameter.type, unit: parameter.unit }
        : { name: parameter.name, type: parameter.type },
    ),
    type,
  };
}
