import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "@shared/testing/cleanups";
import { startControllerProcess, type ControllerProcess } from "../../testing/controller-process";
import { vpcsAvailable } from "../../../dataplane/nodes/vpcs";
import { descriptorKinds, serverFigures, type ServerFigures } from "./server-figures";
import { FUZZ_IMAGE_PREFIX, type WireTarget } from "./wire-cases";
import { runWireFuzz, type WireRunReport } from "./wire-run";

/**
 * Raw bytes on real sockets against the servers `npm start` and `npm run start:worker` run:
 * every WebSocket route refused every way and reset at every moment, real requests cut at
 * every byte, resets inside uploads, pipelining, garbage and clients that stop reading. After
 * each case the same process answers; after the run its connections, descriptors and memory
 * are back where they were, its log holds no error, and nothing half-sent was kept.
 *
 * WIRE_FUZZ_CONNECTIONS sets the number of connections per runtime (the CI run makes 20,000;
 * docs/reliability.md has a longer run's figures).
 */
const CONNECTIONS = Number(process.env.WIRE_FUZZ_CONNECTIONS ?? 20_000);
const CONCURRENCY = 16;
const USER = "wire";
const PASSWORD = "fuzz";
const authorization = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString("base64")}`;
/** A Node run's growth that is the allocator's, not a leak: a leak of even 1 KiB a connection would pass it several times over. */
const RESIDENT_GROWTH_MIB = 48;
/**
 * workerd's resident memory grows with the requests it serves, whatever they are, and levels
 * off near 400 MiB (30,000 bodiless `POST /v2/version`: 110 → 388 MiB): its growth says
 * nothing of our handling, which Node's flat figure checks, running the same route code. A
 * leak of a connection's request in workerd would still break this ceiling.
 */
const WORKERD_RESIDENT_CEILING_MIB = 768;
/** Descriptors a settled server may hold beyond its start: the store's and the log's files open lazily. */
const DESCRIPTOR_SLACK = 8;
const DOWNLOAD_IMAGE = "wire-download.qcow2";

/**
 * workerd reports what it refused of a client's bytes (a bad chunk size, a CONNECT, a broken
 * WebSocket frame, a reset mid-write) on its own log as `workerd/…: error:` lines, each
 * followed by a line of return addresses: its diagnostics of client input, not failures of
 * ours. They are counted in the figures; everything else the server writes must be clean.
 */
const WORKERD_DIAGNOSTIC = /^(workerd\/\S+: (error|warning): |stack: \S*workerd@)/;

/**
 * `openConsoles`: whether the run opens a started node's console. Not on workerd: there a
 * console connection the emulator has not accepted yet (VPCS serves one client at a time)
 * keeps a descriptor after workerd's socket is closed (docs/reliability.md has the figures).
 */
const runtimes = [
  { name: "Node (npm start)", script: "start", refusedUpgradesClose: true, openConsoles: true, memory: "flat" as const },
  { name: "workerd (npm run start:worker)", script: "start:worker", refusedUpgradesClose: false, openConsoles: false, memory: "ceiling" as const },
];

describe.each(runtimes)("the wire on $name", ({ script, refusedUpgradesClose, openConsoles, memory }) => {
  let dataDir: string;
  let server: ControllerProcess;
  let target: WireTarget;
  let report: WireRunReport;

  const api = async (method: string, path: string, body?: unknown): Promise<any> => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization, "content-type": "application/json" },
      body: body === undefined ? null : typeof body === "string" || body instanceof Uint8Array ? body : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return text ? JSON.parse(text) : undefined;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "gns3-wire-"));
    server = await startControllerProcess(
      ["--port", "0", "--data-dir", dataDir, "--user", USER, "--password", PASSWORD],
      // Short enough that a run's slow clients are cut within it, as a real one's are in 30 s.
      { CONTROLLER_STALL_TIMEOUT_MS: "3000", CONTROLLER_HEADERS_TIMEOUT_MS: "3000", CONTROLLER_NOTIFICATION_PING_MS: "200" },
      script,
      { captureOutput: true },
    );
    // Not closed when the run's last notification client leaves, as GNS3 would close it.
    const project = await api("POST", "/v2/projects", { name: "wire", auto_close: false });
    const nodes = [];
    for (const name of ["PC1", "PC2"]) nodes.push(await api("POST", `/v2/projects/${project.project_id}/nodes`, { name, node_type: "vpcs", compute_id: "local" }));
    const link = await api("POST", `/v2/projects/${project.project_id}/links`, {
      nodes: nodes.map((node) => ({ node_id: node.node_id, adapter_number: 0, port_number: 0 })),
    });
    await api("POST", `/v2/compute/qemu/images/${DOWNLOAD_IMAGE}`, new Uint8Array(4 * 1024 * 1024));
    let startedNodeId: string | undefined;
    if (openConsoles && (await vpcsAvailable())) {
      await api("POST", `/v2/projects/${project.project_id}/nodes/${nodes[1].node_id}/start`);
      startedNodeId = nodes[1].node_id;
    }
    target = {
      authorization,
      projectId: project.project_id,
      stoppedNodeId: nodes[0].node_id,
      ...(startedNodeId ? { startedNodeId } : {}),
      linkId: link.link_id,
      imageName: DOWNLOAD_IMAGE,
      refusedUpgradesClose,
    };
    report = await runWireFuzz({ baseUrl: server.url, target, connections: CONNECTIONS, concurrency: CONCURRENCY, seed: 21 });
    const after = await settledFigures(server.url, report.before);
    const diagnostics = server.output.filter((line) => WORKERD_DIAGNOSTIC.test(line) && !line.startsWith("stack:")).length;
    console.log(
      `wire fuzz ${script}: ${report.connections} connections in ${report.seconds.toFixed(0)} s (${JSON.stringify(report.families)}, seconds ${JSON.stringify(report.familySeconds, (_key, value: unknown) => (typeof value === "number" ? Math.round(value) : value))}); ` +
        `server before: ${summary(report.before)}; after: ${summary(after)}; workerd diagnostics: ${diagnostics}`,
    );
  }, 30 * 60_000);

  afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it(`takes ${CONNECTIONS} connections of bad clients, each case answered as it should be, and the same process still answers`, () => {
    expect(report.failures).toEqual([]);
    expect(report.connections).toBe(CONNECTIONS);
    expect(report.pidAfter).toBe(report.pid);
  });

  it(memory === "flat" ? "is back to its connections, descriptors and memory of before the run" : "is back to its connections and descriptors, under its memory ceiling", async () => {
    const after = await settledFigures(server.url, report.before);
    expect(after.connections).toBeLessThanOrEqual(report.before.connections);
    expect(after.descriptors, JSON.stringify(descriptorKinds(after.pid))).toBeLessThanOrEqual(report.before.descriptors + DESCRIPTOR_SLACK);
    if (memory === "flat") expect(after.residentMiB - report.before.residentMiB).toBeLessThan(RESIDENT_GROWTH_MIB);
    else expect(after.residentMiB).toBeLessThan(WORKERD_RESIDENT_CEILING_MIB);
  }, 40_000);

  it("logged no error and no stack trace", () => {
    const problems = server.output.filter((line) => {
      // The one line for people at start-up, where the dashboard and the API are.
      if (WORKERD_DIAGNOSTIC.test(line) || /^Dashboard \S+ · API \S+ · /.test(line)) return false;
      try {
        return (JSON.parse(line) as { level?: string }).level === "error";
      } catch {
        return line.trim() !== "";
      }
    });
    expect(problems.slice(0, 20)).toEqual([]);
  });

  it("kept nothing a client sent only in part: no cut upload stored, no cut import made a project", async () => {
    const images = (await api("GET", "/v2/compute/qemu/images")) as Array<{ filename: string }>;
    expect(images.map((image) => image.filename).filter((name) => name.startsWith(FUZZ_IMAGE_PREFIX))).toEqual([]);
    const projects = (await api("GET", "/v2/projects")) as Array<{ name: string }>;
    expect(projects.map((project) => project.name)).toEqual(["wire"]);
  });
});

/** The figures once the run's last connections have gone: the server's timeouts cut the slowest within a few seconds. */
async function settledFigures(baseUrl: string, before: ServerFigures): Promise<ServerFigures> {
  const port = Number(new URL(baseUrl).port);
  let figures = serverFigures(port, before.pid);
  await waitFor(
    "the run's connections to close",
    () => {
      figures = serverFigures(port, before.pid);
      return figures.connections <= before.connections && figures.descriptors <= before.descriptors + DESCRIPTOR_SLACK;
    },
    20_000,
  ).catch(() => undefined);
  return figures;
}

function summary(figures: ServerFigures): string {
  return `${figures.connections} connections, ${figures.descriptors} descriptors, ${figures.residentMiB} MiB resident`;
}
