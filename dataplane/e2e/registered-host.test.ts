import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { waitFor } from "@shared/testing/cleanups";
import { startControllerProcess, type ControllerProcess } from "../../controller/testing/controller-process";
import { apiAt } from "./cloud-lab";
import { startDaemonProcess, type DaemonProcess } from "./daemon-process";

/**
 * A host registered through the API (as the Qt GUI adds a remote server) before its daemon
 * exists: the daemon dials in with the host's own token and the compute turns connected,
 * keeping the name its client gave; the controller's shared token no longer admits it, its
 * own token admits no other host, and deleting the compute sends the daemon away for good.
 */
describe("a compute registered through the API", () => {
  const root = mkdtempSync(join(tmpdir(), "e2e-registered-host-"));
  const sharedToken = randomBytes(16).toString("hex");
  let controller: ControllerProcess;
  const daemons: DaemonProcess[] = [];
  const api = apiAt(() => controller.url);
  afterAll(async () => {
    await Promise.all(daemons.map((daemon) => daemon.stop()));
    await controller?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  let ports = 29400;
  const daemon = async (hostId: string, token: string) => {
    const dataDir = join(root, `${hostId}-${ports}`);
    mkdirSync(dataDir, { recursive: true });
    const started = await startDaemonProcess({ controllerUrl: controller.url, hostId, token, dataDir, udpPorts: `${ports}-${(ports += 100) - 1}` });
    daemons.push(started);
    return started;
  };
  const exited = (process: DaemonProcess) => waitFor("the daemon to give up", () => process.child.exitCode !== null || process.child.signalCode !== null, 15_000);

  it("admits its daemon by its own token only, and sends it away when the compute is deleted", async () => {
    controller = await startControllerProcess(["--port", "0", "--data-dir", join(root, "controller"), "--dataplane-token", sharedToken, "--no-local-dataplane"], {}, "start", {
      captureOutput: true,
    });
    const registered = await api("POST", "/v2/computes", { compute_id: "rack", name: "Rack", protocol: "http", host: "127.0.0.1", port: 3080 });
    expect(registered.status).toBe(201);
    const ownToken = registered.body.dataplane_token as string;
    expect(registered.body.connected).toBe(false);

    const withShared = await daemon("rack", sharedToken);
    await exited(withShared);
    expect(withShared.output.join("\n")).toContain("wrong dataplane token for host 'rack', which was registered with a token of its own");

    const elsewhere = await daemon("other", ownToken);
    await exited(elsewhere);
    expect(elsewhere.output.join("\n")).toContain("wrong dataplane token");
    expect((await api("GET", "/v2/computes/other")).status).toBe(404);

    const rack = await daemon("rack", ownToken);
    await waitFor("rack connected", async () => (await api("GET", "/v2/computes/rack")).body?.connected === true);
    expect((await api("GET", "/v2/computes/rack")).body).toMatchObject({ name: "Rack", host: "127.0.0.1", port: 3080 });

    expect((await api("DELETE", "/v2/computes/rack")).status).toBe(204);
    await exited(rack);
    expect(rack.output.join("\n")).toContain("host 'rack' was deleted from the controller");
    // Its leaving does not bring the compute back.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await api("GET", "/v2/computes/rack")).status).toBe(404);
  }, 90_000);
});
