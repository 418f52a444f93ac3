/**
 * The five link filters as data: the controller validates against it and serves it from
 * `available_filters`, the dataplane looks up the implementation by the same `type`.
 * Order and descriptor text match GNS3 2.2 so clients render them unchanged.
 */

export type FilterType = "frequency_drop" | "packet_loss" | "delay" | "corrupt" | "bpf";

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
];

/** Keys accepted on the wire that mean another filter (GNS3 clients once sent `latency`). */
export const LEGACY_FILTER_KEYS: Readonly<Record<string, FilterType>> = { latency: "delay" };

const byType = new Map(FILTER_CATALOGUE.map((descriptor) => [descriptor.type, descriptor]));

export function filterDescriptor(type: string): FilterDescriptor | undefined {
  return byType.get((LEGACY_FILTER_KEYS[type] ?? type) as FilterType);
}

/** The descriptor list exactly as GNS3's `available_filters` answers it (keys sorted). */
export function availableFiltersWire(): unknown[] {
  return FILTER_CATALOGUE.map((descriptor) => ({
    description: descriptor.description,
    name: descriptor.name,
    parameters: descriptor.parameters.map((parameter) =>
      parameter.type === "int"
        ? { maximum: parameter.maximum, minimum: parameter.minimum, name: parameter.name, type: parameter.type, unit: parameter.unit }
        : { name: parameter.name, type: parameter.type },
    ),
    type: descriptor.type,
  }));
}
