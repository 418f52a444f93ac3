import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAddedDelay, floorRtt, roundTrips, startVpcsLab, type VpcsLab } from "./vpcs-lab";

/**
 * What a user does first, end to end with real processes: `npm start`, two VPCS nodes and a
 * link through the /v2 API, pings typed into the VPCS consoles, and the link degraded live.
 */
describe("two VPCS nodes pinging through a link of the local dataplane", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "e2e-vpcs-"));
  let lab: VpcsLab;
  const linkPath = () => `/v2/projects/${lab.projectId}/links/${lab.linkId}`;
  const setLink = async (body: object) => {
    const before = await lab.revision();
    expect((await lab.api("PUT", linkPath(), body)).status).toBe(201);
    await lab.settled(before);
  };

  beforeAll(async () => {
    lab = await startVpcsLab(dataDir);
  }, 90_000);
  afterAll(async () => {
    await lab?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers every ping with no filter", async () => {
    const result = await lab.ping(0, 5);
    expect(result.received).toBe(5);
  }, 60_000);

  it("adds twice the latency to the round trip with delay, within ±5 ms", async () => {
    const base = floorRtt(await lab.ping(0, 5));
    await setLink({ filters: { delay: [50, 0] } });
    await expectAddedDelay(async () => roundTrips(await lab.ping(0, 5)), { baseMs: base, addedMs: 100, toleranceMs: 5, pings: 5 });
    await setLink({ filters: {} });
  }, 60_000);

  it("drops every Nth frame of a direction with frequency_drop", async () => {
    // Every 2nd frame each way: of the requests, every 2nd is lost; replies to the others all pass
    // only when their own count is odd, so some pings are lost and some answered.
    await setLink({ filters: { frequency_drop: [2] } });
    const result = await lab.ping(0, 8);
    expect(result.received).toBeGreaterThan(0);
    expect(result.lost).toBeGreaterThan(0);
    await setLink({ filters: {} });
  }, 90_000);

  it("loses pings with packet_loss and loses all of them while suspended, then recovers", async () => {
    await setLink({ filters: { packet_loss: [100] } });
    const lossy = await lab.ping(0, 3);
    expect(lossy.received, JSON.stringify(lossy)).toBe(0);
    await setLink({ filters: {}, suspend: true });
    expect((await lab.ping(0, 3)).received).toBe(0);
    await setLink({ suspend: false });
    // VPCS may have to resolve ARP again after the outage: the first ping can time out doing so.
    const resumed = await lab.ping(0, 4);
    expect(resumed.received, JSON.stringify(resumed)).toBeGreaterThanOrEqual(3);
    expect("timeMs" in resumed.replies.at(-1)!).toBe(true);
  }, 90_000);

  it("captures the pings after the filters into a pcap that tcpdump reads", async () => {
    const before = await lab.revision();
    const started = await lab.api("POST", `${linkPath()}/start_capture`, {});
    expect(started.status).toBe(201);
    await lab.settled(before);
    expect((await lab.ping(0, 3)).received).toBe(3);
    // The stream follows the growing file until the capture stops.
    const pcap = await fetch(`${lab.controller.url}${linkPath()}/pcap`);
    expect(pcap.status).toBe(200);
    expect(pcap.headers.get("content-type")).toBe("application/vnd.tcpdump.pcap");
    expect((await lab.api("POST", `${linkPath()}/stop_capture`)).status).toBe(201);
    const file = join(dataDir, "capture.pcap");
    writeFileSync(file, Buffer.from(await pcap.arrayBuffer()));
    const text = execFileSync("tcpdump", ["-nn", "-r", file, "icmp"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    expect(text.match(/ICMP echo request/g)?.length).toBe(3);
    expect(text.match(/ICMP echo reply/g)?.length).toBe(3);
    expect(readFileSync(file).readUInt32LE(0)).toBe(0xa1b2c3d4);
  }, 60_000);

  it("corrupts every frame with corrupt [100], as the capture shows", async () => {
    const before = await lab.revision();
    expect((await lab.api("POST", `${linkPath()}/start_capture`, { capture_file_name: "corrupt.pcap" })).status).toBe(201);
    await lab.settled(before);
    await setLink({ filters: { corrupt: [100] } });
    await lab.ping(0, 2);
    const pcap = await fetch(`${lab.controller.url}${linkPath()}/pcap`);
    expect((await lab.api("POST", `${linkPath()}/stop_capture`)).status).toBe(201);
    const file = join(dataDir, "corrupt-copy.pcap");
    writeFileSync(file, Buffer.from(await pcap.arrayBuffer()));
    const text = execFileSync("tcpdump", ["-nn", "-vv", "-r", file, "icmp"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    expect(text.match(/wrong icmp cksum/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
    await setLink({ filters: {} });
    expect((await lab.ping(0, 2)).received).toBe(2);
  }, 60_000);
});
