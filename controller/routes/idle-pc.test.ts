import { expect, it } from "vitest";
import { NodeKind, type DesiredHostState, type ItemError, type NodeReport } from "@shared/proto";
import { cleanupAfterEach, waitFor } from "@shared/testing/cleanups";
import { ControlClient } from "../../dataplane/control/client";
import { describeApi, type ApiClient } from "../testing/api-targets";

const TOKEN = "idle-pc-token";
const { later, tempDir } = cleanupAfterEach();

/**
 * A host whose routers idle (no IOS image can run here, so the host's side is played): each
 * running router answers a new Idle-PC request with Dynamips' kind of proposals; `auto` keeps
 * the second; a router named Booting has none yet, as IOS still booting.
 */
class RouterHost {
  private reports: NodeReport[] = [];
  readonly requests: Array<{ name: string; request: number; auto: boolean }> = [];

  async apply(state: DesiredHostState): Promise<ItemError[]> {
    for (const node of state.nodes) {
      const probe = node.kind === NodeKind.DYNAMIPS && node.running ? node.dynamips : null;
      if (!probe || probe.idlepcRequest === 0 || this.requests.some((seen) => seen.name === node.name && seen.request === probe.idlepcRequest)) continue;
      this.requests.push({ name: node.name, request: probe.idlepcRequest, auto: probe.idlepcAuto });
      const booting = node.name === "Booting";
      const proposals = booting ? [] : ["0x60606f54 [37]", "0x6060a9e0 [21]"];
      const idlepc = { request: probe.idlepcRequest, proposals, chosen: probe.idlepcAuto && !booting ? "0x6060a9e0" : "", error: booting ? "Dynamips found no Idle-PC values: let IOS finish booting (20 s or so after the start) and ask again" : "" };
      this.reports = [...this.reports.filter((report) => report.nodeId !== node.nodeId), { nodeId: node.nodeId, projectId: node.projectId, commandLine: "dynamips -H 127.0.0.1:40000", idlepc }];
    }
    return [];
  }

  nodeReports(): NodeReport[] {
    return this.reports;
  }
}

async function routerHost(api: ApiClient, hostId: string): Promise<RouterHost> {
  const host = new RouterHost();
  const client = new ControlClient({ controllerUrl: api.baseUrl!, hostId, token: TOKEN, tunnelAddress: "127.0.0.1", udpPortMin: 20000, udpPortMax: 20010, dataDir: tempDir("routers-"), reconciler: host });
  later(() => client.stop());
  await client.start();
  await waitFor("the host connected", async () => (await api.get(`/v2/computes/${hostId}`)).body?.dataplane?.connected === true);
  return host;
}

describeApi(
  "Idle-PC values of Dynamips routers",
  (api) => {
    it("are measured by the router's host while it runs, proposals as GNS3 lists them and auto's value kept as the router's idlepc", async (context) => {
      if (api.baseUrl === undefined) return context.skip("the in-process target has no WebSocket for a daemon to dial");
      const host = await routerHost(api, "router-host");
      const project = (await api.post("/v2/projects", { name: `idle-pc-${Math.random()}` })).body.project_id;
      const base = `/v2/projects/${project}/nodes`;
      const router = (await api.post(base, { name: "R1", node_type: "dynamips", compute_id: "router-host", properties: { platform: "c7200", image: "c7200.image" } })).body;
      const vpcs = (await api.post(base, { name: "PC1", node_type: "vpcs", compute_id: "router-host" })).body;

      expect(await api.get(`${base}/${vpcs.node_id}/dynamips/idlepc_proposals`)).toMatchObject({ status: 404, body: { message: `GET /projects/${project}/vpcs/nodes/${vpcs.node_id}/idlepc_proposals not found`, status: 404 } });
      const stopped = await api.get(`${base}/${router.node_id}/dynamips/auto_idlepc`);
      expect(stopped).toMatchObject({ status: 409, body: { message: "R1 is stopped: Idle-PC values are measured on a running router; start it, give IOS 20 s or so to boot, and ask again", status: 409 } });
      expect(host.requests).toEqual([]);

      expect((await api.post(`${base}/${router.node_id}/start`, {})).status).toBe(200);
      expect(await api.get(`${base}/${router.node_id}/dynamips/idlepc_proposals`)).toMatchObject({ status: 200, body: ["0x60606f54 [37]", "0x6060a9e0 [21]"] });
      expect(await api.get(`${base}/${router.node_id}/dynamips/auto_idlepc`)).toMatchObject({ status: 200, body: { idlepc: "0x6060a9e0" } });
      expect(host.requests).toEqual([{ name: "R1", request: 1, auto: false }, { name: "R1", request: 2, auto: true }]);
      expect((await api.get(`${base}/${router.node_id}`)).body.properties.idlepc).toBe("0x6060a9e0");

      const booting = (await api.post(base, { name: "Booting", node_type: "dynamips", compute_id: "router-host", properties: { platform: "c3725", image: "c3725.image" } })).body;
      await api.post(`${base}/${booting.node_id}/start`, {});
      const early = await api.get(`${base}/${booting.node_id}/dynamips/idlepc_proposals`);
      expect(early).toMatchObject({ status: 409, body: { message: "Booting: Dynamips found no Idle-PC values: let IOS finish booting (20 s or so after the start) and ask again", status: 409 } });
      expect((await api.get(`${base}/${booting.node_id}`)).body.status).toBe("started");
    });

    it("are measured for an image before any router of it exists (the Qt GUI's IOS router wizard), on a router made and deleted for it", async (context) => {
      if (api.baseUrl === undefined) return context.skip("the in-process target has no WebSocket for a daemon to dial");
      const host = await routerHost(api, "wizard-host");
      const image = `c7200-wizard-${Math.random().toString(36).slice(2)}.image`;
      expect((await api.fetch(`/v2/compute/dynamips/images/${image}`, { method: "POST", body: new Uint8Array(64) })).status).toBe(204);
      const projectsBefore = (await api.get("/v2/projects")).body.map((project: { name: string }) => project.name);
      // The wizard's own body (gns3-gui 2.2, ios_router_wizard.py).
      const measured = await api.post("/v2/computes/wizard-host/auto_idlepc", { image, platform: "c7200", ram: 512 });
      expect(measured).toMatchObject({ status: 200, body: { idlepc: "0x6060a9e0" } });
      expect(host.requests).toEqual([{ name: "AUTOIDLEPC", request: 1, auto: true }]);
      expect((await api.get("/v2/projects")).body.map((project: { name: string }) => project.name)).toEqual(projectsBefore);

      const refusals: Array<[string, unknown, number, string | RegExp]> = [
        ["wizard-host", { image: "nope.image", platform: "c7200", ram: 512 }, 409, "The image nope.image is missing"],
        ["wizard-host", { image, platform: "c9999", ram: 512 }, 400, "Unknown platform c9999: one of c7200, c3745, c3725, c2691, c3600, c2600, c1700"],
        ["wizard-host", { image, platform: "c7200" }, 400, /ram/],
        ["no-such-compute", { image, platform: "c7200", ram: 512 }, 404, "Compute ID no-such-compute doesn't exist"],
      ];
      for (const [compute, body, status, message] of refusals) {
        const refused = await api.post(`/v2/computes/${compute}/auto_idlepc`, body);
        expect(refused, JSON.stringify(body)).toMatchObject({ status, body: { status, message: typeof message === "string" ? message : expect.stringMatching(message) } });
      }
      expect(host.requests).toHaveLength(1);
    });
  },
  { dataplaneToken: TOKEN, workerd: true, idlePcBootMs: 0 },
);
