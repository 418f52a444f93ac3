import { hostname } from "node:os";
import { parseArgs } from "node:util";
import { startDaemon } from "./daemon";
import { NodeKind } from "@shared/proto";
import { createHostForwarding } from "./host/host-forwarding";
import { vpcsNodeFactory } from "./host/vpcs-node";
import { vpcsAvailable } from "./nodes/vpcs";

/**
 * `dataplane` — one daemon per emulation host:
 *   tsx dataplane/cli.ts --controller http://10.0.0.1:3080 --host-id h1 --token SECRET \
 *     --tunnel-address 10.0.0.2 --udp-ports 20000-30000 --data-dir /var/lib/dataplane
 * Every flag falls back to an environment variable (DATAPLANE_CONTROLLER, DATAPLANE_HOST_ID, ...).
 */
const env = (name: string) => process.env[`DATAPLANE_${name}`];
const { values } = parseArgs({
  options: {
    controller: { type: "string", default: env("CONTROLLER") ?? "http://127.0.0.1:3080" },
    "host-id": { type: "string", default: env("HOST_ID") ?? "local" },
    token: { type: "string", default: env("TOKEN") },
    "tunnel-address": { type: "string", default: env("TUNNEL_ADDRESS") ?? "127.0.0.1" },
    "udp-ports": { type: "string", default: env("UDP_PORTS") ?? "20000-30000" },
    "data-dir": { type: "string", default: env("DATA_DIR") ?? ".dataplane" },
    "metrics-port": { type: "string", default: env("METRICS_PORT") ?? "0" },
    name: { type: "string", default: env("NAME") ?? hostname() },
  },
  strict: true,
});

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const range = /^(\d+)-(\d+)$/.exec(values["udp-ports"]);
const udpPortMin = Number(range?.[1]);
const udpPortMax = Number(range?.[2]);
if (!range || !(udpPortMin >= 1 && udpPortMax <= 65535 && udpPortMin <= udpPortMax)) {
  fail(`--udp-ports must be a range like 20000-30000 within 1-65535, got '${values["udp-ports"]}'`);
}
const metricsPort = Number(values["metrics-port"]);
if (!Number.isInteger(metricsPort) || metricsPort < 0 || metricsPort > 65535) {
  fail(`--metrics-port must be a number from 0 (off) to 65535, got '${values["metrics-port"]}'`);
}
if (!values.token) fail("--token (or DATAPLANE_TOKEN) is required: the controller's --dataplane-token");
try {
  new URL(values.controller);
} catch {
  fail(`--controller must be a URL like http://127.0.0.1:3080, got '${values.controller}'`);
}

const forwarding = await createHostForwarding({
  dataDir: values["data-dir"],
  metricsPort,
  extraFactories: (await vpcsAvailable()) ? { [NodeKind.VPCS]: vpcsNodeFactory() } : {},
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
  () => forwarding,
);
console.log(JSON.stringify({ level: "info", msg: "dataplane daemon started", hostId: values["host-id"], controller: values.controller, metricsPort: forwarding.metricsPort }));

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void daemon.stop().then(() => process.exit(0)));
}
