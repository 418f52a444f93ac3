/**
 * The filter implementations by catalogue type. Typed as a record over `FilterType`, so a
 * filter added to the catalogue does not compile until it has an implementation here.
 */
import { LEGACY_FILTER_KEYS, type FilterType } from "@shared/filters/catalogue";
import { bpf } from "./bpf";
import { corrupt } from "./corrupt";
import { delay } from "./delay";
import { duplicate } from "./duplicate";
import type { FilterDefinition } from "./filter";
import { frequencyDrop } from "./frequency-drop";
import { lossBurst } from "./loss-burst";
import { packetLoss } from "./packet-loss";
import { rate } from "./rate";
import { reorder } from "./reorder";
import { suspend } from "./suspend";

const FILTERS: Readonly<Record<FilterType, FilterDefinition>> = {
  frequency_drop: frequencyDrop,
  packet_loss: packetLoss,
  delay,
  corrupt,
  bpf,
  rate,
  duplicate,
  reorder,
  loss_burst: lossBurst,
  suspend,
};

/** The implementation of a catalogue type or legacy name (`latency`), or undefined. */
export function filterDefinition(type: string): FilterDefinition | undefined {
  const canonical = LEGACY_FILTER_KEYS[type] ?? type;
  return Object.hasOwn(FILTERS, canonical) ? FILTERS[canonical as FilterType] : undefined;
}
