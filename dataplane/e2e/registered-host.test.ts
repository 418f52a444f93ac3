import { describe, expect, it } from "vitest";
import { waitFor } from "@shared/testing/cleanups";
import type { DaemonProcess } from "./daemon-process";
import { handStartedLab } from "./hand-started-lab";

/**
 * A host registered through the API (as the Qt GUI adds a remote server) before its daemon
 * exists: the daemon dials in with the host's own token and the compute turns connected,
 * keeping the name its client gave; the controller's shared token no longer admits it, its
 * own token admits no other host, and deleting the compute sends the daemon away for good.
 */
describe("a compute registered through the API", () => {
  const lab = handStartedLab("e2e-registered-host-");
  const { api, token: sharedToken } = lab;
  let ports = 29400;
  const daemon = (hostId: string, token: string) => lab.startDaemon(`${hostId}-${ports}`, { hostId, token, udpPorts: `${ports}-${(ports += 100) - 1}` });
  const exited = (process: DaemonProcess) => waitFor("the daemon to give up", () => process.child.exitCode !== null || process.child.signalCode !== null, 15_000);

  it("admits its daemon by its own token only, and sends it away when the compute is deleted", async () => {
    await lab.startController();
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
