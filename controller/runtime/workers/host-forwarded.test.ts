import { describe, expect, it } from "vitest";
import { waitFor } from "@shared/testing/cleanups";
import { decodeControllerMessage, type DaemonMessage, type DesiredHostState, type DirectionCounters } from "@shared/proto";
import { daemonFrame, daemonHello, FollowedState } from "../../testing/daemon-messages";
import { workerInNode } from "../../testing/worker-in-node";

/** workerd's hibernatable socket as a host's object sees it: the states it was sent, acknowledged as a daemon would. */
class DaemonSocket {
  readonly states: DesiredHostState[] = [];
  private readonly followed = new FollowedState();
  private attachment: unknown = null;
  acknowledge: ((revision: number) => void) | undefined;

  send(data: ArrayBuffer | Uint8Array | string): void {
    const state = this.followed.after(decodeControllerMessage(typeof data === "string" ? new TextEncoder().encode(data) : new Uint8Array(data)));
    if (!state) return;
    this.states.push(state);
    setTimeout(() => this.acknowledge?.(state.revision), 1);
  }
  close(): void {}
  serializeAttachment(value: unknown): void {
    this.attachment = structuredClone(value);
  }
  deserializeAttachment(): unknown {
    return structuredClone(this.attachment);
  }
}

function delivered(framesOut: number): DirectionCounters {
  return {
    framesIn: framesOut, framesOut, bytesIn: 0, bytesOut: 0, droppedFrequency: 0, droppedLoss: 0, droppedBpf: 0, droppedSuspended: 0,
    corrupted: 0, delayedQueued: 0, droppedDelayFull: 0, droppedRateQueueFull: 0, droppedLossBurst: 0, duplicated: 0, reordered: 0, rateQueued: 0,
  };
}

const T0 = Date.UTC(2026, 5, 1, 12, 0, 0);

describe("a host's forwarded frames on GET /v2/computes/{id}", () => {
  it("add up what the host's links delivered, read through the host's object", async () => {
    const { computes, api } = workerInNode({ DATAPLANE_TOKEN: "secret" });
    computes.instance("local");
    const socket = new DaemonSocket();
    socket.serializeAttachment({ hostId: "local" });
    computes.states.get("local")!.acceptWebSocket(socket);
    const daemonSays = (message: DaemonMessage) => computes.instance("local").webSocketMessage(socket as never, daemonFrame(message));
    socket.acknowledge = (revision) => daemonSays({ ack: { revision, errors: [], nodes: [] } });
    daemonSays({ hello: daemonHello("local", "secret") });
    await waitFor("the first state", () => socket.states[0]);
    const dataplane = async () => (await api("GET", "/v2/computes/local")).body.dataplane;
    expect(await dataplane()).toMatchObject({ connected: true, forwarded_frames: 0, forwarded_sampled_at: null });

    const { body: project } = await api("POST", "/v2/projects", { name: "forwarded" });
    const base = `/v2/projects/${project.project_id}`;
    const switches = [];
    for (const name of ["SW1", "SW2"]) switches.push((await api("POST", `${base}/nodes`, { name, node_type: "ethernet_switch", compute_id: "local" })).body);
    const { body: link } = await api("POST", `${base}/links`, { nodes: switches.map((sw) => ({ node_id: sw.node_id, adapter_number: 0, port_number: 0 })) });
    await waitFor("the link in a state", () => socket.states.some((state) => state.links.length === 1));

    const report = (sampledAtMs: number, aToB: number, bToA: number) =>
      daemonSays({ counters: { sampledAtMs, links: [{ linkId: link.link_id, aToB: delivered(aToB), bToA: delivered(bToA) }] } });
    // The connection's first report sets where the link counts from; the next ones add to the host's total.
    report(T0, 40, 2);
    report(T0 + 1000, 140, 12);
    await waitFor("the total", async () => (await dataplane()).forwarded_frames === 110);
    expect(await dataplane()).toMatchObject({ forwarded_frames: 110, forwarded_sampled_at: "2026-06-01T12:00:01.000Z" });
  });

  it("is absent for a compute no daemon connected as", async () => {
    const { api } = workerInNode({ DATAPLANE_TOKEN: "secret" });
    const reply = await api("GET", "/v2/computes/local");
    expect(reply.status).toBe(200);
    expect(reply.body.dataplane).toBeUndefined();
  });
});
