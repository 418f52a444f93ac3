import type { Arith, BinaryOp, Expr, IdValue, Qualifiers } from "./ast";
import { semanticError, syntaxError } from "./errors";
import type { AluOp, JumpOp, Pred, Value } from "./ir";
import { FoldError, alu, and, constant, jump, load, neg, not, or, TRUE } from "./ir";
import { isIpv6Form } from "./lexer";
import { ETHER_PROTO_NAMES, ETHERTYPE, IP_PROTOCOL_NAMES, LLC_SAP, SERVICES } from "./names";

/**
 * Turns the syntax tree into a predicate, primitive by primitive, as libpcap's gencode.c
 * does for DLT_EN10MB. Like libpcap, `vlan` and `mpls` move the offsets of the link-layer
 * type and network layer for every primitive that follows them in the text, whatever the
 * and/or structure, so primitives are generated in source order with one mutable state.
 */
export function generate(expr: Expr): Pred {
  return new Generator().expr(expr);
}

const IPPROTO = { icmp: 1, igmp: 2, tcp: 6, udp: 17, igrp: 9, fragment: 44, esp: 50, ah: 51, icmp6: 58, pim: 103, vrrp: 112, sctp: 132 } as const;
const ETHERMTU = 1500;
/** libpcap's PROTO_UNDEF for ports: TCP, UDP and SCTP alike. */
type PortProtocol = "tcp" | "udp" | "sctp" | "any";

interface ArithResult {
  value: Value;
  checks: Pred | null;
}

class Generator {
  /** Offset of the Ethernet type field; +4 per `vlan`. */
  private linktype = 12;
  /** Offset of the link-layer payload; +4 per `vlan`. */
  private linkpl = 14;
  /** Offset of the network layer within the payload; +4 per `mpls`. */
  private nl = 0;
  private mplsDepth = 0;
  private column = 0;

  expr(expr: Expr): Pred {
    switch (expr.kind) {
      case "and": {
        const left = this.expr(expr.left);
        return and(left, this.expr(expr.right));
      }
      case "or": {
        const left = this.expr(expr.left);
        return or(left, this.expr(expr.right));
      }
      case "not":
        return not(this.expr(expr.operand));
      case "id":
        this.column = expr.column;
        return this.id(expr.qual, expr.value);
      case "abbrev":
        this.column = expr.column;
        return this.abbrev(expr.proto);
      case "relation":
        this.column = expr.column;
        return this.relation(expr.op, expr.left, expr.right);
      case "broadcast":
        this.column = expr.column;
        return this.broadcast(expr.proto);
      case "multicast":
        this.column = expr.column;
        return this.multicast(expr.proto);
      case "less":
        return not(jump("gt", { k: "len" }, constant(expr.value)));
      case "greater":
        return jump("ge", { k: "len" }, constant(expr.value));
      case "byte": {
        const value = load(1, null, expr.index);
        if (expr.op === "=") return jump("eq", value, constant(expr.value));
        if (expr.op === "<") return not(jump("ge", value, constant(expr.value)));
        return jump("gt", value, constant(expr.value));
      }
      case "vlan":
        this.column = expr.column;
        return this.vlan(expr.value);
      case "mpls":
        this.column = expr.column;
        return this.mpls(expr.value);
    }
  }

  private fail(message: string): never {
    throw semanticError(this.column, message);
  }

  // --- loads and comparisons at the offsets libpcap names OR_LINKHDR, OR_LINKPL… ---

  private cmp(offset: number, size: 1 | 2 | 4, value: number, op: JumpOp = "eq"): Pred {
    return jump(op, load(size, null, offset), constant(value));
  }

  private mcmp(offset: number, size: 1 | 2 | 4, value: number, mask: number): Pred {
    const loaded = load(size, null, offset);
    const masked = mask >>> 0 === 0xffffffff ? loaded : alu("and", loaded, constant(mask));
    return jump("eq", masked, constant(value));
  }

  private payload(offset: number): number {
    return this.linkpl + this.nl + offset;
  }

