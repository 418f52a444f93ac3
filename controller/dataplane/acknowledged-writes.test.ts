import { daemonHello } from "../testing/daemon-messages";
import { describe, expect, it } from "vitest";
import { cleanupAfterEach, waitFor } from "@shared/testing/cleanups";
import WebSocket from "ws";
import { encodeDaemonMessage, ItemErrorKind, Kvm, type DesiredHostState, type ItemError } from "@shared/proto";
import { ControlClient } from "../../dataplane/control/client";
import type { HostFactsSource } from "../../dataplane/control/host-facts";
import { LocalEventBus, type Notification } from "../events/event-bus";
import { startNodeController, type NodeControllerOptions, type RunningController } from "../runtime/node";
import { startFreezableRelay, type FreezableRelay } from "../testing/freezable-relay";

const TOKEN = "ack-token";

/** A daemon's reconciler the test steers: how long applying takes, what fails, and failures between states. */
class ScriptedReconciler {
  states: DesiredHostState[] = [];
  delayMs = 0;
  failing = new Map<string, string>();
  /** Console ports another program holds on this host: a node started on one fails, as the daemon reports it. */
  takesPort: (port: number) => boolean = () => false;
  private watcher: ((errors: ItemError[]) => void) | undefined;

  watchErrors(watcher: (errors: ItemError[]) => void): void {
    this.watcher = watcher;
  }

  async apply(state: DesiredHostState): Promise<ItemError[]> {
    await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    this.states.push(state);
    return this.errorsIn(state);
  }

  /** The daemon reports the errors of the state it runs now, as it does when a node's process ends. */
  reportErrors(): void {
    this.watcher?.(this.errorsIn(this.states.at(-1)!));
  }

  /** A node's process ended by itself: the daemon says so at once, for the revision it runs. */
  crash(nodeId: string, message: string): void {
    this.failing.set(nodeId, message);
    this.watcher?.(this.errorsIn(this.states.at(-1)!));
  }

  private errorsIn(state: DesiredHostState): ItemError[] {
    return state.nodes.filter((node) => node.running).flatMap((node): ItemError[] => {
      if (this.takesPort(node.consolePort)) {
        const message = `node ${node.name}: console port ${node.consolePort} is already in use on this host: free it, or give the node another "console" port`;
        return [{ kind: ItemErrorKind.NODE, id: node.nodeId, message, consolePortTaken: node.consolePort }];
      }
      const failure = this.failing.get(node.nodeId);
      return failure ? [{ kind: ItemErrorKind.NODE, id: node.nodeId, message: failure }] : [];
    });
  }

  runningNode(nodeId: string): boolean | undefined {
    return this.states.at(-1)?.nodes.find((node) => node.nodeId === nodeId)?.running;
  }
}

const { later, tempDir } = cleanupAfterEach();



