import { BpfError, syntaxError } from "./errors";
import { KEYWORDS, NAMED_NUMBERS } from "./names";

/**
 * Tokens of the pcap-filter language, split the way libpcap's flex scanner splits them:
 * the longest match wins and, on a tie, the rule listed first in libpcap's scanner wins
 * (keywords, then MAC addresses, numbers, dotted IPv4, IPv6, named numbers, identifiers).
 * That ordering is what makes `1-1` an identifier, `tcp-syn` the number 2 and
 * `001122334455` a MAC address, exactly as tcpdump reads them.
 */
export type Token =
  | { kind: "num"; value: number; text: string; column: number }
  | { kind: "id"; text: string; column: number }
  | { kind: "hid"; text: string; column: number }
  | { kind: "hid6"; text: string; column: number }
  | { kind: "eid"; text: string; column: number }
  | { kind: "aid"; text: string; column: number }
  | { kind: "keyword"; keyword: string; text: string; column: number }
  | { kind: "op"; op: string; text: string; column: number }
  | { kind: "end"; text: ""; column: number };

const OPERATORS = [">=", "<=", "!=", "==", "<<", ">>", "&&", "||"];
const SINGLE_CHARS = "+-*/%:[]!<>()&|^=";

const B = "[0-9A-Fa-f]{1,2}";
const MAC_FORMS = [
  `${B}:${B}:${B}:${B}:${B}:${B}`,
  `${B}-${B}-${B}-${B}-${B}-${B}`,
  `${B}\\.${B}\\.${B}\\.${B}\\.${B}\\.${B}`,
  "[0-9A-Fa-f]{4}\\.[0-9A-Fa-f]{4}\\.[0-9A-Fa-f]{4}",
  "[0-9A-Fa-f]{12}",
].map((form) => new RegExp(form, "y"));
const BOGUS_MAC = new RegExp(`${B}:+(?:${B}:+)+`, "y");
const ARCNET = /\$[0-9A-Fa-f]{1,2}/y;
const IDENTIFIER = /[A-Za-z0-9](?:[-_.A-Za-z0-9]*[.A-Za-z0-9])?/y;
const ESCAPED_IDENTIFIER = /\\[^ !()\n\t]+/y;
const NUMBER = /0[xX][0-9A-Fa-f]+|[0-9]+/y;
const V6_CHARS = /[0-9A-Fa-f:.xX]+/y;
const DOTTED_PART = /\.(?:0[xX][0-9A-Fa-f]+|[0-9]+)/y;

function matchLength(pattern: RegExp, text: string, at: number): number {
  pattern.lastIndex = at;
  const match = pattern.exec(text);
  return match ? match[0].length : 0;
}

/** flex's `{N}(\.{N}){1,3}`: dotted numbers of two to four parts. */
function dottedLength(text: string, at: number): number {
  let length = matchLength(NUMBER, text, at);
  if (length === 0) return 0;
  let parts = 1;
  while (parts < 4) {
    const more = matchLength(DOTTED_PART, text, at + length);
    if (more === 0) break;
    length += more;
    parts++;
  }
  return parts >= 2 ? length : 0;
}

/** Whether `text` has one of the shapes of libpcap's IPv6 rule (groups of 1–4 hex digits,
 * at most one `::`, optionally a dotted IPv4 tail). */
export function isIpv6Form(text: string): boolean {
  let head = text;
  let tailGroups = 0;
  const lastColon = text.lastIndexOf(":");
  if (text.slice(lastColon + 1).includes(".")) {
    if (!/^(?:0[xX][0-9A-Fa-f]+|[0-9]+)(?:\.(?:0[xX][0-9A-Fa-f]+|[0-9]+)){3}$/.test(text.slice(lastColon + 1))) {
      return false;
    }
    head = text.slice(0, lastColon + 1);
    tailGroups = 2;
    if (head.endsWith("::")) head = head.slice(0, -2) + "::";
    else if (head.endsWith(":")) head = head.slice(0, -1);
  }
  const halves = head.split("::");
  if (halves.length > 2) return false;
  const groups = (part: string): number | null => {
    if (part === "") return 0;
    const items = part.split(":");
    return items.every((item) => /^[0-9A-Fa-f]{1,4}$/.test(item)) ? items.length : null;
  };
  if (halves.length === 1) {
    const count = groups(head);
    return count !== null && count + tailGroups === 8 && (tailGroups === 0 || count === 6);
  }
  const left = groups(halves[0] ?? "");
  const right = groups(halves[1] ?? "");
  return left !== null && right !== null && left + right + tailGroups <= 7;
}

