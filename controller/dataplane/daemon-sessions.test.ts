import { describe, expect, it } from "vitest";
import { cleanupAfterEach } from "@shared/testing/cleanups";
import { decodeControllerMessage, type ControllerMessage } from "@shared/proto";
import { createApp } from "../app";
import { keys } from "../store/keys";
import { daemonFrame, daemonHello, revisionOf } from "../testing/daemon-messages";
import { inProcessDeps } from "../testing/in-process-deps";
import { CLOSE_HOST_TAKEN, CLOSE_REPLACED } from "./daemon-hello";
import { DataplaneHub, type DaemonConnection } from "./hub";

const TOKEN = "sessions-token";
const { tempDir } = cleanupAfterEach();

/** A daemon on a fake socket: what it was sent, how it was closed, and whether it acks the states it gets. */
class FakeDaemon {
  readonly received: ControllerMessage[] = [];
  closedWith: { code: number; reason: string } | undefined;
  connection!: DaemonConnection;
  acks = true;
  /** Whether it answers pings, and after how long. */
  pongs = true;
  pongDelayMs = 0;

  constructor(readonly peer: string) {}

  dial(hub: DataplaneHub, hostId: string, instanceId: string): this {
    this.connection = hub.connect({
      peer: this.peer,
      send: (bytes) => {
        const message = decodeControllerMessage(bytes);
        this.received.push(message);
        const revision = revisionOf(message);
        if (revision !== undefined && this.acks) setTimeout(() => this.ack(revision), 0);
        if ("ping" in message && this.pongs) setTimeout(() => this.connection.message(daemonFrame({ pong: message.ping })), this.pongDelayMs);
      },
      close: (code, reason) => {
        this.closedWith = { code, reason };
        this.connection.closed();
      },
    });
    this.connection.message(daemonFrame({ hello: daemonHello(hostId, TOKEN, { instanceId }) }));
    return this;
  }

  ack(revision: number): void {
    this.connection.message(daemonFrame({ ack: { revision, errors: [], nodes: [] } }));
  }

  progress(revision: number, done: number): void {
    this.connection.message(daemonFrame({ progress: { revision, done, total: 100 } }));
  }

  states(): number[] {
    return this.received.flatMap((message) => revisionOf(message) ?? []);
  }

  notices(): string[] {
    return this.received.flatMap((message) => ("notice" in message ? [message.notice.message] : []));
  }
}

