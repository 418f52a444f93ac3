import { afterEach, expect, it } from "vitest";
import { describeApi, type ApiClient } from "../testing/api-targets";
import { openWebSocket, readHttpStream, type NotificationClient } from "../testing/notification-clients";

const TOTAL = 4;
const PER_PROJECT = 2;
const TOTAL_REFUSAL = { message: `Too many notification listeners: at most ${TOTAL} at once (--max-notification-listeners)`, status: 429 };
const PROJECT_REFUSAL = {
  message: `Too many notification listeners on this project: at most ${PER_PROJECT} (--max-notification-listeners-per-project)`,
  status: 429,
};

describeApi(
  "notification listener limits",
  (api) => {
    const clients: NotificationClient[] = [];
    afterEach(async () => {
      await Promise.all(clients.splice(0).map((client) => client.close()));
      // The server notices departures on its own time; the next test starts from none.
      await untilOpens(api, "/v2/notifications", TOTAL);
    });

    const newProject = async () => (await api.post("/v2/projects", { name: `listeners-${crypto.randomUUID()}` })).body.project_id as string;

    /** A stream that was accepted, kept open until the test ends; or the refusal. */
    async function listen(path: string): Promise<{ status: number; body?: unknown; client?: NotificationClient }> {
      const abort = new AbortController();
      const response = await api.fetch(path, { signal: abort.signal });
      if (response.status !== 200) return { status: response.status, body: await response.json() };
      const client = readHttpStream(response, abort);
      clients.push(client);
      await client.frames.next();
      return { status: 200, client };
    }

    it("refuses a project's stream past the per-project limit with 429, others still open", async () => {
      const [a, b] = [await newProject(), await newProject()];
      for (let i = 0; i < PER_PROJECT; i++) expect((await listen(`/v2/projects/${a}/notifications`)).status).toBe(200);
      expect(await listen(`/v2/projects/${a}/notifications`)).toEqual({ status: 429, body: PROJECT_REFUSAL });
      expect(await listen(`/v2/compute/projects/${a}/notifications`)).toEqual({ status: 429, body: PROJECT_REFUSAL });
      expect((await listen(`/v2/projects/${b}/notifications`)).status).toBe(200);
    });

    it("refuses any stream past the total with 429, and opens again once a listener leaves", async () => {
      const project = await newProject();
      const open: NotificationClient[] = [];
      for (let i = 0; i < TOTAL; i++) open.push((await listen(i % 2 ? "/v2/notifications" : `/v2/projects/${project}/notifications`)).client!);
      expect(await listen("/v2/notifications")).toEqual({ status: 429, body: TOTAL_REFUSAL });
      expect(await listen(`/v2/projects/${await newProject()}/notifications`)).toEqual({ status: 429, body: TOTAL_REFUSAL });
      await open[0]!.close();
      await untilOpens(api, "/v2/notifications", 1);
    });

    it("closes a WebSocket past the limits with 1013 and the reason, and takes one once there is room", async ({ skip }) => {
      if (!api.baseUrl) return skip("the in-process target has no WebSockets");
      const project = await newProject();
      const ws = (path: string) => openWebSocket(`${api.baseUrl!.replace("http", "ws")}${path}/ws`);
      const sockets = [await ws(`/v2/projects/${project}/notifications`), await ws(`/v2/projects/${project}/notifications`)];
      clients.push(...sockets);
      await Promise.all(sockets.map((socket) => socket.frames.next()));
      const refused = await ws(`/v2/projects/${project}/notifications`);
      const closed = await new Promise<{ code: number; reason: string }>((resolve) =>
        refused.socket.once("close", (code, reason) => resolve({ code, reason: reason.toString() })),
      );
      expect(closed).toEqual({ code: 1013, reason: PROJECT_REFUSAL.message });

      clients.push(await ws("/v2/notifications"), await ws("/v2/notifications"));
      const overTotal = await ws("/v2/notifications");
      const closedOverTotal = await new Promise<{ code: number; reason: string }>((resolve) =>
        overTotal.socket.once("close", (code, reason) => resolve({ code, reason: reason.toString() })),
      );
      expect(closedOverTotal).toEqual({ code: 1013, reason: TOTAL_REFUSAL.message });

      await sockets[0]!.close();
      await untilOpens(api, `/v2/projects/${project}/notifications`, 1);
    });
  },
  { limits: { maxNotificationListeners: TOTAL, maxNotificationListenersPerProject: PER_PROJECT } },
);

/**
 * Waits (bounded) until `count` streams of `path` can be open at once, which they can only once
 * the server has noticed that earlier listeners left; then closes them.
 */
async function untilOpens(api: ApiClient, path: string, count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const opened: NotificationClient[] = [];
    let refused = false;
    for (let i = 0; i < count && !refused; i++) {
      const abort = new AbortController();
      const response = await api.fetch(path, { signal: abort.signal });
      if (response.status === 200) opened.push(readHttpStream(response, abort));
      else {
        refused = true;
        await response.body?.cancel();
      }
    }
    await Promise.all(opened.map((client) => client.close()));
    if (!refused) return;
    if (Date.now() > deadline) throw new Error(`${count} listeners of ${path} still refused after 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
