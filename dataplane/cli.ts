import { hostname } from "node:os";
import { resolve } from "node:path";
import { readFlags, type CommandLine, type FlagDefinition } from "@shared/cli/flags";
import { lockDataDir } from "@shared/cli/data-dir-lock";
import { orExit } from "@shared/cli/operator-error";
import { createLogger } from "@shared/logging/logger";
import { startDaemon } from "./daemon";
import { NodeKind } from "@shared/proto";
import { machineHostFacts } from "./control/host-facts";
import { NAT_DEFAULTS, createHostForwarding } from "./host/host-forwarding";
import { natAddressing } from "./host-network/nat-addressing";
import { removeLeftoverContainers } from "./docker/container";
import { DockerEngine } from "./docker/engine";
import { dockerNodeFactory } from "./host/docker-node";
import { circuitSwitchFactory } from "./host/circuit-switch-node";
import { dynamipsNodeFactory } from "./host/dynamips-node";
import { dynamipsAvailable } from "./dynamips/hypervisor-process";
import { qemuNodeFactory } from "./host/qemu-node";
import { vpcsNodeFactory } from "./host/vpcs-node";
import { qemuAvailable } from "./nodes/qemu";
import { controllerImageFetcher } from "./nodes/qemu-image-fetch";
import { vpcsAvailable } from "./nodes/vpcs";

/**
 * `dataplane` — one daemon per emulation host:
 *   npm run dataplane -- --controller http://10.0.0.1:3080 --host-id h1 --token SECRET \
 *     --tunnel-address 10.0.0.2 --udp-ports 20000-30000 --data-dir /var/lib/dataplane
 */
const FLAGS = [
  { name: "controller", type: "string", value: "URL", default: "http://127.0.0.1:3080", env: "DATAPLANE_CONTROLLER", description: "the controller to dial" },
  { name: "host-id", type: "string", value: "ID", default: "local", env: "DATAPLANE_HOST_ID", description: "this host's id, its compute id on the controller" },
  { name: "token", type: "string", value: "TOKEN", env: "DATAPLANE_TOKEN", description: "this host's own token when it was registered (POST /v2/computes), else the controller's --dataplane-token; required" },
  { name: "tunnel-address", type: "string", value: "ADDRESS", default: "127.0.0.1", env: "DATAPLANE_TUNNEL_ADDRESS", description: "address other hosts send this host's link tunnels to" },
  { name: "udp-ports", type: "string", value: "FIRST-LAST", default: "20000-30000", env: "DATAPLANE_UDP_PORTS", description: "UDP ports of this host's link tunnels" },
  { name: "data-dir", type: "string", value: "DIR", default: ".dataplane", env: "DATAPLANE_DATA_DIR", description: "where the applied state, captures and VPCS and QEMU work dirs are kept; QEMU images are read from its images/QEMU" },
  { name: "metrics-port", type: "string", value: "PORT", default: "0", env: "DATAPLANE_METRICS_PORT", description: "loopback port of Prometheus /metrics, 0 for none" },
  { name: "name", type: "string", value: "NAME", default: hostname(), env: "DATAPLANE_NAME", description: "the host's name as clients see it" },
  {
    name: "nat-network",
    type: "string",
    value: "GATEWAY/PREFIX",
    default: NAT_DEFAULTS.gateway,
    env: "DATAPLANE_NAT_NETWORK",
    description: "the network NAT nodes get on a host without libvirt's virbr0: its gateway address, DHCP for the rest",
  },
  { name: "nat-bridge", type: "string", value: "NAME", default: NAT_DEFAULTS.bridge, env: "DATAPLANE_NAT_BRIDGE", description: "the bridge of that network, made and removed by the daemon" },
  {
    name: "exit-with-controller",
    type: "boolean",
    description: "stop when standard input closes: for the daemon npm start runs, which must not outlive it, even after a kill -9",
  },
] as const satisfies readonly FlagDefinition[];

// Typed so the compiler knows `cli.fail` never returns.
const cli: CommandLine<typeof FLAGS> = readFlags({
  usage: "npm run dataplane -- [options]",
  summary: "The dataplane daemon of one emulation host: it dials the controller and runs the nodes and links it is given.",
  flags: FLAGS,
});
const { values } = cli;

