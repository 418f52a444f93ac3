import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startControllerProcess, type ControllerProcess } from "../testing/api-targets";
import { LedgerClient, SHARED_PROJECT, observe, request, type ClientRun, type Ledger, type Observed } from "../testing/write-ledger";

const CLIENTS = 8;
/** Where in the load each round kills the server, in writes answered so far: early, mid-stream, after a while. */
const KILL_AFTER_WRITES = [10, 150, 500];
/** Bounds the wait for those writes on a very slow machine. */
const LOAD_LIMIT_MS = 60_000;
const MAX_WRITES_PER_CLIENT = 2000;

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), "gns3-crash-"));
});
let controller: ControllerProcess | undefined;
afterAll(async () => {
  await controller?.stop("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

const start = async () => (controller = await startControllerProcess(["--port", "0", "--data-dir", dataDir, "--no-local-dataplane"]));
const sortedEntries = (ledger: Ledger) => [...ledger].sort(([a], [b]) => (a < b ? -1 : 1));

/** Every client's objects are exactly its ledger, or its ledger with the write in doubt applied. */
function expectLedgersKept(observed: Observed, runs: ClientRun[], ledgers: Ledger[]): void {
  for (let client = 0; client < CLIENTS; client++) {
    const found = sortedEntries(observed.ledgers.get(client) ?? new Map());
    const doubt = runs[client]?.inDoubt;
    const candidates = doubt ? [doubt.before, doubt.after] : [ledgers[client]!];
    const matches = candidates.some((candidate) => JSON.stringify(sortedEntries(candidate)) === JSON.stringify(found));
    if (!matches) {
      // Shows the difference against the acknowledged ledger, with the write in doubt named.
      expect({ client, inDoubt: doubt?.description, objects: found }).toEqual({ client, inDoubt: doubt?.description, objects: sortedEntries(candidates[0]!) });
    }
  }
}

/** What holds whatever was acknowledged: ends on existing nodes and ports, each port once, console ports unique. */
function expectConsistent(observed: Observed): void {
  const consoles = new Map<number, string>();
  for (const project of observed.projects) {
    const nodes = new Map<string, any>(observed.nodes.get(project.project_id)!.map((node) => [node.node_id, node]));
    for (const node of nodes.values()) {
      expect(node.project_id).toBe(project.project_id);
      if (typeof node.console === "number") {
        expect(consoles.get(node.console), `console ${node.console} of ${node.name}`).toBeUndefined();
        consoles.set(node.console, node.name);
      }
    }
    const used = new Set<string>();
    for (const link of observed.links.get(project.project_id)!) {
      expect(link.project_id).toBe(project.project_id);
      expect(link.nodes).toHaveLength(2);
      for (const end of link.nodes) {
        const node = nodes.get(end.node_id);
        expect(node, `link ${link.link_id} ends on node ${end.node_id}`).toBeDefined();
        expect(node.ports.some((port: any) => port.adapter_number === end.adapter_number && port.port_number === end.port_number)).toBe(true);
        const port = `${end.node_id}/${end.adapter_number}/${end.port_number}`;
        expect(used.has(port), `port ${port} used by two links`).toBe(false);
        used.add(port);
      }
    }
    for (const drawing of observed.drawings.get(project.project_id)!) expect(drawing.project_id).toBe(project.project_id);
  }
}

/**
 * Port claims live in keys of their own: a claim left behind by a lost write would refuse a
 * port that no link uses. Every free port of the shared project's switches must be linkable
 * (the links are removed again) and a used one refused.
 */
async function expectPortClaimsMatchLinks(url: string, observed: Observed): Promise<void> {
  const projectId = observed.ids.get(SHARED_PROJECT)!;
  const base = `/v2/projects/${projectId}`;
  const links = observed.links.get(projectId)!;
  const used = new Set(links.flatMap((link) => link.nodes.map((end: any) => `${end.node_id}/${end.adapter_number}/${end.port_number}`)));
  const free = observed.nodes
    .get(projectId)!
    .flatMap((node) => node.ports.map((port: any) => ({ node_id: node.node_id, adapter_number: port.adapter_number, port_number: port.port_number })))
    .filter((end) => !used.has(`${end.node_id}/${end.adapter_number}/${end.port_number}`));
  for (let i = 0; i + 1 < free.length; i += 2) {
    if (free[i]!.node_id === free[i + 1]!.node_id) continue;
    const created = await request(url, "POST", `${base}/links`, { nodes: [free[i], free[i + 1]] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await request(url, "DELETE", `${base}/links/${created.body.link_id}`)).status).toBe(204);
  }
  if (links.length > 0 && free.length > 0) {
    const taken = await request(url, "POST", `${base}/links`, { nodes: [links[0].nodes[0], free[0]] });
    expect(taken.body).toEqual({ message: "Port is already used", status: 409 });
  }
}

/**
 * Starts the clients writing; `enough` resolves once `writes` of their writes have been
 * answered (or the load ended, or LOAD_LIMIT_MS passed on a very slow machine).
 */
function startLoad(clients: LedgerClient[], url: string, writes: number, stopped: () => boolean): { load: Promise<ClientRun[]>; enough: Promise<unknown> } {
  let answered = 0;
  let reached = () => undefined as void;
  const enough = new Promise<void>((resolve) => (reached = resolve));
  const countAnswer = () => {
    if (++answered >= writes) reached();
  };
  const load = Promise.all(clients.map((client) => client.run(url, stopped, MAX_WRITES_PER_CLIENT, countAnswer)));
  return { load, enough: Promise.race([enough, load, new Promise((resolve) => setTimeout(resolve, LOAD_LIMIT_MS).unref())]) };
}

describe("the Node controller stopped in the middle of concurrent writes", () => {
  it(`keeps every write answered 2xx and only those when killed with SIGKILL, at ${KILL_AFTER_WRITES.length} points`, async () => {
    let { url } = await start();
    expect((await request(url, "POST", "/v2/projects", { name: SHARED_PROJECT })).status).toBe(201);
    let ledgers: Ledger[] = Array.from({ length: CLIENTS }, () => new Map());
    let runs: ClientRun[] = [];
    const totals = { acknowledged: 0, deliberateConflicts: 0, inDoubt: 0 };

    for (let round = 0; round <= KILL_AFTER_WRITES.length; round++) {
      const observed = await observe(url);
      expectLedgersKept(observed, runs, ledgers);
      expectConsistent(observed);
      await expectPortClaimsMatchLinks(url, observed);
      if (round === KILL_AFTER_WRITES.length) break;

      ledgers = Array.from({ length: CLIENTS }, (_, client) => observed.ledgers.get(client) ?? new Map());
      const clients = ledgers.map((ledger, client) => new LedgerClient(client, ledger, new Map(observed.ids), 1000 * round + client));
      let killed = false;
      const { load, enough } = startLoad(clients, url, KILL_AFTER_WRITES[round]!, () => killed);
      await enough;
      await controller!.stop("SIGKILL");
      killed = true;
      runs = await load;
      ledgers = clients.map((client) => client.ledger);

      expect(runs.flatMap((run) => run.failures)).toEqual([]);
      const acknowledged = runs.reduce((sum, run) => sum + run.acknowledged, 0);
      expect(acknowledged).toBeGreaterThan(0);
      totals.acknowledged += acknowledged;
      totals.deliberateConflicts += runs.reduce((sum, run) => sum + run.deliberateConflicts, 0);
      totals.inDoubt += runs.filter((run) => run.inDoubt).length;
      ({ url } = await start());
    }
    console.log(
      `crash safety: ${KILL_AFTER_WRITES.length} kills, ${totals.acknowledged} writes answered 2xx all found after restarts, ` +
        `${totals.inDoubt} writes cut off by a kill, ${totals.deliberateConflicts} deliberate 409s`,
    );
    await controller!.stop();
  }, 180_000);

  it("answers every request it had taken when stopped with SIGTERM mid-load, and keeps what it answered 2xx", async () => {
    let { url } = await start();
    // Run alone, this test has no shared project from the one before.
    if (!(await observe(url)).ids.has(SHARED_PROJECT)) expect((await request(url, "POST", "/v2/projects", { name: SHARED_PROJECT })).status).toBe(201);
    const observed = await observe(url);
    const clients = Array.from({ length: CLIENTS }, (_, client) => new LedgerClient(client, observed.ledgers.get(client) ?? new Map(), new Map(observed.ids), 5000 + client));
    let stopping = false;
    const { load, enough } = startLoad(clients, url, 100, () => stopping);
    await enough;
    // The clients send nothing new; the requests they have in flight must still be answered.
    stopping = true;
    await new Promise((resolve) => setTimeout(resolve, 20));
    await controller!.stop("SIGTERM");
    const runs = await load;
    expect(runs.flatMap((run) => run.failures)).toEqual([]);
    expect(runs.flatMap((run) => (run.inDoubt ? [run.inDoubt.description] : []))).toEqual([]);

    ({ url } = await start());
    const restarted = await observe(url);
    expectLedgersKept(restarted, runs, clients.map((client) => client.ledger));
    expectConsistent(restarted);
    await controller!.stop();
  }, 60_000);
});