  /** Compare `size` bytes of `bytes` at `offset`, in libpcap's order (last word first). */
  private bytesEqual(offset: number, bytes: readonly number[]): Pred {
    let size = bytes.length;
    let result: Pred | null = null;
    const word = (at: number, length: number) => bytes.slice(at, at + length).reduce((acc, byte) => acc * 256 + byte, 0);
    const append = (test: Pred) => (result = result === null ? test : and(result, test));
    while (size >= 4) {
      append(this.cmp(offset + size - 4, 4, word(size - 4, 4)));
      size -= 4;
    }
    while (size >= 2) {
      append(this.cmp(offset + size - 2, 2, word(size - 2, 2)));
      size -= 2;
    }
    if (size > 0) append(this.cmp(offset, 1, bytes[0] ?? 0));
    return result ?? TRUE;
  }

  // --- link layer ---

  private linkType(proto: number): Pred {
    if (this.mplsDepth > 0) {
      const version = proto === ETHERTYPE.ip ? 0x40 : proto === ETHERTYPE.ipv6 ? 0x60 : -1;
      if (version < 0) this.fail("unsupported protocol over mpls");
      return and(this.mcmp(this.payload(-4 + 2), 1, 0x01, 0x01), this.mcmp(this.payload(0), 1, version, 0xf0));
    }
    const isLength = () => not(this.cmp(this.linktype, 2, ETHERMTU, "gt"));
    switch (proto) {
      case LLC_SAP.isons:
      case LLC_SAP.ip:
      case LLC_SAP.netbeui:
        return and(isLength(), this.cmp(this.linkpl, 2, (proto << 8) | proto));
      case LLC_SAP.ipx: {
        const llc = or(this.snap(0, ETHERTYPE.ipx), or(this.cmp(this.linkpl, 1, LLC_SAP.ipx), this.cmp(this.linkpl, 2, 0xffff)));
        return or(this.cmp(this.linktype, 2, ETHERTYPE.ipx), and(isLength(), llc));
      }
      case ETHERTYPE.atalk:
      case ETHERTYPE.aarp: {
        const snap = proto === ETHERTYPE.atalk ? this.snap(0x080007, ETHERTYPE.atalk) : this.snap(0, ETHERTYPE.aarp);
        return or(this.cmp(this.linktype, 2, proto), and(isLength(), snap));
      }
      default:
        if (proto <= ETHERMTU) return and(isLength(), this.cmp(this.linkpl, 1, proto));
        return this.cmp(this.linktype, 2, proto);
    }
  }

  private snap(orgcode: number, ptype: number): Pred {
    const bytes = [LLC_SAP.snap, LLC_SAP.snap, 0x03, (orgcode >> 16) & 0xff, (orgcode >> 8) & 0xff, orgcode & 0xff, ptype >> 8, ptype & 0xff];
    return this.bytesEqual(this.linkpl, bytes);
  }

  private vlan(id: number | undefined): Pred {
    if (this.mplsDepth > 0) this.fail("no VLAN match after MPLS");
    let test = or(or(this.linkType(ETHERTYPE.vlan), this.linkType(ETHERTYPE.qinq)), this.linkType(ETHERTYPE.qinqOld));
    if (id !== undefined) {
      if (id > 0x0fff) this.fail(`VLAN tag ${id} greater than maximum 4095`);
      test = and(test, this.mcmp(this.payload(0), 2, id, 0x0fff));
    }
    this.linkpl += 4;
    this.linktype += 4;
    return test;
  }

  private mpls(label: number | undefined): Pred {
    let test = this.mplsDepth > 0 ? this.mcmp(this.payload(-4 + 2), 1, 0, 0x01) : this.linkType(ETHERTYPE.mpls);
    if (label !== undefined) {
      if (label > 0xfffff) this.fail(`MPLS label ${label} greater than maximum 1048575`);
      test = and(test, this.mcmp(this.payload(0), 4, label * 4096, 0xfffff000));
    }
    this.nl += 4;
    this.mplsDepth++;
    return test;
  }

  // --- protocols ---