function ipv6Length(text: string, at: number): number {
  const run = matchLength(V6_CHARS, text, at);
  for (let length = run; length >= 2; length--) {
    const candidate = text.slice(at, at + length);
    if (candidate.includes(":") && isIpv6Form(candidate)) return length;
  }
  return 0;
}

function keywordLength(text: string, at: number, table: ReadonlyMap<string, unknown>): [number, string] {
  const word = /[a-z0-9-]+/y;
  word.lastIndex = at;
  const match = word.exec(text);
  if (!match) return [0, ""];
  for (let length = match[0].length; length > 0; length--) {
    const candidate = match[0].slice(0, length);
    if (table.has(candidate)) return [length, candidate];
  }
  return [0, ""];
}

/** Parses a NUM token as libpcap's `stoulen` does: hex, octal with a leading 0, decimal. */
function numberValue(text: string, column: number): number {
  let value: bigint;
  if (/^0[xX]/.test(text)) value = BigInt(text);
  else if (text.length > 1 && text.startsWith("0")) {
    if (/[89]/.test(text)) throw new BpfError(`error at column ${column}: number ${text} contains non-octal digit`, column);
    value = BigInt(`0o${text.slice(1)}`);
  } else value = BigInt(text);
  if (value > 0xffffffffn) throw new BpfError(`error at column ${column}: number ${text} overflows 32 bits`, column);
  return Number(value);
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < text.length) {
    const char = text[at] ?? "";
    if (" \r\n\t".includes(char)) {
      at++;
      continue;
    }
    const column = at + 1;
    // Candidates in libpcap's rule order; the first of the longest wins.
    const [keywordLen, keyword] = keywordLength(text, at, KEYWORDS);
    const operator = OPERATORS.find((op) => text.startsWith(op, at)) ?? (SINGLE_CHARS.includes(char) ? char : "");
    const macLen = Math.max(...MAC_FORMS.map((form) => matchLength(form, text, at)));
    const candidates: Array<[number, () => Token]> = [
      [keywordLen, () => keywordToken(keyword, column)],
      [operator.length, () => operatorToken(operator, column)],
      [matchLength(ARCNET, text, at), () => ({ kind: "aid", text: text.slice(at, at + 3), column })],
      [macLen, () => ({ kind: "eid", text: text.slice(at, at + macLen), column })],
      [matchLength(NUMBER, text, at), () => numToken(text.slice(at, at + matchLength(NUMBER, text, at)), column)],
      [dottedLength(text, at), () => ({ kind: "hid", text: text.slice(at, at + dottedLength(text, at)), column })],
      [ipv6Length(text, at), () => ({ kind: "hid6", text: text.slice(at, at + ipv6Length(text, at)), column })],
      [matchLength(BOGUS_MAC, text, at), () => bogusMac(text.slice(at, at + matchLength(BOGUS_MAC, text, at)), column)],
      ...namedNumberCandidate(text, at, column),
      [matchLength(IDENTIFIER, text, at), () => ({ kind: "id", text: text.slice(at, at + matchLength(IDENTIFIER, text, at)), column })],
      [matchLength(ESCAPED_IDENTIFIER, text, at), () => ({ kind: "id", text: text.slice(at + 1, at + matchLength(ESCAPED_IDENTIFIER, text, at)), column })],
    ];
    let best: [number, () => Token] = [0, () => ({ kind: "end", text: "", column })];
    for (const candidate of candidates) if (candidate[0] > best[0]) best = candidate;
    if (best[0] === 0) throw syntaxError(column, `unexpected character '${char}'`);
    tokens.push(best[1]());
    at += best[0];
  }
  tokens.push({ kind: "end", text: "", column: text.length + 1 });
  return tokens;
}

function namedNumberCandidate(text: string, at: number, column: number): Array<[number, () => Token]> {
  const [length, name] = keywordLength(text, at, NAMED_NUMBERS);
  const value = NAMED_NUMBERS.get(name) ?? 0;
  return [[length, () => ({ kind: "num", value, text: name, column })]];
}

function keywordToken(keyword: string, column: number): Token {
  const canonical = KEYWORDS.get(keyword) ?? keyword;
  if (canonical === "and") return { kind: "op", op: "&&", text: keyword, column };
  if (canonical === "or") return { kind: "op", op: "||", text: keyword, column };
  if (canonical === "not") return { kind: "op", op: "!", text: keyword, column };
  return { kind: "keyword", keyword: canonical, text: keyword, column };
}

function operatorToken(op: string, column: number): Token {
  return { kind: "op", op: op === "==" ? "=" : op, text: op, column };
}

function numToken(text: string, column: number): Token {
  return { kind: "num", value: numberValue(text, column), text, column };
}

function bogusMac(text: string, column: number): Token {
  throw new BpfError(`error at column ${column}: bogus ethernet address ${text}`, column);
}
