/**
 * Several hosts for real: four dataplane daemons, each in a network namespace of its own
 * standing for a machine (made here, each joined by a veth pair to a bridge in this namespace,
 * which carries both their control channel and their link tunnels), and one controller, first
 * `npm start`, then `npm run start:worker`. A project of 1,000 nodes spread over the four
 * (per host a cloud of four UDP ports and 249 hubs: 248 chained on the host and joined across
 * hosts, one on a traffic path) is built through the API, then:
 *   - apply time per host: filter changes on a link of that host alone, answered once its
 *     daemon applied them;
 *   - push fan-out: filter changes on cross-host links (two hosts), and closing and opening
 *     the project (all four, each running ~250 nodes and ~300 links);
 *   - a daemon killed mid-run: numbered frames flow on four cross-host paths (a cloud port,
 *     across to the next host's path hub, to its cloud's port; UDP peers in this namespace at
 *     both ends); host h4's daemon is killed with SIGKILL and started again on its data dir;
 *     the two paths that do not touch h4 must lose no frame, and those that do are timed back.
 * Needs root and iproute2 (it says so and stops otherwise).
 * Run: npm run bench -- several-hosts   (BENCH_RUNTIMES=node,worker; BENCH_RATE=500 frames/s per path)
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startControllerProcess, type ControllerProcess } from "../controller/testing/controller-process";
import { inParallel } from "../controller/testing/in-parallel";
import { apiAt, waitForApplied, type Api } from "../dataplane/e2e/cloud-lab";
import { startDaemonProcess, type DaemonProcess } from "../dataplane/e2e/daemon-process";
import { missing, UdpPeer } from "../dataplane/e2e/udp-traffic";
import { hostNetworkUnavailable, inNamespace, run, scratchNetwork } from "../dataplane/host-network/testing";

const RUNTIMES = (process.env.BENCH_RUNTIMES ?? "node,worker").split(",").filter(Boolean);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const SCRIPTS: Record<string, string> = { node: "start", worker: "start:worker" };
const HOSTS = ["h1", "h2", "h3", "h4"];
const HUBS_PER_HOST = 249;
const CROSS_LINKS_PER_PAIR = 50;
const CLOUD_PORTS = 4;
const LPORT_BASE = 30_000;
/** Cross-host paths of the traffic: [from host, to host]; the last two touch h4. */
const PATHS: Array<[number, number]> = [[0, 1], [1, 2], [2, 3], [3, 0]];
const subnet = `10.231.${100 + (process.pid % 100)}`;
const controllerAddress = `${subnet}.254`;
const hostAddress = (index: number) => `${subnet}.${index + 1}`;

function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const ms = (value: number) => `${value.toFixed(1)} ms`;
const wait = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis));

async function ok(api: Api, method: string, path: string, body: unknown, status: number): Promise<any> {
  const answer = await api(method, path, body);
  if (answer.status !== status) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const began = performance.now();
  await work();
  return performance.now() - began;
}