  private abbrev(proto: string): Pred {
    switch (proto) {
      case "ip":
        return this.linkType(ETHERTYPE.ip);
      case "ip6":
        return this.linkType(ETHERTYPE.ipv6);
      case "arp":
        return this.linkType(ETHERTYPE.arp);
      case "rarp":
        return this.linkType(ETHERTYPE.revarp);
      case "tcp":
      case "udp":
      case "sctp":
      case "pim":
      case "ah":
      case "esp":
        return this.proto(IPPROTO[proto], "default");
      case "icmp":
      case "igmp":
      case "igrp":
      case "vrrp":
        return this.proto(IPPROTO[proto], "ip");
      case "carp":
        return this.proto(IPPROTO.vrrp, "ip");
      case "icmp6":
        return this.proto(IPPROTO.icmp6, "ip6");
      case "atalk":
        return this.linkType(ETHERTYPE.atalk);
      case "aarp":
        return this.linkType(ETHERTYPE.aarp);
      case "decnet":
        return this.linkType(ETHERTYPE.decnet);
      case "lat":
        return this.linkType(ETHERTYPE.lat);
      case "sca":
        return this.linkType(ETHERTYPE.sca);
      case "mopdl":
        return this.linkType(ETHERTYPE.mopdl);
      case "moprc":
        return this.linkType(ETHERTYPE.moprc);
      case "stp":
        return this.linkType(LLC_SAP.stp);
      case "ipx":
        return this.linkType(LLC_SAP.ipx);
      case "netbeui":
        return this.linkType(LLC_SAP.netbeui);
      case "iso":
        return this.linkType(LLC_SAP.isons);
      case "link":
        return this.fail("link layer applied in wrong context");
      default:
        return this.fail(`'${proto}' is not supported on Ethernet links`);
    }
  }

  /** `[ip|ip6|ether] proto N` and the protocol abbreviations built on it. */
  private proto(value: number, proto: string): Pred {
    switch (proto) {
      case "default":
        return or(this.proto(value, "ip"), this.proto(value, "ip6"));
      case "link":
        return this.linkType(value);
      case "ip":
        return and(this.linkType(ETHERTYPE.ip), this.cmp(this.payload(9), 1, value));
      case "ip6": {
        const direct = this.cmp(this.payload(6), 1, value);
        const afterFragment = and(this.cmp(this.payload(6), 1, IPPROTO.fragment), this.cmp(this.payload(40), 1, value));
        return and(this.linkType(ETHERTYPE.ipv6), or(direct, afterFragment));
      }
      default:
        return this.fail(`'${proto} proto' is not supported`);
    }
  }

  // --- hosts and networks ---

  private host(addr: number, mask: number, proto: string, dir: string, type: string): Pred {
    switch (proto) {
      case "default": {
        let test = this.host(addr, mask, "ip", dir, type);
        if (this.mplsDepth === 0) {
          test = or(test, this.host(addr, mask, "arp", dir, type));
          test = or(test, this.host(addr, mask, "rarp", dir, type));
        }
        return test;
      }
      case "ip":
        return this.hostOp(addr, mask, dir, ETHERTYPE.ip, 12, 16);
      case "arp":
        return this.hostOp(addr, mask, dir, ETHERTYPE.arp, 14, 24);
      case "rarp":
        return this.hostOp(addr, mask, dir, ETHERTYPE.revarp, 14, 24);
      case "link":
        return this.fail(`link-layer modifier applied to ${type}`);
      case "ip6":
        return this.fail(`'ip6' modifier applied to ip ${type}`);
      default:
        return this.fail(`'${proto}' modifier applied to ${type}`);
    }
  }

  private hostOp(addr: number, mask: number, dir: string, ethertype: number, srcOffset: number, dstOffset: number): Pred {
    const one = (offset: number) => and(this.linkType(ethertype), this.mcmp(this.payload(offset), 4, addr, mask));
    switch (dir) {
      case "src":
        return one(srcOffset);
      case "dst":
        return one(dstOffset);
      case "and":
        return and(one(srcOffset), one(dstOffset));
      default:
        return or(one(srcOffset), one(dstOffset));
    }
  }

