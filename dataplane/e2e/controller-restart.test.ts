import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DesiredHostState } from "@shared/proto";
import { startControllerProcess, type ControllerProcess } from "../../controller/testing/controller-process";
import { loadAppliedState } from "../control/state-file";
import { apiAt, createCloudPath, revisionOf, waitForApplied, type CloudPath } from "./cloud-lab";
import { startDaemonProcess, type DaemonProcess } from "./daemon-process";
import { missing, UdpPeer, waitForArrivals, waitMs } from "./udp-traffic";

const RATE = 500;
const HOSTS = [
  { hostId: "h1", udpPorts: "29000-29499" },
  { hostId: "h2", udpPorts: "29500-29999" },
] as const;

/**
 * The controller restarted while frames cross an unfiltered link between two daemons started
 * by hand (as on two hosts): cloud 1 on h1, the link's daemon↔daemon tunnel, a hub and cloud 2
 * on h2, numbered frames both ways from real sockets. Daemons keep forwarding their last state
 * while the controller is away, so every frame sent arrives; each daemon redials, gets a new
 * revision of the same state, applies it without touching a socket, and acks.
 */
describe("the controller restarted while frames cross a link between two daemons", () => {
  const root = mkdtempSync(join(tmpdir(), "e2e-controller-restart-"));
  const token = randomBytes(16).toString("hex");
  const daemons = new Map<string, DaemonProcess>();
  const peers: UdpPeer[] = [];
  let controller: ControllerProcess;
  let port = 0;
  let path: CloudPath;
  const api = apiAt(() => controller.url);

  const startController = async () => {
    controller = await startControllerProcess(["--port", String(port), "--data-dir", join(root, "controller"), "--dataplane-token", token, "--no-local-dataplane"]);
    port = Number(new URL(controller.url).port);
  };
  const startDaemon = async (host: (typeof HOSTS)[number]) => {
    const dataDir = join(root, host.hostId);
    mkdirSync(dataDir, { recursive: true });
    daemons.set(host.hostId, await startDaemonProcess({ controllerUrl: controller.url, hostId: host.hostId, token, dataDir, udpPorts: host.udpPorts }));
  };
  const savedStates = () => Promise.all(HOSTS.map(({ hostId }) => loadAppliedState(join(root, hostId))));
  /** The daemons' saved states once each holds `revisions` (a daemon acks before its write lands). */
  const savedStatesAt = async (revisions: number[], timeoutMs = 5000) => {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const states = await savedStates();
      if (states.every((state, index) => (state?.revision ?? -1) >= revisions[index]!) || performance.now() > deadline) return states;
      await waitMs(20);
    }
  };
  /** Frames from the moment both directions flowed: every one of them must arrive. */
  let firstCounted: [number, number];

  beforeAll(async () => {
    await startController();
    for (const host of HOSTS) await startDaemon(host);
    for (const { hostId } of HOSTS) await waitForApplied(api, hostId);
    peers.push(await UdpPeer.open(), await UdpPeer.open());
    path = await createCloudPath(api, [
      { computeId: "h1", peer: peers[0]! },
      { computeId: "h2", peer: peers[1]! },
    ]);
    peers[0]!.startSending(path.ports[0], RATE);
    peers[1]!.startSending(path.ports[1], RATE);
    await Promise.all([waitForArrivals(peers[0]!, 50), waitForArrivals(peers[1]!, 50)]);
    firstCounted = [peers[0]!.sentCount, peers[1]!.sentCount];
  }, 90_000);
  afterAll(async () => {
    await Promise.all(peers.map((peer) => peer.close()));
    await Promise.all([...daemons.values()].map((daemon) => daemon.stop()));
    if (controller) {
      await controller.stop();
    }
    rmSync(root, { recursive: true, force: true });
  });

  /** A state's nodes and links by id: the order of a state built whole differs from one merged from changes. */
  const itemsOf = (state: DesiredHostState) => ({
    nodes: Object.fromEntries(state.nodes.map((node) => [node.nodeId, node])),
    links: Object.fromEntries(state.links.map((link) => [link.linkId, link])),
  });

  /** Stops the controller with `signal`, starts it again on the same port and data, and waits for both hosts to ack. */
  async function restart(signal: NodeJS.Signals, whileDown: () => Promise<void> = async () => {}) {
    const revisions = await Promise.all(HOSTS.map(({ hostId }) => revisionOf(api, hostId)));
    const before = await savedStatesAt(revisions);
    const stoppedAt = performance.now();
    await controller.stop(signal);
    await whileDown();
    await startController();
    const upAt = performance.now();
    const acked: number[] = [];
    for (const [index, { hostId }] of HOSTS.entries()) acked.push((await waitForApplied(api, hostId, revisions[index])).revision);
    const syncedAt = performance.now();
    const after = await savedStatesAt(acked);
    for (const [index, { hostId }] of HOSTS.entries()) {
      // The same nodes and links under a newer revision, the one the controller shows acked.
      expect(after[index]!.revision).toBeGreaterThan(before[index]!.revision);
      expect(itemsOf(after[index]!)).toEqual(itemsOf(before[index]!));
      const { body } = await api("GET", `/v2/computes/${hostId}`);
      expect(body.dataplane).toMatchObject({ connected: true, revision: after[index]!.revision, applied_revision: after[index]!.revision, errors: [] });
    }
    return { downMs: Math.round(upAt - stoppedAt), resyncMs: Math.round(syncedAt - upAt) };
  }

  /** Frames sent since the flow started that never arrived, each way, after letting the last ones land. */
  async function lost(): Promise<{ sent: number[]; lost: number[][] }> {
    const [a, b] = peers as [UdpPeer, UdpPeer];
    const sent = [a.sentCount, b.sentCount];
    await waitMs(300);
    return { sent: [sent[0]! - firstCounted[0], sent[1]! - firstCounted[1]], lost: [missing(b.arrivals, firstCounted[0], sent[0]!), missing(a.arrivals, firstCounted[1], sent[1]!)] };
  }

  it("loses no frame over a graceful restart (SIGTERM), and both hosts resync to the same state", async () => {
    await waitMs(300);
    const timing = await restart("SIGTERM");
    await waitMs(300);
    const counted = await lost();
    console.log(JSON.stringify({ msg: "controller restarted (SIGTERM) under traffic", ...timing, sentSinceFlowStarted: counted.sent, lost: counted.lost.map((each) => each.length) }));
    expect(counted.lost).toEqual([[], []]);
    for (const daemon of daemons.values()) expect(daemon.child.exitCode).toBeNull();
  }, 60_000);

  it("loses no frame when the controller is killed (SIGKILL) and started again", async () => {
    const timing = await restart("SIGKILL");
    await waitMs(300);
    const counted = await lost();
    console.log(JSON.stringify({ msg: "controller restarted (SIGKILL) under traffic", ...timing, sentSinceFlowStarted: counted.sent, lost: counted.lost.map((each) => each.length) }));
    expect(counted.lost).toEqual([[], []]);
  }, 60_000);

  it("a daemon killed while the controller is down comes back forwarding from its saved state alone", async () => {
    const [a, b] = peers as [UdpPeer, UdpPeer];
    let restartedMs = 0;
    const timing = await restart("SIGTERM", async () => {
      const h1 = daemons.get("h1")!;
      h1.child.kill("SIGKILL");
      await h1.stop();
      const killedAt = performance.now();
      await startDaemon(HOSTS[0]);
      // No controller to ask: frames flow again both ways from what h1 saved.
      const seen = [b.arrivals.length, a.arrivals.length];
      await Promise.all([waitForArrivals(b, 20), waitForArrivals(a, 20)]);
      restartedMs = Math.round(Math.max(b.arrivals[seen[0]!]!.at, a.arrivals[seen[1]!]!.at) - killedAt);
    });
    console.log(JSON.stringify({ msg: "daemon restarted by hand with no controller", restartedMs, ...timing }));
    // Everything sent once the controller is back arrives again.
    firstCounted = [a.sentCount, b.sentCount];
    await waitMs(500);
    expect((await lost()).lost).toEqual([[], []]);
  }, 60_000);
});
