import { describe, expect, it } from "vitest";
import { checkBpfLine, compileBpf } from "./index";
import { parse } from "./parser";

function failure(expression: string): { message: string; position: number } {
  const result = compileBpf(expression);
  if (result.ok) throw new Error(`${expression} compiled`);
  return { message: result.message, position: result.position };
}

describe("syntax errors say where and what was expected", () => {
  it.each([
    ["host", 5, "syntax error at column 5: expected an address after 'host'"],
    ["tcp port", 9, "syntax error at column 9: expected a port after 'port'"],
    ["ip proto", 9, "syntax error at column 9: expected a protocol after 'proto'"],
    ["tcp and", 8, "syntax error at column 8: expected a filter primitive after 'and'"],
    ["(tcp", 5, "syntax error at column 5: expected ')' to close the '(' at column 1 after 'tcp'"],
    ["tcp)", 4, "syntax error at column 4: unbalanced ')'"],
    ["ip[0] =", 8, "syntax error at column 8: expected a number, 'len' or a packet accessor such as 'ip[0]' after '='"],
    ["ip[0]", 6, "syntax error at column 6: expected a comparison operator after ']'"],
    ["10.0.0.1", 1, "syntax error at column 1: '10.0.0.1' needs a qualifier such as 'host', 'net' or 'port' before it"],
    ["tcp or 80", 8, "syntax error at column 8: a bare value here has no qualifier to borrow; write 'host', 'port'… before it"],
    ["src or 1.2.3.4", 8, "syntax error at column 8: expected 'dst' after 'or', found '1.2.3.4'"],
    ["tcp port 80 80", 13, "syntax error at column 13: expected 'and', 'or' or the end of the expression before '80'"],
    ["ip # 1", 4, "syntax error at column 4: unexpected character '#'"],
    ["", 1, "syntax error at column 1: the expression is empty"],
  ])("%s", (expression, position, message) => {
    expect(failure(expression)).toEqual({ message, position });
  });
});

describe("semantic errors point at the primitive", () => {
  it.each([
    ["port 70000", 6, "illegal port number 70000 > 65535"],
    ["vlan 5000", 1, "VLAN tag 5000 greater than maximum 4095"],
    ["tcp[0] / 0 = 1", 8, "division by zero"],
    ["tcp[0] << 32 = 1", 8, "shift by more than 31 bits"],
    ["ip[0:3] = 1", 1, "data size must be 1, 2, or 4"],
    ["tcp host 1.2.3.4", 10, "'tcp' modifier applied to host"],
    ["net 10.0.0.1/8", 5, 'non-network bits set in "10.0.0.1/8"'],
    ["ether[08] = 1", 7, "number 08 contains non-octal digit"],
    ["host example.com", 6, "host names are not resolved here: use an address instead of 'example.com'"],
    ["ip broadcast", 1, "'ip broadcast' needs the interface netmask, which a link filter does not have"],
    ["udp port http", 10, "port 'http' is tcp"],
    ["mpls and arp", 10, "unsupported protocol over mpls"],
  ])("%s", (expression, position, detail) => {
    expect(failure(expression)).toEqual({ message: `error at column ${position}: ${detail}`, position });
  });

  it("refuses what can never match, as libpcap's optimizer does", () => {
    expect(failure("ip and arp").message).toBe("expression rejects all packets");
  });
});

describe("checkBpfLine", () => {
  it("returns null for a valid line and the message otherwise", () => {
    expect(checkBpfLine("icmp[icmptype] == 8")).toBeNull();
    expect(checkBpfLine("this is (( not bpf")).toMatch(/^syntax error at column \d+/);
  });
});

describe("qualifiers carry over to bare values as in libpcap", () => {
  it("gives later bare values the qualifiers of the primitive before them", () => {
    expect(parse("tcp port 80 and not 22")).toEqual({
      kind: "and",
      left: { kind: "id", qual: { proto: "tcp", dir: "default", addr: "port" }, value: { type: "number", value: 80 }, column: 10 },
      right: {
        kind: "not",
        operand: { kind: "id", qual: { proto: "tcp", dir: "default", addr: "port" }, value: { type: "number", value: 22 }, column: 21 },
      },
    });
  });

  it("gives and/or equal precedence, left to right", () => {
    const tree = parse("tcp or udp and icmp");
    expect(tree.kind).toBe("and");
    expect(tree.kind === "and" && tree.left.kind).toBe("or");
  });

  it("lets '^' take everything after it, as yacc's shift does", () => {
    const tree = parse("ether[0] * 2 ^ 3 + 1 = 1");
    expect(tree.kind === "relation" && tree.left.kind === "binary" && tree.left.op).toBe("*");
  });
});