  private host6(words: number[], maskWords: number[], proto: string, dir: string, type: string): Pred {
    if (proto === "ip" || proto === "arp" || proto === "rarp" || proto === "link") {
      return this.fail(proto === "link" ? `link-layer modifier applied to ip6 ${type}` : `'${proto}' modifier applied to ip6 ${type}`);
    }
    if (proto !== "default" && proto !== "ip6") return this.fail(`'${proto}' modifier applied to ip6 ${type}`);
    const one = (offset: number) => {
      let test: Pred = this.mcmp(this.payload(offset + 12), 4, words[3] ?? 0, maskWords[3] ?? 0);
      for (let i = 2; i >= 0; i--) test = and(this.mcmp(this.payload(offset + 4 * i), 4, words[i] ?? 0, maskWords[i] ?? 0), test);
      return and(this.linkType(ETHERTYPE.ipv6), test);
    };
    switch (dir) {
      case "src":
        return one(8);
      case "dst":
        return one(24);
      case "and":
        return and(one(8), one(24));
      default:
        return or(one(8), one(24));
    }
  }

  private etherHost(mac: number[], dir: string): Pred {
    switch (dir) {
      case "src":
        return this.bytesEqual(6, mac);
      case "dst":
        return this.bytesEqual(0, mac);
      case "and":
        return and(this.bytesEqual(6, mac), this.bytesEqual(0, mac));
      default:
        return or(this.bytesEqual(6, mac), this.bytesEqual(0, mac));
    }
  }

  // --- ports ---

  private ports(low: number, high: number, protocol: PortProtocol, dir: string): Pred {
    return or(this.portsOver(low, high, protocol, dir, 6), this.portsOver(low, high, protocol, dir, 4));
  }

  private portsOver(low: number, high: number, protocol: PortProtocol, dir: string, version: 4 | 6): Pred {
    const one = (ipProto: number) => this.portOp(low, high, ipProto, dir, version);
    const tests =
      protocol === "any" ? or(one(IPPROTO.sctp), or(one(IPPROTO.tcp), one(IPPROTO.udp))) : one(IPPROTO[protocol]);
    return and(this.linkType(version === 4 ? ETHERTYPE.ip : ETHERTYPE.ipv6), tests);
  }

  private portOp(low: number, high: number, ipProto: number, dir: string, version: 4 | 6): Pred {
    const protoTest =
      version === 4
        ? and(this.cmp(this.payload(9), 1, ipProto), this.notFragment())
        : this.cmp(this.payload(6), 1, ipProto);
    const field = (offset: number) =>
      version === 4 ? load(2, { k: "iphl", offset: this.payload(0) }, this.payload(offset)) : load(2, null, this.payload(40 + offset));
    const atom = (offset: number) => {
      const value = field(offset);
      if (low === high) return jump("eq", value, constant(low));
      return and(jump("ge", value, constant(Math.min(low, high))), not(jump("gt", field(offset), constant(Math.max(low, high)))));
    };
    let test: Pred;
    switch (dir) {
      case "src":
        test = atom(0);
        break;
      case "dst":
        test = atom(2);
        break;
      case "and":
        test = and(atom(0), atom(2));
        break;
      case "default":
      case "or":
        test = or(atom(0), atom(2));
        break;
      default:
        return this.fail(`'${dir}' is not a valid qualifier for ports`);
    }
    return and(protoTest, test);
  }

  private notFragment(): Pred {
    return not(jump("set", load(2, null, this.payload(6)), constant(0x1fff)));
  }

  // --- bare values with their qualifiers (gen_ncode, gen_scode, gen_mcode…) ---

