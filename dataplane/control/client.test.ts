import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cleanupAfterEach, waitFor } from "@shared/testing/cleanups";
import { LocalEventBus, type Notification } from "../../controller/events/event-bus";
import { startNodeController, type RunningController } from "../../controller/runtime/node";
import { WebSocketServer } from "ws";
import {
  decodeDaemonMessage,
  encodeControllerMessage,
  ItemErrorKind,
  Kvm,
  NodeKind,
  type CaptureChunk,
  type CountersReport,
  type DaemonMessage,
  type DesiredHostState,
  type ItemError,
  type LinkCounters,
  type NodeReport,
  type StateChange,
} from "@shared/proto";
import { ControlClient, CounterChanges, type ControlClientOptions } from "./client";
import { SteeredFacts } from "./testing";

const TOKEN = "s3cret-token";

async function freeTcpPort(): Promise<number> {
  const { createServer } = await import("node:net");
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Records every state it is given; answers with the errors the test sets. */
class FakeReconciler {
  states: DesiredHostState[] = [];
  errors: ItemError[] = [];
  /** Stands for an item failing between states (a capture whose disk filled). */
  failLater: ((errors: ItemError[]) => void) | undefined;
  /** Capture files the host is writing, by path under the data dir. */
  capturing = new Set<string>();
  isCapturing(relativePath: string): boolean {
    return this.capturing.has(relativePath);
  }
  watchErrors(watcher: (errors: ItemError[]) => void): void {
    this.failLater = watcher;
  }
  async apply(state: DesiredHostState): Promise<ItemError[]> {
    this.states.push(state);
    const present = new Set([...state.nodes.map((node) => node.nodeId), ...state.links.map((link) => link.linkId)]);
    return this.errors.filter((error) => present.has(error.id));
  }
  get last(): DesiredHostState | undefined {
    return this.states.at(-1);
  }
}


const { later, tempDir } = cleanupAfterEach();


interface Controller extends RunningController {
  dataDir: string;
  notifications: Notification[];
  api(method: string, path: string, body?: unknown): Promise<any>;
}

async function startController(dataDir = tempDir("dp-controller-"), port = 0): Promise<Controller> {
  const events = new LocalEventBus();
  const running = await startNodeController({ host: "127.0.0.1", port, dataDir, dataplaneToken: TOKEN, events });
  const notifications: Notification[] = [];
  const originalPublish = events.publish.bind(events);
  events.publish = (scope, notification) => {
    notifications.push(notification);
    originalPublish(scope, notification);
  };
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await running.close();
  };
  later(close);
  return {
    ...running,
    close,
    dataDir,
    notifications,
    api: async (method, path, body) => {
      const response = await fetch(`${running.url}${path}`, {
        method,
        ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
      });
      const text = await response.text();
      if (response.status >= 400) throw new Error(`${method} ${path} → ${response.status} ${text}`);
      return text ? JSON.parse(text) : null;
    },
  };
}

function startClient(controller: { url: string }, options: Partial<ControlClientOptions> & { hostId: string }) {
  const reconciler = new FakeReconciler();
  const client = new ControlClient({
    controllerUrl: controller.url,
    token: TOKEN,
    tunnelAddress: "127.0.0.1",
    udpPortMin: 20000,
    udpPortMax: 20010,
    dataDir: tempDir("dp-daemon-"),
    reconciler,
    reconnectInitialMs: 50,
    reconnectMaxMs: 500,
    ...options,
  });
  later(() => client.stop());
  return { client, reconciler, started: client.start() };
}

async function projectWithTwoPcs(controller: Controller, hostA: string, hostB: string) {
  const project = await controller.api("POST", "/v2/projects", { name: `p-${Math.random()}` });
  const base = `/v2/projects/${project.project_id}`;
  const pc1 = await controller.api("POST", `${base}/nodes`, { name: "PC1", node_type: "vpcs", compute_id: hostA });
  const pc2 = await controller.api("POST", `${base}/nodes`, { name: "PC2", node_type: "vpcs", compute_id: hostB });
  const link = await controller.api("POST", `${base}/links`, {
    nodes: [
      { node_id: pc1.node_id, adapter_number: 0, port_number: 0 },
      { node_id: pc2.node_id, adapter_number: 0, port_number: 0 },
    ],
  });
  return { project, base, pc1, pc2, link };
}