interface Lab {
  controller: RunningController;
  reconciler: ScriptedReconciler;
  /** Between the daemon and the controller: frozen, the daemon stands for a host that stopped answering. */
  relay: FreezableRelay;
  client: ControlClient;
  notifications: Notification[];
  api(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
  pc: (name: string, nodeType?: string) => Promise<{ node_id: string; path: string }>;
  projectPath: string;
}

async function startLab(options: Partial<NodeControllerOptions> = {}, hostFacts?: HostFactsSource): Promise<Lab> {
  const events = new LocalEventBus();
  const notifications: Notification[] = [];
  const publish = events.publish.bind(events);
  events.publish = (scope, notification) => {
    notifications.push(notification);
    publish(scope, notification);
  };
  const controller = await startNodeController({ host: "127.0.0.1", port: 0, dataDir: tempDir("ack-controller-"), dataplaneToken: TOKEN, events, ...options });
  later(() => controller.close());
  const reconciler = new ScriptedReconciler();
  const relay = await startFreezableRelay(new URL(controller.url));
  later(() => relay.close());
  const client = new ControlClient({
    controllerUrl: relay.url,
    hostId: "local",
    token: TOKEN,
    tunnelAddress: "127.0.0.1",
    udpPortMin: 20000,
    udpPortMax: 20010,
    dataDir: tempDir("ack-daemon-"),
    reconciler,
    reconnectInitialMs: 50,
    reconnectMaxMs: 200,
    ...(hostFacts ? { hostFacts } : {}),
  });
  later(() => client.stop());
  const connected = new Promise((resolve) => client.once("applied", resolve));
  void client.start();
  await connected;
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${controller.url}${path}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
  const project = await api("POST", "/v2/projects", { name: `ack-${Math.random()}` });
  const projectPath = `/v2/projects/${project.body.project_id}`;
  const pc = async (name: string, nodeType = "vpcs") => {
    const created = await api("POST", `${projectPath}/nodes`, { name, node_type: nodeType, compute_id: "local" });
    expect(created.status).toBe(201);
    return { node_id: created.body.node_id as string, path: `${projectPath}/nodes/${created.body.node_id}` };
  };
  return { controller, reconciler, relay, client, notifications, api, pc, projectPath };
}

describe("writes answer once the dataplane host applied them", () => {
  it("answers a start after the host acknowledged the revision that runs the node", async () => {
    const lab = await startLab();
    const pc1 = await lab.pc("PC1");
    lab.reconciler.delayMs = 300;
    const began = Date.now();
    const started = await lab.api("POST", `${pc1.path}/start`);
    expect(started.status).toBe(200);
    expect(Date.now() - began).toBeGreaterThanOrEqual(300);
    expect(lab.reconciler.runningNode(pc1.node_id)).toBe(true);
  });

  it("answers a filter change after the host applied it, and a bulk start once for every node", async () => {
    const lab = await startLab();
    const [pc1, pc2] = [await lab.pc("PC1"), await lab.pc("PC2")];
    const link = await lab.api("POST", `${lab.projectPath}/links`, {
      nodes: [pc1, pc2].map((pc) => ({ node_id: pc.node_id, adapter_number: 0, port_number: 0 })),
    });
    expect(link.status).toBe(201);
    const updated = await lab.api("PUT", `${lab.projectPath}/links/${link.body.link_id}`, { filters: { packet_loss: [100] } });
    expect(updated.status).toBe(201);
    expect(lab.reconciler.states.at(-1)!.links[0]!.filters).toEqual([expect.objectContaining({ type: "packet_loss", numbers: [100] })]);
    const statesBefore = lab.reconciler.states.length;
    expect((await lab.api("POST", `${lab.projectPath}/nodes/start`)).status).toBe(204);
    expect([pc1, pc2].map((pc) => lab.reconciler.runningNode(pc.node_id))).toEqual([true, true]);
    expect(lab.reconciler.states.length - statesBefore).toBeLessThanOrEqual(2);
  });

  it("refuses a start the host could not do with 409 naming the cause, and the node is stopped", async () => {
    const lab = await startLab();
    const pc1 = await lab.pc("PC1");
    lab.reconciler.failing.set(pc1.node_id, "node PC1: console port 5000 is already in use on this host");
    const started = await lab.api("POST", `${pc1.path}/start`);
    expect(started).toEqual({
      status: 409,
      body: { status: 409, message: "Node PC1: console port 5000 is already in use on this host (dataplane host local)" },
    });
    expect((await lab.api("GET", pc1.path)).body.status).toBe("stopped");
    expect(lab.notifications.filter((n) => n.action === "node.updated").map((n) => n.event.status)).toEqual(["started", "stopped"]);
    expect(lab.notifications.find((n) => n.action === "log.error")?.event.message).toBe(
      "Node PC1 is not running on dataplane host local: node PC1: console port 5000 is already in use on this host",
    );
    await waitFor("the host told to stop it", () => lab.reconciler.runningNode(pc1.node_id) === false);
  });

  it("gives a node whose start finds its console port taken a free port, and answers once it runs there", async () => {
    const lab = await startLab();
    const pc1 = await lab.pc("PC1");
    const pc2 = await lab.pc("PC2");
    const taken = (await lab.api("GET", pc1.path)).body.console as number;
    lab.reconciler.takesPort = (port) => port === taken;
    expect((await lab.api("POST", `${lab.projectPath}/nodes/start`)).status).toBe(204);
    const moved = (await lab.api("GET", pc1.path)).body;
    expect(moved.status).toBe("started");
    expect(moved.console).not.toBe(taken);
    expect(moved.console).not.toBe((await lab.api("GET", pc2.path)).body.console);
    expect(lab.reconciler.states.at(-1)!.nodes.find((node) => node.nodeId === pc1.node_id)).toMatchObject({ running: true, consolePort: moved.console });
    expect(lab.notifications.filter((n) => n.action === "log.warning").map((n) => n.event.message)).toEqual([
      `TCP port ${taken} already in use on compute local by another program. Port has been replaced by ${moved.console} for node PC1`,
    ]);
    expect(lab.notifications.filter((n) => n.action === "node.updated" && n.event.node_id === pc1.node_id).at(-1)!.event).toMatchObject({ status: "started", console: moved.console });
    // The move is not a failure: no error, and the node never shows stopped on the way.
    expect(lab.notifications.filter((n) => n.action === "log.error")).toEqual([]);
    const statuses = lab.notifications.filter((n) => n.action === "node.updated" && n.event.node_id === pc1.node_id).map((n) => n.event.status);
    expect(statuses).not.toContain("stopped");
  });

  it("moves a running node whose host finds its console port taken outside any request, and the host runs it there", async () => {
    const lab = await startLab();
    const pc1 = await lab.pc("PC1");
    expect((await lab.api("POST", `${pc1.path}/start`)).status).toBe(200);
    const taken = (await lab.api("GET", pc1.path)).body.console as number;
    lab.reconciler.takesPort = (port) => port === taken;
    lab.reconciler.reportErrors();
    await waitFor("the host runs PC1 on another port", () => {
      const sent = lab.reconciler.states.at(-1)!.nodes.find((node) => node.nodeId === pc1.node_id);
      return sent?.running === true && sent.consolePort !== taken;
    });
    expect((await lab.api("GET", pc1.path)).body).toMatchObject({ status: "started", console: lab.reconciler.states.at(-1)!.nodes.find((node) => node.nodeId === pc1.node_id)!.consolePort });
    expect(lab.notifications.filter((n) => n.action === "log.warning").map((n) => n.event.message)).toEqual([
      expect.stringMatching(new RegExp(`^TCP port ${taken} already in use on compute local by another program\\. Port has been replaced by \\d+ for node PC1$`)),
    ]);
  });

  it("replaces a console port asked for that another program holds on the host, and says so with log.warning", async () => {
    const facts = { qemuBinaries: [], kvm: Kvm.KVM_UNUSABLE, kvmDetail: "no /dev/kvm", kvmPlatforms: [], busyConsolePorts: [5000], interfaces: [], docker: null };
    const lab = await startLab({}, { read: async () => facts, watch: () => () => undefined });
    await waitFor("port 5000 reported busy", async () => (await lab.api("GET", "/v2/computes/local/ports")).body.console_ports.includes(5000));
    const created = await lab.api("POST", `${lab.projectPath}/nodes`, { name: "PC1", node_type: "vpcs", compute_id: "local", console: 5000 });
    expect(created.status).toBe(201);
    expect(created.body.console).toBe(5001);
    expect(lab.notifications.find((n) => n.action === "log.warning")?.event.message).toBe(
      "TCP port 5000 already in use on compute local by another program. Port has been replaced by 5001 for node PC1",
    );
    const updated = await lab.api("PUT", `${lab.projectPath}/nodes/${created.body.node_id}`, { console: 5000 });
    expect(updated.body.console).toBe(5001);
  });

  it("gives up moving a node's console after three taken ports in one start: 409 naming the last", async () => {
    const lab = await startLab();
    const pc1 = await lab.pc("PC1");
    const tried: number[] = [];
    lab.reconciler.takesPort = (port) => (tried.includes(port) || tried.push(port), true);
    const started = await lab.api("POST", `${pc1.path}/start`);
    expect(tried).toHaveLength(4);
    expect(started).toEqual({
      status: 409,
      body: { status: 409, message: `Node PC1: console port ${tried[3]} is already in use on this host: free it, or give the node another "console" port (dataplane host local)` },
    });
    expect((await lab.api("GET", pc1.path)).body).toMatchObject({ status: "stopped", console: tried[3] });
  });

  it("refuses to start a node type the host cannot run: 409, and it stays stopped; linking and stopping it answer as usual", async () => {
    const lab = await startLab();
    const vm = await lab.pc("VM1", "iou");
    const pc1 = await lab.pc("PC1");
    const started = await lab.api("POST", `${vm.path}/start`);
    expect(started.status).toBe(409);
    expect(started.body.message).toMatch(/^VM1 is a iou node, which the dataplane does not run/);
    expect((await lab.api("GET", vm.path)).body.status).toBe("stopped");
    expect((await lab.api("POST", `${vm.path}/stop`)).status).toBe(200);
    const link = await lab.api("POST", `${lab.projectPath}/links`, {
      nodes: [vm, pc1].map((node) => ({ node_id: node.node_id, adapter_number: 0, port_number: 0 })),
    });
    expect(link.status).toBe(201);
    const leftOut = (await lab.api("GET", "/v2/computes/local")).body.dataplane.left_out;
    expect(leftOut.map((item: { id: string }) => item.id).sort()).toEqual([link.body.link_id, vm.node_id].sort());
  });

  it("stops a node whose process exits, with node.updated and log.error within 2 s", async () => {
    const lab = await startLab();
    const pc1 = await lab.pc("PC1");
    expect((await lab.api("POST", `${pc1.path}/start`)).status).toBe(200);
    const crashedAt = Date.now();
    lab.reconciler.crash(pc1.node_id, "node PC1: VPCS exited by itself (exit code 1)");
    await waitFor("the node stopped", async () => (await lab.api("GET", pc1.path)).body.status === "stopped", 2000);
    // The error is announced after the stop is stored (the ack's other records come between).
    await waitFor("the error announced", async () => lab.notifications.some((n) => n.action === "log.error"), 2000);
    expect(Date.now() - crashedAt).toBeLessThan(2000);
    expect(lab.notifications.filter((n) => n.action === "node.updated").at(-1)?.event.status).toBe("stopped");
  });

  it("keeps a change for a host that stopped answering, says so with 409, and the host applies it once it answers", async () => {
    const lab = await startLab({ dataplaneAckTimeoutMs: 300 });
    const pc1 = await lab.pc("PC1");
    lab.relay.freeze();
    const started = await lab.api("POST", `${pc1.path}/start`);
    expect(started.status).toBe(409);
    expect(started.body.message).toMatch(/^Dataplane host local did not answer for \d+\.\d s: the change is saved, and the host applies it when it answers again$/);
    expect((await lab.api("GET", pc1.path)).body.status).toBe("started");
    lab.relay.thaw();
    await waitFor("the host ran the saved change", async () => lab.reconciler.runningNode(pc1.node_id) === true);
  });

  it("waits for a busy host for as long as it answers, past the ack timeout", async () => {
    const lab = await startLab({ dataplaneAckTimeoutMs: 300 });
    const pc1 = await lab.pc("PC1");
    lab.reconciler.delayMs = 1_500;
    expect((await lab.api("POST", `${pc1.path}/start`)).status).toBe(200);
    expect(lab.reconciler.runningNode(pc1.node_id)).toBe(true);
  });

  it("gives a VM's boot and graceful shutdown their time, and nothing else more than the usual", async () => {
    // The host stops answering for 0.8 s as the change reaches it; each case on a fresh host, as
    // a host that once answered late is borne longer after.
    const silentWhile = async (lab: Lab, path: string) => {
      lab.relay.freeze();
      setTimeout(() => lab.relay.thaw(), 800);
      return (await lab.api("POST", path)).status;
    };
    const booting = await startLab({ dataplaneAckTimeoutMs: 300 });
    const vm = await booting.pc("VM1", "qemu");
    expect(await silentWhile(booting, `${vm.path}/start`)).toBe(200);

    const stopping = await startLab({ dataplaneAckTimeoutMs: 300 });
    const running = await stopping.pc("VM1", "qemu");
    expect((await stopping.api("PUT", running.path, { properties: { on_close: "shutdown_signal" } })).status).toBe(200);
    expect((await stopping.api("POST", `${running.path}/start`)).status).toBe(200);
    expect(await silentWhile(stopping, `${running.path}/stop`)).toBe(200);

    const other = await startLab({ dataplaneAckTimeoutMs: 300 });
    const pc1 = await other.pc("PC1");
    expect(await silentWhile(other, `${pc1.path}/start`)).toBe(409);
  });

  it("keeps a change for a host that is not connected, and says so with 409", async () => {
    const lab = await startLab();
    const pc1 = await lab.pc("PC1");
    await lab.client.stop();
    await waitFor("the host disconnected", async () => (await lab.api("GET", "/v2/computes/local")).body.dataplane?.connected === false);
    const started = await lab.api("POST", `${pc1.path}/start`);
    expect(started).toEqual({
      status: 409,
      body: { status: 409, message: "Dataplane host local is not connected: the change is saved, and the host applies it when it answers again" },
    });
    expect((await lab.api("GET", pc1.path)).body.status).toBe("started");
  });
});

describe("daemons that say nothing", () => {
  it("closes a connection that sends no Hello in time", async () => {
    const controller = await startNodeController({ host: "127.0.0.1", port: 0, dataDir: tempDir("ack-controller-"), dataplaneToken: TOKEN, dataplaneHelloTimeoutMs: 300 });
    later(() => controller.close());
    const socket = new WebSocket(`${controller.url.replace(/^http/, "ws")}/v2/dataplane/ws?host_id=quiet`);
    const closed = await new Promise<{ code: number; reason: string }>((resolve) => socket.once("close", (code, reason) => resolve({ code, reason: reason.toString() })));
    expect(closed).toEqual({ code: 4408, reason: "no Hello within 0.3 s of connecting" });
  });

  it("shows a host that went silent after its Hello as not connected", async () => {
    const controller = await startNodeController({ host: "127.0.0.1", port: 0, dataDir: tempDir("ack-controller-"), dataplaneToken: TOKEN, dataplaneSilenceTimeoutMs: 500 });
    later(() => controller.close());
    const socket = new WebSocket(`${controller.url.replace(/^http/, "ws")}/v2/dataplane/ws?host_id=h1`);
    await new Promise((resolve) => socket.once("open", resolve));
    const hello = daemonHello("h1", TOKEN, { udpPortMax: 20010 });
    socket.send(encodeDaemonMessage({ hello }));
    const compute = async () => (await (await fetch(`${controller.url}/v2/computes/h1`)).json()) as { connected: boolean };
    await waitFor("the host connected", async () => (await compute()).connected);
    const closed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));
    await waitFor("the host shown disconnected", async () => !(await compute()).connected, 3000);
    expect(await closed).toBe(4408);
  });
});
