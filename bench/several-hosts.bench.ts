/**
 * Several hosts for real: four dataplane daemons, each in a network namespace of its own
 * standing for a machine (made here, joined by veth pairs to a bridge in this namespace, which
 * carries both their control channel and their link tunnels; dataplane/e2e/namespace-hosts.ts),
 * and one controller, first `npm start`, then `npm run start:worker`. A project of 1,000 nodes
 * spread over the four (per host a cloud, a hub on a traffic path and 248 hubs chained on the
 * host and joined across hosts) is built through the API, then:
 *   - apply time per host: filter changes on a link of that host alone, answered once its
 *     daemon applied them;
 *   - push fan-out: filter changes on cross-host links (two hosts), and closing and opening
 *     the project (all four, each running ~250 nodes and ~600 link ends);
 *   - a daemon killed mid-run: numbered frames flow on four cross-host paths (UDP peers here at
 *     both ends); host h4's daemon is killed with SIGKILL and started again on its data dir;
 *     the two paths that do not touch h4 must lose no frame, and those that do are timed back.
 * Needs root and iproute2 (it says so and stops otherwise).
 * Run: npm run bench -- several-hosts   (BENCH_RUNTIMES=node,worker; BENCH_RATE=500 frames/s per path)
 */
import { inParallel } from "../controller/testing/in-parallel";
import { type Api } from "../dataplane/e2e/cloud-lab";
import { crossHostPaths, startNamespaceHosts } from "../dataplane/e2e/namespace-hosts";
import { hostNetworkUnavailable } from "../dataplane/host-network/testing";
import { waitMs as wait } from "../dataplane/e2e/udp-traffic";
import { summary, timed } from "../controller/testing/latencies";

const RUNTIMES = (process.env.BENCH_RUNTIMES ?? "node,worker").split(",").filter(Boolean);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const SCRIPTS = { node: "start", worker: "start:worker" } as const;
const HOSTS = 4;
const CHAINED_HUBS_PER_HOST = 248;
const CROSS_LINKS_PER_PAIR = 50;
/** Cross-host paths of the traffic: [from host, to host]; the last two touch h4. */
const PATHS = [[0, 1], [1, 2], [2, 3], [3, 0]] as const;

const ms = (value: number) => `${value.toFixed(1)} ms`;

