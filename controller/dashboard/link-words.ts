import type { LinkWire } from "@shared/schemas/link";
import { LEGACY_FILTER_KEYS, parseFilterKey, type FilterType } from "@shared/filters/catalogue";

/** What a link does to its traffic, most telling first: what the topology colours it by. */
export type LinkState = "suspended" | "capturing" | "filtered" | "clean";

type LinkLook = Pick<LinkWire, "suspend" | "capturing" | "filters">;

/** A suspended link drops everything, so that wins over a capture, which wins over filters. */
export function linkState(link: LinkLook): LinkState {
  if (link.suspend) return "suspended";
  if (link.capturing) return "capturing";
  return Object.keys(link.filters).length > 0 ? "filtered" : "clean";
}

type Values = readonly (number | string)[];

/** How one filter reads, by type: a new type in the catalogue does not compile until it has its phrase here. */
const PHRASES: Record<FilterType, (values: Values) => string> = {
  frequency_drop: ([every]) => (every === -1 ? "drop all" : `drop every ${ordinal(Number(every))}`),
  packet_loss: ([chance]) => `loss ${chance} %`,
  delay: ([latency, jitter]) => (jitter ? `delay ${latency} ± ${jitter} ms` : `delay ${latency} ms`),
  corrupt: ([chance]) => `corrupt ${chance} %`,
  bpf: ([text]) => {
    const rules = String(text ?? "").split("\n").filter((line) => line.trim() !== "");
    return rules.length === 1 ? `drop "${rules[0]}"` : `drop ${rules.length} BPF rules`;
  },
  rate: ([kbits]) => `rate ${kbits} kbit/s`,
  duplicate: ([chance]) => `duplicate ${chance} %`,
  reorder: ([chance, gap]) => (gap ? `reorder ${chance} % (gap ${gap})` : `reorder ${chance} %`),
  loss_burst: ([p, r]) => `burst loss p ${p}/10000, r ${r}/10000`,
  suspend: ([on]) => (Number(on) === 1 ? "suspended" : "not suspended"),
};

/** The phrase of a key the catalogue knows (a legacy name reads as what it means); undefined for any other. */
function phraseOf(base: string): ((values: Values) => string) | undefined {
  const type = LEGACY_FILTER_KEYS[base] ?? base;
  return Object.hasOwn(PHRASES, type) ? PHRASES[type as FilterType] : undefined;
}

/** A link's filters in words, in the order the server lists them: "delay 50 ± 5 ms, loss 2 %". */
export function filtersInWords(filters: Readonly<Record<string, Values>>, ends: { a: string; b: string } = { a: "a", b: "b" }): string {
  return Object.entries(filters)
    .map(([key, values]) => {
      // The catalogue reads keys as the server does: `delay:a_to_b` is delay from the first end.
      const { base, direction } = parseFilterKey(key);
      const phrase = phraseOf(base)?.(values) ?? `${base} ${values.join(" ")}`;
      if (direction === null) return phrase;
      const [from, to] = direction === "a_to_b" ? [ends.a, ends.b] : [ends.b, ends.a];
      return `${phrase} (${from} → ${to} only)`;
    })
    .join(", ");
}

function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th";
  return `${n}${suffix} frame`;
}