async function runOn(runtime: string): Promise<void> {
  console.log(`\n### ${runtime} controller (${SCRIPTS[runtime]}), four daemons in four namespaces`);
  const root = mkdtempSync(join(tmpdir(), "bench-hosts-"));
  const network = scratchNetwork();
  const token = randomBytes(16).toString("hex");
  const daemons = new Map<string, DaemonProcess>();
  const peers: UdpPeer[] = [];
  let controller: ControllerProcess | undefined;
  try {
    // The machines' network: a bridge here, each namespace on it by a veth.
    const bridge = network.bridge();
    run("ip", "addr", "add", `${controllerAddress}/24`, "dev", bridge);
    const namespaces = HOSTS.map((_, index) => {
      const namespace = network.namespace();
      const veth = network.veth(namespace);
      run("ip", "link", "set", veth.outside, "master", bridge);
      inNamespace(namespace, "ip", "addr", "add", `${hostAddress(index)}/24`, "dev", veth.inside);
      return namespace;
    });
    const controllerArgs = ["--host", "0.0.0.0", "--port", "0", "--data-dir", join(root, "controller"), "--dataplane-token", token, "--no-local-dataplane", "--user", "admin", "--password", "lab"];
    controller = await startControllerProcess(controllerArgs, {}, SCRIPTS[runtime]!, { captureOutput: true });
    const port = new URL(controller.url).port;
    const api = apiAt(`http://127.0.0.1:${port}`, { authorization: `Basic ${Buffer.from("admin:lab").toString("base64")}` });
    const startDaemon = async (index: number) => {
      const hostId = HOSTS[index]!;
      const dataDir = join(root, hostId);
      mkdirSync(dataDir, { recursive: true });
      const daemon = await startDaemonProcess({
        hostId, token, dataDir, udpPorts: "20000-21999",
        controllerUrl: `http://${controllerAddress}:${port}`,
        tunnelAddress: hostAddress(index),
        wrapper: ["ip", "netns", "exec", namespaces[index]!],
      });
      daemons.set(hostId, daemon);
      return daemon;
    };
    await Promise.all(HOSTS.map((_, index) => startDaemon(index)));
    await Promise.all(HOSTS.map((hostId) => waitForApplied(api, hostId, -1, 60_000)));

    // One UDP peer per cloud port, here on the bridge's address.
    for (let index = 0; index < HOSTS.length * CLOUD_PORTS; index++) peers.push(await UdpPeer.open(controllerAddress));
    const peerOf = (host: number, cloudPort: number) => peers[host * CLOUD_PORTS + cloudPort]!;

    const base = `/v2/projects/${(await ok(api, "POST", "/v2/projects", { name: "four hosts" }, 201)).project_id}`;
    const nodeIds = HOSTS.map(() => [] as string[]);
    const clouds: string[] = [];
    const builtNodes = await timed(async () => {
      for (const [host, hostId] of HOSTS.entries()) {
        const ports_mapping = Array.from({ length: CLOUD_PORTS }, (_, k) => ({ name: `UDP${k}`, port_number: k, type: "udp", lport: LPORT_BASE + k, rhost: controllerAddress, rport: peerOf(host, k).port }));
        clouds.push((await ok(api, "POST", `${base}/nodes`, { name: `Cloud-${hostId}`, node_type: "cloud", compute_id: hostId, properties: { ports_mapping } }, 201)).node_id);
      }
      const hubs = HOSTS.flatMap((hostId, host) => Array.from({ length: HUBS_PER_HOST }, (_, index) => ({ host, hostId, index })));
      const made = await inParallel(hubs.length, 10, (i) => ok(api, "POST", `${base}/nodes`, { name: `Hub-${hubs[i]!.hostId}-${hubs[i]!.index}`, node_type: "ethernet_hub", compute_id: hubs[i]!.hostId }, 201));
      made.forEach((node, i) => nodeIds[hubs[i]!.host]!.push(node.node_id));
    });
    const end = (node: string, port: number) => ({ node_id: node, adapter_number: 0, port_number: port });
    const links: Array<{ nodes: ReturnType<typeof end>[]; host?: number; cross?: boolean }> = [];
    // The last hub of each host is its path hub, on no chain: a path's frames flood nowhere else.
    const pathHub = (host: number) => nodeIds[host]!.at(-1)!;
    for (const [host, hubs] of nodeIds.entries()) for (let index = 0; index + 2 < hubs.length; index++) links.push({ nodes: [end(hubs[index]!, 0), end(hubs[index + 1]!, 1)], host });
    for (let host = 0; host < HOSTS.length; host++) {
      for (let index = 0; index < CROSS_LINKS_PER_PAIR; index++) links.push({ nodes: [end(nodeIds[host]![index]!, 2), end(nodeIds[(host + 1) % HOSTS.length]![index]!, 3)], cross: true });
    }
    // The traffic's paths: port `path` of the first host's cloud, across to the second host's path hub, to port `path` of its cloud.
    const pathLinks = PATHS.flatMap(([from, to], path) => [
      { nodes: [end(clouds[from]!, path), end(pathHub(to), 0)], cross: true },
      { nodes: [end(pathHub(to), 1), end(clouds[to]!, path)], cross: false },
    ]);
    const linkIds: string[] = [];
    const builtLinks = await timed(async () => {
      const made = await inParallel(links.length + pathLinks.length, 10, (i) => ok(api, "POST", `${base}/links`, { nodes: (links[i] ?? pathLinks[i - links.length]!).nodes }, 201));
      linkIds.push(...made.map((link) => link.link_id));
    });
    const nodes = HOSTS.length * (HUBS_PER_HOST + 1);
    const totalLinks = links.length + pathLinks.length;
    console.log(`build: ${nodes} nodes in ${(builtNodes / 1000).toFixed(2)} s (${Math.round((nodes * 1000) / builtNodes)}/s), ${totalLinks} links (${[...links, ...pathLinks].filter((l) => l.cross).length} across hosts) in ${(builtLinks / 1000).toFixed(2)} s (${Math.round((totalLinks * 1000) / builtLinks)}/s)`);

    // Apply time per host: one host's link, answered once that host applied the change.
    const filterChange = (linkId: string, round: number) => ok(api, "PUT", `${base}/links/${linkId}`, { filters: round % 2 === 0 ? { packet_loss: [1 + (round % 50)] } : {} }, 201);
    for (let host = 0; host < HOSTS.length; host++) {
      const linkIndex = links.findIndex((link) => link.host === host);
      const samples: number[] = [];
      for (let round = 0; round < 100; round++) samples.push(await timed(() => filterChange(linkIds[linkIndex]!, round)));
      console.log(`${HOSTS[host]}: a filter change on one of its links, applied: p50 ${ms(percentile(samples, 50))}, p99 ${ms(percentile(samples, 99))} (100 changes)`);
    }
    const crossIndex = links.findIndex((link) => link.cross);
    const crossSamples: number[] = [];
    for (let round = 0; round < 100; round++) crossSamples.push(await timed(() => filterChange(linkIds[crossIndex]!, round)));
    console.log(`fan-out to 2 hosts: a filter change on a cross-host link, applied by both: p50 ${ms(percentile(crossSamples, 50))}, p99 ${ms(percentile(crossSamples, 99))} (100 changes)`);
    const closes: number[] = [];
    const opens: number[] = [];
    for (let round = 0; round < 3; round++) {
      closes.push(await timed(() => ok(api, "POST", `${base}/close`, {}, 204)));
      opens.push(await timed(() => ok(api, "POST", `${base}/open`, {}, 201)));
    }
    console.log(`fan-out to 4 hosts: close ${ms(percentile(closes, 50))} (${closes.map((t) => t.toFixed(0)).join(", ")} ms), open ${ms(percentile(opens, 50))} (${opens.map((t) => t.toFixed(0)).join(", ")} ms), each host ~${HUBS_PER_HOST + 1} nodes and ~${Math.round(totalLinks / 2)} link ends`);

    // A daemon killed mid-run: frames on the paths that do not touch it must all arrive.
    await Promise.all(HOSTS.map((hostId) => waitForApplied(api, hostId, -1, 60_000)));
    const senders = PATHS.map(([from], path) => {
      const sender = peerOf(from, path);
      sender.startSending(LPORT_BASE + path, RATE, hostAddress(from));
      return sender;
    });
    const receivers = PATHS.map(([, to], path) => peerOf(to, path));
    await wait(1000);
    const h4 = daemons.get("h4")!;
    const killedAt = performance.now();
    h4.child.kill("SIGKILL");
    await new Promise((resolve) => h4.child.once("exit", resolve));
    await h4.stop();
    await wait(1000);
    await startDaemon(3);
    const h4Path = PATHS.findIndex(([from, to]) => from === 3 || to === 3);
    const arrivedBefore = receivers[h4Path]!.arrivals.length;
    const deadline = performance.now() + 30_000;
    while (receivers[h4Path]!.arrivals.length === arrivedBefore && performance.now() < deadline) await wait(10);
    const backAt = performance.now();
    await wait(1000);
    senders.forEach((sender) => sender.stopSending());
    await wait(500);
    for (const [path, [from, to]] of PATHS.entries()) {
      const sent = senders[path]!.sentCount;
      const lost = missing(receivers[path]!.arrivals, 0, sent).length;
      console.log(`path ${HOSTS[from]} → ${HOSTS[to]}: ${sent} frames sent at ${RATE}/s, ${lost} lost${from === 3 || to === 3 ? " (h4's daemon killed and started again)" : ""}`);
    }
    console.log(`h4's path forwarding again ${((backAt - killedAt) / 1000).toFixed(2)} s after the kill (1 s of it before the restart)`);
  } finally {
    await Promise.all(peers.map((peer) => peer.close()));
    await Promise.all([...daemons.values()].map((daemon) => daemon.stop()));
    await controller?.stop();
    network.remove();
    rmSync(root, { recursive: true, force: true });
  }
}

const unavailable = hostNetworkUnavailable();
if (unavailable) {
  console.log(`several-hosts: not run, it ${unavailable}`);
} else {
  for (const runtime of RUNTIMES) await runOn(runtime);
}