  private id(qual: Qualifiers, value: IdValue): Pred {
    const { proto, dir, addr } = qual;
    if (proto === undefined || dir === undefined || addr === undefined) {
      throw syntaxError(this.column, "a bare value here has no qualifier to borrow; write 'host', 'port'… before it");
    }
    switch (value.type) {
      case "number":
        return this.numberId(value.value, undefined, proto, dir, addr);
      case "ipv4": {
        if (addr === "port" || addr === "portrange" || addr === "proto") this.fail(`'${addr}' modifier applied to IP address`);
        const dotted = parseDotted(value.text, this.column);
        return this.numberId(dotted.value, dotted.bits, proto, dir, addr);
      }
      case "ipv4/len":
      case "ipv4 mask":
        return this.maskedNet(value, proto, dir, addr);
      case "ipv6":
        return this.ipv6(value.text, value.length, proto, dir, addr);
      case "mac": {
        if ((addr === "host" || addr === "default") && proto === "link") return this.etherHost(parseMac(value.text), dir);
        return this.fail("ethernet address used in non-ether expression");
      }
      case "arcnet":
        return this.fail("ARCnet addresses are not supported on Ethernet links");
      case "name":
        return this.named(value.text, proto, dir, addr);
    }
  }

  /** gen_ncode: `bits` is the width of a dotted address, undefined for a plain number. */
  private numberId(value: number, bits: number | undefined, proto: string, dir: string, addr: string): Pred {
    let v = value;
    switch (addr) {
      case "default":
      case "host":
      case "net": {
        if (proto === "decnet") return this.fail("DECnet addresses are not supported");
        if (proto === "link") return this.fail("illegal link layer address");
        let mask = 0xffffffff;
        if (bits === undefined && addr === "net") {
          while (v !== 0 && (v & 0xff000000) === 0) {
            v = (v << 8) >>> 0;
            mask = (mask << 8) >>> 0;
          }
        } else if (bits !== undefined && bits < 32) {
          v = (v << (32 - bits)) >>> 0;
          mask = (mask << (32 - bits)) >>> 0;
        }
        return this.host(v, mask, proto, dir, addr === "net" ? "net" : "host");
      }
      case "port":
      case "portrange": {
        const protocol = portProtocol(proto);
        if (protocol === undefined) return this.fail(`illegal qualifier of '${addr}'`);
        if (v > 65535) return this.fail(`illegal port number ${v} > 65535`);
        return this.ports(v, v, protocol, dir);
      }
      case "gateway":
        return this.fail("'gateway' requires a name");
      case "proto":
        return this.proto(v, proto);
      default:
        return this.fail(`'${addr}' cannot be applied to a number`);
    }
  }

  private maskedNet(value: IdValue & { type: "ipv4/len" | "ipv4 mask" }, proto: string, dir: string, addr: string): Pred {
    const net = parseDotted(value.text, this.column);
    const address = (net.value << (32 - net.bits)) >>> 0;
    let mask: number;
    if (value.type === "ipv4 mask") {
      const parsedMask = parseDotted(value.mask, this.column);
      mask = (parsedMask.value << (32 - parsedMask.bits)) >>> 0;
      if ((address & ~mask) >>> 0 !== 0) this.fail(`non-network bits set in "${value.text} mask ${value.mask}"`);
    } else {
      if (value.length > 32) this.fail("mask length must be <= 32");
      mask = value.length === 0 ? 0 : (0xffffffff << (32 - value.length)) >>> 0;
      if ((address & ~mask) >>> 0 !== 0) this.fail(`non-network bits set in "${value.text}/${value.length}"`);
    }
    if (addr !== "net") this.fail("mask syntax is for networks only: write 'net' before it");
    return this.host(address, mask, proto, dir, "net");
  }

  private ipv6(text: string, length: number | undefined, proto: string, dir: string, addr: string): Pred {
    if (addr === "port" || addr === "portrange" || addr === "proto") this.fail(`'${addr}' modifier applied to IPv6 address`);
    const words = parseIpv6(text);
    if (words === undefined) return this.fail(`bogus IPv6 address ${text}`);
    const bits = length ?? 128;
    if (bits > 128) this.fail("mask length must be <= 128");
    const maskWords = [0, 1, 2, 3].map((i) => {
      const inWord = Math.max(0, Math.min(32, bits - 32 * i));
      return inWord === 0 ? 0 : (0xffffffff << (32 - inWord)) >>> 0;
    });
    if (words.some((word, i) => (word & ~(maskWords[i] ?? 0)) >>> 0 !== 0)) this.fail(`non-network bits set in "${text}/${bits}"`);
    if (addr === "default" || addr === "host") {
      if (bits !== 128) this.fail("mask syntax is for networks only: write 'net' before it");
    } else if (addr !== "net") this.fail("invalid qualifier against IPv6 address");
    return this.host6(words, maskWords, proto, dir, addr === "net" ? "net" : "host");
  }

