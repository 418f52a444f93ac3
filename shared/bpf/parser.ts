import type { AddrQual, Arith, BinaryOp, DirQual, Expr, IdValue, Qualifiers, RelOp } from "./ast";
import { NO_QUALIFIERS } from "./ast";
import { semanticError, syntaxError } from "./errors";
import type { Token } from "./lexer";
import { tokenize } from "./lexer";
import { PROTOCOL_KEYWORDS } from "./names";

/**
 * Recursive-descent parser for libpcap's grammar (grammar.y). Two of its quirks shape the
 * code:
 * - `and` and `or` have equal precedence and associate to the left;
 * - a bare value after `and`/`or`/`not` (an "id") borrows the qualifiers of the operand
 *   before it, and inside parentheses that open with a bare value every operand must be a
 *   bare value (`host a and (b or c)`). Terms that are not qualified primitives (`tcp`,
 *   comparisons, `vlan`…) leave nothing to borrow, so `tcp or 80` is a syntax error.
 * In arithmetic, `^` has no declared precedence in libpcap, so yacc always shifts on it:
 * it takes the operand just before it and everything after it (`a * b ^ c + d` is
 * `a * (b ^ (c + d))`).
 */
export function parse(text: string): Expr {
  const parser = new Parser(tokenize(text));
  return parser.parseFilter();
}

type Parsed =
  | { type: "bool"; expr: Expr; qual: Qualifiers; isId: boolean }
  | { type: "arith"; arith: Arith; isPlainNumber: boolean };

const PRECEDENCE: Readonly<Record<string, number>> = {
  "|": 1, "&": 2, "<<": 3, ">>": 3, "+": 4, "-": 4, "*": 5, "/": 5, "%": 5,
};
const RELATIONS = new Set(["=", "!=", "<", "<=", ">", ">="]);
const HEAD_KEYWORDS = new Set(["src", "dst", "host", "net", "port", "portrange", "proto", "protochain", "gateway"]);
const DIRECTION_KEYWORDS = new Set(["addr1", "addr2", "addr3", "addr4", "ra", "ta"]);
const UNSUPPORTED: Readonly<Record<string, string>> = {
  inbound: "'inbound' is not supported: a frame on a link has no capture direction",
  outbound: "'outbound' is not supported: a frame on a link has no capture direction",
  ifindex: "'ifindex' is not supported on Ethernet links",
  protochain: "'protochain' is not supported",
};

class Parser {
  private position = 0;

  constructor(private readonly tokens: readonly Token[]) {}

  parseFilter(): Expr {
    if (this.peek().kind === "end") throw syntaxError(1, "the expression is empty");
    const first = this.parseBool(NO_QUALIFIERS, { idAllowed: false, termAllowed: true });
    const expr = this.parseChain(first, true);
    const rest = this.peek();
    if (rest.kind !== "end") {
      if (rest.kind === "op" && rest.op === ")") throw syntaxError(rest.column, "unbalanced ')'");
      throw syntaxError(rest.column, `expected 'and', 'or' or the end of the expression before '${rest.text}'`);
    }
    return expr.expr;
  }

  private peek(offset = 0): Token {
    return this.tokens[Math.min(this.position + offset, this.tokens.length - 1)] as Token;
  }

  private next(): Token {
    const token = this.peek();
    this.position++;
    return token;
  }

  private isOp(op: string, offset = 0): boolean {
    const token = this.peek(offset);
    return token.kind === "op" && token.op === op;
  }

  private isKeyword(keyword: string, offset = 0): boolean {
    const token = this.peek(offset);
    return token.kind === "keyword" && token.keyword === keyword;
  }

  private expected(what: string): never {
    const token = this.peek();
    const previous = this.tokens[this.position - 1];
    const where = previous ? ` after '${previous.text}'` : "";
    const found = token.kind === "end" ? "" : `, found '${token.text}'`;
    throw syntaxError(token.column, `expected ${what}${where}${found}`);
  }

  private expect(op: string, what: string): void {
    if (!this.isOp(op)) this.expected(what);
    this.next();
  }

  /** `expr (and|or) operand…`: later operands borrow the qualifiers of the one before. */
  private parseChain(first: Parsed & { type: "bool" }, termsAllowed: boolean): Parsed & { type: "bool" } {
    let result = first;
    while (this.isOp("&&") || this.isOp("||")) {
      const op = this.next();
      const kind = op.kind === "op" && op.op === "&&" ? "and" : "or";
      const operand = this.parseBool(result.qual, { idAllowed: true, termAllowed: termsAllowed });
      result = { type: "bool", expr: { kind, left: result.expr, right: operand.expr }, qual: operand.qual, isId: result.isId };
    }
    return result;
  }

