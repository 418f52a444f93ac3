import { describe, expect, it } from "vitest";
import { cleanupAfterEach, waitFor } from "@shared/testing/cleanups";
import { decodeControllerMessage, NodeKind, type DesiredHostState, type NodeReport } from "@shared/proto";
import { daemonFrame, daemonHello, FollowedState } from "../testing/daemon-messages";
import { createApp } from "../app";
import type { Notification } from "../events/event-bus";
import type { KeyValueStore } from "../store/kv";
import { inProcessDeps } from "../testing/in-process-deps";
import { workerInNode } from "../testing/worker-in-node";
import { DataplaneHub, type DaemonConnection } from "./hub";

const TOKEN = "command-line-token";
const { tempDir } = cleanupAfterEach();

/** A daemon that runs every VPCS and QEMU node asked to run, reporting a command line for each, and acks at once. */
class ReportingDaemon {
  connection!: DaemonConnection;
  last: DesiredHostState | undefined;
  private readonly followed = new FollowedState();
  /** Nodes it does not manage to run, whatever the state says. */
  readonly failing = new Set<string>();
  readonly socket = {
    send: (bytes: Uint8Array) => {
      const state = this.followed.after(decodeControllerMessage(bytes));
      if (!state) return;
      this.last = state;
      setTimeout(() => this.ack(), 0);
    },
    close: () => {},
  };

  connect(hub: DataplaneHub): void {
    this.connection = hub.connect(this.socket);
    this.connection.message(
      daemonFrame({ hello: daemonHello("local", TOKEN, { udpPortMin: 20000, udpPortMax: 20010 }) }),
    );
  }

  /** Acks the last state again, as a daemon does when a process exits between states. */
  ack(): void {
    const state = this.last!;
    this.connection.message(daemonFrame({ ack: { revision: state.revision, errors: [], nodes: this.reports(state) } }));
  }

  private reports(state: DesiredHostState): NodeReport[] {
    return state.nodes
      .filter((node) => node.running && !this.failing.has(node.nodeId) && (node.kind === NodeKind.VPCS || node.kind === NodeKind.QEMU))
      .map((node) => ({ nodeId: node.nodeId, projectId: node.projectId, commandLine: node.kind === NodeKind.VPCS ? `vpcs -F -p ${node.consolePort}` : `qemu-system-x86_64 -name ${node.name} -accel tcg`, idlepc: null }));
  }
}

/** The node records of each commit that wrote some. */
function recordingStore(store: KeyValueStore) {
  const nodeWrites: string[][] = [];
  const recording: KeyValueStore = {
    get: (key) => store.get(key),
    list: (prefix) => store.list(prefix),
    commit: (writes, guards) => {
      const nodes = writes.filter((write) => /^projects\/[^/]+\/nodes\/[^/]+$/.test(write.key)).map((write) => write.key);
      if (nodes.length > 0) nodeWrites.push(nodes);
      return store.commit(writes, guards);
    },
    close: () => store.close(),
  };
  return { recording, nodeWrites };
}

