/**
 * `suspend:a_to_b [1]` (or `:b_to_a`): one direction of the link carries nothing, counted as
 * `suspended`, while the other goes on (UDLD and DLDP tests). `[0]` suspends nothing. Both
 * directions at once is the link's `suspend` field.
 */
import { dropVerdict, PASS, type Filter, type FilterDefinition } from "./filter";
import { readIntegers } from "./parameters";

const DROP = dropVerdict("suspended");
const SUSPENDED: Filter = { process: () => DROP };
const CARRYING: Filter = { process: () => PASS };

export const suspend: FilterDefinition = {
  prepare(spec) {
    const read = readIntegers(spec);
    if (!read.ok) return read;
    const filter = read.values[0] === 1 ? SUSPENDED : CARRYING;
    return { ok: true, instantiate: () => filter };
  },
};
