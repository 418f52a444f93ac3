import { describe, expect, it } from "vitest";
import { waitFor } from "@shared/testing/cleanups";
import { decodeControllerMessage, type CaptureFollow, type DaemonMessage, type DesiredHostState } from "@shared/proto";
import { daemonFrame, daemonHello, FollowedState, revisionOf } from "../../testing/daemon-messages";
import { workerInNode } from "../../testing/worker-in-node";
import worker from "../worker";
import type { Env } from "./bindings";

/** workerd's hibernatable socket as the object sees it: what was sent, and the attachment it keeps. */
class FakeSocket {
  readonly sent: Uint8Array[] = [];
  closed: { code?: number; reason?: string } | undefined;
  private attachment: unknown = null;
  /** Stands for the daemon acknowledging each state it is sent, as requests that change a host wait for. */
  acknowledge: ((revision: number) => void) | undefined;

  send(data: ArrayBuffer | Uint8Array | string): void {
    const bytes = typeof data === "string" ? new TextEncoder().encode(data) : new Uint8Array(data);
    this.sent.push(bytes);
    const message = decodeControllerMessage(bytes);
    const revision = revisionOf(message);
    if (revision !== undefined) setTimeout(() => this.acknowledge?.(revision), 1);
  }
  close(code?: number, reason?: string): void {
    this.closed = { code, reason };
  }
  serializeAttachment(value: unknown): void {
    this.attachment = structuredClone(value);
  }
  deserializeAttachment(): unknown {
    return structuredClone(this.attachment);
  }
  /** The whole state the daemon held after each state or change it was sent. */
  states(): DesiredHostState[] {
    const followed = new FollowedState();
    return this.sent.flatMap((bytes) => followed.after(decodeControllerMessage(bytes)) ?? []);
  }
  captureRequests(): CaptureFollow[] {
    return this.sent.map((bytes) => decodeControllerMessage(bytes)).flatMap((message) => ("captureFollow" in message ? [message.captureFollow] : []));
  }
}


