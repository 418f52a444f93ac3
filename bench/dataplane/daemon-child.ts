/**
 * The daemon's forwarding core as its own process, for the forwarding bench: the same
 * `createHostForwarding` (reconciler, node runtimes, UDP path) that `npm run dataplane` runs,
 * bundled and started the same way, with desired states read from stdin instead of from a
 * controller (one JSON request a line, one JSON answer a line):
 *   {"apply": DesiredHostState}  →  {"errors": ItemError[]}
 *   {"usage": true}              →  {"rssBytes": N, "cpuMs": N, "path": "native" | "dgram"}
 *   {"counters": true}           →  the links' counters (CountersReport)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { DesiredHostState } from "@shared/proto";
import { createHostForwarding } from "../../dataplane/host/host-forwarding";
import { udpPath } from "../../dataplane/forwarding/native-udp";

const dataDir = mkdtempSync(join(tmpdir(), "bench-daemon-"));
const forwarding = await createHostForwarding({ dataDir, metricsPort: 0 });

async function answer(request: { apply?: DesiredHostState; usage?: boolean; counters?: boolean }): Promise<unknown> {
  if (request.apply) return { errors: await forwarding.reconciler.apply(request.apply) };
  if (request.counters) return forwarding.counters?.();
  // Started with --expose-gc: resident memory is compared between states, not garbage.
  (globalThis as { gc?: () => void }).gc?.();
  const cpu = process.cpuUsage();
  return { rssBytes: process.memoryUsage.rss(), cpuMs: (cpu.user + cpu.system) / 1000, path: udpPath().kind };
}

const lines = createInterface({ input: process.stdin });
for await (const line of lines) process.stdout.write(`${JSON.stringify(await answer(JSON.parse(line)))}\n`);
await forwarding.close?.();
rmSync(dataDir, { recursive: true, force: true });
