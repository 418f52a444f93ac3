import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { decodeControllerMessage } from "@shared/proto";
import { createApp } from "../app";
import { inProcessDeps } from "../testing/in-process-deps";
import { workerInNode } from "../testing/worker-in-node";
import type { ObjectNamespace } from "../runtime/workers/object-stub";
import type { KeyValueStore } from "../store/kv";
import { AckingDaemon, daemonFrame, daemonHello, revisionOf } from "../testing/daemon-messages";
import { DataplaneHub } from "./hub";

const TOKEN = "index-token";
const PROJECTS = 200;

/** Every key the store was asked for, and every prefix listed. */
function countingStore(store: KeyValueStore) {
  const touched: string[] = [];
  const counting: KeyValueStore = {
    get: (key) => (touched.push(key), store.get(key)),
    list: (prefix) => (touched.push(prefix), store.list(prefix)),
    commit: (writes, guards) => store.commit(writes, guards),
    close: () => store.close(),
  };
  return { counting, touched };
}

const PROJECT_KEY = /^(?:stamps\/)?projects\/([^/]+)/;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

type Api = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>;

/**
 * 199 projects with a switch on host h2, then one with a linked pair of switches on `local`; the
 * last one's link. `keepAlive` has the hosts say something now and then, as a daemon's counter
 * reports do every second: on a loaded machine this takes longer than the hub bears silence.
 */
async function storeOfProjects(api: Api, keepAlive: () => void): Promise<{ projectId: string; linkId: string }> {
  for (let index = 0; index < PROJECTS - 1; index++) {
    keepAlive();
    const project = await api("POST", "/v2/projects", { name: `other-${index}` });
    expect((await api("POST", `/v2/projects/${project.body.project_id}/nodes`, { name: "SW", node_type: "ethernet_switch", compute_id: "h2" })).status).toBe(201);
  }
  const project = await api("POST", "/v2/projects", { name: "mine" });
  const base = `/v2/projects/${project.body.project_id}`;
  const switches = [];
  for (const name of ["SW1", "SW2"]) {
    const made = await api("POST", `${base}/nodes`, { name, node_type: "ethernet_switch", compute_id: "local" });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    switches.push(made.body.node_id);
  }
  const link = await api("POST", `${base}/links`, { nodes: switches.map((node_id) => ({ node_id, adapter_number: 0, port_number: 0 })) });
  expect(link.status, JSON.stringify(link.body)).toBe(201);
  return { projectId: project.body.project_id, linkId: link.body.link_id };
}

describe("a push reads only what its host runs", () => {
  it("on Node: a filter change in one of 200 projects reads no other project's records", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "targeted-"));
    dirs.push(dataDir);
    const base = inProcessDeps(dataDir);
    const { counting, touched } = countingStore(base.store);
    const deps = { ...base, store: counting, config: { ...base.config, dataplaneToken: TOKEN } };
    const hub = new DataplaneHub(deps);
    deps.dataplane = hub;
    const app = createApp(deps, { dataplaneChannel: false });
    const daemons = new Map<string, AckingDaemon>();
    for (const hostId of ["local", "h2"]) {
      daemons.set(hostId, new AckingDaemon().connect(hub, hostId, TOKEN));
    }
    const api: Api = async (method, path, body) => {
      const response = await app.request(path, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    };
    const mine = await storeOfProjects(api, () => {
      for (const daemon of daemons.values()) daemon.connection.message(daemonFrame({ counters: { links: [], sampledAtMs: Date.now() } }));
    });

    touched.length = 0;
    const statesOfH2 = daemons.get("h2")!.states;
    const changed = await api("PUT", `/v2/projects/${mine.projectId}/links/${mine.linkId}`, { filters: { packet_loss: [100] } });
    expect(changed.status).toBe(201);
    const projectsRead = new Set(touched.map((key) => PROJECT_KEY.exec(key)?.[1]).filter((id) => id !== undefined));
    expect([...projectsRead]).toEqual([mine.projectId]);
    // The change names its link: the push reads that link (and its project) again, not the host's projects.
    expect(touched.filter((key) => key.startsWith("dataplane/host-projects/"))).toEqual([]);
    expect(touched).toContain(`projects/${mine.projectId}/links/${mine.linkId}`);
    expect(daemons.get("h2")!.states).toBe(statesOfH2);
    console.log(JSON.stringify({ msg: "keys read for a filter change among 200 projects (Node)", reads: touched.length }));
    // A deleted project leaves the index with it.
    expect((await api("DELETE", `/v2/projects/${mine.projectId}`)).status).toBe(204);
    expect((await base.store.list("dataplane/host-projects/local/")).map((entry) => entry.key)).toEqual([]);
  }, 60_000);

  it("on Workers: a filter change in one of 200 projects calls only that project's object and its host's", async () => {
    const { env, computes, api } = workerInNode({ DATAPLANE_TOKEN: TOKEN });
    const sockets = new Map<string, object>();
    for (const hostId of ["local", "h2"]) {
      computes.instance(hostId);
      const state = computes.states.get(hostId)!;
      const socket = {
        attachment: { hostId } as unknown,
        send: (data: Uint8Array) => {
          const message = decodeControllerMessage(new Uint8Array(data));
          const revision = revisionOf(message);
          if (revision !== undefined) setTimeout(() => computes.instance(hostId).webSocketMessage(socket as never, daemonFrame({ ack: { revision, errors: [], nodes: [] } })), 0);
        },
        close: () => {},
        serializeAttachment(value: unknown) {
          this.attachment = structuredClone(value);
        },
        deserializeAttachment() {
          return structuredClone(this.attachment);
        },
      };
      state.acceptWebSocket(socket);
      sockets.set(hostId, socket);
      computes.instance(hostId).webSocketMessage(socket as never, daemonFrame({ hello: daemonHello(hostId, TOKEN) }));
    }
    const called: string[] = [];
    const countCalls = <Calls extends object>(binding: string, namespace: ObjectNamespace<Calls>) => {
      const get = namespace.get.bind(namespace);
      namespace.get = (id) =>
        new Proxy(get(id), {
          get: (stub, method) => {
            const call = Reflect.get(stub, method) as (...args: unknown[]) => unknown;
            return (...args: unknown[]) => (called.push(`${binding}:${String(id)}`), call(...args));
          },
        });
    };
    countCalls("project", env.PROJECTS);
    countCalls("compute", env.COMPUTES);
    const mine = await storeOfProjects(api, () => {
      for (const [hostId, socket] of sockets) computes.instance(hostId).webSocketMessage(socket as never, daemonFrame({ counters: { links: [], sampledAtMs: Date.now() } }));
    });
    // Host h2 rebuilds its state after the 199 nodes it was given: let it finish first.
    for (let quiet = 0, seen = -1; quiet < 5; quiet = called.length === seen ? quiet + 1 : 0) {
      seen = called.length;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    called.length = 0;
    const changed = await api("PUT", `/v2/projects/${mine.projectId}/links/${mine.linkId}`, { filters: { packet_loss: [100] } });
    expect(changed.status).toBe(201);
    expect([...new Set(called)].sort()).toEqual([`compute:local`, `project:${mine.projectId}`]);
    console.log(JSON.stringify({ msg: "object calls for a filter change among 200 projects (Workers)", calls: called.length }));
  }, 120_000);
});