function lab(ackTimeoutMs = 5000) {
  const base = inProcessDeps(tempDir("sessions-"));
  const deps = { ...base, config: { ...base.config, dataplaneToken: TOKEN, dataplaneAckTimeoutMs: ackTimeoutMs } };
  const hub = new DataplaneHub(deps);
  deps.dataplane = hub;
  const app = createApp(deps, { dataplaneChannel: false });
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await app.request(path, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
  const connected = async (hostId: string) => ((await deps.store.get<{ connected: boolean }>(keys.dataplaneHost(hostId)))?.connected ?? false);
  return { hub, api, deps, connected };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("one live daemon per host id", () => {
  it("refuses a second daemon while the first lives, tells the first, and keeps its session", async () => {
    const { hub, connected } = lab();
    const first = new FakeDaemon("10.0.0.5:40001").dial(hub, "h1", "first");
    await settle();
    const second = new FakeDaemon("10.0.0.6:40002").dial(hub, "h1", "second");
    await settle();
    expect(second.closedWith?.code).toBe(CLOSE_HOST_TAKEN);
    const refusal = second.received.find((message) => "refused" in message);
    expect(refusal && "refused" in refusal && refusal.refused.message).toMatch(
      /^host id 'h1' is served by another daemon, connected from 10\.0\.0\.5:40001 since .*; this one waits for it to go: stop one of them, or give this one another --host-id$/,
    );
    expect(first.closedWith).toBeUndefined();
    expect(first.notices()).toEqual(["another daemon, from 10.0.0.6:40002, tried to connect as host id 'h1' and was refused: stop one of them, or give it another --host-id"]);
    expect(await connected("h1")).toBe(true);
  });

  it("tells the first daemon once, however often the second dials", async () => {
    const { hub } = lab();
    const first = new FakeDaemon("10.0.0.5:40001").dial(hub, "h1", "first");
    await settle();
    for (let attempt = 0; attempt < 5; attempt++) new FakeDaemon("10.0.0.6:40002").dial(hub, "h1", "second");
    await settle();
    expect(first.notices()).toHaveLength(1);
  });

  it("lets the same daemon dialling again replace its old connection", async () => {
    const { hub, connected } = lab();
    const before = new FakeDaemon("10.0.0.5:40001").dial(hub, "h1", "same");
    await settle();
    const again = new FakeDaemon("10.0.0.5:40003").dial(hub, "h1", "same");
    await settle();
    expect(before.closedWith?.code).toBe(CLOSE_REPLACED);
    expect(again.closedWith).toBeUndefined();
    expect(again.states().length).toBeGreaterThan(0);
    expect(await connected("h1")).toBe(true);
  });

  it("takes the second daemon once the first has gone", async () => {
    const { hub, connected } = lab();
    const first = new FakeDaemon("10.0.0.5:40001").dial(hub, "h1", "first");
    await settle();
    first.connection.closed();
    await settle();
    const second = new FakeDaemon("10.0.0.6:40002").dial(hub, "h1", "second");
    await settle();
    expect(second.closedWith).toBeUndefined();
    expect(await connected("h1")).toBe(true);
  });
});

describe("a write to a host that is dialling in", () => {
  it("waits for the daemon to connect, then answers as applied", async () => {
    const { hub, api } = lab();
    const daemon = new FakeDaemon("127.0.0.1:40001").dial(hub, "local", "one");
    const project = (await api("POST", "/v2/projects", { name: "p" })).body.project_id;
    const node = (await api("POST", `/v2/projects/${project}/nodes`, { name: "PC1", node_type: "vpcs", compute_id: "local" })).body.node_id;
    daemon.connection.closed();
    await settle();
    // The write is sent while no daemon is connected; one dials in a moment later.
    const started = api("POST", `/v2/projects/${project}/nodes/${node}/start`);
    setTimeout(() => new FakeDaemon("127.0.0.1:40002").dial(hub, "local", "two"), 300);
    expect((await started).status).toBe(200);
  });

  it("answers 409 once the ack timeout has passed with no daemon", async () => {
    const { hub, api } = lab(300);
    const daemon = new FakeDaemon("127.0.0.1:40001").dial(hub, "local", "one");
    const project = (await api("POST", "/v2/projects", { name: "p" })).body.project_id;
    const node = (await api("POST", `/v2/projects/${project}/nodes`, { name: "PC1", node_type: "vpcs", compute_id: "local" })).body.node_id;
    daemon.connection.closed();
    await settle();
    const started = await api("POST", `/v2/projects/${project}/nodes/${node}/start`);
    expect(started).toEqual({ status: 409, body: { status: 409, message: "Dataplane host local is not connected: the change is saved, and the host applies it when it answers again" } });
  });
});

/** A VPCS on a connected host whose daemon then stops acking (and is `shaped` further), and the start of it, waiting. */
async function startOnHostThatDoesNotAck(shaped: (daemon: FakeDaemon) => void = () => {}) {
  const { hub, api } = lab(400);
  const daemon = new FakeDaemon("127.0.0.1:40001").dial(hub, "local", "one");
  const project = (await api("POST", "/v2/projects", { name: "p" })).body.project_id;
  const node = (await api("POST", `/v2/projects/${project}/nodes`, { name: "PC1", node_type: "vpcs", compute_id: "local" })).body.node_id;
  await settle();
  daemon.acks = false;
  shaped(daemon);
  return { daemon, started: api("POST", `/v2/projects/${project}/nodes/${node}/start`) };
}

describe("a host that reports progress", () => {
  it("is waited for past the ack timeout while it works, and answers once it acks", async () => {
    const { daemon, started } = await startOnHostThatDoesNotAck();
    // Three times the timeout of work, reported every 200 ms, then the ack.
    for (let done = 1; done <= 6; done++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      daemon.progress(daemon.states().at(-1)!, done);
    }
    daemon.ack(daemon.states().at(-1)!);
    expect((await started).status).toBe(200);
  });

  it("answers 409 once the host has said nothing for the ack timeout, naming how long", async () => {
    const { daemon, started } = await startOnHostThatDoesNotAck((each) => (each.pongs = false));
    await new Promise((resolve) => setTimeout(resolve, 200));
    daemon.progress(daemon.states().at(-1)!, 1);
    const answer = await started;
    expect(answer.status).toBe(409);
    expect(answer.body.message).toMatch(/^Dataplane host local did not answer for 0\.[4-9] s: the change is saved, and the host applies it when it answers again$/);
  });
});

describe("a busy host that answers pings", () => {
  it("is waited for while it answers, with no progress report at all, and answers once it acks", async () => {
    const { daemon, started } = await startOnHostThatDoesNotAck();
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(daemon.received.filter((message) => "ping" in message).length).toBeGreaterThan(3);
    daemon.ack(daemon.states().at(-1)!);
    expect((await started).status).toBe(200);
  });

  it("is given several of its own round trips once it answers slowly, longer than the ack timeout", async () => {
    const { daemon, started } = await startOnHostThatDoesNotAck((each) => (each.pongDelayMs = 300));
    await new Promise((resolve) => setTimeout(resolve, 600));
    // Round trips of 300 ms: silence is borne for 1.2 s now, where the ack timeout is 0.4 s. The
    // pongs already on their way arrive by 0.9 s; nothing is heard after.
    daemon.pongs = false;
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    daemon.ack(daemon.states().at(-1)!);
    expect((await started).status).toBe(200);
  });
});
