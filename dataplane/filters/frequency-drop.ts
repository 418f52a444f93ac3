/**
 * `frequency_drop [N]`: N = -1 drops every frame, 0 drops none, N ≥ 1 drops frames N, 2N, 3N…
 * counted per direction from the moment the chain was installed (ubridge counts both
 * directions together; we keep them apart, see docs/filters.md).
 */
import { dropVerdict, PASS, type Filter, type FilterDefinition, type Verdict } from "./filter";
import { readIntegers } from "./parameters";

const DROP = dropVerdict("frequency");

class FrequencyDrop implements Filter {
  private seen = 0;

  constructor(private readonly every: number) {}

  process(): Verdict {
    if (this.every === -1) return DROP;
    if (this.every === 0) return PASS;
    this.seen += 1;
    if (this.seen < this.every) return PASS;
    this.seen = 0;
    return DROP;
  }
}

export const frequencyDrop: FilterDefinition = {
  prepare(spec) {
    const read = readIntegers(spec);
    if (!read.ok) return read;
    const every = read.values[0]!;
    return { ok: true, instantiate: () => new FrequencyDrop(every) };
  },
};
