import { parseArgs } from "node:util";
import { startNodeController } from "./node";

/** `npm start`: the controller on 127.0.0.1:3080 with its store under ./.data unless told otherwise. */
const { values } = parseArgs({
  options: {
    host: { type: "string", default: process.env.CONTROLLER_HOST ?? "127.0.0.1" },
    port: { type: "string", default: process.env.CONTROLLER_PORT ?? "3080" },
    "data-dir": { type: "string", default: process.env.CONTROLLER_DATA_DIR ?? ".data" },
  },
  strict: true,
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a number from 0 to 65535, got '${values.port}'`);
  process.exit(2);
}

// Only tests change the ping interval, so it has no flag of its own.
const pingSetting = process.env.CONTROLLER_NOTIFICATION_PING_MS;
const notificationPingIntervalMs = pingSetting === undefined ? undefined : Number(pingSetting);
if (notificationPingIntervalMs !== undefined && !(Number.isInteger(notificationPingIntervalMs) && notificationPingIntervalMs > 0)) {
  console.error(`CONTROLLER_NOTIFICATION_PING_MS must be a positive whole number of milliseconds, got '${pingSetting}'`);
  process.exit(2);
}

const controller = await startNodeController({ host: values.host, port, dataDir: values["data-dir"], notificationPingIntervalMs });
console.log(JSON.stringify({ level: "info", msg: "controller listening", url: controller.url, dataDir: values["data-dir"] }));

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void controller.close().then(() => process.exit(0)));
}
