/**
 * Records real VPCS traffic for the BPF differential test:
 *   npx tsx shared/bpf/testdata/capture-vpcs.ts
 * Two VPCS processes are wired back to back over UDP tunnels on loopback; tcpdump records the
 * tunnel datagrams while their consoles ping over ICMP, UDP and TCP, IPv4 and IPv6, and ARP
 * for an absent host. Each datagram's payload is one Ethernet frame (nio_udp framing), so the
 * UDP payloads, with their timestamps, become `captures/vpcs-traffic.pcap`.
 * Needs `vpcs` and `tcpdump` (Debian packages) and root for the loopback capture.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { readPcap } from "./pcap";

const PORT_A = 21801;
const PORT_B = 21802;
const CONSOLE_A = 21811;
const CONSOLE_B = 21812;

function startVpcs(folder: string, console: number, listen: number, remote: number, mac: number): ChildProcess {
  mkdirSync(folder, { recursive: true });
  return spawn("vpcs", ["-F", "-i", "1", "-p", String(console), "-s", String(listen), "-c", String(remote), "-m", String(mac)], {
    cwd: folder,
    stdio: "ignore",
  });
}

/** Types console commands one at a time, leaving each time to finish. */
async function runConsole(port: number, commands: Array<[string, number]>): Promise<string> {
  const socket = connect(port, "127.0.0.1");
  let output = "";
  socket.on("data", (chunk) => (output += chunk.toString("latin1")));
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  for (const [command, waitMs] of commands) {
    socket.write(`${command}\n`);
    await sleep(waitMs);
  }
  socket.end();
  return output;
}

const work = mkdtempSync(join(tmpdir(), "vpcs-capture-"));
const raw = join(work, "loopback.pcap");
const tcpdump = spawn("tcpdump", ["-i", "lo", "-U", "-w", raw, `udp and (dst port ${PORT_A} or dst port ${PORT_B})`], { stdio: "ignore" });
const a = startVpcs(join(work, "a"), CONSOLE_A, PORT_A, PORT_B, 1);
const b = startVpcs(join(work, "b"), CONSOLE_B, PORT_B, PORT_A, 2);
try {
  await sleep(1500);
  await runConsole(CONSOLE_B, [["ip 10.0.0.2/24 10.0.0.254", 2500], ["ip 2001:db8::2/64", 500]]);
  const transcript = await runConsole(CONSOLE_A, [
    ["ip 10.0.0.1/24 10.0.0.254", 2500],
    ["ip 2001:db8::1/64", 500],
    ["ping 10.0.0.2 -c 3", 4000],
    ["ping 10.0.0.2 -P 17 -p 53 -c 2", 3000],
    ["ping 10.0.0.2 -P 6 -p 80 -c 2", 3000],
    ["ping 10.0.0.2 -l 1400 -c 1", 2000],
    ["ping 2001:db8::2 -c 2", 3000],
    ["ping 10.0.0.99 -c 1", 3000],
  ]);
  process.stdout.write(transcript.replace(/[^\x20-\x7e\n]/g, ""));
  await sleep(500);
} finally {
  a.kill();
  b.kill();
  tcpdump.kill("SIGINT");
  await new Promise((resolve) => tcpdump.once("exit", resolve));
}

/** Loopback frames carry a 14-byte Ethernet header, then IPv4 and UDP around the tunnel payload. */
const frames = readPcap(new Uint8Array(readFileSync(raw))).frames.map((frame) => {
  const ipHeader = (frame.data[14]! & 0x0f) * 4;
  return frame.data.subarray(14 + ipHeader + 8);
});
const stamps = readPcapTimes(new Uint8Array(readFileSync(raw)));
const size = 24 + frames.reduce((total, frame) => total + 16 + frame.length, 0);
const out = new Uint8Array(size);
const view = new DataView(out.buffer);
view.setUint32(0, 0xa1b2c3d4, true);
view.setUint16(4, 2, true);
view.setUint16(6, 4, true);
view.setUint32(16, 65535, true);
view.setUint32(20, 1, true);
let at = 24;
frames.forEach((frame, index) => {
  view.setUint32(at, stamps[index]![0], true);
  view.setUint32(at + 4, stamps[index]![1], true);
  view.setUint32(at + 8, frame.length, true);
  view.setUint32(at + 12, frame.length, true);
  out.set(frame, at + 16);
  at += 16 + frame.length;
});
const target = join(import.meta.dirname, "captures", "vpcs-traffic.pcap");
mkdirSync(join(import.meta.dirname, "captures"), { recursive: true });
writeFileSync(target, out);
rmSync(work, { recursive: true, force: true });
console.log(`\nwrote ${frames.length} frames to ${target}`);

function readPcapTimes(bytes: Uint8Array): Array<[number, number]> {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const times: Array<[number, number]> = [];
  for (let offset = 24; offset + 16 <= bytes.length; offset += 16 + dv.getUint32(offset + 8, true)) {
    times.push([dv.getUint32(offset, true), dv.getUint32(offset + 4, true)]);
  }
  return times;
}
