import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../app";
import { LocalEventBus } from "../events/event-bus";
import { startNodeController, type RunningController } from "../runtime/node";
import { describeApi, inProcessDeps, TEST_NOTIFICATION_PING_MS, type ApiClient } from "../testing/api-targets";
import {
  openWebSocket,
  readHttpStream,
  refusedUpgradeStatus,
  type NotificationClient,
  type WebSocketClient,
} from "../testing/notification-clients";

const UNKNOWN_PROJECT = "00000000-0000-4000-8000-000000000000";
const IN_PROCESS_PING = '{"action":"ping","event":{"cpu_usage_percent":1.5,"memory_usage_percent":10.5}}';
/** Timers never fire early, but frames can reach the client unevenly late. */
const EARLY_TOLERANCE_MS = TEST_NOTIFICATION_PING_MS * 0.2;

function frame(action: string, event: unknown): string {
  return JSON.stringify({ action, event });
}

function expectPing(text: string, api: ApiClient): void {
  if (api.baseUrl === undefined) return void expect(text).toBe(IN_PROCESS_PING);
  const parsed = JSON.parse(text);
  expect(Object.keys(parsed)).toEqual(["action", "event"]);
  expect(parsed.action).toBe("ping");
  expect(Object.keys(parsed.event)).toEqual(["cpu_usage_percent", "memory_usage_percent"]);
  expect(typeof parsed.event.cpu_usage_percent).toBe("number");
  expect(typeof parsed.event.memory_usage_percent).toBe("number");
}

async function newProject(api: ApiClient, name: string): Promise<string> {
  const reply = await api.post("/v2/projects", { name });
  expect(reply.status).toBe(201);
  return reply.body.project_id;
}

