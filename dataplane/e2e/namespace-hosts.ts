/**
 * Several machines on one: dataplane daemons each in a network namespace of its own, joined by
 * veth pairs to a bridge in this namespace that carries both their control channel and their
 * link tunnels, and one controller (`npm start` or `npm run start:worker`) listening on the
 * bridge's address with a password, as it requires off loopback. For the e2e test and the
 * benchmark of several hosts.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startControllerProcess, type ControllerProcess } from "../../controller/testing/controller-process";
import { inNamespace, run, scratchNetwork } from "../host-network/testing";
import { apiAt, waitForApplied, type Api } from "./cloud-lab";
import { startDaemonProcess, type DaemonProcess } from "./daemon-process";
import { missing, UdpPeer } from "./udp-traffic";

export interface NamespaceHosts {
  api: Api;
  /** h1, h2, …: the daemons' host ids, in namespace order. */
  hostIds: string[];
  /** The bridge's address here: where the daemons dial the controller, and where peers of cloud ports listen. */
  controllerAddress: string;
  /** The address of host `index` on the bridge (its tunnel address). */
  hostAddress(index: number): string;
  /** Ends host `index`'s daemon with SIGKILL, as a crash would. */
  killDaemon(index: number): Promise<void>;
  /** Starts host `index`'s daemon again on its data dir. */
  startDaemon(index: number): Promise<void>;
  /** Stops every daemon and the controller, removes the namespaces and the folder. */
  stop(): Promise<void>;
}