  private named(name: string, proto: string, dir: string, addr: string): Pred {
    switch (addr) {
      case "default":
      case "host":
        return this.fail(`host names are not resolved here: use an address instead of '${name}'`);
      case "net":
        return this.fail(`network names are not resolved here: use an address instead of '${name}'`);
      case "gateway":
        return this.fail("'gateway' is not supported: it needs host name resolution");
      case "proto":
        return this.proto(this.protoByName(name, proto), proto);
      case "port": {
        const protocol = portProtocol(proto);
        if (protocol === undefined) return this.fail("illegal qualifier of 'port'");
        const service = lookupPort(name);
        if (service === undefined) return this.fail(`unknown port '${name}'`);
        const resolved = this.restrictPort(protocol, service.protocol, `port '${name}'`);
        return this.ports(service.port, service.port, resolved, dir);
      }
      case "portrange": {
        const protocol = portProtocol(proto);
        if (protocol === undefined) return this.fail("illegal qualifier of 'portrange'");
        const range = this.parsePortRange(name);
        const resolved = this.restrictPort(protocol, range.protocol, `port in range '${name}'`);
        return this.ports(range.low, range.high, resolved, dir);
      }
      default:
        return this.fail(`'${addr}' cannot be applied to a name`);
    }
  }

  private restrictPort(wanted: PortProtocol, actual: PortProtocol, what: string): PortProtocol {
    if (wanted === "any") return actual;
    if (actual !== "any" && actual !== wanted) this.fail(`${what} is ${actual}`);
    return wanted;
  }

  private parsePortRange(name: string): { low: number; high: number; protocol: PortProtocol } {
    const numeric = /^[+-]?(\d+)-[+-]?(\d+)/.exec(name);
    let range: { low: number; high: number; protocol: PortProtocol };
    if (numeric) range = { low: Number(numeric[1]), high: Number(numeric[2]), protocol: "any" };
    else {
      const dash = name.indexOf("-");
      const low = dash < 0 ? undefined : lookupPort(name.slice(0, dash));
      const high = dash < 0 ? undefined : lookupPort(name.slice(dash + 1));
      if (low === undefined || high === undefined) return this.fail(`unknown port in range '${name}'`);
      range = { low: low.port, high: high.port, protocol: low.protocol === high.protocol ? low.protocol : "any" };
    }
    if (range.low > 65535) this.fail(`illegal port number ${range.low} > 65535`);
    if (range.high > 65535) this.fail(`illegal port number ${range.high} > 65535`);
    return range;
  }

  private protoByName(name: string, proto: string): number {
    if (proto === "default" || proto === "ip" || proto === "ip6") {
      const value = IP_PROTOCOL_NAMES.get(name);
      if (value === undefined) this.fail(`unknown ip proto '${name}'`);
      return value;
    }
    if (proto === "link") {
      const value = ETHER_PROTO_NAMES.get(name);
      if (value === undefined) this.fail(`unknown ether proto '${name}'`);
      return value;
    }
    return this.fail(`'${proto} proto' is not supported`);
  }

  // --- broadcast, multicast ---

  private broadcast(proto: string): Pred {
    if (proto === "default" || proto === "link") return this.etherHost([0xff, 0xff, 0xff, 0xff, 0xff, 0xff], "dst");
    if (proto === "ip") return this.fail("'ip broadcast' needs the interface netmask, which a link filter does not have");
    return this.fail("only link-layer/IP broadcast filters supported");
  }

