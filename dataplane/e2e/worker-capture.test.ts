import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startControllerProcess, type ControllerProcess } from "../../controller/testing/controller-process";
import { readWithTcpdump } from "../capture/testing";
import { apiAt, createCloudPath, waitForApplied, type Api, type CloudPath } from "./cloud-lab";
import { findLocalDaemon } from "./daemon-process";
import { until } from "./notifications";
import { readNumberedFrame, UdpPeer, waitForArrivals } from "./udp-traffic";

const FRAMES_PER_SECOND = 200;
const PCAP_HEADER_BYTES = 24;

/** The length of the whole records at the start of `pcap`: a stream read mid-capture may end inside one. */
function wholeRecordsLength(pcap: Buffer): number {
  let at = PCAP_HEADER_BYTES;
  while (at + 16 <= pcap.length && at + 16 + pcap.readUInt32LE(at + 8) <= pcap.length) at += 16 + pcap.readUInt32LE(at + 8);
  return at;
}

/** The sequence numbers of the numbered frames tcpdump reads in `pcap`. */
function capturedSequences(pcap: Buffer, file: string): number[] {
  writeFileSync(file, pcap);
  const { linkType, records } = readWithTcpdump(file);
  expect(linkType).toBe("EN10MB");
  return records.map((record) => readNumberedFrame(record.bytes)?.sequence ?? -1);
}

/** How many descriptors process `pid` holds on `file`: the capture's writer, and one per stream following it. */
function openDescriptors(pid: number, file: string): number {
  return readdirSync(`/proc/${pid}/fd`).filter((fd) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`) === file;
    } catch {
      return false;
    }
  }).length;
}

/**
 * `GET …/pcap` against the Worker in workerd (`npm run start:worker`), whose local daemon writes
 * the capture on a disk the Worker cannot read: the daemon sends the file over its control
 * channel to its host's Durable Object, which streams it to the API's object and the client,
 * while frames keep crossing the link, until the capture stops.
 */
describe("a link capture streamed from the daemon through the Worker in workerd", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "e2e-worker-capture-"));
  let controller: ControllerProcess | undefined;
  let api: Api;
  let path: CloudPath;
  const peers: UdpPeer[] = [];

  beforeAll(async () => {
    controller = await startControllerProcess(["--port", "0", "--data-dir", dataDir, "--dataplane-token", randomBytes(16).toString("hex")], {}, "start:worker");
    api = apiAt(controller.url);
    await waitForApplied(api, "local", -1, 30_000);
    peers.push(await UdpPeer.open(), await UdpPeer.open());
    path = await createCloudPath(api, [{ computeId: "local", peer: peers[0]! }, { computeId: "local", peer: peers[1]! }]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(peers.map((peer) => peer.close()));
    await controller?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("streams the pcap while frames cross the link, tcpdump reads it, and it ends when the capture stops", async () => {
    const [sender, receiver] = peers as [UdpPeer, UdpPeer];
    const linkPath = `/v2/projects/${path.projectId}/links/${path.linkIds[0]}`;
    sender.startSending(path.ports[0], FRAMES_PER_SECOND);
    await waitForArrivals(receiver, 20);
    const started = await api("POST", `${linkPath}/start_capture`, { capture_file_name: "streamed.pcap" });
    expect(started.status).toBe(201);

    const requestedAt = performance.now();
    const response = await fetch(`${controller!.url}${linkPath}/pcap`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/vnd.tcpdump.pcap");
    const reader = response.body!.getReader();
    const chunks: Buffer[] = [];
    const received = () => Buffer.concat(chunks);
    // Fifty records while the capture runs: the stream follows the file as it grows.
    const wanted = PCAP_HEADER_BYTES + 50 * (16 + 64);
    while (received().length < wanted) {
      const { done, value } = await reader.read();
      expect(done, "the stream ended while the capture runs").toBe(false);
      chunks.push(Buffer.from(value!));
    }
    const followedMs = performance.now() - requestedAt;
    const sofar = received();
    const partial = capturedSequences(sofar.subarray(0, wholeRecordsLength(sofar)), join(dataDir, "partial.pcap"));
    expect(partial.length).toBeGreaterThanOrEqual(50);
    expect(partial).toEqual(Array.from({ length: partial.length }, (_, index) => partial[0]! + index));
    expect((await api("GET", `/v2/projects/${path.projectId}/links/${path.linkIds[0]}`)).body.capturing).toBe(true);

    expect((await api("POST", `${linkPath}/stop_capture`)).status).toBe(201);
    const stoppedAt = performance.now();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(Buffer.from(value));
    }
    const endedMs = performance.now() - stoppedAt;
    sender.stopSending();

    // Every byte the daemon wrote, and nothing else.
    const onDaemonDisk = readFileSync(join(dataDir, "dataplane", "projects", path.projectId, "project-files", "captures", "streamed.pcap"));
    const whole = received();
    expect(whole.equals(onDaemonDisk)).toBe(true);
    const all = capturedSequences(whole, join(dataDir, "whole.pcap"));
    expect(all.length).toBeGreaterThan(partial.length);
    expect(all).toEqual(Array.from({ length: all.length }, (_, index) => all[0]! + index));
    console.log(`worker capture stream: ${all.length} records, first ${partial.length} read ${followedMs.toFixed(0)} ms after the request, end ${endedMs.toFixed(0)} ms after stop_capture`);
  }, 60_000);

  // workerd notices a client has gone when it next writes to it: frames keep coming meanwhile.
  it("stops reading the file on the daemon once the client left the stream", async () => {
    const linkPath = `/v2/projects/${path.projectId}/links/${path.linkIds[1]}`;
    expect((await api("POST", `${linkPath}/start_capture`, { capture_file_name: "left.pcap" })).status).toBe(201);
    peers[0]!.startSending(path.ports[0], FRAMES_PER_SECOND);
    const daemon = findLocalDaemon(controller!.child.pid!);
    expect(daemon, "the local daemon process").toBeDefined();
    const file = join(dataDir, "dataplane", "projects", path.projectId, "project-files", "captures", "left.pcap");
    expect(openDescriptors(daemon!, file)).toBe(1);

    const leaving = new AbortController();
    const response = await fetch(`${controller!.url}${linkPath}/pcap`, { signal: leaving.signal });
    const reader = response.body!.getReader();
    expect((await reader.read()).value!.length).toBeGreaterThanOrEqual(PCAP_HEADER_BYTES);
    expect(openDescriptors(daemon!, file)).toBe(2);
    leaving.abort();
    const leftAt = performance.now();
    await until("the daemon to close the followed file", () => openDescriptors(daemon!, file) === 1, 10_000);
    console.log(`worker capture stream: the daemon stopped following ${(performance.now() - leftAt).toFixed(0)} ms after the client left`);
    peers[0]!.stopSending();
    expect((await api("POST", `${linkPath}/stop_capture`)).status).toBe(201);
  }, 60_000);
});