describeApi("notification streams over HTTP", (api) => {
  const clients: NotificationClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });

  async function openStream(path: string): Promise<NotificationClient> {
    const abort = new AbortController();
    const response = await api.fetch(path, { signal: abort.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    if (api.baseUrl !== undefined) expect(response.headers.get("transfer-encoding")).toBe("chunked");
    const client = readHttpStream(response, abort);
    clients.push(client);
    return client;
  }

  it("sends a ping on connect, then every project.* event on the controller stream", async () => {
    const { frames } = await openStream("/v2/notifications");
    expectPing(await frames.next(), api);

    const created = await api.post("/v2/projects", { name: "notify-controller" });
    expect(await frames.nextEvent()).toBe(frame("project.created", created.body));
    const projectId = created.body.project_id;
    const updated = await api.put(`/v2/projects/${projectId}`, { zoom: 120 });
    expect(await frames.nextEvent()).toBe(frame("project.updated", updated.body));
    await api.post(`/v2/projects/${projectId}/close`);
    expect(await frames.nextEvent()).toBe(frame("project.closed", { ...updated.body, status: "closed" }));
    const opened = await api.post(`/v2/projects/${projectId}/open`);
    expect(await frames.nextEvent()).toBe(frame("project.opened", opened.body));

    // Project events stay on the project stream: the next controller event is the deletion.
    await api.post(`/v2/projects/${projectId}/drawings`, {});
    await api.delete(`/v2/projects/${projectId}`);
    expect(await frames.nextEvent()).toBe(frame("project.closed", { ...opened.body, status: "closed" }));
    expect(await frames.nextEvent()).toBe(frame("project.deleted", opened.body));
  });

  it("sends a project's drawing events, and only that project's, on its stream", async () => {
    const projectId = await newProject(api, "notify-drawings");
    const otherId = await newProject(api, "notify-drawings-other");
    const { frames } = await openStream(`/v2/projects/${projectId}/notifications`);
    expectPing(await frames.next(), api);

    await api.post(`/v2/projects/${otherId}/drawings`, {});
    const created = await api.post(`/v2/projects/${projectId}/drawings`, { svg: "<svg>a</svg>" });
    expect(await frames.nextEvent()).toBe(frame("drawing.created", created.body));
    const url = `/v2/projects/${projectId}/drawings/${created.body.drawing_id}`;

    const moved = await api.put(url, { x: 10, svg: "<svg>a</svg>" });
    const { svg: _unchangedSvg, ...movedWithoutSvg } = moved.body;
    expect(await frames.nextEvent()).toBe(frame("drawing.updated", movedWithoutSvg));
    const redrawn = await api.put(url, { svg: "<svg>b</svg>" });
    expect(await frames.nextEvent()).toBe(frame("drawing.updated", redrawn.body));
    await api.put(url, {});
    expect(await frames.nextEvent()).toBe(frame("drawing.updated", movedWithoutSvg));

    // Sending a known drawing_id again changes nothing and announces nothing.
    await api.post(`/v2/projects/${projectId}/drawings`, { drawing_id: created.body.drawing_id });
    await api.delete(url);
    expect(await frames.nextEvent()).toBe(frame("drawing.deleted", redrawn.body));
  });

  it("serves a project's events on the compute-side stream too", async () => {
    const projectId = await newProject(api, "notify-compute");
    const { frames } = await openStream(`/v2/compute/projects/${projectId}/notifications`);
    expectPing(await frames.next(), api);
    const created = await api.post(`/v2/projects/${projectId}/drawings`, {});
    expect(await frames.nextEvent()).toBe(frame("drawing.created", created.body));
  });

  it("pings after the idle interval, counted from the last message of any kind", async () => {
    const { frames } = await openStream("/v2/notifications");
    await frames.next();
    const connectedAt = Date.now();
    expectPing(await frames.next(3 * TEST_NOTIFICATION_PING_MS), api);
    expect(Date.now() - connectedAt).toBeGreaterThanOrEqual(TEST_NOTIFICATION_PING_MS - EARLY_TOLERANCE_MS);

    const pingedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, TEST_NOTIFICATION_PING_MS / 2));
    await api.post("/v2/projects", { name: "notify-idle" });
    expect(JSON.parse(await frames.next()).action).toBe("project.created");
    const eventAt = Date.now();
    expectPing(await frames.next(3 * TEST_NOTIFICATION_PING_MS), api);
    expect(Date.now() - eventAt).toBeGreaterThanOrEqual(TEST_NOTIFICATION_PING_MS - EARLY_TOLERANCE_MS);
    expect(Date.now() - pingedAt).toBeGreaterThanOrEqual(1.5 * TEST_NOTIFICATION_PING_MS - EARLY_TOLERANCE_MS);
  });

  it.each(["/v2/projects/{p}/notifications", "/v2/compute/projects/{p}/notifications"])(
    "answers 404 for %s of an unknown project",
    async (template) => {
      const reply = await api.get(template.replace("{p}", UNKNOWN_PROJECT));
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ message: `Project ID ${UNKNOWN_PROJECT} doesn't exist`, status: 404 });
    },
  );

  it("keeps serving after clients go away, and a client that left gets nothing more", async () => {
    const projectId = await newProject(api, "notify-leave");
    const leaving = await openStream(`/v2/projects/${projectId}/notifications`);
    await leaving.frames.next();
    await leaving.close();
    // Past a ping interval: a leaked subscription would now be writing to a closed stream.
    await new Promise((resolve) => setTimeout(resolve, TEST_NOTIFICATION_PING_MS * 1.5));

    const staying = await openStream(`/v2/projects/${projectId}/notifications`);
    await staying.frames.next();
    const created = await api.post(`/v2/projects/${projectId}/drawings`, {});
    expect(await staying.frames.nextEvent()).toBe(frame("drawing.created", created.body));
    await expect(leaving.frames.next(100)).rejects.toThrow("no message within 100 ms");
  });
}, { workerd: true });