describe("a dataplane host's Durable Object", () => {
  it("keeps the daemon's session across hibernation: a change made while it slept reaches the daemon", async () => {
    const { computes, api } = workerInNode({ DATAPLANE_TOKEN: "secret" });
    // The socket as the object's fetch accepted it: workerd keeps it, and its attachment, while the object sleeps.
    computes.instance("local");
    const state = computes.states.get("local")!;
    const socket = new FakeSocket();
    socket.serializeAttachment({ hostId: "local" });
    state.acceptWebSocket(socket);
    socket.acknowledge = (revision) => computes.instance("local").webSocketMessage(socket as never, daemonFrame({ ack: { revision, errors: [], nodes: [] } }));
    computes.instance("local").webSocketMessage(socket as never, daemonFrame({ hello: daemonHello("local", "secret") }));
    const first = await waitFor("the first state", () => socket.states()[0]);

    const { body: project } = await api("POST", "/v2/projects", { name: "hibernation" });
    const base = `/v2/projects/${project.project_id}`;
    // Switches: the host runs them with no program and, unlike VPCS, they need no node files (no R2 here).
    const switches = [];
    for (const name of ["SW1", "SW2"]) switches.push((await api("POST", `${base}/nodes`, { name, node_type: "ethernet_switch", compute_id: "local" })).body);
    const { body: link } = await api("POST", `${base}/links`, { nodes: switches.map((sw) => ({ node_id: sw.node_id, adapter_number: 0, port_number: 0 })) });
    const linked = await waitFor("the link in a state", () => socket.states().find((sent) => sent.links.length === 1));
    expect(linked.revision).toBeGreaterThan(first.revision);
    expect(linked.nodes.map((node) => node.name).sort()).toEqual(["SW1", "SW2"]);
    await waitFor("the ack", async () => (await api("GET", "/v2/computes/local")).body.dataplane?.applied_revision === linked.revision);

    computes.evict("local");
    expect((await api("PUT", `${base}/links/${link.link_id}`, { filters: { delay: [50, 0] } })).status).toBe(201);
    const delayed = await waitFor("the filter in a state", () => socket.states().find((sent) => sent.links[0]?.filters.length === 1));
    expect(delayed.revision).toBeGreaterThan(linked.revision);
    expect(delayed.links[0]!.filters).toEqual([{ type: "delay", numbers: [50, 0], text: "" }]);
    expect(socket.closed).toBeUndefined();

    // The woken object records the daemon's ack and, when the socket closes, the host's departure.
    await waitFor("the second ack", async () => (await api("GET", "/v2/computes/local")).body.dataplane?.applied_revision === delayed.revision);
    computes.instance("local").webSocketClose(socket as never, 1000, "daemon stopping");
    await waitFor("the disconnect", async () => (await api("GET", "/v2/computes/local")).body.dataplane?.connected === false);
  });

  it("refuses a Hello naming another host than the one the daemon dialled", async () => {
    const { computes } = workerInNode({ DATAPLANE_TOKEN: "secret" });
    computes.instance("h1");
    const state = computes.states.get("h1")!;
    const socket = new FakeSocket();
    socket.serializeAttachment({ hostId: "h1" });
    state.acceptWebSocket(socket);
    computes.instance("h1").webSocketMessage(socket as never, daemonFrame({ hello: daemonHello("h2", "secret") }));
    const closed = await waitFor("the refusal", () => socket.closed);
    expect(closed.code).toBe(4400);
    expect(closed.reason).toContain("host 'h1'");
  });

  it("streams a capture the host's daemon sends through the host's object, and answers 409 when the daemon has no such file", async () => {
    // An empty bucket: the capture is only on the daemon's disk.
    const noFiles = { get: async () => null } as unknown as Env["FILES"];
    const { computes, api, env } = workerInNode({ DATAPLANE_TOKEN: "secret", FILES: noFiles });
    computes.instance("local");
    const socket = new FakeSocket();
    socket.serializeAttachment({ hostId: "local" });
    computes.states.get("local")!.acceptWebSocket(socket);
    const daemonSays = (message: DaemonMessage) => computes.instance("local").webSocketMessage(socket as never, daemonFrame(message));
    socket.acknowledge = (revision) => daemonSays({ ack: { revision, errors: [], nodes: [] } });
    daemonSays({ hello: daemonHello("local", "secret") });
    await waitFor("the first state", () => socket.states()[0]);

    const { body: project } = await api("POST", "/v2/projects", { name: "capture" });
    const base = `/v2/projects/${project.project_id}`;
    const switches = [];
    for (const name of ["SW1", "SW2"]) switches.push((await api("POST", `${base}/nodes`, { name, node_type: "ethernet_switch", compute_id: "local" })).body);
    const { body: link } = await api("POST", `${base}/links`, { nodes: switches.map((sw) => ({ node_id: sw.node_id, adapter_number: 0, port_number: 0 })) });
    const started = await api("POST", `${base}/links/${link.link_id}/start_capture`, {});
    expect(started.status).toBe(201);
    const relativePath = `projects/${project.project_id}/project-files/captures/${started.body.capture_file_name}`;
    const pcap = () => worker.fetch(new Request(`https://controller.test${base}/links/${link.link_id}/pcap`), env);

    const answering = pcap();
    const [request] = await waitFor("the capture request", () => socket.captureRequests().length === 1 && socket.captureRequests());
    expect(request).toEqual({ streamId: 1, relativePath, offset: 0, stop: false });
    const chunk = (data: string, end = false) => daemonSays({ captureChunk: { streamId: 1, data: new TextEncoder().encode(data), end, error: "" } });
    chunk("header-");
    const response = await answering;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/vnd.tcpdump.pcap");
    chunk("record-");
    chunk("last", true);
    expect(await response.text()).toBe("header-record-last");

    const refused = pcap();
    await waitFor("the second capture request", () => socket.captureRequests().length === 2);
    daemonSays({ captureChunk: { streamId: 2, data: new Uint8Array(), end: true, error: `no capture file ${relativePath} on this host` } });
    const answer = await refused;
    expect(answer.status).toBe(409);
    expect(await answer.json()).toEqual({
      message: `The capture file ${started.body.capture_file_name} has no data yet: no dataplane has written it on compute local`,
      status: 409,
    });
  });
});
