/**
 * A lab reaching a real network through a cloud node, as a user plugs one in: a "peer"
 * network namespace stands for the machine on the other side of a host interface (a veth pair
 * the test makes), and pings a VPCS of the lab through the cloud's `ethernet` port, then
 * through a `tap` port whose TAP the daemon made and the test moved into another namespace.
 * The link's filters show in the peer's pings, and its capture reads in tcpdump. Run against
 * both controllers (`npm start` and the Worker), each with its local daemon.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startControllerProcess, type ControllerProcess } from "../../controller/testing/controller-process";
import { hostNetworkUnavailable, inNamespace, scratchName, scratchNetwork } from "../host-network/testing";
import type { VpcsConsole } from "../nodes/console";
import { apiAt, changeApplied, waitForApplied, type Api, type ApiAnswer } from "./cloud-lab";
import { endLeftoverVpcs } from "./daemon-process";
import { configureConsole, expectAddedDelay } from "./vpcs-lab";

/**
 * What Linux's ping printed: replies and their round trips. Once one reply came, ping waits only
 * two round trips after its last probe, so on a loaded machine a late last reply was counted as
 * lost; where every reply is expected, a deadline (-w) makes it wait for all of them instead.
 */
function peerPing(namespace: string, address: string, count: number, { allExpected = true } = {}): { received: number; rtts: number[] } {
  let output: string;
  try {
    output = inNamespace(namespace, "ping", "-n", "-c", String(count), "-i", "0.05", ...(allExpected ? ["-w", "10"] : ["-W", "1"]), address);
  } catch (error) {
    // ping exits 1 when a reply was missing; its output is still what it saw.
    output = String((error as { stdout?: string }).stdout ?? "");
  }
  const rtts = [...output.matchAll(/time=([\d.]+) ms/g)].map((match) => Number(match[1]));
  return { received: rtts.length, rtts };
}

/** The shortest round trip: load only adds to a ping, and the delay adds to every one. */
const floor = (values: number[]) => (values.length === 0 ? Number.NaN : Math.min(...values));
const unavailable = hostNetworkUnavailable();
const third = 200 + (process.pid % 50);

