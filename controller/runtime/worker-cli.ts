import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { readFlags, type CommandLine, type FlagDefinition } from "@shared/cli/flags";
import { createLogger } from "@shared/logging/logger";
import { ACK_TIMEOUT_FLAG, InvalidAckTimeout, parseAckTimeout } from "./ack-timeout";
import { InvalidTokenLifetime, parseTokenLifetime, TOKEN_LIFETIME_FLAG } from "./token-lifetime";
import { LOCAL_DATAPLANE_FLAGS, startLocalDataplane, type LocalDataplane } from "./local-dataplane";
import { startLocalWorker } from "./worker-local";
import { checkListenable } from "./listen-failure";
import { whereToGo } from "./where-to-go";
import { childrenNamed, endWithThisProcess } from "./end-with-this-process";
import { lockDataDir } from "@shared/cli/data-dir-lock";
import { exitOnOperatorError, orExit } from "@shared/cli/operator-error";

/**
 * `npm run start:worker`: the Worker in workerd on 127.0.0.1:8787, state under ./.data-worker
 * unless told otherwise, with a local dataplane daemon (host `local`) as `npm start` has, so
 * the same labs run against either controller.
 */
const FLAGS = [
  { name: "host", type: "string", value: "ADDRESS", default: "127.0.0.1", description: "address workerd listens on" },
  { name: "port", type: "string", value: "PORT", default: "8787", description: "TCP port workerd listens on, 0 for any free one" },
  { name: "data-dir", type: "string", value: "DIR", default: ".data-worker", description: "where Durable Objects, R2 objects and the local daemon's state are kept" },
  { name: "user", type: "string", value: "NAME", env: "CONTROLLER_USER", description: "HTTP Basic auth user, given with --password (the Worker's CONTROLLER_USER)" },
  { name: "password", type: "string", value: "PASSWORD", env: "CONTROLLER_PASSWORD", description: "HTTP Basic auth password, given with --user (the Worker's CONTROLLER_PASSWORD)" },
  ...LOCAL_DATAPLANE_FLAGS,
  ACK_TIMEOUT_FLAG,
  TOKEN_LIFETIME_FLAG,
] as const satisfies readonly FlagDefinition[];

// Typed so the compiler knows `cli.fail` never returns.
const cli: CommandLine<typeof FLAGS> = readFlags({
  usage: "npm run start:worker -- [options]",
  summary: "The controller as a Cloudflare Worker, served locally by workerd (miniflare), with the local dataplane daemon beside it.",
  flags: FLAGS,
});
const { values } = cli;
const log = createLogger("controller");

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) cli.fail(`--port must be a number from 0 to 65535, got '${values.port}'`);

try {
  parseAckTimeout(values["dataplane-ack-timeout"]);
} catch (error) {
  if (!(error instanceof InvalidAckTimeout)) throw error;
  cli.fail(`--dataplane-ack-timeout: ${error.message}`);
}

try {
  parseTokenLifetime(values["token-lifetime"]);
} catch (error) {
  if (!(error instanceof InvalidTokenLifetime)) throw error;
  cli.fail(`--token-lifetime: ${error.message}`);
}

if ((values.user === undefined) !== (values.password === undefined)) {
  cli.fail("--user and --password (CONTROLLER_USER, CONTROLLER_PASSWORD) go together: give both or neither");
}

const dataplaneToken = values["dataplane-token"] ?? randomBytes(24).toString("hex");
await checkListenable(values.host, port).catch(exitOnOperatorError);
const unlock = orExit(() => lockDataDir(values["data-dir"], "controller", "controller"));
const worker = await startLocalWorker({
  host: values.host,
  port,
  dataDir: values["data-dir"],
  dataplaneToken,
  vars: {
    DATAPLANE_ACK_TIMEOUT: values["dataplane-ack-timeout"],
    TOKEN_LIFETIME_MINUTES: values["token-lifetime"],
    ...(values["no-local-dataplane"] ? {} : { CONTROLLER_LOCAL_DATAPLANE: "true" }),
    // The Worker has no process environment: what npm start reads from it is passed on as vars
    // (the log level, and the timings only tests shorten).
    ...Object.fromEntries(
      ["LOG_LEVEL", "CONTROLLER_AUTO_CLOSE_MS", "CONTROLLER_NOTIFICATION_PING_MS", "CONTROLLER_IDLEPC_BOOT_MS"].flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : [])),
    ),
    ...(values.user !== undefined && values.password !== undefined ? { CONTROLLER_USER: values.user, CONTROLLER_PASSWORD: values.password } : {}),
  },
});
// workerd does not notice when this process dies: without this it would serve on, headless, after a kill -9.
endWithThisProcess(childrenNamed("workerd"));
let dataplane: LocalDataplane | undefined;
if (!values["no-local-dataplane"]) {
  dataplane = startLocalDataplane({
    controllerUrl: worker.url,
    token: dataplaneToken,
    dataDir: join(values["data-dir"], "dataplane"),
    udpPorts: values["udp-ports"],
    metricsPort: values["dataplane-metrics-port"],
  });
}
log.info("controller listening", { url: worker.url, runtime: "workerd", data_dir: values["data-dir"], local_dataplane: dataplane !== undefined });
process.stdout.write(`${whereToGo(worker.url, "/")}\n`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () =>
    void Promise.all([dataplane?.stop(), worker.close()]).then(() => {
      unlock();
      process.exit(0);
    }),
  );
}