describe("control channel over a real WebSocket", () => {
  it("refuses a wrong token with Refused and close code 4401", async () => {
    const controller = await startController();
    const { client, started } = startClient(controller, { hostId: "h1", token: "wrong" });
    const refused = new Promise<string>((resolve) => client.once("refused", resolve));
    const closed = new Promise<number>((resolve) => client.once("disconnected", resolve));
    await started;
    expect(await refused).toBe("wrong dataplane token");
    expect(await closed).toBe(4401);
    const compute = await fetch(`${controller.url}/v2/computes/h1`);
    expect(compute.status).toBe(404);
  });

  it("stops dialling after a wrong token and says it is refused for good (exit 78)", async () => {
    const controller = await startController();
    const { client, started } = startClient(controller, { hostId: "h1", token: "wrong" });
    const fatal = new Promise<[string, number]>((resolve) => client.once("fatal", (message, code) => resolve([message, code])));
    let dials = 0;
    client.on("disconnected", () => dials++);
    await started;
    expect(await fatal).toEqual(["the controller refused this daemon: wrong dataplane token", 78]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(dials).toBe(1);
  });

  it("waits, dialling again, while another daemon serves its host id, and connects once that one has gone", async () => {
    const controller = await startController();
    const holder = startClient(controller, { hostId: "h1" });
    await holder.started;
    await waitFor("the first daemon connected", async () => (await controller.api("GET", "/v2/computes/h1").catch(() => null))?.connected);
    const newcomer = startClient(controller, { hostId: "h1" });
    let refusals = 0;
    newcomer.client.on("disconnected", (code) => code === 4409 && refusals++);
    newcomer.client.on("fatal", () => expect.fail("a taken host id is not a reason to give up"));
    await newcomer.started;
    await waitFor("the newcomer refused twice", () => refusals >= 2);
    await holder.client.stop();
    await waitFor("the newcomer applied its state", () => newcomer.reconciler.states.length > 0);
  });

  it("gives up at once on a controller URL that answers the channel with an HTTP status", async () => {
    const { createServer } = await import("node:http");
    const server = createServer((_request, response) => response.writeHead(404).end());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    later(() => new Promise((resolve) => server.close(resolve)));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const { client, started } = startClient({ url }, { hostId: "h1" });
    const fatal = new Promise<[string, number]>((resolve) => client.once("fatal", (message, code) => resolve([message, code])));
    await started;
    expect(await fatal).toEqual([`${url} answered HTTP 404 on /v2/dataplane/ws, not a WebSocket: it is not a controller's address, check --controller`, 1]);
  });

  it("keeps dialling a controller that is not up yet, and connects when it is", async () => {
    const port = await freeTcpPort();
    const { client, reconciler, started } = startClient({ url: `http://127.0.0.1:${port}` }, { hostId: "h1" });
    client.on("fatal", () => expect.fail("a controller that is not listening yet may start"));
    await started;
    await new Promise((resolve) => setTimeout(resolve, 300));
    await startController(tempDir("dp-controller-"), port);
    await waitFor("the daemon applied its state", () => reconciler.states.length > 0);
  });

  it("reports its progress every second while a state is being applied", async () => {
    const sent: DaemonMessage[] = [];
    const wss = new WebSocketServer({ port: 0, host: "127.0.0.1" });
    later(() => new Promise((resolve) => wss.close(resolve)));
    await new Promise((resolve) => wss.once("listening", resolve));
    wss.on("connection", (socket) => {
      socket.on("message", (data: Buffer) => sent.push(decodeDaemonMessage(new Uint8Array(data))));
      socket.send(encodeControllerMessage({ state: { revision: 7, nodes: [], links: [] } }));
    });
    const slow = {
      async apply(_state: DesiredHostState, progress?: (done: number, total: number) => void): Promise<ItemError[]> {
        for (let done = 1; done <= 5; done++) {
          await new Promise((resolve) => setTimeout(resolve, 500));
          progress?.(done, 5);
        }
        return [];
      },
    };
    const { started } = startClient({ url: `http://127.0.0.1:${(wss.address() as { port: number }).port}` }, { hostId: "h1", reconciler: slow });
    await started;
    await waitFor("the ack", () => sent.some((message) => "ack" in message), 10_000);
    const progress = sent.flatMap((message) => ("progress" in message ? [message.progress] : []));
    // Items done at 0.5, 1, 1.5, 2, 2.5 s: reported at 1 and 2 s with what was done by then.
    expect(progress).toHaveLength(2);
    expect(progress.every((report) => report.revision === 7 && report.total === 5)).toBe(true);
    expect(progress.map((report) => report.done)).toEqual([...progress.map((report) => report.done)].sort());
  });

  it("answers each ping at once, also while a state is being applied", async () => {
    const sent: DaemonMessage[] = [];
    const wss = new WebSocketServer({ port: 0, host: "127.0.0.1" });
    later(() => new Promise((resolve) => wss.close(resolve)));
    await new Promise((resolve) => wss.once("listening", resolve));
    let release = (): void => {};
    wss.on("connection", (socket) => {
      socket.on("message", (data: Buffer) => sent.push(decodeDaemonMessage(new Uint8Array(data))));
      socket.send(encodeControllerMessage({ state: { revision: 3, nodes: [], links: [] } }));
      for (const nonce of [1, 2, 3]) socket.send(encodeControllerMessage({ ping: { nonce } }));
    });
    const stuck = { apply: () => new Promise<ItemError[]>((resolve) => (release = () => resolve([]))) };
    const { started } = startClient({ url: `http://127.0.0.1:${(wss.address() as { port: number }).port}` }, { hostId: "h1", reconciler: stuck });
    await started;
    await waitFor("the pongs", () => sent.filter((message) => "pong" in message).length === 3);
    expect(sent.flatMap((message) => ("pong" in message ? [message.pong.nonce] : []))).toEqual([1, 2, 3]);
    expect(sent.some((message) => "ack" in message)).toBe(false);
    release();
  });

  it("registers the host as a compute, sends the full state, and a new revision for each change", async () => {
    const controller = await startController();
    const { reconciler } = startClient(controller, { hostId: "h1", name: "first host" });
    await waitFor("the first (empty) state", () => reconciler.last);
    const compute = await controller.api("GET", "/v2/computes/h1");
    expect(compute).toMatchObject({ compute_id: "h1", name: "first host", connected: true, host: "127.0.0.1" });
    expect(compute.dataplane).toMatchObject({ connected: true, udp_port_range: [20000, 20010], errors: [], left_out: [] });

    const { base, pc1, pc2, link } = await projectWithTwoPcs(controller, "h1", "h1");
    const withLink = await waitFor("the link", () => reconciler.states.find((state) => state.links.length === 1));
    expect(withLink.nodes.map((node) => node.nodeId).sort()).toEqual([pc1.node_id, pc2.node_id].sort());
    expect(withLink.links[0]).toEqual({
      linkId: link.link_id,
      projectId: link.project_id,
      a: { nodeId: pc1.node_id, adapterNumber: 0, portNumber: 0, local: true },
      b: { nodeId: pc2.node_id, adapterNumber: 0, portNumber: 0, local: true },
      filters: [],
      suspended: false,
      tunnel: null,
      capture: null,
    });

    await controller.api("PUT", `${base}/links/${link.link_id}`, { filters: { delay: [50, 0], packet_loss: [20] } });
    const filtered = await waitFor("the filters", () => reconciler.states.find((state) => state.links[0]?.filters.length === 2));
    expect(filtered.links[0]!.filters).toEqual([
      { type: "delay", numbers: [50, 0], text: "" },
      { type: "packet_loss", numbers: [20], text: "" },
    ]);
    await controller.api("PUT", `${base}/links/${link.link_id}`, { suspend: true });
    const suspended = await waitFor("suspend", () => reconciler.states.find((state) => state.links[0]?.suspended));
    expect(suspended.links[0]!.filters).toHaveLength(2);

    const revisions = reconciler.states.map((state) => state.revision);
    expect([...revisions].sort((a, b) => a - b)).toEqual(revisions);
    expect(new Set(revisions).size).toBe(revisions.length);
    // Moving a node changes nothing the host runs: no revision.
    const count = reconciler.states.length;
    await controller.api("PUT", `${base}/nodes/${pc1.node_id}`, { x: 100 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(reconciler.states).toHaveLength(count);
  });

  it("shows the errors of an ack in GET /v2/computes/{id} and as log.error on the project stream", async () => {
    const controller = await startController();
    const { reconciler } = startClient(controller, { hostId: "h1" });
    await waitFor("the first state", () => reconciler.last);
    const { link, pc1 } = await projectWithTwoPcs(controller, "h1", "h1");
    reconciler.errors = [{ kind: ItemErrorKind.LINK, id: link.link_id, message: "UDP port 20000 is already in use" }];
    await controller.api("PUT", `/v2/projects/${link.project_id}/nodes/${pc1.node_id}`, { name: "PC1-renamed" });
    // Renaming may take two revisions; wait until the host has acked the latest one.
    const compute = await waitFor("the ack errors", async () => {
      const reply = await controller.api("GET", "/v2/computes/h1");
      return reply.dataplane.errors.length > 0 && reply.dataplane.applied_revision === reply.dataplane.revision && reply;
    });
    expect(compute.dataplane.errors).toEqual([
      { id: link.link_id, kind: "link", message: "UDP port 20000 is already in use", project_id: link.project_id },
    ]);
    expect(compute.dataplane.applied_revision).toBe(compute.dataplane.revision);
    // The event follows the stored ack and then crosses the notification stream.
    const logged = await waitFor("the log.error event", () => {
      const found = controller.notifications.filter((n) => n.action === "log.error");
      return found.length > 0 && found;
    });
    expect(logged).toEqual([
      {
        action: "log.error",
        event: { message: `Link ${link.link_id} on dataplane host h1: UDP port 20000 is already in use`, compute_id: "h1", link_id: link.link_id },
      },
    ]);
  });

  it("acks the applied revision again when an item fails between states", async () => {
    const controller = await startController();
    const { reconciler } = startClient(controller, { hostId: "h1" });
    await waitFor("the first state", () => reconciler.last);
    const { link } = await projectWithTwoPcs(controller, "h1", "h1");
    const applied = await waitFor("the link's state, acked", async () => {
      const { dataplane } = await controller.api("GET", "/v2/computes/h1");
      return reconciler.last?.links.length === 1 && dataplane.applied_revision === reconciler.last.revision && dataplane;
    });
    const message = "capture l.pcap stopped: ENOSPC: no space left on device, write";
    reconciler.failLater!([{ kind: ItemErrorKind.LINK, id: link.link_id, message }]);
    const compute = await waitFor("the errors", async () => {
      const reply = await controller.api("GET", "/v2/computes/h1");
      return reply.dataplane.errors.length > 0 && reply;
    });
    expect(compute.dataplane).toMatchObject({
      applied_revision: applied.applied_revision,
      revision: applied.revision,
      errors: [{ id: link.link_id, kind: "link", message, project_id: link.project_id }],
    });
    await waitFor("the log.error event", () =>
      controller.notifications.some((n) => n.action === "log.error" && n.event.message === `Link ${link.link_id} on dataplane host h1: ${message}`),
    );
  });

  it("joins hosts with a daemon-to-daemon tunnel from each host's port range", async () => {
    const controller = await startController();
    const one = startClient(controller, { hostId: "h1", tunnelAddress: "10.0.0.1", udpPortMin: 21000, udpPortMax: 21005 });
    const two = startClient(controller, { hostId: "h2", tunnelAddress: "10.0.0.2", udpPortMin: 22000, udpPortMax: 22005 });
    await waitFor("both hosts", () => one.reconciler.last && two.reconciler.last);
    const { link } = await projectWithTwoPcs(controller, "h1", "h2");
    const onOne = await waitFor("h1's link", () => one.reconciler.last?.links[0]);
    const onTwo = await waitFor("h2's link", () => two.reconciler.last?.links[0]);
    expect(onOne).toMatchObject({ linkId: link.link_id, a: { local: true }, b: { local: false }, tunnel: { localPort: 21000, remoteHost: "10.0.0.2", remotePort: 22000 } });
    expect(onTwo).toMatchObject({ linkId: link.link_id, a: { local: false }, b: { local: true }, tunnel: { localPort: 22000, remoteHost: "10.0.0.1", remotePort: 21000 } });
    expect(one.reconciler.last!.nodes).toHaveLength(1);
  });

  it("resynchronises after a controller restart, never going back in revisions", async () => {
    const first = await startController();
    const { client, reconciler } = startClient(first, { hostId: "h1" });
    await waitFor("the first state", () => reconciler.last);
    const { base, link } = await projectWithTwoPcs(first, "h1", "h1");
    await waitFor("the link", () => reconciler.last?.links.length === 1);
    const before = reconciler.last!.revision;

    await first.close();
    await waitFor("the disconnect", async () => (await (await fetch(`${first.url}/v2/version`).catch(() => undefined))?.status) === undefined);
    const second = await startController(first.dataDir, first.port);
    await waitFor("a resent state", () => reconciler.last!.revision > before);
    expect(reconciler.last!.links[0]!.linkId).toBe(link.link_id);
    expect(client.lastAppliedRevision).toBe(reconciler.last!.revision);

    await second.api("PUT", `${base}/links/${link.link_id}`, { filters: { frequency_drop: [5] } });
    const changed = await waitFor("the change", () => reconciler.states.find((state) => state.links[0]?.filters[0]?.type === "frequency_drop"));
    expect(changed.revision).toBeGreaterThan(before + 1);
    const revisions = reconciler.states.map((state) => state.revision);
    expect([...revisions].sort((a, b) => a - b)).toEqual(revisions);
    expect((await second.api("GET", "/v2/computes/h1")).connected).toBe(true);
  });

  it("marks the compute disconnected when the daemon goes, and a restarted daemon re-applies its saved state first", async () => {
    const controller = await startController();
    const dataDir = tempDir("dp-daemon-kept-");
    const first = startClient(controller, { hostId: "h1", dataDir });
    await waitFor("the first state", () => first.reconciler.last);
    await projectWithTwoPcs(controller, "h1", "h1");
    const applied = await waitFor("the link", () => first.reconciler.states.find((state) => state.links.length === 1));
    await waitFor("the ack", async () => (await controller.api("GET", "/v2/computes/h1")).dataplane.applied_revision >= applied.revision);

    await first.client.stop();
    await waitFor("compute.updated", () =>
      controller.notifications.find((n) => n.action === "compute.updated" && n.event.compute_id === "h1" && n.event.connected === false),
    );
    await controller.close();

    // The controller is gone: the new daemon still brings its last state back on its own.
    const second = startClient(controller, { hostId: "h1", dataDir });
    await second.started;
    expect(second.reconciler.states[0]!.revision).toBeGreaterThanOrEqual(applied.revision);
    expect(second.reconciler.states[0]!.links).toHaveLength(1);
  });
});

/** A link's counters with `frames` frames in and out of end A, nothing else counted. */
function linkCounters(linkId: string, frames: number): LinkCounters {
  const direction = (count: number) => ({
    framesIn: count, framesOut: count, bytesIn: count * 64, bytesOut: count * 64, droppedFrequency: 0, droppedLoss: 0,
    droppedBpf: 0, droppedSuspended: 0, corrupted: 0, delayedQueued: 0, droppedDelayFull: 0,
    droppedRateQueueFull: 0, droppedLossBurst: 0, duplicated: 0, reordered: 0, rateQueued: 0,
  });
  return { linkId, aToB: direction(frames), bToA: direction(0) };
}

describe("counters reports", () => {
  it("carry the links whose counters changed since the last report, and nothing but the time when none did for the keepalive", () => {
    const changes = new CounterChanges(5000);
    const reading = (sampledAtMs: number, ...links: LinkCounters[]): CountersReport => ({ links, sampledAtMs });

    // The first report: every link with something counted; an idle link is left out.
    expect(changes.next(reading(1_000, linkCounters("l1", 3), linkCounters("l2", 0)), 0)).toEqual(reading(1_000, linkCounters("l1", 3)));
    expect(changes.next(reading(2_000, linkCounters("l1", 3), linkCounters("l2", 0)), 1_000)).toBeNull();
    expect(changes.next(reading(3_000, linkCounters("l1", 3), linkCounters("l2", 1)), 2_000)).toEqual(reading(3_000, linkCounters("l2", 1)));
    // Five seconds after the last report with nothing changed: an empty one, as a keepalive.
    expect(changes.next(reading(6_999, linkCounters("l1", 3), linkCounters("l2", 1)), 6_999)).toBeNull();
    expect(changes.next(reading(7_000, linkCounters("l1", 3), linkCounters("l2", 1)), 7_000)).toEqual(reading(7_000));
    // A link rebuilt on the host counts from zero again: that is a change too.
    expect(changes.next(reading(8_000, linkCounters("l1", 0), linkCounters("l2", 1)), 8_000)).toEqual(reading(8_000, linkCounters("l1", 0)));
  });

  it("are sent every interval over the WebSocket, and each new connection starts afresh", async () => {
    const server = new WebSocketServer({ port: 0, host: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    later(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const connections: Array<{ close(): void; messages: DaemonMessage[] }> = [];
    server.on("connection", (socket) => {
      const connection = { close: () => socket.close(), messages: [] as DaemonMessage[] };
      connections.push(connection);
      socket.on("message", (data) => connection.messages.push(decodeDaemonMessage(data as Buffer)));
    });
    let links = [linkCounters("l1", 5), linkCounters("l2", 0)];
    const { port } = server.address() as { port: number };
    startClient({ url: `http://127.0.0.1:${port}` }, {
      hostId: "h1",
      countersSource: () => ({ links, sampledAtMs: Date.now() }),
      countersIntervalMs: 50,
      countersKeepaliveMs: 300,
    });
    const reports = (index: number) => connections[index]?.messages.flatMap((message) => ("counters" in message ? [message.counters] : [])) ?? [];

    const [first] = await waitFor("the first report", () => reports(0).length > 0 && reports(0));
    expect(first!.links).toEqual([linkCounters("l1", 5)]);
    expect(Math.abs(first!.sampledAtMs - Date.now())).toBeLessThan(1_000);
    links = [linkCounters("l1", 5), linkCounters("l2", 2)];
    const changed = await waitFor("the change", () => reports(0).find((report) => report.links.length > 0 && report !== first));
    expect(changed.links).toEqual([linkCounters("l2", 2)]);
    const keepalive = await waitFor("a keepalive", () => reports(0).find((report) => report.links.length === 0));
    expect(keepalive.sampledAtMs).toBeGreaterThan(changed.sampledAtMs);
    expect(reports(0).filter((report) => report.links.length > 0)).toHaveLength(2);

    connections[0]!.close();
    const [again] = await waitFor("the first report of the new connection", () => reports(1).length > 0 && reports(1));
    expect(again!.links).toEqual([linkCounters("l1", 5), linkCounters("l2", 2)]);
  });
});

describe("state changes", () => {
  const acks = (messages: DaemonMessage[]) => messages.flatMap((message) => ("ack" in message ? [message.ack.revision] : []));

  it("applies each change on top of what it holds, and asks for the whole state again when one does not follow it", async () => {
    const controller = await listeningController();
    const { reconciler, started } = startClient(controller, { hostId: "h1" });
    await started;
    const first = await waitFor("the daemon's connection", () => controller.connections[0]);
    const hub = { nodeId: "n1", projectId: "p", name: "HUB", kind: NodeKind.ETHERNET_HUB, running: true, consolePort: 0, ports: [], startupScript: "", restartGeneration: 0, suspended: false, qemu: null, docker: null, dynamips: null };
    const link = { linkId: "l1", projectId: "p", a: { nodeId: "n1", adapterNumber: 0, portNumber: 0, local: true }, b: { nodeId: "n1", adapterNumber: 0, portNumber: 1, local: true }, filters: [], suspended: false, tunnel: null, capture: null };
    first.sendState({ revision: 1, nodes: [hub], links: [] });
    first.sendChange({ revision: 2, baseRevision: 1, nodes: [], links: [link], removedNodes: [], removedLinks: [] });
    await waitFor("both acked", () => acks(first.messages).includes(2));
    expect(reconciler.last).toEqual({ revision: 2, nodes: [hub], links: [link] });

    // Revision 3 went missing: the daemon applies nothing more, and dials again.
    first.sendChange({ revision: 4, baseRevision: 3, nodes: [], links: [], removedNodes: [], removedLinks: [{ projectId: "p", id: "l1" }] });
    const second = await waitFor("a new connection", () => controller.connections[1]);
    expect(first.closed).toBe(true);
    const hello = await waitFor("its Hello", () => second.messages.find((message) => "hello" in message));
    expect("hello" in hello! && hello.hello.lastAppliedRevision).toBe(2);
    expect(reconciler.last?.revision).toBe(2);
    second.sendState({ revision: 5, nodes: [hub], links: [] });
    await waitFor("the whole state applied", () => acks(second.messages).includes(5));
    expect(reconciler.last).toEqual({ revision: 5, nodes: [hub], links: [] });
  });
});

/** A controller that only listens: each connection's messages, decoded, and a way to send it states. */
async function listeningController() {
  const server = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  later(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const connections: Array<{ messages: DaemonMessage[]; closed: boolean; close(): void; sendState(state: DesiredHostState): void; sendChange(change: StateChange): void }> = [];
  server.on("connection", (socket) => {
    const connection = {
      messages: [] as DaemonMessage[],
      closed: false,
      close: () => socket.close(),
      sendState: (state: DesiredHostState) => socket.send(encodeControllerMessage({ state })),
      sendChange: (change: StateChange) => socket.send(encodeControllerMessage({ change })),
    };
    socket.on("close", () => (connection.closed = true));
    connections.push(connection);
    socket.on("message", (data) => connection.messages.push(decodeDaemonMessage(data as Buffer)));
  });
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, connections };
}

const steeredFacts = () =>
  new SteeredFacts({ qemuBinaries: [{ path: "/usr/bin/qemu-system-x86_64", version: "7.2.22" }], kvm: Kvm.KVM_UNPROBED, kvmDetail: "", kvmPlatforms: ["x86_64"], busyConsolePorts: [], interfaces: [], docker: null });

describe("host facts and node reports", () => {
  it("tells the facts after each Hello without holding up the Hello or the first ack, and again when they change", async () => {
    const controller = await listeningController();
    const hostFacts = steeredFacts();
    hostFacts.readMs = 300;
    startClient(controller, { hostId: "h1", hostFacts });
    const sent = (index: number) => controller.connections[index]?.messages ?? [];
    await waitFor("the Hello", () => sent(0).length > 0);
    controller.connections[0]!.sendState({ revision: 1, nodes: [], links: [] });
    await waitFor("the ack", () => sent(0).some((message) => "ack" in message));
    expect(sent(0).some((message) => "hostFacts" in message)).toBe(false);
    await waitFor("the facts", () => sent(0).some((message) => "hostFacts" in message));
    expect(sent(0).map((message) => Object.keys(message)[0])).toEqual(["hello", "ack", "hostFacts"]);
    expect(sent(0)[2]).toEqual({ hostFacts: hostFacts.facts });

    hostFacts.readMs = 0;
    hostFacts.change({ kvm: Kvm.KVM_UNUSABLE, kvmDetail: "a test guest did not finish under KVM within 3 s", kvmPlatforms: [] });
    const settled = await waitFor("the probe's verdict", () => sent(0).find((message) => "hostFacts" in message && message.hostFacts.kvm === Kvm.KVM_UNUSABLE));
    expect(settled).toEqual({ hostFacts: { ...hostFacts.facts } });

    controller.connections[0]!.close();
    await waitFor("the facts on the new connection", () => sent(1).some((message) => "hostFacts" in message));
    expect(sent(1).find((message) => "hostFacts" in message)).toEqual({ hostFacts: hostFacts.facts });
  });

  it("sends the facts of the newest read only, and none once stopped", async () => {
    const controller = await listeningController();
    const hostFacts = steeredFacts();
    hostFacts.readMs = 200;
    const { client } = startClient(controller, { hostId: "h1", hostFacts });
    await waitFor("the Hello", () => controller.connections[0]?.messages.length);
    // A change while the first read is under way: only what the second read found is sent.
    hostFacts.change({ kvm: Kvm.KVM_USABLE });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(controller.connections[0]!.messages.filter((message) => "hostFacts" in message)).toEqual([{ hostFacts: hostFacts.facts }]);
    await client.stop();
    hostFacts.change({ kvm: Kvm.KVM_UNUSABLE });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(controller.connections[0]!.messages.filter((message) => "hostFacts" in message)).toHaveLength(1);
  });

  it("carries in every ack the command lines of the nodes whose process runs", async () => {
    const controller = await listeningController();
    const { reconciler } = startClient(controller, { hostId: "h1" });
    let reports: NodeReport[] = [];
    Object.assign(reconciler, { nodeReports: () => reports });
    await waitFor("the Hello", () => controller.connections[0]?.messages.length);
    reports = [{ nodeId: "pc1", projectId: "p", commandLine: "vpcs -F -i 1 -p 5000", idlepc: null }];
    controller.connections[0]!.sendState({ revision: 1, nodes: [], links: [] });
    const acks = () => controller.connections[0]!.messages.flatMap((message) => ("ack" in message ? [message.ack] : []));
    await waitFor("the ack", () => acks().length === 1);
    expect(acks()[0]).toEqual({ revision: 1, errors: [], nodes: reports });
    // The process exited: the ack announcing it no longer names it.
    reports = [];
    reconciler.failLater!([{ kind: ItemErrorKind.NODE, id: "pc1", message: "VPCS exited by itself" }]);
    await waitFor("the second ack", () => acks().length === 2);
    expect(acks()[1]).toEqual({ revision: 1, errors: [{ kind: ItemErrorKind.NODE, id: "pc1", message: "VPCS exited by itself" }], nodes: [] });
  });
});

describe("capture streams", () => {
  it("send a capture file the controller follows as it grows, end it once the host stops capturing, and end with the connection", async () => {
    const server = new WebSocketServer({ port: 0, host: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    later(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const connections: Array<{ socket: import("ws").WebSocket; chunks: CaptureChunk[] }> = [];
    server.on("connection", (socket) => {
      const connection = { socket, chunks: [] as CaptureChunk[] };
      connections.push(connection);
      socket.on("message", (data) => {
        const message = decodeDaemonMessage(data as Buffer);
        if ("captureChunk" in message) connection.chunks.push(message.captureChunk);
      });
    });
    const dataDir = tempDir("dp-daemon-");
    const relativePath = "projects/p/project-files/captures/x.pcap";
    mkdirSync(join(dataDir, "projects/p/project-files/captures"), { recursive: true });
    writeFileSync(join(dataDir, relativePath), "first-");
    const { port } = server.address() as { port: number };
    const { reconciler } = startClient({ url: `http://127.0.0.1:${port}` }, { hostId: "h1", dataDir });
    reconciler.capturing.add(relativePath);
    const first = await waitFor("the connection", () => connections[0]);
    const bytes = (chunks: CaptureChunk[], streamId: number) => Buffer.concat(chunks.filter((chunk) => chunk.streamId === streamId).map((chunk) => chunk.data)).toString();
    const follow = (streamId: number, offset = 0) => first.socket.send(encodeControllerMessage({ captureFollow: { streamId, relativePath, offset, stop: false } }));

    follow(1);
    follow(2, 3);
    await waitFor("the file so far", () => bytes(first.chunks, 1) === "first-" && bytes(first.chunks, 2) === "st-");
    appendFileSync(join(dataDir, relativePath), "second");
    reconciler.capturing.delete(relativePath);
    await waitFor("the end of both streams", () => first.chunks.filter((chunk) => chunk.end).length === 2);
    expect([bytes(first.chunks, 1), bytes(first.chunks, 2)]).toEqual(["first-second", "st-second"]);

    // A stream of a connection that closed goes no further, even if the file grows.
    reconciler.capturing.add(relativePath);
    follow(3);
    await waitFor("the third stream", () => bytes(first.chunks, 3) === "first-second");
    first.socket.close();
    const second = await waitFor("the new connection", () => connections[1]);
    appendFileSync(join(dataDir, relativePath), "-third");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bytes(first.chunks, 3)).toBe("first-second");
    expect(second.chunks).toEqual([]);
  });
});
