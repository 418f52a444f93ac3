/**
 * The syntax tree of one filter expression. Qualifiers are already resolved: libpcap lets a
 * bare value borrow the qualifiers of the primitive before it (`host a or b`, `tcp port 80
 * and not 22`), so the parser stores the full qualifier on every `id` node and the code
 * generator never has to look back. Nodes keep their source column for error messages.
 */

/** Protocol qualifier: `default` when none was written, else a protocol keyword (`link` for ether). */
export type ProtoQual = string;
export type DirQual = "default" | "src" | "dst" | "or" | "and" | "addr1" | "addr2" | "addr3" | "addr4" | "ra" | "ta";
export type AddrQual = "default" | "host" | "net" | "port" | "portrange" | "proto" | "protochain" | "gateway";

/** `undefined` members reproduce libpcap's `qerr`: a value may not borrow qualifiers here. */
export interface Qualifiers {
  proto: ProtoQual | undefined;
  dir: DirQual | undefined;
  addr: AddrQual | undefined;
}

export const NO_QUALIFIERS: Qualifiers = { proto: undefined, dir: undefined, addr: undefined };

export type IdValue =
  | { type: "number"; value: number }
  | { type: "name"; text: string }
  | { type: "ipv4"; text: string }
  | { type: "ipv4/len"; text: string; length: number }
  | { type: "ipv4 mask"; text: string; mask: string }
  | { type: "ipv6"; text: string; length: number | undefined }
  | { type: "mac"; text: string }
  | { type: "arcnet"; text: string };

export type Arith =
  | { kind: "number"; value: number; column: number }
  | { kind: "len"; column: number }
  | { kind: "load"; proto: string; index: Arith; size: number; column: number }
  | { kind: "binary"; op: BinaryOp; left: Arith; right: Arith; column: number }
  | { kind: "negate"; operand: Arith; column: number };

export type BinaryOp = "+" | "-" | "*" | "/" | "%" | "&" | "|" | "^" | "<<" | ">>";
export type RelOp = ">" | ">=" | "=" | "<=" | "<" | "!=";

export type Expr =
  | { kind: "and" | "or"; left: Expr; right: Expr }
  | { kind: "not"; operand: Expr }
  | { kind: "id"; qual: Qualifiers; value: IdValue; column: number }
  | { kind: "abbrev"; proto: string; column: number }
  | { kind: "relation"; op: RelOp; left: Arith; right: Arith; column: number }
  | { kind: "broadcast" | "multicast"; proto: ProtoQual; column: number }
  | { kind: "less" | "greater"; value: number; column: number }
  | { kind: "byte"; index: number; op: "=" | "<" | ">"; value: number; column: number }
  | { kind: "vlan" | "mpls"; value: number | undefined; column: number };
