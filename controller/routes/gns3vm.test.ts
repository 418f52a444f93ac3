import { expect, it } from "vitest";
import { describeApi } from "../testing/api-targets";

const DEFAULTS = {
  allocate_vcpus_ram: true, enable: false, engine: "vmware", headless: false, port: 80, ram: 2048, vcpus: 1, vmname: null, when_exit: "stop",
};

describeApi("the GUI's start-up calls: GNS3 VM, appliances, statistics, reload", (api) => {
  it("reports a GNS3 VM that is not enabled, with GNS3's defaults", async () => {
    const reply = await api.get("/v2/gns3vm");
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(DEFAULTS);
    expect(Object.keys(reply.body)).toEqual(Object.keys(DEFAULTS));
  });

  it("saves the settings the preferences page sends, answering 201, and keeps them", async () => {
    const settings = { ...DEFAULTS, engine: "virtualbox", vmname: "GNS3 VM", ram: 4096, vcpus: 2, when_exit: "keep", port: 3080 };
    const saved = await api.put("/v2/gns3vm", settings);
    expect(saved.status).toBe(201);
    expect(saved.body).toEqual(settings);
    expect((await api.put("/v2/gns3vm", { headless: true })).body).toEqual({ ...settings, headless: true });
    expect((await api.get("/v2/gns3vm")).body).toEqual({ ...settings, headless: true });
    expect((await api.put("/v2/gns3vm", { ...DEFAULTS, vmname: null })).body).toEqual(DEFAULTS);
  });

  it("refuses to enable the VM, since this server starts none, and keeps the settings", async () => {
    const reply = await api.put("/v2/gns3vm", { ...DEFAULTS, enable: true, vmname: "GNS3 VM" });
    expect(reply.status).toBe(409);
    expect(reply.body.message).toContain("This server runs no GNS3 VM");
    expect((await api.get("/v2/gns3vm")).body.enable).toBe(false);
  });

  it.each([
    [{ engine: "parallels" }, "'parallels' is not one of"],
    [{ port: 0 }, "0 is less than the minimum of 1"],
    [{ ram: "2G" }, "'2G' is not of type"],
    [{ colour: "red" }, "('colour' was unexpected)"],
  ])("refuses the settings %j with 400", async (body, message) => {
    const reply = await api.put("/v2/gns3vm", body);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain(message);
  });

  it("lists GNS3's engines for Linux and no VMs for any of them", async () => {
    const engines = await api.get("/v2/gns3vm/engines");
    expect(engines.status).toBe(200);
    expect(engines.body.map((engine: { engine_id: string }) => engine.engine_id)).toEqual(["vmware", "virtualbox", "remote"]);
    for (const engine of engines.body) {
      expect(Object.keys(engine)).toEqual(["description", "engine_id", "name", "support_headless", "support_ram", "support_when_exit"]);
    }
    for (const engine of ["vmware", "virtualbox", "hyper-v", "remote"]) expect((await api.get(`/v2/gns3vm/engines/${engine}/vms`)).body).toEqual([]);
    expect((await api.get("/v2/gns3vm/engines/parallels/vms")).body).toEqual({ message: "The engine parallels for the GNS3 VM is not supported", status: 404 });
  });

  it("has no appliances, with or without an update from the registry", async () => {
    for (const path of ["/v2/appliances", "/v2/appliances?update=yes&symbol_theme=Classic", "/v2/appliances?symbol_theme=Affinity-square-blue"]) {
      const reply = await api.get(path);
      expect([reply.status, reply.body]).toEqual([200, []]);
    }
  });

  it("gives the statistics of the controller's own machine, where it has one", async () => {
    const reply = await api.get("/v2/statistics");
    expect(reply.status).toBe(200);
    // A Worker has no machine of its own, and dataplane daemons report no figures.
    if (api.fileBackend === "r2") return expect(reply.body).toEqual([]);
    expect(reply.body).toHaveLength(1);
    const [local] = reply.body;
    expect(local).toMatchObject({ compute_id: "local", compute_name: "local" });
    expect(Object.keys(local.statistics)).toEqual([
      "cpu_usage_percent", "disk_usage_percent", "load_average_percent", "memory_free", "memory_total", "memory_usage_percent",
      "memory_used", "swap_free", "swap_total", "swap_usage_percent", "swap_used",
    ]);
    expect(local.statistics.memory_total).toBeGreaterThan(local.statistics.memory_free);
    expect(local.statistics.memory_used).toBe(local.statistics.memory_total - local.statistics.memory_free);
    expect(local.statistics.load_average_percent).toHaveLength(3);
    for (const value of [local.statistics.disk_usage_percent, local.statistics.memory_usage_percent]) {
      expect(Number.isInteger(value) && value >= 0 && value <= 100).toBe(true);
    }
  });

  it("answers a reload with 200 and no body, as GNS3 does", async () => {
    const reply = await api.post("/v2/reload");
    expect([reply.status, reply.text]).toEqual([200, ""]);
  });
}, { workerd: true });