describeApi("notification WebSockets", (api) => {
  const clients: NotificationClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });

  // The in-process target has no sockets; app.request cannot upgrade.
  const itWs = (name: string, test: () => Promise<void>) => it(name, async (context) => {
    if (api.baseUrl === undefined) return context.skip();
    await test();
  });
  const wsUrl = (path: string) => `${api.baseUrl!.replace(/^http/, "ws")}${path}`;
  async function connect(path: string): Promise<WebSocketClient> {
    const client = await openWebSocket(wsUrl(path));
    clients.push(client);
    return client;
  }

  itWs("sends a ping on connect, then project.* events as one text frame each", async () => {
    const { frames } = await connect("/v2/notifications/ws");
    expectPing(await frames.next(), api);
    const created = await api.post("/v2/projects", { name: "ws-controller" });
    expect(await frames.nextEvent()).toBe(frame("project.created", created.body));
    await api.delete(`/v2/projects/${created.body.project_id}`);
    expect(await frames.nextEvent()).toBe(frame("project.closed", { ...created.body, status: "closed" }));
    expect(await frames.nextEvent()).toBe(frame("project.deleted", created.body));
  });

  itWs("sends a project's drawing events on its socket", async () => {
    const projectId = await newProject(api, "ws-drawings");
    const { frames } = await connect(`/v2/projects/${projectId}/notifications/ws`);
    expectPing(await frames.next(), api);
    const created = await api.post(`/v2/projects/${projectId}/drawings`, {});
    expect(await frames.nextEvent()).toBe(frame("drawing.created", created.body));
    const url = `/v2/projects/${projectId}/drawings/${created.body.drawing_id}`;
    const updated = await api.put(url, { rotation: 90 });
    const { svg: _svg, ...withoutSvg } = updated.body;
    expect(await frames.nextEvent()).toBe(frame("drawing.updated", withoutSvg));
    await api.delete(url);
    expect(await frames.nextEvent()).toBe(frame("drawing.deleted", updated.body));
  });

  itWs("pings a silent socket after the idle interval and ignores what the client sends", async () => {
    const { frames, socket } = await connect("/v2/notifications/ws");
    await frames.next();
    const connectedAt = Date.now();
    socket.send("hello");
    expectPing(await frames.next(3 * TEST_NOTIFICATION_PING_MS), api);
    expect(Date.now() - connectedAt).toBeGreaterThanOrEqual(TEST_NOTIFICATION_PING_MS - EARLY_TOLERANCE_MS);
  });

  itWs("refuses the upgrade with 404 for an unknown project", async () => {
    expect(await refusedUpgradeStatus(wsUrl(`/v2/projects/${UNKNOWN_PROJECT}/notifications/ws`))).toBe(404);
  });

  itWs("answers a plain GET on a socket endpoint with a 400 that says what to do", async () => {
    const reply = await api.get("/v2/notifications/ws");
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      message: "/v2/notifications/ws is a WebSocket endpoint: send a WebSocket upgrade request",
      status: 400,
    });
  });

  itWs("keeps serving after sockets close, cleanly or not", async () => {
    const projectId = await newProject(api, "ws-leave");
    const polite = await connect(`/v2/projects/${projectId}/notifications/ws`);
    const abrupt = await connect(`/v2/projects/${projectId}/notifications/ws`);
    await polite.frames.next();
    await abrupt.frames.next();
    await polite.close();
    abrupt.socket.terminate();
    await new Promise((resolve) => setTimeout(resolve, TEST_NOTIFICATION_PING_MS * 1.5));
    const staying = await connect(`/v2/projects/${projectId}/notifications/ws`);
    await staying.frames.next();
    const created = await api.post(`/v2/projects/${projectId}/drawings`, {});
    expect(await staying.frames.nextEvent()).toBe(frame("drawing.created", created.body));
  });
}, { workerd: true });

