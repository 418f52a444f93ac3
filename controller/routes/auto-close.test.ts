import { afterEach, expect, it } from "vitest";
import { describeApi } from "../testing/api-targets";
import { openWebSocket, readHttpStream, type NotificationClient } from "../testing/notification-clients";

/** GNS3 waits 5 s; this suite's controller waits this long, so the tests do not. */
const DELAY_MS = 1000;

describeApi("project auto_close", (api) => {
  const clients: NotificationClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });

  async function newProject(settings: Record<string, unknown> = {}): Promise<string> {
    const reply = await api.post("/v2/projects", { name: `auto-close-${crypto.randomUUID()}`, ...settings });
    expect(reply.status).toBe(201);
    return reply.body.project_id;
  }

  async function listen(projectId: string): Promise<NotificationClient> {
    const abort = new AbortController();
    const client = readHttpStream(await api.fetch(`/v2/projects/${projectId}/notifications`, { signal: abort.signal }), abort);
    clients.push(client);
    await client.frames.next();
    return client;
  }

  const statusOf = async (projectId: string) => (await api.get(`/v2/projects/${projectId}`)).body.status;

  async function untilClosed(projectId: string): Promise<number> {
    const started = Date.now();
    while ((await statusOf(projectId)) !== "closed") {
      if (Date.now() - started > DELAY_MS + 5000) throw new Error(`project ${projectId} still opened ${Date.now() - started} ms after its last listener left`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return Date.now() - started;
  }

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("closes a project once its last stream listener has been gone for the delay, announcing it", async () => {
    const projectId = await newProject();
    const controller = readHttpStream(await api.fetch("/v2/notifications"));
    clients.push(controller);
    await controller.frames.next();
    const first = await listen(projectId);
    const second = await listen(projectId);
    await first.close();
    await pause(DELAY_MS * 1.5);
    expect(await statusOf(projectId)).toBe("opened");

    await second.close();
    await untilClosed(projectId);
    const closed = JSON.parse(await controller.frames.nextEvent());
    expect(closed).toMatchObject({ action: "project.closed", event: { project_id: projectId, status: "closed" } });
  });

  it("keeps the project open when a listener comes back within the delay", async () => {
    const projectId = await newProject();
    await (await listen(projectId)).close();
    await listen(projectId);
    await pause(DELAY_MS * 2);
    expect(await statusOf(projectId)).toBe("opened");
  });

  it("leaves a project with auto_close off opened, and one turned off meanwhile", async () => {
    const off = await newProject({ auto_close: false });
    await (await listen(off)).close();
    const turnedOff = await newProject();
    await (await listen(turnedOff)).close();
    expect((await api.put(`/v2/projects/${turnedOff}`, { auto_close: false })).status).toBe(200);
    await pause(DELAY_MS * 2);
    expect(await statusOf(off)).toBe("opened");
    expect(await statusOf(turnedOff)).toBe("opened");
  });

  it("counts WebSocket listeners too", async (context) => {
    if (api.baseUrl === undefined) return context.skip();
    const projectId = await newProject();
    const socket = await openWebSocket(`${api.baseUrl.replace(/^http/, "ws")}/v2/projects/${projectId}/notifications/ws`);
    clients.push(socket);
    await socket.frames.next();
    await pause(DELAY_MS * 1.5);
    expect(await statusOf(projectId)).toBe("opened");
    await socket.close();
    await untilClosed(projectId);
  });

  it("does not count an observer (the dashboard): looking at a lab and leaving does not close it, nor keep it open", async (context) => {
    if (api.baseUrl === undefined) return context.skip();
    const projectId = await newProject();
    const observer = await openWebSocket(`${api.baseUrl.replace(/^http/, "ws")}/v2/projects/${projectId}/notifications/ws?observer=true`);
    clients.push(observer);
    await observer.frames.next();
    await observer.close();
    await pause(DELAY_MS * 2);
    expect(await statusOf(projectId)).toBe("opened");

    // A GUI's listener that leaves closes the project, however many observers still watch.
    const watching = await openWebSocket(`${api.baseUrl.replace(/^http/, "ws")}/v2/projects/${projectId}/notifications/ws?observer=true`);
    clients.push(watching);
    await watching.frames.next();
    await (await listen(projectId)).close();
    await untilClosed(projectId);
  });

  it("closes as GNS3 closes: nodes stopped, the project reopens with its topology", async () => {
    const projectId = await newProject();
    const base = `/v2/projects/${projectId}`;
    const pc = (await api.post(`${base}/nodes`, { name: "PC1", node_type: "vpcs", compute_id: "local" })).body;
    expect((await api.post(`${base}/nodes/${pc.node_id}/start`)).status).toBe(200);
    await (await listen(projectId)).close();
    await untilClosed(projectId);
    expect((await api.post(`${base}/open`)).status).toBe(201);
    expect((await api.get(`${base}/nodes/${pc.node_id}`)).body.status).toBe("stopped");
  });
}, { workerd: true, autoCloseDelayMs: DELAY_MS });

