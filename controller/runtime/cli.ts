import { randomBytes } from "node:crypto";
import { statSync } from "node:fs";
import { readFlags, type CommandLine, type FlagDefinition } from "@shared/cli/flags";
import { createLogger } from "@shared/logging/logger";
import { GNS3_VERSION } from "../deps";
import { InvalidOrigin, parseOrigin } from "../http/cors-origins";
import { ACK_TIMEOUT_FLAG, InvalidAckTimeout, parseAckTimeout } from "./ack-timeout";
import { InvalidTokenLifetime, parseTokenLifetime, TOKEN_LIFETIME_FLAG } from "./token-lifetime";
import { ADMISSION_HOLD_MS, DEFAULT_CONCURRENT_REQUESTS, InvalidConcurrentRequests, parseConcurrentRequests } from "./admission";
import { InvalidGns3Version, parseGns3Version } from "./gns3-version";
import { InvalidLimitFlag, LIMIT_FLAGS, parseLimitFlags } from "./limit-flags";
import { LOCAL_DATAPLANE_FLAGS, startLocalDataplane, type LocalDataplane } from "./local-dataplane";
import { startNodeController } from "./node";
import type { ConnectionTimeouts } from "./node-connections";
import { webUiProblem } from "./web-ui";
import { whereToGo } from "./where-to-go";
import { exitOnOperatorError } from "@shared/cli/operator-error";

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
  { name: "user", type: "string", value: "NAME", env: "CONTROLLER_USER", description: "HTTP Basic auth user, given with --password" },
  { name: "password", type: "string", value: "PASSWORD", env: "CONTROLLER_PASSWORD", description: "HTTP Basic auth password, given with --user" },
  { name: "allow-unauthenticated", type: "boolean", description: "serve beyond loopback without --user and --password" },
  ...LOCAL_DATAPLANE_FLAGS,
  ACK_TIMEOUT_FLAG,
  TOKEN_LIFETIME_FLAG,
  { name: "access-log", type: "boolean", env: "CONTROLLER_ACCESS_LOG", description: "log each request as a JSON line (component controller.access)" },
  {
    name: "extended-filters",
    type: "boolean",
    env: "CONTROLLER_EXTENDED_FILTERS",
    description: "available_filters also lists bandwidth, duplicate, reorder, burst loss and one-direction filters, on every link (switches and hubs too)",
  },
  {
    name: "projects-path",
    type: "string",
    multiple: true,
    value: "DIR",
    env: "CONTROLLER_PROJECTS_PATHS",
    defaultText: "none beyond the data dir's projects folder",
    description: "another folder POST /v2/projects/load may open .gns3 files from; may be given more than once",
  },
  {
    name: "cors-origin",
    type: "string",
    multiple: true,
    value: "ORIGIN",
    env: "CONTROLLER_CORS_ORIGINS",
    defaultText: "only GNS3's: loopback at this port and at 4200, gns3.github.io",
    description: "another origin whose pages may call the API from a browser; may be given more than once",
  },
  { name: "web-ui", type: "string", value: "DIR", env: "CONTROLLER_WEB_UI", description: "an unpacked gns3-web-ui build to serve at /static/web-ui/ (and / leads there)" },
  { name: "gns3-version", type: "string", value: "VERSION", default: GNS3_VERSION, env: "CONTROLLER_GNS3_VERSION", description: "the GNS3 version to answer as, X.Y.Z; clients refuse a server of another one" },
  ...LIMIT_FLAGS,
  {
    name: "concurrent-requests",
    type: "string",
    value: "COUNT",
    default: String(DEFAULT_CONCURRENT_REQUESTS),
    env: "CONTROLLER_CONCURRENT_REQUESTS",
    description: `requests worked on at once, the others waiting their turn in arrival order; one still going after ${ADMISSION_HOLD_MS} ms (waiting for a host or a slow client) lets the next in`,
  },
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