describe("notification subscriptions end with the client", () => {
  describe("through app.request", () => {
    let dataDir: string;
    beforeAll(() => {
      dataDir = mkdtempSync(join(tmpdir(), "gns3-notify-"));
    });
    afterAll(() => {
      vi.useRealTimers();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it("subscribes while a stream is read and unsubscribes when it is cancelled", async () => {
      const deps = inProcessDeps(dataDir);
      const app = createApp(deps);
      const projectId = ((await (await app.request("/v2/projects", { method: "POST", body: '{"name":"sub"}' })).json()) as {
        project_id: string;
      }).project_id;
      expect(deps.events.listenerCount()).toBe(0);
      const controllerStream = readHttpStream(await app.request("/v2/notifications"));
      const projectStream = readHttpStream(await app.request(`/v2/projects/${projectId}/notifications`));
      await controllerStream.frames.next();
      await projectStream.frames.next();
      expect(deps.events.listenerCount()).toBe(2);
      await controllerStream.close();
      expect(deps.events.listenerCount()).toBe(1);
      await projectStream.close();
      expect(deps.events.listenerCount()).toBe(0);
    });

    it("pings after GNS3's 5 s when no interval is configured", async () => {
      const deps = inProcessDeps(dataDir);
      delete deps.config.notificationPingIntervalMs;
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
      const stream = readHttpStream(await createApp(deps).request("/v2/notifications"));
      expect(await stream.frames.next()).toBe(IN_PROCESS_PING);
      await vi.advanceTimersByTimeAsync(4999);
      const second = stream.frames.next(60_000);
      let arrived = false;
      void second.then(() => (arrived = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(arrived).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await second).toBe(IN_PROCESS_PING);
      vi.useRealTimers();
      await stream.close();
      expect(deps.events.listenerCount()).toBe(0);
    });
  });

  describe("through the Node runtime's sockets", () => {
    const events = new LocalEventBus();
    let dataDir: string;
    let controller: RunningController;
    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), "gns3-notify-node-"));
      controller = await startNodeController({
        host: "127.0.0.1",
        port: 0,
        dataDir,
        events,
        notificationPingIntervalMs: TEST_NOTIFICATION_PING_MS,
      });
    });
    afterAll(async () => {
      await controller.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    /** Well before the next ping, which would also find the client gone: the runtime told us. */
    async function listenersDropTo(count: number): Promise<void> {
      await vi.waitFor(() => expect(events.listenerCount()).toBe(count), { timeout: TEST_NOTIFICATION_PING_MS / 2, interval: 10 });
    }

    it("unsubscribes when an HTTP client disconnects", async () => {
      const abort = new AbortController();
      const stream = readHttpStream(await fetch(`${controller.url}/v2/notifications`, { signal: abort.signal }), abort);
      await stream.frames.next();
      expect(events.listenerCount()).toBe(1);
      await stream.close();
      await listenersDropTo(0);
    });

    it("unsubscribes when a WebSocket closes cleanly or its connection drops", async () => {
      const wsBase = controller.url.replace(/^http/, "ws");
      const polite = await openWebSocket(`${wsBase}/v2/notifications/ws`);
      const abrupt = await openWebSocket(`${wsBase}/v2/notifications/ws`);
      await polite.frames.next();
      await abrupt.frames.next();
      expect(events.listenerCount()).toBe(2);
      await polite.close();
      await listenersDropTo(1);
      abrupt.socket.terminate();
      await listenersDropTo(0);
    });

    it("shuts down while clients are still listening", async () => {
      const ownDataDir = mkdtempSync(join(tmpdir(), "gns3-notify-close-"));
      const ownEvents = new LocalEventBus();
      const running = await startNodeController({ host: "127.0.0.1", port: 0, dataDir: ownDataDir, events: ownEvents });
      const stream = readHttpStream(await fetch(`${running.url}/v2/notifications`));
      const socket = await openWebSocket(`${running.url.replace(/^http/, "ws")}/v2/notifications/ws`);
      await stream.frames.next();
      await socket.frames.next();
      await running.close();
      await vi.waitFor(() => expect(ownEvents.listenerCount()).toBe(0), { timeout: 1000, interval: 10 });
      await stream.close();
      rmSync(ownDataDir, { recursive: true, force: true });
    });
  });
});