  private multicast(proto: string): Pred {
    switch (proto) {
      case "default":
      case "link":
        return jump("set", load(1, null, 0), constant(1));
      case "ip":
        return and(this.linkType(ETHERTYPE.ip), this.cmp(this.payload(16), 1, 224, "ge"));
      case "ip6":
        return and(this.linkType(ETHERTYPE.ipv6), this.cmp(this.payload(24), 1, 255));
      default:
        return this.fail(`'${proto} multicast' is not supported: only ether, ip and ip6 multicast are`);
    }
  }

  // --- packet accessors and arithmetic ---

  private relation(op: string, leftAst: Arith, rightAst: Arith): Pred {
    const left = this.arith(leftAst);
    const right = this.arith(rightAst);
    let test: Pred;
    try {
      switch (op) {
        case ">":
          test = jump("gt", left.value, right.value);
          break;
        case ">=":
          test = jump("ge", left.value, right.value);
          break;
        case "=":
          test = jump("eq", left.value, right.value);
          break;
        case "<=":
          test = not(jump("gt", left.value, right.value));
          break;
        case "<":
          test = not(jump("ge", left.value, right.value));
          break;
        default:
          test = not(jump("eq", left.value, right.value));
      }
    } catch (error) {
      return this.foldFailure(error);
    }
    const checks = left.checks && right.checks ? and(left.checks, right.checks) : (left.checks ?? right.checks);
    return checks ? and(checks, test) : test;
  }

  private foldFailure(error: unknown): never {
    if (error instanceof FoldError) this.fail(error.message);
    throw error;
  }

  /** The checks of an arithmetic result are those of its left operand only: libpcap's
   * gen_arth drops the right operand's protocol checks (`ip[0] + tcp[0]` tests only for IP). */
  private arith(node: Arith): ArithResult {
    switch (node.kind) {
      case "number":
        return { value: constant(node.value), checks: null };
      case "len":
        return { value: { k: "len" }, checks: null };
      case "negate": {
        const operand = this.arith(node.operand);
        return { value: neg(operand.value), checks: operand.checks };
      }
      case "binary": {
        const op = ALU_OPS[node.op];
        const first = firstImmediate(node.right);
        this.column = node.column;
        if (op === "div" && first === 0) this.fail("division by zero");
        if (op === "mod" && first === 0) this.fail("modulus by zero");
        if ((op === "lsh" || op === "rsh") && first !== undefined && first > 31) this.fail("shift by more than 31 bits");
        const left = this.arith(node.left);
        const right = this.arith(node.right);
        this.column = node.column;
        try {
          return { value: alu(op, left.value, right.value), checks: left.checks };
        } catch (error) {
          return this.foldFailure(error);
        }
      }
      case "load":
        return this.accessor(node);
    }
  }

  private accessor(node: Arith & { kind: "load" }): ArithResult {
    this.column = node.column;
    if (node.size !== 1 && node.size !== 2 && node.size !== 4) this.fail("data size must be 1, 2, or 4");
    const size = node.size;
    const index = this.arith(node.index);
    this.column = node.column;
    switch (node.proto) {
      case "link":
        return { value: load(size, index.value, 0), checks: index.checks };
      case "ip":
      case "arp":
      case "rarp":
      case "atalk":
      case "decnet":
      case "sca":
      case "lat":
      case "moprc":
      case "mopdl":
      case "ip6": {
        const value = load(size, index.value, this.payload(0));
        const protocol = this.abbrev(node.proto);
        return { value, checks: index.checks ? and(index.checks, protocol) : protocol };
      }
      case "sctp":
      case "tcp":
      case "udp":
      case "icmp":
      case "igmp":
      case "igrp":
      case "pim":
      case "vrrp":
      case "carp": {
        const headerLength: Value = { k: "iphl", offset: this.payload(0) };
        const value = load(size, alu("add", index.value, headerLength), this.payload(0));
        let checks = and(this.abbrev(node.proto), this.notFragment());
        if (index.checks) checks = and(index.checks, checks);
        return { value, checks: and(this.abbrev("ip"), checks) };
      }
      case "icmp6": {
        let checks = this.abbrev("ip6");
        if (index.checks) checks = and(index.checks, checks);
        checks = and(checks, this.cmp(this.payload(6), 1, IPPROTO.icmp6));
        return { value: load(size, index.value, this.payload(40)), checks };
      }
      default:
        return this.fail("unsupported index operation");
    }
  }
}