  private parseBool(qual: Qualifiers, allowed: { idAllowed: boolean; termAllowed: boolean }): Parsed & { type: "bool" } {
    const parsed = this.parseOperand(qual, { ...allowed, arithAllowed: false });
    if (parsed.type !== "bool") return this.expected("a comparison operator");
    return parsed;
  }

  private parseOperand(qual: Qualifiers, allowed: { idAllowed: boolean; termAllowed: boolean; arithAllowed: boolean }): Parsed {
    const token = this.peek();
    if (token.kind === "op" && token.op === "!") {
      this.next();
      const inner = this.parseBool(qual, allowed);
      return { type: "bool", expr: { kind: "not", operand: inner.expr }, qual: inner.qual, isId: inner.isId };
    }
    if (token.kind === "op" && token.op === "(") return this.parseParenthesised(qual, allowed);
    if (token.kind === "num" && allowed.idAllowed && !this.continuesArithmetic(1)) {
      this.next();
      return this.idResult(qual, { type: "number", value: token.value }, token.column);
    }
    if (token.kind === "id" || token.kind === "hid" || token.kind === "hid6" || token.kind === "eid" || token.kind === "aid") {
      if (!allowed.idAllowed) {
        throw syntaxError(token.column, `'${token.text}' needs a qualifier such as 'host', 'net' or 'port' before it`);
      }
      return this.idResult(qual, this.parseAddress(), token.column);
    }
    if (!allowed.termAllowed) this.expected("an address, a number or a name");
    if (this.startsArithmetic()) {
      const arith = this.parseArithmetic(0);
      return this.finishArithmetic(arith, allowed.arithAllowed);
    }
    return { type: "bool", ...this.parseTerm() };
  }

  private idResult(qual: Qualifiers, value: IdValue, column: number): Parsed & { type: "bool" } {
    return { type: "bool", expr: { kind: "id", qual, value, column }, qual, isId: true };
  }

  private finishArithmetic(arith: Arith, arithAllowed: boolean): Parsed {
    const token = this.peek();
    if (token.kind === "op" && RELATIONS.has(token.op)) {
      this.next();
      const right = this.parseArithmetic(0);
      const expr: Expr = { kind: "relation", op: token.op as RelOp, left: arith, right, column: token.column };
      return { type: "bool", expr, qual: NO_QUALIFIERS, isId: false };
    }
    if (arithAllowed) return { type: "arith", arith, isPlainNumber: false };
    return this.expected("a comparison operator");
  }

  /**
   * `(` opens a parenthesised expression, a parenthesised list of bare values, or a
   * parenthesised piece of arithmetic; which one is known only from what is inside.
   */
  private parseParenthesised(
    qual: Qualifiers,
    allowed: { idAllowed: boolean; termAllowed: boolean; arithAllowed: boolean },
  ): Parsed {
    const open = this.next();
    let inner: Parsed;
    if (this.peek().kind === "num" && this.isOp(")", 1)) {
      const token = this.next();
      inner = { type: "arith", arith: { kind: "number", value: token.kind === "num" ? token.value : 0, column: token.column }, isPlainNumber: true };
    } else {
      inner = this.parseOperand(qual, { idAllowed: allowed.idAllowed, termAllowed: true, arithAllowed: true });
    }
    if (inner.type === "arith") {
      this.expect(")", "')' to close the '(' at column " + open.column);
      if (inner.isPlainNumber && allowed.idAllowed && !this.continuesArithmetic(0)) {
        return this.idResult(qual, { type: "number", value: (inner.arith as { value: number }).value }, inner.arith.column);
      }
      if (!allowed.termAllowed && !allowed.arithAllowed) this.expected("an address, a number or a name");
      const arith = this.continueArithmetic(inner.arith, 0);
      if (inner.isPlainNumber && arith === inner.arith && allowed.arithAllowed && this.isOp(")")) return inner;
      return this.finishArithmetic(arith, allowed.arithAllowed);
    }
    const chain = this.parseChain(inner, !inner.isId);
    this.expect(")", `')' to close the '(' at column ${open.column}`);
    if (!inner.isId && !allowed.termAllowed) this.expected("an address, a number or a name");
    return { type: "bool", expr: chain.expr, qual, isId: inner.isId };
  }

  private continuesArithmetic(offset: number): boolean {
    const token = this.peek(offset);
    return token.kind === "op" && (token.op in PRECEDENCE || token.op === "^" || RELATIONS.has(token.op));
  }

