import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { startLocalDataplane, type LocalDataplane } from "./local-dataplane";
import { startLocalWorker } from "./worker-local";

/**
 * `npm run start:worker`: the Worker in workerd on 127.0.0.1:8787, state under ./.data-worker
 * unless told otherwise, with a local dataplane daemon (host `local`) as `npm start` has, so
 * the same labs run against either controller.
 */
const { values } = parseArgs({
  options: {
    host: { type: "string", default: "127.0.0.1" },
    port: { type: "string", default: "8787" },
    "data-dir": { type: "string", default: ".data-worker" },
    "dataplane-token": { type: "string", default: process.env.DATAPLANE_TOKEN },
    "udp-ports": { type: "string", default: "20000-30000" },
    "dataplane-metrics-port": { type: "string", default: "0" },
    "no-local-dataplane": { type: "boolean", default: false },
  },
  strict: true,
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a number from 0 to 65535, got '${values.port}'`);
  process.exit(2);
}

const dataplaneToken = values["dataplane-token"] ?? randomBytes(24).toString("hex");
const worker = await startLocalWorker({ host: values.host, port, dataDir: values["data-dir"], dataplaneToken });
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
console.log(
  JSON.stringify({ level: "info", msg: "controller listening", url: worker.url, runtime: "workerd", dataDir: values["data-dir"], localDataplane: dataplane !== undefined }),
);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void Promise.all([dataplane?.stop(), worker.close()]).then(() => process.exit(0)));
}