export async function startNamespaceHosts(count: number, script: "start" | "start:worker"): Promise<NamespaceHosts> {
  const root = mkdtempSync(join(tmpdir(), "namespace-hosts-"));
  const network = scratchNetwork();
  const token = randomBytes(16).toString("hex");
  const subnet = `10.231.${100 + (process.pid % 100)}`;
  const controllerAddress = `${subnet}.254`;
  const hostAddress = (index: number) => `${subnet}.${index + 1}`;
  const hostIds = Array.from({ length: count }, (_, index) => `h${index + 1}`);
  const daemons = new Map<number, DaemonProcess>();
  let controller: ControllerProcess | undefined;
  const stop = async () => {
    await Promise.all([...daemons.values()].map((daemon) => daemon.stop()));
    await controller?.stop();
    network.remove();
    rmSync(root, { recursive: true, force: true });
  };
  try {
    const bridge = network.bridge();
    run("ip", "addr", "add", `${controllerAddress}/24`, "dev", bridge);
    const namespaces = hostIds.map((_, index) => {
      const namespace = network.namespace();
      const veth = network.veth(namespace);
      run("ip", "link", "set", veth.outside, "master", bridge);
      inNamespace(namespace, "ip", "addr", "add", `${hostAddress(index)}/24`, "dev", veth.inside);
      return namespace;
    });
    const controllerArgs = ["--host", "0.0.0.0", "--port", "0", "--data-dir", join(root, "controller"), "--dataplane-token", token, "--no-local-dataplane", "--user", "admin", "--password", "lab"];
    controller = await startControllerProcess(controllerArgs, {}, script, { captureOutput: true });
    const port = new URL(controller.url).port;
    const api = apiAt(`http://127.0.0.1:${port}`, { authorization: `Basic ${Buffer.from("admin:lab").toString("base64")}` });
    const startDaemon = async (index: number) => {
      const dataDir = join(root, hostIds[index]!);
      mkdirSync(dataDir, { recursive: true });
      daemons.set(
        index,
        await startDaemonProcess({
          hostId: hostIds[index]!,
          token,
          dataDir,
          udpPorts: "20000-21999",
          controllerUrl: `http://${controllerAddress}:${port}`,
          tunnelAddress: hostAddress(index),
          wrapper: ["ip", "netns", "exec", namespaces[index]!],
        }),
      );
    };
    await Promise.all(hostIds.map((_, index) => startDaemon(index)));
    await Promise.all(hostIds.map((hostId) => waitForApplied(api, hostId, -1, 60_000)));
    return {
      api,
      hostIds,
      controllerAddress,
      hostAddress,
      startDaemon,
      async killDaemon(index) {
        const daemon = daemons.get(index)!;
        const exited = new Promise((resolve) => daemon.child.once("exit", resolve));
        daemon.child.kill("SIGKILL");
        await exited;
        await daemon.stop();
        daemons.delete(index);
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Traffic between hosts: per host a cloud with a UDP port per path and a hub of its own; path
 * `i` runs from port `i` of its first host's cloud, across to its second host's hub, to port
 * `i` of that host's cloud. A UDP peer here, on the bridge's address, sits at each cloud port.
 */
export interface CrossHostPaths {
  /** The clouds and hubs made, by host: two nodes a host. */
  nodeIds: string[];
  /** Numbered frames on every path at `perSecond`. */
  startSending(perSecond: number): void;
  stopSending(): void;
  /** Frames sent on path `index` so far, and those of them from the `from`th on that never arrived. */
  sent(index: number): number;
  lost(index: number, from?: number): number;
  /** Frames arrived on path `index` so far. */
  arrived(index: number): number;
  close(): Promise<void>;
}

const PATH_LPORT_BASE = 30_000;

export async function crossHostPaths(hosts: NamespaceHosts, projectPath: string, paths: ReadonlyArray<readonly [number, number]>): Promise<CrossHostPaths> {
  const { api } = hosts;
  // A hub joins the paths that end on its host, and would flood each into the others.
  if (new Set(paths.map(([, to]) => to)).size !== paths.length) throw new Error("each host may end one path at most");
  const peers: UdpPeer[] = [];
  for (let index = 0; index < hosts.hostIds.length * paths.length; index++) peers.push(await UdpPeer.open(hosts.controllerAddress));
  const peerOf = (host: number, path: number) => peers[host * paths.length + path]!;
  const created = async (path: string, body: unknown) => {
    const answer = await api("POST", path, body);
    if (answer.status !== 201) throw new Error(`POST ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const clouds: string[] = [];
  const hubs: string[] = [];
  for (const [host, hostId] of hosts.hostIds.entries()) {
    const ports_mapping = paths.map((_, k) => ({ name: `UDP${k}`, port_number: k, type: "udp", lport: PATH_LPORT_BASE + k, rhost: hosts.controllerAddress, rport: peerOf(host, k).port }));
    clouds.push((await created(`${projectPath}/nodes`, { name: `Cloud-${hostId}`, node_type: "cloud", compute_id: hostId, properties: { ports_mapping } })).node_id);
    hubs.push((await created(`${projectPath}/nodes`, { name: `PathHub-${hostId}`, node_type: "ethernet_hub", compute_id: hostId })).node_id);
  }
  const end = (node_id: string, port_number: number) => ({ node_id, adapter_number: 0, port_number });
  for (const [index, [from, to]] of paths.entries()) {
    await created(`${projectPath}/links`, { nodes: [end(clouds[from]!, index), end(hubs[to]!, 2 * index)] });
    await created(`${projectPath}/links`, { nodes: [end(hubs[to]!, 2 * index + 1), end(clouds[to]!, index)] });
  }
  const senders = paths.map(([from], index) => peerOf(from, index));
  const receivers = paths.map(([, to], index) => peerOf(to, index));
  return {
    nodeIds: clouds.flatMap((cloud, host) => [cloud, hubs[host]!]),
    startSending: (perSecond) => paths.forEach(([from], index) => senders[index]!.startSending(PATH_LPORT_BASE + index, perSecond, hosts.hostAddress(from))),
    stopSending: () => senders.forEach((sender) => sender.stopSending()),
    sent: (index) => senders[index]!.sentCount,
    lost: (index, from = 0) => missing(receivers[index]!.arrivals, from, senders[index]!.sentCount).length,
    arrived: (index) => receivers[index]!.arrivals.length,
    close: async () => void (await Promise.all(peers.map((peer) => peer.close()))),
  };
}