  private startsArithmetic(): boolean {
    const token = this.peek();
    if (token.kind === "num" || this.isOp("-") || this.isKeyword("len")) return true;
    return token.kind === "keyword" && PROTOCOL_KEYWORDS.has(token.keyword) && this.isOp("[", 1);
  }

  private parseArithmetic(minPrecedence: number): Arith {
    return this.continueArithmetic(this.parseUnary(), minPrecedence);
  }

  private continueArithmetic(first: Arith, minPrecedence: number): Arith {
    let left = this.absorbXor(first);
    for (;;) {
      const token = this.peek();
      if (token.kind !== "op") return left;
      const precedence = PRECEDENCE[token.op];
      if (precedence === undefined || precedence < minPrecedence) return left;
      this.next();
      const right = this.parseArithmetic(precedence + 1);
      left = { kind: "binary", op: token.op as BinaryOp, left, right, column: token.column };
    }
  }

  /** yacc shifts on `^` whatever is on its stack: the XOR takes all that follows. */
  private absorbXor(left: Arith): Arith {
    if (!this.isOp("^")) return left;
    const token = this.next();
    return { kind: "binary", op: "^", left, right: this.parseArithmetic(0), column: token.column };
  }

  private parseUnary(): Arith {
    const token = this.peek();
    if (token.kind === "op" && token.op === "-") {
      this.next();
      return { kind: "negate", operand: this.parseUnary(), column: token.column };
    }
    return this.absorbXor(this.parseArithmeticPrimary());
  }

  private parseArithmeticPrimary(): Arith {
    const token = this.peek();
    if (token.kind === "num") {
      this.next();
      return { kind: "number", value: token.value, column: token.column };
    }
    if (token.kind === "keyword" && token.keyword === "len") {
      this.next();
      return { kind: "len", column: token.column };
    }
    if (token.kind === "op" && token.op === "(") {
      this.next();
      const inner = this.parseArithmetic(0);
      this.expect(")", `')' to close the '(' at column ${token.column}`);
      return inner;
    }
    if (token.kind === "keyword" && PROTOCOL_KEYWORDS.has(token.keyword) && this.isOp("[", 1)) {
      this.next();
      this.next();
      const index = this.parseArithmetic(0);
      let size = 1;
      if (this.isOp(":")) {
        this.next();
        const sizeToken = this.peek();
        if (sizeToken.kind !== "num") return this.expected("a size (1, 2 or 4)");
        this.next();
        size = sizeToken.value;
      }
      this.expect("]", "']'");
      return { kind: "load", proto: token.keyword, index, size, column: token.column };
    }
    return this.expected("a number, 'len' or a packet accessor such as 'ip[0]'");
  }

  /** A term that is not arithmetic: qualified primitive, protocol name, or special primitive. */
  private parseTerm(): { expr: Expr; qual: Qualifiers; isId: boolean } {
    const token = this.peek();
    if (token.kind !== "keyword") return this.expected("a filter primitive");
    const keyword = token.keyword;
    if (keyword in UNSUPPORTED) throw semanticError(token.column, UNSUPPORTED[keyword] as string);
    const isProtocol = PROTOCOL_KEYWORDS.has(keyword);
    const following = isProtocol ? this.peek(1) : token;
    const followingKeyword = following.kind === "keyword" ? following.keyword : "";
    if (HEAD_KEYWORDS.has(followingKeyword) || DIRECTION_KEYWORDS.has(followingKeyword)) return this.parseQualified();
    if (followingKeyword === "broadcast" || followingKeyword === "multicast") {
      if (isProtocol) this.next();
      this.next();
      const expr: Expr = { kind: followingKeyword, proto: isProtocol ? keyword : "default", column: token.column };
      return { expr, qual: NO_QUALIFIERS, isId: false };
    }
    if (isProtocol) {
      this.next();
      return { expr: { kind: "abbrev", proto: keyword, column: token.column }, qual: NO_QUALIFIERS, isId: false };
    }
    this.next();
    switch (keyword) {
      case "less":
      case "greater": {
        const value = this.peek();
        if (value.kind !== "num") this.expected("a length");
        this.next();
        return { expr: { kind: keyword, value: value.value, column: token.column }, qual: NO_QUALIFIERS, isId: false };
      }
      case "vlan":
      case "mpls": {
        const value = this.parseOptionalNumber();
        return { expr: { kind: keyword, value, column: token.column }, qual: NO_QUALIFIERS, isId: false };
      }
      case "byte":
        return { expr: this.parseByte(token.column), qual: NO_QUALIFIERS, isId: false };
      default:
        throw semanticError(token.column, `'${token.text}' is not supported on Ethernet links`);
    }
  }

