import { isDeepStrictEqual } from "node:util";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { itemKey, type DesiredHostState } from "@shared/proto";
import { seededRandom } from "@shared/testing/seeded-random";
import { createApp } from "../app";
import { inProcessDeps } from "../testing/in-process-deps";
import { AckingDaemon } from "../testing/daemon-messages";
import { desiredHostState } from "./desired-state";
import { loadHostProjectRecords } from "./host-records";
import { hostStateContext } from "./host-state-context";
import { DataplaneHub } from "./hub";

const TOKEN = "incremental-token";
const HOSTS = ["local", "h2"];

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function lab() {
  const dataDir = mkdtempSync(join(tmpdir(), "incremental-"));
  dirs.push(dataDir);
  const base = inProcessDeps(dataDir);
  /** Prefixes whose next listing fails, as a store that cannot be read for a moment. */
  const failingLists = new Set<string>();
  const store: typeof base.store = {
    ...base.store,
    get: (key) => base.store.get(key),
    list: (prefix) => (failingLists.delete(prefix) ? Promise.reject(new Error(`cannot list ${prefix}`)) : base.store.list(prefix)),
    commit: (writes, guards) => base.store.commit(writes, guards),
    close: () => base.store.close(),
  };
  const deps = { ...base, store, config: { ...base.config, dataplaneToken: TOKEN } };
  const hub = new DataplaneHub(deps);
  deps.dataplane = hub;
  const app = createApp(deps, { dataplaneChannel: false });
  /** What a whole build from the store gives the host now: what a fresh connection would be sent. */
  const whole = async (hostId: string) => desiredHostState(await hostStateContext(deps, hostId, await loadHostProjectRecords(deps, hostId)));
  const daemons = new Map(HOSTS.map((hostId) => [hostId, new AckingDaemon().connect(hub, hostId, TOKEN)]));
  const api = async (method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> => {
    const response = await app.request(path, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
  return { hub, api, daemons, whole, failingLists };
}

/** A state's items by key, each as its spec: order aside, two states are the same when these are. */
function byKey(state: Pick<DesiredHostState, "nodes" | "links"> | undefined) {
  return {
    nodes: Object.fromEntries((state?.nodes ?? []).map((node) => [itemKey(node.projectId, node.nodeId), node])),
    links: Object.fromEntries((state?.links ?? []).map((link) => [itemKey(link.projectId, link.linkId), link])),
  };
}

describe("incremental pushes", () => {
  it("send a filter change as that link alone, and a deletion as the keys of what went", async () => {
    const { api, daemons } = lab();
    const project = (await api("POST", "/v2/projects", { name: "one" })).body.project_id;
    const hub = (name: string) => api("POST", `/v2/projects/${project}/nodes`, { name, node_type: "ethernet_hub", compute_id: "local" });
    const [a, b] = [(await hub("A")).body.node_id, (await hub("B")).body.node_id];
    const link = await api("POST", `/v2/projects/${project}/links`, { nodes: [a, b].map((node_id) => ({ node_id, adapter_number: 0, port_number: 0 })) });
    expect(link.status).toBe(201);
    const local = daemons.get("local")!;
    const sent: unknown[] = [];
    const send = local.socket.send;
    local.socket.send = (bytes) => (sent.push(bytes), send(bytes));
    const { decodeControllerMessage } = await import("@shared/proto");

    expect((await api("PUT", `/v2/projects/${project}/links/${link.body.link_id}`, { filters: { packet_loss: [30] } })).status).toBe(201);
    const change = decodeControllerMessage(sent.at(-1) as Uint8Array);
    expect("change" in change && { nodes: change.change.nodes.length, links: change.change.links.map((l) => l.filters), removed: change.change.removedLinks }).toEqual({
      nodes: 0,
      links: [[{ type: "packet_loss", numbers: [30], text: "" }]],
      removed: [],
    });

    expect((await api("DELETE", `/v2/projects/${project}/links/${link.body.link_id}`)).status).toBe(204);
    const deletion = decodeControllerMessage(sent.at(-1) as Uint8Array);
    expect("change" in deletion && deletion.change.removedLinks).toEqual([{ projectId: project, id: link.body.link_id }]);
    expect(local.state?.links).toEqual([]);
  });

  it("send what a failed push held with the next one, built whole", async () => {
    const { api, daemons, whole, failingLists } = lab();
    const project = (await api("POST", "/v2/projects", { name: "failing" })).body.project_id;
    const hubs: string[] = [];
    for (const name of ["A", "B", "C"]) hubs.push((await api("POST", `/v2/projects/${project}/nodes`, { name, node_type: "ethernet_hub", compute_id: "local" })).body.node_id);
    const link = async (a: string, b: string) => (await api("POST", `/v2/projects/${project}/links`, { nodes: [a, b].map((node_id) => ({ node_id, adapter_number: 0, port_number: 1 + hubs.indexOf(b) })) })).body.link_id;
    const [first, second] = [await link(hubs[0]!, hubs[1]!), await link(hubs[1]!, hubs[2]!)];
    // The push reads the link again, then fails on the hosts' records: the change is stored, not sent.
    failingLists.add("dataplane/hosts/");
    await api("PUT", `/v2/projects/${project}/links/${first}`, { filters: { packet_loss: [40] } });
    expect(daemons.get("local")!.state?.links.find((spec) => spec.linkId === first)?.filters).toEqual([]);
    expect((await api("PUT", `/v2/projects/${project}/links/${second}`, { filters: { packet_loss: [20] } })).status).toBe(201);
    expect(byKey(daemons.get("local")!.state)).toEqual(byKey(await whole("local")));
    expect(daemons.get("local")!.state?.links.find((spec) => spec.linkId === first)?.filters).toEqual([{ type: "packet_loss", numbers: [40], text: "" }]);
  });

  it("leave each daemon holding what a whole build would give it, after each of a mix of changes", async () => {
    const { hub, api, daemons, whole } = lab();
    const random = seededRandom(20261128);
    const pick = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const project = (await api("POST", "/v2/projects", { name: "mix" })).body.project_id;
    const base = `/v2/projects/${project}`;
    const nodes: Array<{ id: string; host: string; type: string; ports: number }> = [];
    const links: Array<{ id: string; ends: Array<[string, number]> }> = [];
    const addNode = async (type: "ethernet_hub" | "ethernet_switch" | "vpcs") => {
      const host = pick(HOSTS);
      const created = await api("POST", `${base}/nodes`, { name: `N${nodes.length}-${Math.floor(random() * 1e6)}`, node_type: type, compute_id: host });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      nodes.push({ id: created.body.node_id, host, type, ports: type === "vpcs" ? 1 : 8 });
    };
    for (let index = 0; index < 8; index++) await addNode(index % 4 === 3 ? "vpcs" : index % 2 === 0 ? "ethernet_hub" : "ethernet_switch");
    await new Promise((resolve) => setTimeout(resolve, 30));
    const freeEnd = (): [string, number] | undefined => {
      for (let attempt = 0; attempt < 20; attempt++) {
        const node = pick(nodes);
        const port = Math.floor(random() * node.ports);
        if (!links.some((link) => link.ends.some(([id, p]) => id === node.id && p === port))) return [node.id, port];
      }
      return undefined;
    };
    const operations = {
      async link() {
        const [a, b] = [freeEnd(), freeEnd()];
        if (!a || !b || a[0] === b[0]) return;
        const created = await api("POST", `${base}/links`, { nodes: [a, b].map(([node_id, port_number]) => ({ node_id, adapter_number: 0, port_number })) });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        links.push({ id: created.body.link_id, ends: [a, b] });
      },
      async filters() {
        if (links.length === 0) return;
        const filters = pick([{}, { packet_loss: [Math.floor(random() * 100)] }, { delay: [10, 2] }, { frequency_drop: [3] }]);
        expect((await api("PUT", `${base}/links/${pick(links).id}`, { filters })).status).toBe(201);
      },
      async suspend() {
        if (links.length === 0) return;
        expect((await api("PUT", `${base}/links/${pick(links).id}`, { suspend: random() < 0.5 })).status).toBe(201);
      },
      async unlink() {
        if (links.length === 0) return;
        const link = links.splice(Math.floor(random() * links.length), 1)[0]!;
        expect((await api("DELETE", `${base}/links/${link.id}`)).status).toBe(204);
      },
      async node() {
        await addNode(pick(["ethernet_hub", "ethernet_switch", "vpcs"] as const));
      },
      async removeNode() {
        if (nodes.length < 4) return;
        const node = nodes.splice(Math.floor(random() * nodes.length), 1)[0]!;
        for (let index = links.length - 1; index >= 0; index--) if (links[index]!.ends.some(([id]) => id === node.id)) links.splice(index, 1);
        expect((await api("DELETE", `${base}/nodes/${node.id}`)).status).toBe(204);
      },
      async rename() {
        const node = pick(nodes);
        expect((await api("PUT", `${base}/nodes/${node.id}`, { name: `R${Math.floor(random() * 1e9)}` })).status).toBe(200);
      },
      async startStop() {
        const vpcs = nodes.filter((node) => node.type === "vpcs");
        if (vpcs.length === 0) return;
        await api("POST", `${base}/nodes/${pick(vpcs).id}/${random() < 0.5 ? "start" : "stop"}`, {});
      },
      async closeOpen() {
        if (random() < 0.7) return;
        expect((await api("POST", `${base}/close`)).status).toBe(204);
        expect((await api("POST", `${base}/open`)).status).toBe(201);
      },
    };
    const kinds = Object.keys(operations) as Array<keyof typeof operations>;
    for (let step = 0; step < 160; step++) {
      const kind = pick(kinds);
      await operations[kind]();
      // Wakes (a node made, renamed or deleted) are sent without an answer waiting: they land
      // after a debounce and a push, however long those take on this machine.
      const woken = kind === "node" || kind === "rename" || kind === "removeNode";
      for (const hostId of HOSTS) {
        const holds = async () => isDeepStrictEqual(byKey(daemons.get(hostId)!.state), byKey(await whole(hostId)));
        for (const deadline = Date.now() + 10_000; woken && !(await holds()) && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 10));
        expect(byKey(daemons.get(hostId)!.state), `${hostId} after step ${step} (${kind})`).toEqual(byKey(await whole(hostId)));
      }
    }

    for (const hostId of HOSTS) {
      const followed = daemons.get(hostId)!;
      expect(followed.changes).toBeGreaterThan(20);
      const fresh = new AckingDaemon().connect(hub, hostId, TOKEN);
      for (let waited = 0; !fresh.state && waited < 100; waited++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(byKey(followed.state)).toEqual(byKey(fresh.state));
    }
  }, 60_000);
});
