import type { LinkWire } from "@shared/schemas/link";

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

/** How one filter reads, by type; a type without a phrase here reads as its key and values. */
const PHRASES: Record<string, (values: Values) => string> = {
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
  latency: (values) => PHRASES.delay!(values),
};

/** One-direction keys end in `:a_to_b` or `:b_to_a`, a being the link's first end. */
const DIRECTIONS = ["a_to_b", "b_to_a"];

/** A link's filters in words, in the order the server lists them: "delay 50 ± 5 ms, loss 2 %". */
export function filtersInWords(filters: Readonly<Record<string, Values>>, ends: { a: string; b: string } = { a: "a", b: "b" }): string {
  return Object.entries(filters)
    .map(([key, values]) => {
      const colon = key.lastIndexOf(":");
      const direction = colon < 0 ? undefined : key.slice(colon + 1);
      const oneWay = direction !== undefined && DIRECTIONS.includes(direction);
      const type = oneWay ? key.slice(0, colon) : key;
      const phrase = PHRASES[type]?.(values) ?? `${type} ${values.join(" ")}`;
      if (!oneWay) return phrase;
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