  /** `pnum`: a number, possibly in parentheses. */
  private parseOptionalNumber(): number | undefined {
    let depth = 0;
    while (this.isOp("(", depth)) depth++;
    const token = this.peek(depth);
    if (token.kind !== "num") return undefined;
    for (let close = 1; close <= depth; close++) if (!this.isOp(")", depth + close)) return undefined;
    this.position += 2 * depth + 1;
    return token.value;
  }

  private parseByte(column: number): Expr {
    const index = this.next();
    if (index.kind !== "num") {
      this.position--;
      this.expected("a byte offset");
    }
    const op = this.next();
    if (op.kind !== "op" || !["=", "<", ">", "&", "|"].includes(op.op)) {
      this.position--;
      this.expected("one of '=', '<', '>', '&', '|'");
    }
    if (op.op === "&" || op.op === "|") throw semanticError(op.column, `'byte … ${op.op}' is not supported`);
    const value = this.next();
    if (value.kind !== "num") {
      this.position--;
      this.expected("a byte value");
    }
    return { kind: "byte", index: index.value, op: op.op as "=" | "<" | ">", value: value.value, column };
  }

  /** `[proto] [dir] [addr] value`: the head fixes the qualifiers that later bare values borrow. */
  private parseQualified(): { expr: Expr; qual: Qualifiers; isId: boolean } {
    const start = this.peek();
    let proto = "default";
    if (start.kind === "keyword" && PROTOCOL_KEYWORDS.has(start.keyword)) {
      proto = start.keyword;
      this.next();
    }
    let dir: DirQual = "default";
    let addr: AddrQual = "default";
    const first = this.peek();
    const firstKeyword = first.kind === "keyword" ? first.keyword : "";
    if (firstKeyword === "src" || firstKeyword === "dst") {
      this.next();
      dir = firstKeyword;
      if (this.isOp("||") || this.isOp("&&")) {
        const combined = this.isOp("||") ? "or" : "and";
        this.next();
        const other = firstKeyword === "src" ? "dst" : "src";
        if (!this.isKeyword(other)) this.expected(`'${other}'`);
        this.next();
        dir = combined;
      }
    } else if (DIRECTION_KEYWORDS.has(firstKeyword)) {
      throw semanticError(first.column, `'${first.text}' applies only to 802.11 frames, not to Ethernet links`);
    }
    const second = this.peek();
    const secondKeyword = second.kind === "keyword" ? second.keyword : "";
    if (["host", "net", "port", "portrange"].includes(secondKeyword)) {
      this.next();
      addr = secondKeyword as AddrQual;
    } else if (dir === "default" && ["proto", "protochain", "gateway"].includes(secondKeyword)) {
      if (secondKeyword === "protochain") throw semanticError(second.column, UNSUPPORTED.protochain as string);
      this.next();
      addr = secondKeyword as AddrQual;
    }
    const qual: Qualifiers = { proto, dir, addr };
    const what = addr === "port" ? "a port" : addr === "proto" ? "a protocol" : addr === "portrange" ? "a port range" : "an address";
    const valueToken = this.peek();
    if (valueToken.kind === "end" || (valueToken.kind === "op" && valueToken.op !== "(" && valueToken.op !== "!")) {
      this.expected(what);
    }
    if (valueToken.kind === "keyword") this.expected(what);
    const id = this.parseBool(qual, { idAllowed: true, termAllowed: false });
    return { expr: id.expr, qual, isId: false };
  }

  private parseAddress(): IdValue {
    const token = this.next();
    switch (token.kind) {
      case "id":
        return { type: "name", text: token.text };
      case "eid":
        return { type: "mac", text: token.text };
      case "aid":
        return { type: "arcnet", text: token.text };
      case "hid6": {
        if (!this.isOp("/")) return { type: "ipv6", text: token.text, length: undefined };
        this.next();
        return { type: "ipv6", text: token.text, length: this.prefixLength() };
      }
      case "hid": {
        if (this.isOp("/")) {
          this.next();
          return { type: "ipv4/len", text: token.text, length: this.prefixLength() };
        }
        if (this.isKeyword("mask")) {
          this.next();
          const mask = this.next();
          if (mask.kind !== "hid") {
            this.position--;
            this.expected("a dotted netmask");
          }
          return { type: "ipv4 mask", text: token.text, mask: mask.text };
        }
        return { type: "ipv4", text: token.text };
      }
      default:
        this.position--;
        return this.expected("an address");
    }
  }

  private prefixLength(): number {
    const token = this.next();
    if (token.kind !== "num") {
      this.position--;
      this.expected("a prefix length");
    }
    return token.value;
  }
}
