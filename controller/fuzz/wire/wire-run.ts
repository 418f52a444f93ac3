import { seededRandom } from "@shared/testing/seeded-random";
import { runExchange } from "./raw-connection";
import { listeningProcess, serverFigures, type ServerFigures } from "./server-figures";
import { wireCases, type WireCase, type WireTarget } from "./wire-cases";

export interface WireRunOptions {
  baseUrl: string;
  target: WireTarget;
  /** Connections to make in all (the health checks after each case ride on kept-alive ones, not counted). */
  connections: number;
  /** Cases in flight at once. */
  concurrency: number;
  seed: number;
}

export interface WireRunReport {
  connections: number;
  seconds: number;
  /** Cases by family, as run, and the seconds their exchanges took in all (health checks apart). */
  families: Record<string, number>;
  familySeconds: Record<string, number>;
  /** What broke: a failed answer check, or the server not answering after a case (with the case). */
  failures: string[];
  /** The listening process before the run and after every case; a different pid means it restarted. */
  pid: number;
  pidAfter: number | undefined;
  before: ServerFigures;
}

const HEALTH_TIMEOUT_MS = 10_000;

/**
 * Runs the wire cases against a real server until `connections` were made, `concurrency` at
 * a time, in a seeded order; after every case the same process must answer `/v2/version`.
 * Stops at the first time the server does not answer: nothing after that would say more.
 */
export async function runWireFuzz(options: WireRunOptions): Promise<WireRunReport> {
  const port = Number(new URL(options.baseUrl).port);
  const pid = listeningProcess(port);
  if (pid === undefined) throw new Error(`nothing listens on port ${port}`);
  const before = serverFigures(port, pid);
  const random = seededRandom(options.seed);
  const families: Record<string, number> = {};
  const familySeconds: Record<string, number> = {};
  const failures: string[] = [];
  let made = 0;
  let round = 0;
  let queue: WireCase[] = [];
  let serverGone = false;
  const started = performance.now();

  const next = (): WireCase | undefined => {
    if (made >= options.connections || serverGone || failures.length >= 20) return undefined;
    if (queue.length === 0) queue = shuffled(wireCases(options.target, round++), random);
    made++;
    return queue.pop();
  };
  const worker = async (): Promise<void> => {
    for (let wireCase = next(); wireCase; wireCase = next()) {
      families[wireCase.family] = (families[wireCase.family] ?? 0) + 1;
      const caseStarted = performance.now();
      const result = await runExchange(port, wireCase.exchange);
      familySeconds[wireCase.family] = (familySeconds[wireCase.family] ?? 0) + (performance.now() - caseStarted) / 1000;
      const problem = wireCase.check?.(result);
      if (problem) failures.push(`${wireCase.family}: ${wireCase.name}: ${problem}`);
      const health = await versionAnswer(options.baseUrl, options.target.authorization);
      if (health !== undefined) {
        serverGone = true;
        failures.push(`after ${wireCase.family}: ${wireCase.name}: /v2/version ${health}`);
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return { connections: made, seconds: (performance.now() - started) / 1000, families, familySeconds, failures, pid, pidAfter: listeningProcess(port), before };
}

/** Undefined when the server answered 200, else what it did instead. */
async function versionAnswer(baseUrl: string, authorization: string): Promise<string | undefined> {
  try {
    const response = await fetch(`${baseUrl}/v2/version`, { headers: { authorization }, signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) });
    await response.arrayBuffer();
    return response.status === 200 ? undefined : `answered ${response.status}`;
  } catch (error) {
    return `failed: ${String((error as Error).cause ?? error)}`;
  }
}

function shuffled<T>(items: T[], random: () => number): T[] {
  for (let index = items.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [items[index], items[other]] = [items[other]!, items[index]!];
  }
  return items;
}