// Only tests change these, so they have no flags: the notification ping interval, the auto_close
// delay, the IOS boot wait of a compute's auto_idlepc and how long slow clients are given.
const milliseconds: Partial<Record<"notificationPingIntervalMs" | "autoCloseDelayMs" | "idlePcBootMs" | keyof ConnectionTimeouts, number>> = {};
for (const [name, variable] of [
  ["notificationPingIntervalMs", "CONTROLLER_NOTIFICATION_PING_MS"],
  ["autoCloseDelayMs", "CONTROLLER_AUTO_CLOSE_MS"],
  ["idlePcBootMs", "CONTROLLER_IDLEPC_BOOT_MS"],
  ["headersMs", "CONTROLLER_HEADERS_TIMEOUT_MS"],
  ["keepAliveMs", "CONTROLLER_KEEP_ALIVE_TIMEOUT_MS"],
  ["stallMs", "CONTROLLER_STALL_TIMEOUT_MS"],
] as const) {
  const setting = process.env[variable];
  if (setting === undefined) continue;
  const value = Number(setting);
  // No wait at all is a boot wait's only meaningful zero.
  const least = name === "idlePcBootMs" ? 0 : 1;
  if (!(Number.isInteger(value) && value >= least)) cli.fail(`${variable} must be a whole number of milliseconds from ${least}, got '${setting}'`);
  milliseconds[name] = value;
}
const { notificationPingIntervalMs, autoCloseDelayMs, idlePcBootMs, ...timeouts } = milliseconds;

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

/** The flag's value as `parse` reads it; a value it refuses ends the process, naming the flag. */
function checked<T>(flag: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof InvalidOrigin || error instanceof InvalidGns3Version || error instanceof InvalidAckTimeout || error instanceof InvalidTokenLifetime || error instanceof InvalidConcurrentRequests) cli.fail(`--${flag}: ${error.message}`);
    throw error;
  }
}
const corsOrigins = checked("cors-origin", () => values["cors-origin"].map(parseOrigin));
const gns3Version = checked("gns3-version", () => parseGns3Version(values["gns3-version"]));
const dataplaneAckTimeoutMs = checked("dataplane-ack-timeout", () => parseAckTimeout(values["dataplane-ack-timeout"]));
const tokenLifetimeMinutes = checked("token-lifetime", () => parseTokenLifetime(values["token-lifetime"]));
const concurrentRequests = checked("concurrent-requests", () => parseConcurrentRequests(values["concurrent-requests"]));
const webUiDir = values["web-ui"];
const webUiRefusal = webUiDir === undefined ? undefined : await webUiProblem(webUiDir);
if (webUiRefusal !== undefined) cli.fail(`--web-ui: ${webUiRefusal}`);

const projectsPaths = values["projects-path"];
for (const folder of projectsPaths) {
  if (!statSync(folder, { throwIfNoEntry: false })?.isDirectory()) cli.fail(`--projects-path: ${folder} is not a folder`);
}

const dataplaneToken = values["dataplane-token"] ?? randomBytes(24).toString("hex");
let dataplane: LocalDataplane | undefined;
let stopping: Promise<void> | undefined;
/** Signals and `POST /v2/shutdown` alike: the daemon stops its nodes' processes as it exits, then the store closes. */
const stopEverything = (): void => {
  stopping ??= Promise.all([dataplane?.stop(), controller.close()]).then(() => process.exit(0));
};
const controller = await startNodeController({
  onShutdown: stopEverything,
  host: values.host,
  port,
  dataDir: values["data-dir"],
  notificationPingIntervalMs,
  autoCloseDelayMs,
  idlePcBootMs,
  localDataplane: !values["no-local-dataplane"],
  projectsPaths,
  dataplaneToken,
  limits,
  timeouts,
  corsOrigins,
  gns3Version,
  dataplaneAckTimeoutMs,
  tokenLifetimeMinutes,
  extendedFilters: values["extended-filters"],
  concurrentRequests,
  ...(webUiDir === undefined ? {} : { webUiDir }),
  ...(auth ? { auth } : {}),
  ...(values["access-log"] ? { accessLog: createLogger("controller.access") } : {}),
}).catch(exitOnOperatorError);
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
process.stdout.write(`${whereToGo(controller.url, webUiDir === undefined ? "/" : "/dashboard/")}\n`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, stopEverything);
}