async function ok(api: Api, method: string, path: string, body: unknown, status: number): Promise<any> {
  const answer = await api(method, path, body);
  if (answer.status !== status) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

async function runOn(runtime: keyof typeof SCRIPTS): Promise<void> {
  console.log(`\n### ${runtime} controller (npm run ${SCRIPTS[runtime]}), four daemons in four namespaces`);
  const hosts = await startNamespaceHosts(HOSTS, SCRIPTS[runtime]);
  const { api, hostIds } = hosts;
  let paths: Awaited<ReturnType<typeof crossHostPaths>> | undefined;
  try {
    const base = `/v2/projects/${(await ok(api, "POST", "/v2/projects", { name: "four hosts" }, 201)).project_id}`;
    const chains = hostIds.map(() => [] as string[]);
    const builtNodes = await timed(async () => {
      paths = await crossHostPaths(hosts, base, PATHS);
      const hubs = hostIds.flatMap((hostId, host) => Array.from({ length: CHAINED_HUBS_PER_HOST }, (_, index) => ({ host, hostId, index })));
      const made = await inParallel(hubs.length, 10, (i) => ok(api, "POST", `${base}/nodes`, { name: `Hub-${hubs[i]!.hostId}-${hubs[i]!.index}`, node_type: "ethernet_hub", compute_id: hubs[i]!.hostId }, 201));
      made.forEach((node, i) => chains[hubs[i]!.host]!.push(node.node_id));
    });
    const end = (node_id: string, port_number: number) => ({ node_id, adapter_number: 0, port_number });
    const links: Array<{ nodes: ReturnType<typeof end>[]; host?: number }> = [];
    for (const [host, hubs] of chains.entries()) for (let index = 0; index + 1 < hubs.length; index++) links.push({ nodes: [end(hubs[index]!, 0), end(hubs[index + 1]!, 1)], host });
    for (let host = 0; host < HOSTS; host++) {
      for (let index = 0; index < CROSS_LINKS_PER_PAIR; index++) links.push({ nodes: [end(chains[host]![index]!, 2), end(chains[(host + 1) % HOSTS]![index]!, 3)] });
    }
    const linkIds: string[] = [];
    const builtLinks = await timed(async () => {
      const made = await inParallel(links.length, 10, (i) => ok(api, "POST", `${base}/links`, { nodes: links[i]!.nodes }, 201));
      linkIds.push(...made.map((link) => link.link_id));
    });
    const nodes = HOSTS * (CHAINED_HUBS_PER_HOST + 2);
    const totalLinks = links.length + 2 * PATHS.length;
    const across = links.filter((link) => link.host === undefined).length + PATHS.length;
    console.log(`build: ${nodes} nodes in ${(builtNodes / 1000).toFixed(2)} s, ${totalLinks} links (${across} across hosts); the ${links.length} links made 10 at a time in ${(builtLinks / 1000).toFixed(2)} s (${Math.round((links.length * 1000) / builtLinks)}/s)`);

    // Apply time per host: one host's link, answered once that host applied the change.
    const filterChange = (linkId: string, round: number) => ok(api, "PUT", `${base}/links/${linkId}`, { filters: round % 2 === 0 ? { packet_loss: [1 + (round % 50)] } : {} }, 201);
    for (let host = 0; host < HOSTS; host++) {
      const linkIndex = links.findIndex((link) => link.host === host);
      const samples: number[] = [];
      for (let round = 0; round < 100; round++) samples.push(await timed(() => filterChange(linkIds[linkIndex]!, round)));
      const { p50, p99 } = summary(samples);
      console.log(`${hostIds[host]}: a filter change on one of its links, applied: p50 ${ms(p50)}, p99 ${ms(p99)} (100 changes)`);
    }
    const crossIndex = links.findIndex((link) => link.host === undefined);
    const crossSamples: number[] = [];
    for (let round = 0; round < 100; round++) crossSamples.push(await timed(() => filterChange(linkIds[crossIndex]!, round)));
    const cross = summary(crossSamples);
    console.log(`fan-out to 2 hosts: a filter change on a cross-host link, applied by both: p50 ${ms(cross.p50)}, p99 ${ms(cross.p99)} (100 changes)`);
    const closes: number[] = [];
    const opens: number[] = [];
    for (let round = 0; round < 3; round++) {
      closes.push(await timed(() => ok(api, "POST", `${base}/close`, {}, 204)));
      opens.push(await timed(() => ok(api, "POST", `${base}/open`, {}, 201)));
    }
    const each = (samples: number[]) => `${ms(summary(samples).p50)} (${samples.map((t) => t.toFixed(0)).join(", ")} ms)`;
    console.log(`fan-out to 4 hosts: close ${each(closes)}, open ${each(opens)}; each host ~${nodes / HOSTS} nodes and ~${Math.round(totalLinks / 2)} link ends`);

    // A daemon killed mid-run: frames on the paths that do not touch it must all arrive.
    paths!.startSending(RATE);
    await wait(1000);
    const killedAt = performance.now();
    await hosts.killDaemon(3);
    await wait(1000);
    await hosts.startDaemon(3);
    const h4Path = PATHS.findIndex(([from]) => from === 3);
    const arrivedBefore = paths!.arrived(h4Path);
    const deadline = performance.now() + 30_000;
    while (paths!.arrived(h4Path) === arrivedBefore && performance.now() < deadline) await wait(10);
    const backAt = performance.now();
    await wait(1000);
    paths!.stopSending();
    await wait(500);
    for (const [path, [from, to]] of PATHS.entries()) {
      const touchesH4 = from === 3 || to === 3;
      console.log(`path ${hostIds[from]} → ${hostIds[to]}: ${paths!.sent(path)} frames sent at ${RATE}/s, ${paths!.lost(path)} lost${touchesH4 ? " (h4's daemon killed and started again)" : ""}`);
    }
    console.log(`h4's path forwarding again ${((backAt - killedAt) / 1000).toFixed(2)} s after the kill (1 s of it before the restart)`);
  } finally {
    await paths?.close();
    await hosts.stop();
  }
}

const unavailable = hostNetworkUnavailable();
if (unavailable) console.log(`several-hosts: not run, it ${unavailable}`);
else for (const runtime of RUNTIMES) await runOn(runtime as keyof typeof SCRIPTS);