function lab() {
  const base = inProcessDeps(tempDir("command-lines-"));
  const { recording, nodeWrites } = recordingStore(base.store);
  const deps = { ...base, store: recording, config: { ...base.config, dataplaneToken: TOKEN } };
  const notifications: Notification[] = [];
  const publish = deps.events.publish.bind(deps.events);
  deps.events.publish = (scope, notification) => {
    notifications.push(notification);
    publish(scope, notification);
  };
  const hub = new DataplaneHub(deps);
  deps.dataplane = hub;
  const app = createApp(deps, { dataplaneChannel: false });
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await app.request(path, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
  const daemon = new ReportingDaemon();
  daemon.connect(hub);
  return { api, daemon, hub, nodeWrites, notifications };
}

async function projectWith(api: ReturnType<typeof lab>["api"], ...nodes: Array<{ name: string; node_type: string }>) {
  const project = (await api("POST", "/v2/projects", { name: `p-${Math.random()}` })).body;
  const base = `/v2/projects/${project.project_id}`;
  const created = [];
  for (const node of nodes) created.push((await api("POST", `${base}/nodes`, { ...node, compute_id: "local" })).body);
  return { base, nodes: created };
}

describe("a node's command line", () => {
  it("is what its host runs it with once its start answers, and GNS3's value for a stopped node once its stop answers", async () => {
    const { api, notifications } = lab();
    const { base, nodes } = await projectWith(api, { name: "PC1", node_type: "vpcs" }, { name: "VM1", node_type: "qemu" }, { name: "SW1", node_type: "ethernet_switch" });
    const [pc, vm, sw] = nodes;
    expect(vm.node_type).toBe("qemu");
    expect([pc.command_line, vm.command_line, sw.command_line]).toEqual(["", "", null]);

    const started = await api("POST", `${base}/nodes/${pc.node_id}/start`);
    expect(started.status).toBe(200);
    expect(started.body.command_line).toBe(`vpcs -F -p ${pc.console}`);
    expect((await api("GET", `${base}/nodes/${pc.node_id}`)).body.command_line).toBe(`vpcs -F -p ${pc.console}`);
    expect(notifications.filter((n) => n.action === "node.updated" && n.event.node_id === pc.node_id).at(-1)?.event.command_line).toBe(`vpcs -F -p ${pc.console}`);

    expect((await api("POST", `${base}/nodes/start`)).status).toBe(204);
    const listed: Array<{ name: string; command_line: string | null }> = (await api("GET", `${base}/nodes`)).body;
    expect(Object.fromEntries(listed.map((node) => [node.name, node.command_line]))).toEqual({ PC1: `vpcs -F -p ${pc.console}`, VM1: "qemu-system-x86_64 -name VM1 -accel tcg", SW1: null });

    const stopped = await api("POST", `${base}/nodes/${pc.node_id}/stop`);
    expect(stopped.body).toMatchObject({ status: "stopped", command_line: "" });
    expect((await api("GET", `${base}/nodes/${sw.node_id}`)).body.command_line).toBeNull();
    expect(notifications.filter((n) => n.action === "node.updated" && n.event.node_id === pc.node_id).at(-1)?.event.command_line).toBe("");
  });

  it("is written only when the host reports a change: acks repeating it touch no node", async () => {
    const { api, daemon, nodeWrites } = lab();
    const { base, nodes } = await projectWith(api, { name: "PC1", node_type: "vpcs" }, { name: "PC2", node_type: "vpcs" });
    const [pc1, pc2] = nodes;
    const link = await api("POST", `${base}/links`, { nodes: nodes.map((node) => ({ node_id: node.node_id, adapter_number: 0, port_number: 0 })) });
    nodeWrites.length = 0;
    expect((await api("POST", `${base}/nodes/start`)).status).toBe(204);
    // Each start, then both lines in one commit.
    const named = nodeWrites.map((keys) => keys.map((key) => (key.endsWith(pc1.node_id) ? "PC1" : key.endsWith(pc2.node_id) ? "PC2" : key)).sort().join("+"));
    expect(named.slice(0, 2).sort()).toEqual(["PC1", "PC2"]);
    expect(named.slice(2)).toEqual(["PC1+PC2"]);

    nodeWrites.length = 0;
    expect((await api("PUT", `${base}/links/${link.body.link_id}`, { filters: { packet_loss: [50] } })).status).toBe(201);
    daemon.ack();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(nodeWrites).toEqual([]);
  });

  it("is cleared by a new connection of the host when the host no longer runs the node, and when the project closes", async () => {
    const { api, daemon, hub } = lab();
    const { base, nodes } = await projectWith(api, { name: "PC1", node_type: "vpcs" }, { name: "PC2", node_type: "vpcs" });
    const [pc1, pc2] = nodes;
    await api("POST", `${base}/nodes/start`);
    expect((await api("GET", `${base}/nodes/${pc1.node_id}`)).body.command_line).not.toBe("");

    // The daemon restarted without its processes, and PC1 failed to come back.
    daemon.connection.closed();
    const restarted = new ReportingDaemon();
    restarted.failing.add(pc1.node_id);
    restarted.connect(hub);
    await waitFor("PC1's line cleared", async () => (await api("GET", `${base}/nodes/${pc1.node_id}`)).body.command_line === "");
    expect((await api("GET", `${base}/nodes/${pc2.node_id}`)).body.command_line).toBe(`vpcs -F -p ${pc2.console}`);

    expect((await api("POST", `${base}/close`)).status).toBe(204);
    expect((await api("POST", `${base}/open`)).status).toBe(201);
    expect((await api("GET", `${base}/nodes`)).body.map((node: { command_line: string }) => node.command_line)).toEqual(["", ""]);
  });
});

describe("a node's command line on Workers", () => {
  it("is stored by the host's object from its acks, and shown by the project's object in the start and stop answers", async () => {
    const { computes, api } = workerInNode({ DATAPLANE_TOKEN: TOKEN });
    const daemon = new ReportingDaemon();
    computes.instance("local");
    const socket = {
      attachment: { hostId: "local" } as unknown,
      send: (bytes: Uint8Array) => daemon.socket.send(new Uint8Array(bytes)),
      close: () => {},
      serializeAttachment(value: unknown) {
        this.attachment = structuredClone(value);
      },
      deserializeAttachment() {
        return structuredClone(this.attachment);
      },
    };
    computes.states.get("local")!.acceptWebSocket(socket);
    daemon.connection = { message: (data) => computes.instance("local").webSocketMessage(socket as never, data), closed: () => {} };
    daemon.connection.message(
      daemonFrame({ hello: daemonHello("local", TOKEN, { udpPortMin: 20000, udpPortMax: 20010 }) }),
    );
    const project = (await api("POST", "/v2/projects", { name: "on workers" })).body;
    const base = `/v2/projects/${project.project_id}`;
    // A VM: a VPCS node's creation writes its startup script, and these objects have no bucket.
    const vm = (await api("POST", `${base}/nodes`, { name: "VM1", node_type: "qemu", compute_id: "local" })).body;
    const started = await api("POST", `${base}/nodes/${vm.node_id}/start`);
    expect(started.status).toBe(200);
    expect(started.body.command_line).toBe("qemu-system-x86_64 -name VM1 -accel tcg");
    expect((await api("GET", `${base}/nodes/${vm.node_id}`)).body.command_line).toBe("qemu-system-x86_64 -name VM1 -accel tcg");
    expect((await api("POST", `${base}/nodes/${vm.node_id}/stop`)).body.command_line).toBe("");
  });
});
