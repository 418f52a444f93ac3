import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { InvalidLimitFlag, limitFlagOptions, parseLimitFlags } from "./limit-flags";
import { startLocalDataplane, type LocalDataplane } from "./local-dataplane";
import { startNodeController } from "./node";
import type { ConnectionTimeouts } from "./node-connections";

/**
 * `npm start`: the controller on 127.0.0.1:3080 with its store under ./.data unless told
 * otherwise, and the local dataplane daemon (host id `local`) beside it. Daemons on other
 * hosts join with `--dataplane-token` (a random one is made when none is given, which only
 * the local daemon then knows).
 */
const { values } = parseArgs({
  options: {
    host: { type: "string", default: process.env.CONTROLLER_HOST ?? "127.0.0.1" },
    port: { type: "string", default: process.env.CONTROLLER_PORT ?? "3080" },
    "data-dir": { type: "string", default: process.env.CONTROLLER_DATA_DIR ?? ".data" },
    "dataplane-token": { type: "string", default: process.env.DATAPLANE_TOKEN },
    user: { type: "string", default: process.env.CONTROLLER_USER },
    password: { type: "string", default: process.env.CONTROLLER_PASSWORD },
    "allow-unauthenticated": { type: "boolean", default: false },
    "no-local-dataplane": { type: "boolean", default: process.env.CONTROLLER_LOCAL_DATAPLANE === "0" },
    "udp-ports": { type: "string", default: process.env.DATAPLANE_UDP_PORTS ?? "20000-30000" },
    "dataplane-metrics-port": { type: "string", default: process.env.DATAPLANE_METRICS_PORT ?? "0" },
    ...limitFlagOptions(process.env),
  },
  strict: true,
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a number from 0 to 65535, got '${values.port}'`);
  process.exit(2);
}

let limits: ReturnType<typeof parseLimitFlags>;
try {
  limits = parseLimitFlags(values);
} catch (error) {
  if (!(error instanceof InvalidLimitFlag)) throw error;
  console.error(error.message);
  process.exit(2);
}

// Only tests change the ping interval, so it has no flag of its own.
const pingSetting = process.env.CONTROLLER_NOTIFICATION_PING_MS;
const notificationPingIntervalMs = pingSetting === undefined ? undefined : Number(pingSetting);
if (notificationPingIntervalMs !== undefined && !(Number.isInteger(notificationPingIntervalMs) && notificationPingIntervalMs > 0)) {
  console.error(`CONTROLLER_NOTIFICATION_PING_MS must be a positive whole number of milliseconds, got '${pingSetting}'`);
  process.exit(2);
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
  if (!(Number.isInteger(milliseconds) && milliseconds > 0)) {
    console.error(`${variable} must be a positive whole number of milliseconds, got '${setting}'`);
    process.exit(2);
  }
  timeouts[name] = milliseconds;
}

if ((values.user === undefined) !== (values.password === undefined)) {
  console.error("--user and --password (CONTROLLER_USER, CONTROLLER_PASSWORD) go together: give both or neither");
  process.exit(2);
}
const auth = values.user !== undefined && values.password !== undefined ? { user: values.user, password: values.password } : undefined;
const loopback = values.host === "localhost" || values.host === "::1" || /^127\./.test(values.host);
if (!loopback && !auth && !values["allow-unauthenticated"]) {
  console.error(
    `refusing to serve ${values.host} without authentication: anyone who can reach it could run your lab. ` +
      "Give --user and --password, or say --allow-unauthenticated if that is really what you want.",
  );
  process.exit(2);
}

const dataplaneToken = values["dataplane-token"] ?? randomBytes(24).toString("hex");
const controller = await startNodeController({ host: values.host, port, dataDir: values["data-dir"], notificationPingIntervalMs, dataplaneToken, limits, timeouts, ...(auth ? { auth } : {}) });
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
console.log(JSON.stringify({ level: "info", msg: "controller listening", url: controller.url, dataDir: values["data-dir"], localDataplane: dataplane !== undefined }));

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void Promise.all([dataplane?.stop(), controller.close()]).then(() => process.exit(0)));
}