const ALU_OPS: Readonly<Record<BinaryOp, AluOp>> = {
  "+": "add", "-": "sub", "*": "mul", "/": "div", "%": "mod", "&": "and", "|": "or", "^": "xor", "<<": "lsh", ">>": "rsh",
};

/** The constant libpcap's code for `node` would load first, if any: gen_arth refuses a
 * division whose right operand starts with `ld #0`, which includes `x / ether[0]`. */
function firstImmediate(node: Arith): number | undefined {
  switch (node.kind) {
    case "number":
      return node.value;
    case "len":
      return undefined;
    case "load":
      return firstImmediate(node.index);
    case "binary":
      return firstImmediate(node.left);
    case "negate":
      return firstImmediate(node.operand);
  }
}

function portProtocol(proto: string): PortProtocol | undefined {
  if (proto === "default") return "any";
  if (proto === "tcp" || proto === "udp" || proto === "sctp") return proto;
  return undefined;
}

function lookupPort(name: string): { port: number; protocol: PortProtocol } | undefined {
  if (/^\d+$/.test(name)) {
    const port = Number(name);
    return port <= 65535 ? { port, protocol: "any" } : undefined;
  }
  const service = SERVICES.get(name);
  if (service === undefined) return undefined;
  return { port: service.port, protocol: service.protocols === "both" ? "any" : service.protocols };
}

/** libpcap's `__pcap_atoin`: up to four decimal parts; the bit count tells how many. */
function parseDotted(text: string, column: number): { value: number; bits: number } {
  let value = 0;
  let bits = 0;
  for (const part of text.split(".")) {
    let n = 0;
    for (const char of part) {
      if (n > 25) throw semanticError(column, `invalid IPv4 address '${text}'`);
      n = n * 10 + (char.charCodeAt(0) - 48);
    }
    if (n > 255) throw semanticError(column, `invalid IPv4 address '${text}'`);
    value = ((value << 8) | (n & 0xff)) >>> 0;
    bits += 8;
  }
  return { value, bits };
}

/** The lexer guarantees one of the MAC shapes: six separated parts, or 12 hex digits. */
function parseMac(text: string): number[] {
  const parts = text.split(/[-:.]/);
  if (parts.length === 6) return parts.map((part) => parseInt(part, 16));
  const digits = parts.join("");
  return [0, 2, 4, 6, 8, 10].map((i) => parseInt(digits.slice(i, i + 2), 16));
}

/** Four 32-bit words of an IPv6 address, or undefined when getaddrinfo would refuse it. */
export function parseIpv6(text: string): number[] | undefined {
  if (!isIpv6Form(text)) return undefined;
  let groups: number[] = [];
  let head = text;
  const tail: number[] = [];
  const lastColon = text.lastIndexOf(":");
  if (text.slice(lastColon + 1).includes(".")) {
    const parts = text.slice(lastColon + 1).split(".");
    if (!parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255 && !(part.length > 1 && part.startsWith("0")))) return undefined;
    const bytes = parts.map(Number);
    tail.push(((bytes[0] ?? 0) << 8) | (bytes[1] ?? 0), ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0));
    head = text.slice(0, lastColon + 1);
    head = head.endsWith("::") ? head : head.slice(0, -1);
  }
  const halves = head.split("::");
  const toGroups = (part: string | undefined) => (part ? part.split(":").map((group) => parseInt(group, 16)) : []);
  if (halves.length === 2) {
    const left = toGroups(halves[0]);
    const right = toGroups(halves[1]);
    const missing = 8 - left.length - right.length - tail.length;
    if (missing < 1) return undefined;
    groups = [...left, ...new Array<number>(missing).fill(0), ...right, ...tail];
  } else groups = [...toGroups(head), ...tail];
  if (groups.length !== 8) return undefined;
  return [0, 1, 2, 3].map((i) => (((groups[2 * i] ?? 0) << 16) | (groups[2 * i + 1] ?? 0)) >>> 0);
}
