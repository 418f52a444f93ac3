import { parseArgs } from "node:util";
import { startLocalWorker } from "./worker-local";

/** `npm run start:worker`: the Worker in workerd on 127.0.0.1:8787, state under ./.data-worker unless told otherwise. */
const { values } = parseArgs({
  options: {
    host: { type: "string", default: "127.0.0.1" },
    port: { type: "string", default: "8787" },
    "data-dir": { type: "string", default: ".data-worker" },
  },
  strict: true,
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a number from 0 to 65535, got '${values.port}'`);
  process.exit(2);
}

const worker = await startLocalWorker({ host: values.host, port, dataDir: values["data-dir"] });
console.log(JSON.stringify({ level: "info", msg: "controller listening", url: worker.url, runtime: "workerd", dataDir: values["data-dir"] }));

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void worker.close().then(() => process.exit(0)));
}
