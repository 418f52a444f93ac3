/**
 * A deterministic corpus of Ethernet frames for the differential test: every layer the
 * filter language can look at (802.1Q/QinQ tags, MPLS stacks, ARP/RARP, IPv4 with options
 * and fragments, IPv6 with extension headers, TCP/UDP/ICMP/ICMPv6/SCTP/IGMP, 802.3 LLC),
 * with addresses and ports drawn from small pools so that filters actually match, plus
 * malformed and truncated frames to exercise out-of-bounds loads.
 */

import { seededRandom } from "../../testing/seeded-random";

const MACS = [
  "00:11:22:33:44:55", "00:50:79:66:68:00", "00:50:79:66:68:01", "aa:bb:cc:dd:ee:ff", "02:00:00:00:00:01",
  "ff:ff:ff:ff:ff:ff", "01:00:5e:00:00:01", "01:00:5e:7f:00:05", "33:33:00:00:00:01", "01:80:c2:00:00:00",
];
const IPV4 = [
  "10.0.0.1", "10.0.0.2", "10.1.2.3", "10.255.0.9", "192.168.1.1", "192.168.1.20", "172.16.5.4", "8.8.8.8",
  "1.2.3.4", "224.0.0.1", "239.1.2.3", "255.255.255.255", "0.0.0.0", "127.0.0.1", "192.168.0.255",
];
const IPV6 = [
  "2001:db8::1", "2001:db8::2", "2001:db8:1::5", "fe80::1", "fe80::abcd", "::1", "ff02::1", "ff02::2",
  "2001:db8:ffff::1", "ff05::1:3",
];
const PORTS = [22, 53, 80, 443, 8080, 1024, 1025, 5060, 123, 161, 0, 65535, 20, 21, 23, 25, 67, 68, 3306, 6000];
const TCP_FLAGS = [0x02, 0x12, 0x10, 0x11, 0x04, 0x18, 0x14, 0x20, 0x30, 0x40, 0x80, 0xc2, 0x01, 0x00, 0x29, 0xff];
const ICMP_TYPES = [0, 3, 4, 5, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 42];
const ICMP6_TYPES = [1, 2, 3, 4, 128, 129, 130, 131, 132, 133, 134, 135, 136, 137, 143, 200];
const OTHER_IP_PROTOCOLS = [47, 50, 51, 103, 112, 89, 9, 41, 255];

class FrameBuilder {
  constructor(readonly next: () => number) {}

