/**
 * Many API clients at once against a running controller, each over its own keep-alive
 * connection, reading and writing for a given time: what the load test asserts on and the
 * `load` benchmark prints. autocannon drives the connections (a light client leaves the two
 * cores to the server) and measures latency.
 *
 * Clients share projects (`CLIENTS_PER_PROJECT` to a project), each owning two VPCS nodes and
 * the link between them. A round reads the project, its lists and the client's own objects,
 * moves a node, changes the link's filters, creates and deletes a drawing, deletes and
 * recreates its link, and asks once for a port its link already uses: a deliberate 409,
 * counted apart from errors.
 */
import autocannon from "autocannon";
import { inParallel } from "./in-parallel";
import { summary } from "./latencies";

const CLIENTS_PER_PROJECT = 20;
const SETUP_CONCURRENCY = 10;

interface Client {
  base: string;
  nodes: [string, string];
  linkId: string;
  round: number;
}

/** What a round's requests share: the client (taken for the round) and the drawing it made. */
interface RoundContext {
  client?: Client;
  drawingId?: string;
  /** When the connection sent its request: autocannon sets each one up as it sends it. */
  sentAt?: number;
}

interface Step {
  /** What the request does, for the report. */
  label: string;
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** The path and body for this client in this round. */
  build(client: Client, context: RoundContext): { path: string; body?: unknown };
  expect: number;
  write?: boolean;
  /** Reads what the round needs later from the answer's body. */
  read?(body: any, client: Client, context: RoundContext): void;
}

export interface LoadReport {
  clients: number;
  seconds: number;
  requests: number;
  reads: number;
  writes: number;
  latency: { p50: number; p99: number; max: number };
  /** Each request of the round: its latency as the client saw it, queueing included. */
  steps: Array<{ label: string; p50: number; p99: number }>;
  /** 409 "Port is already used" answers to the deliberate conflicting link. */
  deliberateConflicts: number;
  /** Requests that got no answer: connection refused or reset, timeouts. */
  connectionErrors: number;
  /** Answers other than the step's expected status (any 5xx among them), with the first few. */
  unexpected: number;
  unexpectedSamples: string[];
  statusCodes: Record<string, number>;
}

const linkBody = (client: Pick<Client, "nodes">, filters: Record<string, number[]> = {}) => ({
  filters,
  nodes: client.nodes.map((node_id) => ({ node_id, adapter_number: 0, port_number: 0 })),
});

const ROUND: Step[] = [
  { label: "GET project", method: "GET", build: (c) => ({ path: c.base }), expect: 200 },
  { label: "GET links", method: "GET", build: (c) => ({ path: `${c.base}/links` }), expect: 200 },
  { label: "PUT node (move)", method: "PUT", build: (c) => ({ path: `${c.base}/nodes/${c.nodes[0]}`, body: { x: c.round % 500, y: c.round % 300 } }), expect: 200, write: true },
  { label: "GET node", method: "GET", build: (c) => ({ path: `${c.base}/nodes/${c.nodes[0]}` }), expect: 200 },
  { label: "GET nodes", method: "GET", build: (c) => ({ path: `${c.base}/nodes` }), expect: 200 },
  { label: "PUT link filters", method: "PUT", build: (c) => ({ path: `${c.base}/links/${c.linkId}`, body: { filters: { packet_loss: [1 + (c.round % 99)] } } }), expect: 201, write: true },
  { label: "GET available_filters", method: "GET", build: (c) => ({ path: `${c.base}/links/${c.linkId}/available_filters` }), expect: 200 },
  {
    label: "POST drawing",
    method: "POST",
    build: (c) => ({ path: `${c.base}/drawings`, body: { svg: `<svg><text>${c.round}</text></svg>`, x: c.round % 100 } }),
    expect: 201,
    write: true,
    read: (body, _client, context) => (context.drawingId = body.drawing_id),
  },
  { label: "GET drawings", method: "GET", build: (c) => ({ path: `${c.base}/drawings` }), expect: 200 },
  { label: "DELETE drawing", method: "DELETE", build: (c, context) => ({ path: `${c.base}/drawings/${context.drawingId}` }), expect: 204, write: true },
  { label: "POST link (409)", method: "POST", build: (c) => ({ path: `${c.base}/links`, body: linkBody(c) }), expect: 409, write: true },
  { label: "GET link", method: "GET", build: (c) => ({ path: `${c.base}/links/${c.linkId}` }), expect: 200 },
  { label: "DELETE link", method: "DELETE", build: (c) => ({ path: `${c.base}/links/${c.linkId}` }), expect: 204, write: true },
  {
    label: "POST link",
    method: "POST",
    build: (c) => ({ path: `${c.base}/links`, body: linkBody(c, { frequency_drop: [1 + (c.round % 1000)] }) }),
    expect: 201,
    write: true,
    read: (body, client) => (client.linkId = body.link_id),
  },
  { label: "GET version", method: "GET", build: () => ({ path: "/v2/version" }), expect: 200 },
];

