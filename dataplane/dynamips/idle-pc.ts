/**
 * Idle-PC on a running router, as GNS3 measures it (compute/dynamips/__init__.py,
 * nodes/router.py): Dynamips proposes program counters where IOS idles; a proposal is good when
 * the router, idling there, keeps its process under 70 % of a core. Every router has a
 * hypervisor process of its own here, so that process's CPU time is the router's.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { HypervisorClient } from "./hypervisor-client";

const TRIAL_MS = 3000;
const GOOD_BELOW_PERCENT = 70;
const VALUE = /^0x[0-9a-f]{8}$/;

/** Dynamips' proposals ("0x60606f54 [37]", most hits first), measured with no Idle-PC set, as GNS3 does. */
export async function idlePcProposals(client: HypervisorClient, vm: string): Promise<string[]> {
  await client.send("vm", "set_idle_pc_online", vm, 0, "0x0");
  return client.send("vm", "get_idle_pc_prop", vm, 0);
}

/**
 * Tries each proposal for 3 s and keeps the first under which the router uses less than 70 %
 * of a core (it stays set on the router); "" when none does, with the router left without one.
 */
export async function chooseIdlePc(client: HypervisorClient, vm: string, proposals: readonly string[], wait: (ms: number) => Promise<unknown> = sleep): Promise<string> {
  for (const proposal of proposals) {
    const value = proposal.split(" ")[0]!;
    if (!VALUE.test(value)) continue;
    await client.send("vm", "set_idle_pc_online", vm, 0, value);
    const before = await cpuSeconds(client, vm);
    const since = performance.now();
    await wait(TRIAL_MS);
    const used = (await cpuSeconds(client, vm)) - before;
    const percent = Math.min(100, Math.abs((used * 100) / ((performance.now() - since) / 1000)));
    if (percent < GOOD_BELOW_PERCENT) return value;
  }
  await client.send("vm", "set_idle_pc_online", vm, 0, "0x0");
  return "";
}

/** The hypervisor process's CPU time, in whole seconds (`vm cpu_usage`). */
async function cpuSeconds(client: HypervisorClient, vm: string): Promise<number> {
  const [seconds] = await client.send("vm", "cpu_usage", vm, 0);
  const value = Number(seconds);
  if (!Number.isFinite(value)) throw new Error(`Dynamips answered "vm cpu_usage" with ${JSON.stringify(seconds)}, not a number of seconds`);
  return value;
}