const range = /^(\d+)-(\d+)$/.exec(values["udp-ports"]);
const udpPortMin = Number(range?.[1]);
const udpPortMax = Number(range?.[2]);
if (!range || !(udpPortMin >= 1 && udpPortMax <= 65535 && udpPortMin <= udpPortMax)) {
  cli.fail(`--udp-ports must be a range like 20000-30000 within 1-65535, got '${values["udp-ports"]}'`);
}
const metricsPort = Number(values["metrics-port"]);
if (!Number.isInteger(metricsPort) || metricsPort < 0 || metricsPort > 65535) {
  cli.fail(`--metrics-port must be a number from 0 (off) to 65535, got '${values["metrics-port"]}'`);
}
try {
  natAddressing(values["nat-network"]);
} catch (error) {
  cli.fail(`--nat-network: ${(error as Error).message}`);
}
if (!/^[A-Za-z0-9_.-]{1,15}$/.test(values["nat-bridge"])) cli.fail(`--nat-bridge must be an interface name of 1 to 15 letters, digits, '_', '.' or '-', got '${values["nat-bridge"]}'`);
if (!values.token) cli.fail("--token (or DATAPLANE_TOKEN) is required: the controller's --dataplane-token");
try {
  new URL(values.controller);
} catch {
  cli.fail(`--controller must be a URL like http://127.0.0.1:3080, got '${values.controller}'`);
}

// Registered even without the program: each VPCS or QEMU node then reports its binary not found,
// and starts once the program is installed, without restarting the daemon.
if (!(await vpcsAvailable())) createLogger("dataplane.daemon").warn("the vpcs program is not installed: VPCS nodes will not start until it is (apt-get install vpcs)");
// The KVM probe (up to 3 s of a busy core where /dev/kvm hangs) runs at the first QEMU start,
// not at every daemon start: most hosts run no VM, and a restarted daemon is back sooner.
if (!(await qemuAvailable())) {
  createLogger("dataplane.daemon").warn("qemu-system-x86_64 is not installed: QEMU nodes will not start until it is (apt-get install qemu-system-x86 qemu-utils)");
}
if (!(await dynamipsAvailable())) {
  createLogger("dataplane.daemon").warn("dynamips is not installed: Dynamips routers, Frame Relay and ATM switches will not run until it is (apt-get install dynamips, from Debian's non-free section)");
}
const unlock = orExit(() => lockDataDir(values["data-dir"], "dataplane", "dataplane daemon"));
const dockerEngine = new DockerEngine();
// Containers a daemon on this data dir left (killed before it could remove them): their nodes
// are made anew by the state the controller sends, before which nothing of ours may remain.
await removeLeftoverContainers(dockerEngine, resolve(values["data-dir"])).then(
  (removed) => removed > 0 && createLogger("dataplane.daemon").info("removed the containers an earlier daemon left", { containers: removed }),
  () => undefined,
);
const forwarding = await createHostForwarding({
  dataDir: values["data-dir"],
  metricsPort,
  nat: { bridge: values["nat-bridge"], gateway: values["nat-network"] },
  extraFactories: {
    [NodeKind.VPCS]: vpcsNodeFactory(),
    // A daemon that does not share the controller's data dir fetches the images it lacks from it.
    [NodeKind.QEMU]: qemuNodeFactory({ fetchImage: controllerImageFetcher(values.controller, values["host-id"], values.token) }),
    [NodeKind.DYNAMIPS]: dynamipsNodeFactory({ fetchImage: controllerImageFetcher(values.controller, values["host-id"], values.token) }),
    [NodeKind.DOCKER]: dockerNodeFactory(dockerEngine),
    [NodeKind.FRAME_RELAY_SWITCH]: circuitSwitchFactory(),
    [NodeKind.ATM_SWITCH]: circuitSwitchFactory(),
  },
});

const daemon = await startDaemon(
  {
    controllerUrl: values.controller,
    hostId: values["host-id"],
    token: values.token,
    tunnelAddress: values["tunnel-address"],
    udpPortMin,
    udpPortMax,
    dataDir: values["data-dir"],
    name: values.name,
  },
  // The machine's QEMU binaries and KVM, for the controller's /qemu/binaries, /qemu/capabilities and compute
  // capabilities, and the console ports other programs hold, which the controller then gives no node.
  () => ({ ...forwarding, hostFacts: machineHostFacts(() => forwarding.reconciler.consolePorts?.() ?? []) }),
);
createLogger("dataplane.daemon").info("dataplane daemon started", { host_id: values["host-id"], controller: values.controller, metrics_port: forwarding.metricsPort });

let stopping: Promise<void> | undefined;
/** Stops the nodes and lets go of the data dir, once, whatever asked. */
const stopAndExit = (code: number): void => {
  stopping ??= daemon.stop().then(() => {
    unlock();
    process.exit(code);
  });
};
// A controller that will never take this daemon as configured: one line saying why, then exit.
daemon.client.on("fatal", (message, exitCode) => {
  process.stderr.write(`error: ${message}\n`);
  stopAndExit(exitCode);
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => stopAndExit(0));
if (values["exit-with-controller"]) {
  // The controller holds the other end of this pipe: it closes when the controller's process ends, however it ends.
  process.stdin.on("close", () => stopAndExit(0)).resume();
}