async function created(url: string, path: string, body: unknown): Promise<any> {
  const response = await fetch(`${url}${path}`, { method: "POST", body: JSON.stringify(body) });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`setup: POST ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text);
}

/** The projects, nodes and links the clients work on. */
async function setUp(url: string, clients: number): Promise<Client[]> {
  const projects: string[] = [];
  for (let i = 0; i < Math.ceil(clients / CLIENTS_PER_PROJECT); i++) {
    projects.push((await created(url, "/v2/projects", { name: `load-${i}` })).project_id);
  }
  return inParallel(clients, SETUP_CONCURRENCY, async (index) => {
    const base = `/v2/projects/${projects[Math.floor(index / CLIENTS_PER_PROJECT)]}`;
    const node = (name: string) => created(url, `${base}/nodes`, { name, node_type: "vpcs", compute_id: "local" });
    const nodes: [string, string] = [(await node(`A${index}`)).node_id, (await node(`B${index}`)).node_id];
    return { base, nodes, linkId: (await created(url, `${base}/links`, linkBody({ nodes }))).link_id, round: 0 };
  });
}

/** `clients` connections for `durationS` seconds against `url`; each waits for an answer before its next request. */
export async function runLoad(url: string, clients: number, durationS: number): Promise<LoadReport> {
  // A connection takes a client for a round and gives it back at the end, so each client's
  // requests stay in order whichever connection carries them.
  const idle = await setUp(url, clients);
  let deliberateConflicts = 0;
  let unexpected = 0;
  let reads = 0;
  let writes = 0;
  const unexpectedSamples: string[] = [];
  const stepTimes: number[][] = ROUND.map(() => []);
  const requests: autocannon.Request[] = ROUND.map((step, index) => ({
    method: step.method,
    setupRequest: (request, context: RoundContext) => {
      context.sentAt = performance.now();
      if (index === 0) {
        context.client = idle.pop();
        if (!context.client) throw new Error("more connections than clients");
      }
      const { path, body } = step.build(context.client!, context);
      return { ...request, method: step.method, path, ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }) };
    },
    onResponse: (status, body, context: RoundContext) => {
      const client = context.client!;
      stepTimes[index]!.push(performance.now() - context.sentAt!);
      if (step.write) writes++;
      else reads++;
      if (status !== step.expect) {
        unexpected++;
        if (unexpectedSamples.length < 5) unexpectedSamples.push(`${step.method} ${step.build(client, context).path} → ${status} ${body}`);
      } else if (status === 409) deliberateConflicts++;
      else step.read?.(JSON.parse(body), client, context);
      if (index === ROUND.length - 1) {
        client.round++;
        idle.push(client);
      }
    },
  }));
  const started = performance.now();
  const result = await autocannon({ url, connections: clients, duration: durationS, timeout: 30, requests });
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count ?? 0]));
  return {
    clients,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    requests: result.requests.total,
    reads,
    writes,
    latency: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    steps: ROUND.map((step, index) => ({ label: step.label, ...roundedPercentiles(stepTimes[index]!) })),
    deliberateConflicts,
    connectionErrors: result.errors,
    unexpected,
    unexpectedSamples,
    statusCodes,
  };
}

function roundedPercentiles(samples: readonly number[]): { p50: number; p99: number } {
  const { p50, p99 } = summary(samples);
  return { p50: Math.round(p50), p99: Math.round(p99) };
}

/** One line per request of the round: p50 and p99 in ms. */
export function describeSteps(report: LoadReport): string {
  return report.steps.map(({ label, p50, p99 }) => `  ${label.padEnd(22)} p50 ${String(p50).padStart(4)} ms, p99 ${String(p99).padStart(4)} ms`).join("\n");
}

export function describeLoad(report: LoadReport): string {
  return (
    `${report.clients} clients for ${report.seconds} s: ${report.requests} requests (${Math.round(report.requests / report.seconds)}/s; ` +
    `${report.reads} reads, ${report.writes} writes), latency p50 ${report.latency.p50} ms, p99 ${report.latency.p99} ms, max ${report.latency.max} ms; ` +
    `${report.deliberateConflicts} deliberate 409s, ${report.connectionErrors} connection errors, ${report.unexpected} unexpected answers`
  );
}
