import { randomBytes } from "node:crypto";
import { readFlags, type CommandLine, type FlagDefinition } from "@shared/cli/flags";
import { createLogger } from "@shared/logging/logger";
import { InvalidLimitFlag, LIMIT_FLAGS, parseLimitFlags } from "./limit-flags";
import { startLocalDataplane, type LocalDataplane } from "./local-dataplane";
import { startNodeController } from "./node";
import type { ConnectionTimeouts } from "./node-connections";

/**
 * `npm start`: the controller on 127.0.0.1:3080 with its store under ./.data unless told
 * otherwise, and the local dataplane daemon (host id `local`) beside it. Daemons on other
 * hosts join with `--dataplane-token` (a random one is made when none is given, which only
 * the local daemon then knows).
 */
const FLAGS = [
  { name: "host", type: "string", value: "ADDRESS", default: "127.0.0.1", env: "CONTROLLER_HOST", description: "address to listen on; beyond loopback it needs --user and --password" },
  { name: "port", type: "string", value: "PORT", default: "3080", env: "CONTROLLER_PORT", description: "TCP port to listen on, 0 for any free one" },
  { name: "data-dir", type: "string", value: "DIR", default: ".data", env: "CONTROLLER_DATA_DIR", description: "where the store, files, images and the local daemon's state are kept" },
  {
    name: "dataplane-token",
    type: "string",
    value: "TOKEN",
    env: "DATAPLANE_TOKEN",
    defaultText: "a random one only the local daemon knows",
    description: "secret the dataplane daemons of other hosts present",
  },
  { name: "user", type: "string", value: "NAME", env: "CONTROLLER_USER", description: "HTTP Basic auth user, given with --password" },
  { name: "password", type: "string", value: "PASSWORD", env: "CONTROLLER_PASSWORD", description: "HTTP Basic auth password, given with --user" },
  { name: "allow-unauthenticated", type: "boolean", description: "serve beyond loopback without --user and --password" },
  { name: "no-local-dataplane", type: "boolean", env: "CONTROLLER_LOCAL_DATAPLANE", envOn: "0", description: "do not start the local dataplane daemon, host id local" },
  { name: "udp-ports", type: "string", value: "FIRST-LAST", default: "20000-30000", env: "DATAPLANE_UDP_PORTS", description: "UDP ports of the local daemon's link tunnels" },
  {
    name: "dataplane-metrics-port",
    type: "string",
    value: "PORT",
    default: "0",
    env: "DATAPLANE_METRICS_PORT",
    description: "loopback port of the local daemon's Prometheus /metrics, 0 for none",
  },
  { name: "access-log", type: "boolean", env: "CONTROLLER_ACCESS_LOG", description: "log each request as a JSON line (component controller.access)" },
  ...LIMIT_FLAGS,
] as const satisfies readonly FlagDefinition[];

// Typed so the compiler knows `cli.fail` never returns.
const cli: CommandLine<typeof FLAGS> = readFlags({
  usage: "npm start -- [options]",
  summary:
    "The GNS3 /v2 controller on Node, with the local dataplane daemon (host id local) beside it.\n" +
    "Daemons on other hosts join with the --dataplane-token given here.",
  flags: FLAGS,
});
const { values } = cli;
const log = createLogger("controller");

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) cli.fail(`--port must be a number from 0 to 65535, got '${values.port}'`);

let limits: ReturnType<typeof parseLimitFlags>;
try {
  limits = parseLimitFlags(values);
} catch (error) {
  if (!(error instanceof InvalidLimitFlag)) throw error;
  cli.fail(error.message);
}

// Only tests change the ping interval, so it has no flag of its own.
const pingSetting = process.env.CONTROLLER_NOTIFICATION_PING_MS;
const notificationPingIntervalMs = pingSetting === undefined ? undefined : Number(pingSetting);
if (notificationPingIntervalMs !== undefined && !(Number.isInteger(notificationPingIntervalMs) && notificationPingIntervalMs > 0)) {
  cli.fail(`CONTROLLER_NOTIFICATION_PING_MS must be a positive whole number of milliseconds, got '${pingSetting}'`);
}

// How long slow clients are given; only tests shorten them, so they have no flags.
const timeouts: Partial<ConnectionTimeouts> = {};
for (const [name, variable] of [
  ["headersMs", "CONTROLLER_HEADERS_TIMEOUT_MS"],
  ["keepAliveMs", "CONTROLLER_KEEP_ALIVE_TIMEOUT_MS"],
  ["stallMs", "CONTROLLER_STALL_TIMEOUT_MS"],
] as const) {
  const setting = process.env[variable];
  if (setting === undefined) continue;
  const milliseconds = Number(setting);
  if (!(Number.isInteger(milliseconds) && milliseconds > 0)) cli.fail(`${variable} must be a positive whole number of milliseconds, got '${setting}'`);
  timeouts[name] = milliseconds;
}

if ((values.user === undefined) !== (values.password === undefined)) {
  cli.fail("--user and --password (CONTROLLER_USER, CONTROLLER_PASSWORD) go together: give both or neither");
}
const auth = values.user !== undefined && values.password !== undefined ? { user: values.user, password: values.password } : undefined;
const loopback = values.host === "localhost" || values.host === "::1" || /^127\./.test(values.host);
if (!loopback && !auth && !values["allow-unauthenticated"]) {
  cli.fail(
    `refusing to serve ${values.host} without authentication: anyone who can reach it could run your lab. ` +
      "Give --user and --password, or say --allow-unauthenticated if that is really what you want.",
  );
}

const dataplaneToken = values["dataplane-token"] ?? randomBytes(24).toString("hex");
const controller = await startNodeController({
  host: values.host,
  port,
  dataDir: values["data-dir"],
  notificationPingIntervalMs,
  dataplaneToken,
  limits,
  timeouts,
  ...(auth ? { auth } : {}),
  ...(values["access-log"] ? { accessLog: createLogger("controller.access") } : {}),
});
let dataplane: LocalDataplane | undefined;
if (!values["no-local-dataplane"]) {
  // The daemon is on this host: it dials loopback even when the API listens on every address.
  const host = values.host === "0.0.0.0" || values.host === "::" ? "127.0.0.1" : values.host;
  dataplane = startLocalDataplane({
    controllerUrl: `http://${host.includes(":") ? `[${host}]` : host}:${controller.port}`,
    token: dataplaneToken,
    dataDir: values["data-dir"],
    udpPorts: values["udp-ports"],
    metricsPort: values["dataplane-metrics-port"],
  });
}
log.info("controller listening", { url: controller.url, data_dir: values["data-dir"], local_dataplane: dataplane !== undefined });

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void Promise.all([dataplane?.stop(), controller.close()]).then(() => process.exit(0)));
}
