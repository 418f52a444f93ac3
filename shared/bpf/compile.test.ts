import { describe, expect, it } from "vitest";
import { compileBpf } from "./index";

/** Hand-built frames: each layer spelled out, so a failing case reads like a packet dump. */
const MAC_A = [0x00, 0x11, 0x22, 0x33, 0x44, 0x55];
const MAC_B = [0x00, 0x50, 0x79, 0x66, 0x68, 0x00];
const BROADCAST = [0xff, 0xff, 0xff, 0xff, 0xff, 0xff];

const u16 = (value: number) => [value >> 8, value & 0xff];

function ethernet(type: number, payload: number[], dst = MAC_B, src = MAC_A): Uint8Array {
  return Uint8Array.from([...dst, ...src, ...u16(type), ...payload]);
}

function ipv4(protocol: number, transport: number[], options: { src?: number[]; dst?: number[]; fragment?: number; optionsWords?: number } = {}): number[] {
  const words = options.optionsWords ?? 0;
  return [
    0x45 + words, 0, ...u16(20 + words * 4 + transport.length), 0, 1, ...u16(options.fragment ?? 0x4000), 64, protocol, 0, 0,
    ...(options.src ?? [10, 0, 0, 1]), ...(options.dst ?? [192, 168, 1, 1]), ...new Array<number>(words * 4).fill(1), ...transport,
  ];
}

function ipv6(nextHeader: number, payload: number[], src = [0x20, 0x01, 0x0d, 0xb8, ...new Array<number>(11).fill(0), 1]): number[] {
  const dst = [0xff, 0x02, ...new Array<number>(13).fill(0), 1];
  return [0x60, 0, 0, 0, ...u16(payload.length), nextHeader, 64, ...src, ...dst, ...payload];
}

const tcp = (src: number, dst: number, flags: number) => [...u16(src), ...u16(dst), 0, 0, 0, 1, 0, 0, 0, 0, 0x50, flags, 0xff, 0xff, 0, 0, 0, 0];
const udp = (src: number, dst: number) => [...u16(src), ...u16(dst), 0, 8, 0, 0];
const icmp = (type: number) => [type, 0, 0, 0, 0, 1, 0, 1];
const arp = (op: number) => [0, 1, 8, 0, 6, 4, 0, op, ...MAC_A, 10, 0, 0, 1, ...MAC_B, 10, 0, 0, 2];
const vlanTag = (id: number, type: number) => [...u16(id), ...u16(type)];
const mplsLabel = (label: number, bottom: boolean) => [(label >> 12) & 0xff, (label >> 4) & 0xff, ((label & 0xf) << 4) | (bottom ? 1 : 0), 64];

const frames = {
  tcpSyn: ethernet(0x0800, ipv4(6, tcp(1234, 80, 0x02))),
  tcpAck22: ethernet(0x0800, ipv4(6, tcp(22, 5555, 0x10), { src: [172, 16, 5, 4] })),
  tcpWithOptions: ethernet(0x0800, ipv4(6, tcp(1234, 443, 0x12), { optionsWords: 2 })),
  laterFragment: ethernet(0x0800, ipv4(6, tcp(1234, 80, 0x02), { fragment: 0x0010 })),
  udpDns: ethernet(0x0800, ipv4(17, udp(5353, 53))),
  echoRequest: ethernet(0x0800, ipv4(1, icmp(8))),
  echoReply: ethernet(0x0800, ipv4(1, icmp(0))),
  arpRequest: ethernet(0x0806, arp(1), BROADCAST),
  rarpReply: ethernet(0x8035, arp(4)),
  ipv6Tcp: ethernet(0x86dd, ipv6(6, tcp(40000, 443, 0x18))),
  ipv6FragmentedUdp: ethernet(0x86dd, ipv6(44, [17, 0, 0, 0, 0, 0, 0, 1, ...udp(1000, 53)])),
  ipv6HopByHopUdp: ethernet(0x86dd, ipv6(0, [17, 0, 0, 0, 0, 0, 0, 0, ...udp(1000, 53)])),
  neighborSolicit: ethernet(0x86dd, ipv6(58, [135, 0, 0, 0, 0, 0, 0, 0])),
  vlan100Icmp: ethernet(0x8100, [...vlanTag(100, 0x0800), ...ipv4(1, icmp(8))]),
  qinqUdp: ethernet(0x88a8, [...vlanTag(200, 0x8100), ...vlanTag(100, 0x0800), ...ipv4(17, udp(1, 53))]),
  mplsIpv4Tcp: ethernet(0x8847, [...mplsLabel(16, false), ...mplsLabel(1000, true), ...ipv4(6, tcp(1, 80, 0x02))]),
  sctp: ethernet(0x0800, ipv4(132, [...u16(5000), ...u16(80), 0, 0, 0, 0, 0, 0, 0, 0])),
  igmp: ethernet(0x0800, ipv4(2, [0x16, 0, 0, 0, 224, 0, 0, 1], { dst: [224, 0, 0, 1] }), [0x01, 0x00, 0x5e, 0, 0, 1]),
  stp: Uint8Array.from([0x01, 0x80, 0xc2, 0, 0, 0, ...MAC_A, ...u16(38), 0x42, 0x42, 0x03, ...new Array<number>(35).fill(0)]),
  truncated: Uint8Array.from([...MAC_B, ...MAC_A, 0x08]),
};
type FrameName = keyof typeof frames;

