import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverMemoryMiB, startControllerProcess, type ControllerProcess } from "../testing/controller-process";
import { describeLoad, runLoad } from "../testing/load-clients";

/**
 * 200 clients on keep-alive connections, reading and writing for a minute, against the
 * server `npm start` runs (with its local dataplane daemon). `npm test` runs this file on its
 * own, after the other suites, so that the figures it prints are the server's and the load
 * does not slow the timing-sensitive suites. LOAD_DURATION_S shortens it for a quick look.
 */
const CLIENTS = 200;
const DURATION_S = Number(process.env.LOAD_DURATION_S ?? 60);

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), "gns3-load-"));
});
let controller: ControllerProcess | undefined;
afterAll(async () => {
  await controller?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the Node controller under load", () => {
  it(`serves ${CLIENTS} concurrent clients mixing reads and writes for ${DURATION_S} s without an error`, async () => {
    controller = await startControllerProcess(["--port", "0", "--data-dir", dataDir]);
    const report = await runLoad(controller.url, CLIENTS, DURATION_S);
    const memory = serverMemoryMiB(controller);
    console.log(`load: ${describeLoad(report)}; server ${memory.rss.toFixed(0)} MiB resident, ${memory.peak.toFixed(0)} MiB peak`);

    expect(report.connectionErrors).toBe(0);
    expect(report.unexpectedSamples).toEqual([]);
    expect(report.unexpected).toBe(0);
    expect(Object.keys(report.statusCodes).filter((code) => code >= "500")).toEqual([]);
    // As many answers as every client going once round its 15 requests, at the least.
    expect(report.requests).toBeGreaterThan(CLIENTS * 15);
    expect(report.deliberateConflicts).toBe(report.statusCodes["409"]);
    expect((await fetch(`${controller.url}/v2/version`)).status).toBe(200);
  }, (DURATION_S + 90) * 1000);
});