  int(limit: number): number {
    return Math.floor(this.next() * limit);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  bytes(count: number): number[] {
    return Array.from({ length: count }, () => this.int(256));
  }

  frame(): Uint8Array {
    const dst = mac(this.pick(MACS));
    const src = mac(this.chance(0.9) ? this.pick(MACS.slice(0, 5)) : this.pick(MACS));
    const body = this.linkPayload(0);
    let bytes = [...dst, ...src, ...body];
    if (this.chance(0.5)) while (bytes.length < 60) bytes.push(0);
    if (this.chance(0.12)) bytes = bytes.slice(0, 1 + this.int(bytes.length));
    return Uint8Array.from(bytes);
  }

  /** The type/length field and what follows it. */
  linkPayload(depth: number): number[] {
    const kind = this.int(100);
    if (kind < 12 && depth < 2) {
      const tpid = this.pick([0x8100, 0x8100, 0x88a8, 0x9100]);
      const tci = (this.int(8) << 13) | this.pick([1, 5, 100, 100, 200, 4095, 0]);
      return [...u16(tpid), ...u16(tci), ...this.linkPayload(depth + 1)];
    }
    if (kind < 20) return [...u16(0x8847), ...this.mplsStack()];
    if (kind < 28) return [...u16(this.pick([0x0806, 0x0806, 0x8035])), ...this.arp()];
    if (kind < 33) return this.llc();
    if (kind < 36) return [...u16(this.pick([0x9000, 0x6003, 0x809b, 0x1234, 0x05dc, 0x88cc])), ...this.bytes(this.int(50))];
    if (kind < 65) return [...u16(0x0800), ...this.ipv4()];
    return [...u16(0x86dd), ...this.ipv6()];
  }

  mplsStack(): number[] {
    const labels = 1 + this.int(3);
    const result: number[] = [];
    for (let i = 0; i < labels; i++) {
      const label = this.pick([16, 100, 1000, 0xfffff, 3]);
      const bottom = i === labels - 1 ? 1 : 0;
      result.push(...u32(((label << 12) | (this.int(8) << 9) | (bottom << 8) | 64) >>> 0));
    }
    return [...result, ...(this.chance(0.6) ? this.ipv4() : this.chance(0.8) ? this.ipv6() : this.bytes(30))];
  }

  arp(): number[] {
    const op = this.pick([1, 2, 3, 4]);
    return [
      ...u16(1), ...u16(0x0800), 6, 4, ...u16(op),
      ...mac(this.pick(MACS)), ...ipv4(this.pick(IPV4)), ...mac(this.pick(MACS)), ...ipv4(this.pick(IPV4)),
    ];
  }

  llc(): number[] {
    const kind = this.int(5);
    let payload: number[];
    if (kind === 0) payload = [0x42, 0x42, 0x03, ...this.bytes(35)];
    else if (kind === 1) payload = [0xaa, 0xaa, 0x03, 0, 0, 0, ...u16(this.pick([0x0800, 0x80f3, 0x8137])), ...this.bytes(20)];
    else if (kind === 2) payload = [0xaa, 0xaa, 0x03, 0x08, 0x00, 0x07, ...u16(0x809b), ...this.bytes(20)];
    else if (kind === 3) payload = [this.pick([0xf0, 0xe0, 0xfe, 0x06]), this.pick([0xf0, 0xe0, 0xfe, 0x06]), 0x03, ...this.bytes(20)];
    else payload = [0xff, 0xff, ...this.bytes(30)];
    return [...u16(payload.length), ...payload];
  }

  ipv4(): number[] {
    const optionWords = this.chance(0.2) ? 1 + this.int(4) : 0;
    const ihl = this.chance(0.03) ? this.int(5) : 5 + optionWords;
    const protocol = this.pick([6, 6, 6, 17, 17, 17, 1, 1, 132, 2, ...OTHER_IP_PROTOCOLS]);
    const fragment = this.int(10);
    let flagsOffset = 0x4000;
    if (fragment === 0) flagsOffset = 0x2000;
    else if (fragment === 1) flagsOffset = this.pick([0x2000, 0]) | (1 + this.int(200));
    const firstFragment = (flagsOffset & 0x1fff) === 0;
    const transport = firstFragment ? this.transport(protocol, 4) : this.bytes(8 + this.int(30));
    const version = this.chance(0.03) ? this.pick([6, 0, 15]) : 4;
    const header = [
      (version << 4) | ihl, this.pick([0, 0x10, 0xb8]), ...u16(20 + optionWords * 4 + transport.length), ...u16(this.int(65536)),
      ...u16(flagsOffset), this.pick([1, 64, 128, 255]), protocol, 0, 0,
      ...ipv4(this.pick(IPV4)), ...ipv4(this.pick(IPV4)),
    ];
    const options = Array.from({ length: optionWords * 4 }, (_, i) => (i === 0 ? this.pick([0x94, 0x07, 0x01]) : this.int(4)));
    return [...header, ...options, ...transport];
  }

  ipv6(): number[] {
    const protocol = this.pick([6, 6, 17, 17, 58, 58, 132, 59, 47]);
    const extensions = this.chance(0.35) ? this.pick([[0], [44], [43], [60], [0, 44], [44, 60], [0, 43, 44]]) : [];
    const chain = [...extensions, protocol];
    let body: number[] = [];
    let fragmented = false;
    for (let i = chain.length - 1; i >= 1; i--) {
      const header = chain[i - 1] as number;
      const nextHeader = chain[i] as number;
      if (header === 44) {
        const offset = this.chance(0.3) ? 1 + this.int(100) : 0;
        fragmented = fragmented || offset !== 0;
        body = [nextHeader, 0, ...u16((offset << 3) | this.int(2)), ...u32(this.int(2 ** 32)), ...body];
      } else body = [nextHeader, 0, ...this.bytes(6), ...body];
    }
    const transport = protocol === 59 || fragmented ? this.bytes(this.int(20)) : this.transport(protocol, 6);
    body = [...body, ...transport];
    return [
      0x60, 0, 0, 0, ...u16(body.length), chain[0] as number, this.pick([1, 64, 255]),
      ...ipv6(this.pick(IPV6)), ...ipv6(this.pick(IPV6)), ...body,
    ];
  }

  transport(protocol: number, version: 4 | 6): number[] {
    const ports = () => [...u16(this.pick(PORTS)), ...u16(this.chance(0.3) ? this.int(65536) : this.pick(PORTS))];
    switch (protocol) {
      case 6: {
        const optionWords = this.chance(0.2) ? 1 + this.int(3) : 0;
        return [
          ...ports(), ...u32(this.int(2 ** 32)), ...u32(this.int(2 ** 32)),
          ((5 + optionWords) << 4) | this.int(2), this.pick(TCP_FLAGS), ...u16(this.int(65536)), 0, 0, 0, 0,
          ...this.bytes(optionWords * 4 + (this.chance(0.5) ? this.int(40) : 0)),
        ];
      }
      case 17: {
        const payload = this.bytes(this.int(30));
        return [...ports(), ...u16(8 + payload.length), 0, 0, ...payload];
      }
      case 132:
        return [...ports(), ...u32(this.int(2 ** 32)), 0, 0, 0, 0, 1, 0, 0, 20, ...this.bytes(16)];
      case 1:
      case 58: {
        const type = this.pick(version === 4 ? ICMP_TYPES : ICMP6_TYPES);
        return [type, this.int(4), 0, 0, ...this.bytes(4 + this.int(28))];
      }
      case 2:
        return [this.pick([0x11, 0x16, 0x17, 0x22]), this.int(100), 0, 0, ...ipv4(this.pick(IPV4.slice(9, 11)))];
      default:
        return this.bytes(this.int(40));
    }
  }
}

function u16(value: number): number[] {
  return [(value >> 8) & 0xff, value & 0xff];
}

function u32(value: number): number[] {
  return [(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
}

function mac(text: string): number[] {
  return text.split(":").map((part) => parseInt(part, 16));
}

function ipv4(text: string): number[] {
  return text.split(".").map(Number);
}

function ipv6(text: string): number[] {
  const [head = "", tail = ""] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = text.includes("::") ? [...left, ...new Array<string>(8 - left.length - right.length).fill("0"), ...right] : left;
  return groups.flatMap((group) => u16(parseInt(group, 16)));
}

/** `count` frames, the same ones for the same seed on every run. */
export function generateFrames(count: number, seed = 0x5eed): Uint8Array[] {
  const builder = new FrameBuilder(seededRandom(seed));
  return Array.from({ length: count }, () => builder.frame());
}