function matching(expression: string): FrameName[] {
  const compiled = compileBpf(expression);
  if (!compiled.ok) throw new Error(compiled.message);
  return (Object.keys(frames) as FrameName[]).filter((name) => compiled.match(frames[name]));
}

describe("each construct on hand-built frames", () => {
  it.each<[string, FrameName[]]>([
    ["tcp", ["tcpSyn", "tcpAck22", "tcpWithOptions", "laterFragment", "ipv6Tcp"]],
    ["udp", ["udpDns", "ipv6FragmentedUdp"]],
    ["icmp", ["echoRequest", "echoReply"]],
    ["icmp6", ["neighborSolicit"]],
    ["arp", ["arpRequest"]],
    ["rarp", ["rarpReply"]],
    ["sctp", ["sctp"]],
    ["igmp", ["igmp"]],
    ["stp", ["stp"]],
    ["host 172.16.5.4", ["tcpAck22"]],
    ["host 10.0.0.2", ["arpRequest", "rarpReply"]],
    ["src net 172.16.0.0/12", ["tcpAck22"]],
    ["dst net 192.168.0.0 mask 255.255.0.0", ["tcpSyn", "tcpAck22", "tcpWithOptions", "laterFragment", "udpDns", "echoRequest", "echoReply", "sctp"]],
    ["ip6 host 2001:db8::1", ["ipv6Tcp", "ipv6FragmentedUdp", "ipv6HopByHopUdp", "neighborSolicit"]],
    ["ip6 dst net ff02::/16", ["ipv6Tcp", "ipv6FragmentedUdp", "ipv6HopByHopUdp", "neighborSolicit"]],
    ["tcp dst port 80", ["tcpSyn"]],
    ["port 80 or 22", ["tcpSyn", "tcpAck22", "sctp"]],
    ["tcp port 80 and not 22", ["tcpSyn"]],
    ["portrange 440-450", ["tcpWithOptions", "ipv6Tcp"]],
    ["udp port domain", ["udpDns"]],
    ["ether src 00:11:22:33:44:55 and ether broadcast", ["arpRequest"]],
    ["ether multicast", ["arpRequest", "igmp", "stp"]],
    ["ip multicast", ["igmp"]],
    ["ip6 multicast", ["ipv6Tcp", "ipv6FragmentedUdp", "ipv6HopByHopUdp", "neighborSolicit"]],
    ["ether proto \\arp", ["arpRequest"]],
    ["ip proto \\udp", ["udpDns"]],
    ["ip6 proto 17", ["ipv6FragmentedUdp"]],
    ["vlan 100 and icmp", ["vlan100Icmp"]],
    ["vlan 200 and vlan 100 and udp port 53", ["qinqUdp"]],
    ["mpls 16 and mpls 1000 and tcp port 80", ["mplsIpv4Tcp"]],
    ["greater 70", ["ipv6Tcp", "ipv6FragmentedUdp", "ipv6HopByHopUdp"]],
    ["less 20", ["truncated"]],
    ["icmp[icmptype] = icmp-echo", ["echoRequest"]],
    ["icmp6[icmp6type] = icmp6-neighborsolicit", ["neighborSolicit"]],
    ["tcp[tcpflags] & tcp-syn != 0", ["tcpSyn", "tcpWithOptions"]],
    ["tcp[tcpflags] = tcp-syn|tcp-ack", ["tcpWithOptions"]],
    ["ip[2:2] - ((ip[0] & 0xf) << 2) = 20", ["tcpSyn", "tcpAck22", "tcpWithOptions", "laterFragment"]],
    // 32-bit wrap-around: only a type below 0x800 (an 802.3 length) divides to 0; IPv4 divides by zero.
    ["ether[12:2] / (ether[12:2] - 0x800) = 0", ["stp"]],
    ["not ip", ["arpRequest", "rarpReply", "ipv6Tcp", "ipv6FragmentedUdp", "ipv6HopByHopUdp", "neighborSolicit", "vlan100Icmp", "qinqUdp", "mplsIpv4Tcp", "stp"]],
  ])("%s", (expression, expected) => {
    expect(matching(expression)).toEqual(expected);
  });

  it("checks the port only on the first fragment, as libpcap does", () => {
    expect(matching("tcp port 80")).not.toContain("laterFragment");
    expect(matching("tcp")).toContain("laterFragment");
  });

  it("rejects a frame when a load runs past its end, even under 'not'", () => {
    expect(matching("ether[100] = 0")).toEqual([]);
    expect(matching("not ether[100] = 0")).not.toContain("tcpSyn");
    expect(matching("not ip")).not.toContain("truncated");
  });

  it("uses the wire length, not the captured bytes, for len", () => {
    const compiled = compileBpf("len > 1000");
    expect(compiled.ok && compiled.match(frames.tcpSyn, 1500)).toBe(true);
    expect(compiled.ok && compiled.match(frames.tcpSyn)).toBe(false);
  });
});
