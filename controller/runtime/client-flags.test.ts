import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runControllerUntilExit, startControllerProcess } from "../testing/controller-process";

const dataDir = mkdtempSync(join(tmpdir(), "gns3-client-flags-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("npm start's flags for browsers and clients", () => {
  it("allows its own loopback names at the port it listens on, and the origins of --cors-origin and CONTROLLER_CORS_ORIGINS", async () => {
    const fromFlags = await startControllerProcess(["--port", "0", "--data-dir", join(dataDir, "flags"), "--no-local-dataplane", "--cors-origin", "http://lab.example:8080", "--cors-origin", "https://ui.example/"]);
    const fromVariable = await startControllerProcess(["--port", "0", "--data-dir", join(dataDir, "variable"), "--no-local-dataplane"], {
      CONTROLLER_CORS_ORIGINS: "http://lab.example:8080, https://ui.example",
    });
    try {
      for (const server of [fromFlags, fromVariable]) {
        const { port } = new URL(server.url);
        for (const origin of [`http://localhost:${port}`, `http://127.0.0.1:${port}`, "http://lab.example:8080", "https://ui.example", "http://localhost:4200"]) {
          const response = await fetch(`${server.url}/v2/version`, { headers: { origin } });
          expect(response.headers.get("access-control-allow-origin"), origin).toBe(origin);
        }
        const elsewhere = await fetch(`${server.url}/v2/version`, { headers: { origin: `http://localhost:${Number(port) + 1}` } });
        expect(elsewhere.headers.get("access-control-allow-origin")).toBeNull();
      }
    } finally {
      await Promise.all([fromFlags.stop(), fromVariable.stop()]);
    }
  });

  it.each([
    [["--gns3-version", "2.2"], {}, "error: --gns3-version: '2.2' is not a GNS3 version: give X.Y.Z, such as 2.2.59"],
    [[], { CONTROLLER_GNS3_VERSION: "latest" }, "error: --gns3-version: 'latest' is not a GNS3 version: give X.Y.Z, such as 2.2.59"],
    [["--cors-origin", "http://lab.example/ui"], {}, "error: --cors-origin: 'http://lab.example/ui' is not an origin: give scheme://host[:port], such as http://192.168.1.10:8080"],
    [[], { CONTROLLER_CORS_ORIGINS: "http://lab.example,*" }, "error: --cors-origin: '*' is not an origin: give scheme://host[:port], such as http://192.168.1.10:8080"],
    [["--dataplane-ack-timeout", "0"], {}, "error: --dataplane-ack-timeout: must be a number of seconds from 0.1 to 300, got '0'"],
    [[], { DATAPLANE_ACK_TIMEOUT: "5s" }, "error: --dataplane-ack-timeout: must be a number of seconds from 0.1 to 300, got '5s'"],
    [["--concurrent-requests", "0"], {}, "error: --concurrent-requests: expected a whole number of requests, at least 1, got '0'"],
    [[], { CONTROLLER_CONCURRENT_REQUESTS: "many" }, "error: --concurrent-requests: expected a whole number of requests, at least 1, got 'many'"],
  ])("refuses %j %j with exit 2 and one line saying why", (args, env, line) => {
    const run = runControllerUntilExit([...args, "--port", "0", "--data-dir", dataDir, "--no-local-dataplane"], env);
    expect(run.status).toBe(2);
    expect(run.stderr.split("\n")[0]).toBe(line);
  });
});
