/**
 * Property-based fuzzing of every `/v2` endpoint.
 *
 * Why: the example tests beside each route check what we thought of; this one sends thousands
 * of requests nobody thought of — sequences that build projects, nodes, links and drawings,
 * mixed with wrong types, missing fields, huge numbers, unicode, traversal in ids, bad JSON,
 * odd methods and headers — and checks what must hold whatever is sent:
 *   - no answer is a 5xx, nothing throws, nothing hangs;
 *   - every error is JSON `{message, status}` with the HTTP status;
 *   - after every request the store is sound (controller/fuzz/invariants.ts): a port is used
 *     by at most one link, every link's nodes and ports exist, names and consoles are claimed
 *     by who bears them, a deleted node takes its links along, a deleted project leaves nothing;
 *   - after every sequence the API lists exactly what the store holds, and no notification
 *     listener is left behind.
 * Endpoints come from controller/openapi/endpoints.ts, so a new one is fuzzed without a change
 * here, and this test fails if any endpoint was never reached.
 *
 * A failure prints the shrunk sequence, the seed and the last requests with their answers.
 * Fuzz longer with `FUZZ_RUNS=2000 npx vitest run controller/fuzz`; replay a random run with
 * `FUZZ_SEED=…`; `FUZZ_TRACE=1` prints every request and answer, `FUZZ_VERBOSE=1` how often
 * each endpoint was reached and succeeded.
 */
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { ENDPOINTS } from "../openapi/endpoints";
import { requestSequence } from "./arbitraries";
import type { RequestPlan } from "./plans";
import { FuzzStats, FuzzTarget } from "./target";

/** The fixed-seed run is what CI relies on for coverage; the random runs look somewhere new each time. */
const FIXED_SEED = 20_260_611;
const FIXED_RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const RANDOM_RUNS = Math.max(1, Math.round(FIXED_RUNS / 4));
const MAX_SEQUENCE = 60;
/** Generous: about 60 ms a sequence here, several times that on a loaded machine. */
const TIMEOUT_MS = Math.max(120_000, FIXED_RUNS * 600);

/**
 * Endpoints whose documented success the in-process app cannot give, and why. Each is still
 * required to be reached (and to answer within the properties); only its 2xx is excused.
 */
const SUCCESS_UNREACHABLE: Record<string, string> = {
  "GET /v2/notifications/ws": "101 needs a real socket; in process the upgrader answers 200",
  "GET /v2/projects/:project_id/notifications/ws": "101 needs a real socket; in process the upgrader answers 200",
  "GET /v2/dataplane/ws": "101 needs a real socket; in process the upgrader answers 200",
  "GET /v2/dataplane/images/:filename{.+}": "200 needs the dataplane token, which no client request carries",
  "GET /v2/projects/:project_id/nodes/:node_id/console/ws": "101 needs a real socket and a console listening on the node's port",
  "GET /v2/projects/:project_id/links/:link_id/pcap": "only a dataplane writes capture files",
  "GET /v2/projects/:project_id/nodes/:node_id/dynamips/auto_idlepc": "Idle-PC values are measured by a dataplane host on a running router, and no host runs one in process",
  "GET /v2/projects/:project_id/nodes/:node_id/dynamips/idlepc_proposals": "Idle-PC values are measured by a dataplane host on a running router, and no host runs one in process",
  "POST /v2/computes/:compute_id/auto_idlepc": "Idle-PC values are measured by a dataplane host on a running router, and no host runs one in process",
};

function sequenceProperty(stats: FuzzStats) {
  return fc.asyncProperty(requestSequence(MAX_SEQUENCE), async (plans: RequestPlan[]) => {
    const target = FuzzTarget.start(stats);
    try {
      for (const plan of plans) await target.run(plan);
      await target.checkAgreement();
    } finally {
      await target.close();
    }
  });
}

describe("fuzzing every /v2 endpoint in process", () => {
  const fixed = new FuzzStats();
  const random = new FuzzStats();
  const started = performance.now();

  afterAll(() => {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const requests = fixed.requests + random.requests;
    const checks = fixed.checks + random.checks;
    const statuses = new Map<number, number>();
    for (const stats of [fixed, random]) for (const [status, count] of stats.statuses) statuses.set(status, (statuses.get(status) ?? 0) + count);
    const histogram = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`).join(" ");
    console.log(
      `fuzz: ${requests} generated requests in ${fixed.sequences + random.sequences} sequences (plus ${checks} checking requests) ` +
        `over ${ENDPOINTS.length} endpoints in ${seconds} s; statuses ${histogram}`,
    );
    if (process.env.FUZZ_VERBOSE) {
      for (const [key, tally] of fixed.endpoints) console.log(`  ${String(tally.routed).padStart(5)} reached, ${String(tally.succeeded).padStart(5)} succeeded  ${key}`);
    }
  });

  it(`holds for seed ${FIXED_SEED}, reaching every endpoint`, async () => {
    await fc.assert(sequenceProperty(fixed), { seed: FIXED_SEED, numRuns: FIXED_RUNS });
    const missed = [...fixed.endpoints].filter(([, tally]) => tally.routed === 0).map(([key]) => key);
    expect(missed, "endpoints no generated request reached").toEqual([]);
    const neverSucceeded = [...fixed.endpoints]
      .filter(([key, tally]) => tally.succeeded === 0 && !(key in SUCCESS_UNREACHABLE))
      .map(([key]) => key);
    expect(neverSucceeded, "endpoints never answered with their documented success status").toEqual([]);
    for (const key of Object.keys(SUCCESS_UNREACHABLE)) expect(fixed.endpoints.has(key), `${key} is no longer an endpoint`).toBe(true);
  }, TIMEOUT_MS);

  it("holds for a random seed", async () => {
    const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
    console.log(`fuzz: random run with FUZZ_SEED=${seed}`);
    await fc.assert(sequenceProperty(random), { seed, numRuns: RANDOM_RUNS });
  }, TIMEOUT_MS);
});