describe.runIf(unavailable === null).each(["start", "start:worker"] as const)("a cloud's host interface and TAP ports, controller %s", (script) => {
  const dataDir = mkdtempSync(join(tmpdir(), "e2e-cloud-devices-"));
  const network = scratchNetwork();
  let controller: ControllerProcess;
  let api: Api;
  let base: string;
  const consoles: VpcsConsole[] = [];
  let peer: string;
  let veth: { outside: string; inside: string };
  let cloud: { node_id: string };
  let pcs: Array<{ node_id: string; console: number }>;
  const links: string[] = [];

  const settle = (change: () => Promise<ApiAnswer>, status = 201) => changeApplied(api, "local", change, status);

  beforeAll(async () => {
    peer = network.namespace();
    veth = network.veth(peer);
    inNamespace(peer, "ip", "addr", "add", `10.${third}.1.2/24`, "dev", veth.inside);
    controller = await startControllerProcess(["--port", "0", "--data-dir", dataDir], {}, script, { captureOutput: true });
    api = apiAt(controller.url);
    await waitForApplied(api, "local");
    const project = (await api("POST", "/v2/projects", { name: "cloud" })).body;
    base = `/v2/projects/${project.project_id}`;
    pcs = [];
    for (const name of ["PC1", "PC2"]) pcs.push((await api("POST", `${base}/nodes`, { name, node_type: "vpcs", compute_id: "local" })).body);
    const created = await api("POST", `${base}/nodes`, {
      name: "Cloud1",
      node_type: "cloud",
      compute_id: "local",
      properties: {
        ports_mapping: [
          { name: veth.outside, port_number: 0, type: "ethernet", interface: veth.outside },
          { name: "tap", port_number: 1, type: "tap", interface: scratchName("gtap") },
          { name: "gone", port_number: 2, type: "ethernet", interface: "gt-missing0" },
        ],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    cloud = created.body;
    for (const [index, pc] of pcs.entries()) {
      const link = await settle(() => api("POST", `${base}/links`, { nodes: [{ node_id: pc.node_id, adapter_number: 0, port_number: 0 }, { node_id: cloud.node_id, adapter_number: 0, port_number: index }] }));
      links.push((link.body as { link_id: string }).link_id);
      await settle(() => api("POST", `${base}/nodes/${pc.node_id}/start`, {}), 200);
      consoles.push(await configureConsole(pc.console, `10.${third}.${index + 1}.1/24`));
    }
  }, 90_000);

  afterAll(async () => {
    consoles.forEach((console) => console.close());
    await controller?.stop();
    await endLeftoverVpcs(dataDir);
    network.remove();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const linkPath = (index: number) => `${base}/links/${links[index]}`;

  it("lets a machine on the host interface ping the lab; packet_loss and delay on the link show in its pings", async () => {
    expect(peerPing(peer, `10.${third}.1.1`, 5).received).toBe(5);
    const base = floor(peerPing(peer, `10.${third}.1.1`, 5).rtts);
    await settle(() => api("PUT", linkPath(0), { filters: { delay: [60, 0] } }));
    // The delay filter holds each direction's frames: the round trip grows by twice the latency.
    await expectAddedDelay(async () => peerPing(peer, `10.${third}.1.1`, 5).rtts, { baseMs: base, addedMs: 120, toleranceMs: 15, pings: 5 });
    await settle(() => api("PUT", linkPath(0), { filters: { packet_loss: [50] } }));
    // Each direction loses half, so a round trip comes back one time in four: with 60 pings,
    // none back or all back are 0.75^60 ≈ 3e-8 and 0.25^60 apart (20 pings failed 0.3 % of runs).
    const lossy = peerPing(peer, `10.${third}.1.1`, 60, { allExpected: false });
    expect(lossy.received).toBeGreaterThan(0);
    expect(lossy.received).toBeLessThan(60);
    await settle(() => api("PUT", linkPath(0), { filters: {} }));
    expect(peerPing(peer, `10.${third}.1.1`, 3).received).toBe(3);
  }, 60_000);

  it("captures the host interface's link into a pcap that tcpdump reads", async () => {
    await settle(() => api("POST", `${linkPath(0)}/start_capture`, { capture_file_name: "cloud.pcap" }));
    expect(peerPing(peer, `10.${third}.1.1`, 3).received).toBe(3);
    const pcap = await fetch(`${controller.url}${linkPath(0)}/pcap`);
    expect((await api("POST", `${linkPath(0)}/stop_capture`)).status).toBe(201);
    const file = join(dataDir, "cloud-copy.pcap");
    writeFileSync(file, Buffer.from(await pcap.arrayBuffer()));
    const text = execFileSync("tcpdump", ["-nn", "-r", file, "icmp"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    expect(text.match(new RegExp(`10\\.${third}\\.1\\.2 > 10\\.${third}\\.1\\.1: ICMP echo request`, "g"))?.length).toBe(3);
    expect(text.match(/ICMP echo reply/g)?.length).toBe(3);
  }, 60_000);

  it("makes the TAP of a tap port, which carries the lab's frames wherever it is moved", async () => {
    const tap = (cloud as { properties?: { ports_mapping: Array<{ interface: string }> } }).properties!.ports_mapping[1]!.interface;
    const other = network.namespace();
    execFileSync("ip", ["link", "set", tap, "netns", other]);
    inNamespace(other, "ip", "addr", "add", `10.${third}.2.2/24`, "dev", tap);
    inNamespace(other, "ip", "link", "set", tap, "up");
    expect(peerPing(other, `10.${third}.2.1`, 5).received).toBe(5);
    await settle(() => api("PUT", linkPath(1), { filters: { packet_loss: [100] } }));
    expect(peerPing(other, `10.${third}.2.1`, 3, { allExpected: false }).received).toBe(0);
    await settle(() => api("PUT", linkPath(1), { filters: {} }));
    expect(peerPing(other, `10.${third}.2.1`, 3).received).toBe(3);
    // Deleting the link closes the port (and frees PC2's for the next test): the TAP the daemon made is gone, wherever it was.
    await settle(() => api("DELETE", linkPath(1)), 204);
    expect(inNamespace(other, "ip", "-o", "link")).not.toContain(tap);
  }, 60_000);

  it("refuses a link to a port whose interface the host lacks, as GNS3 words it", async () => {
    const refused = await api("POST", `${base}/links`, { nodes: [{ node_id: pcs[1]!.node_id, adapter_number: 0, port_number: 0 }, { node_id: cloud.node_id, adapter_number: 0, port_number: 2 }] });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("Interface 'gt-missing0' could not be found on this system, please update 'Cloud1'");
    // The link is kept, as every change a host refuses is: the user fixes the port or deletes it.
    const kept = ((await api("GET", `${base}/links`)).body as Array<{ link_id: string; nodes: Array<{ port_number: number; node_id: string }> }>).find((link) =>
      link.nodes.some((end) => end.node_id === cloud.node_id && end.port_number === 2),
    );
    await settle(() => api("DELETE", `${base}/links/${kept!.link_id}`), 204);
  }, 30_000);

  it("leaves the host interface as it was once its link is gone: not promiscuous", async () => {
    expect(execFileSync("ip", ["-d", "link", "show", veth.outside], { encoding: "utf8" })).toMatch(/promiscuity [1-9]/);
    await settle(() => api("DELETE", linkPath(0)), 204);
    expect(execFileSync("ip", ["-d", "link", "show", veth.outside], { encoding: "utf8" })).toMatch(/promiscuity 0/);
  }, 30_000);
});
