import { describe, expect, it } from "vitest";
import { gns3v200Lab, LEGACY_IDS } from "../testing/legacy-topologies";
import { importedTopology } from "./topology";
import { upgradeTopology } from "./topology-upgrade";

const upgrade = (document: unknown) => upgradeTopology(document, "2.2.59", () => crypto.randomUUID());

const NODE = "aaaaaaaa-0000-4000-8000-000000000001";
const OTHER = "aaaaaaaa-0000-4000-8000-000000000002";

function node(node_type: string, properties: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return { node_id: NODE, name: "N", node_type, compute_id: "local", properties, ...extra };
}

function topology(revision: number, nodes: unknown[], extra: Record<string, unknown> = {}) {
  return { type: "topology", revision, name: "old", project_id: LEGACY_IDS.project, topology: { nodes, links: [], drawings: [], computes: [] }, ...extra };
}

function upgradedNodes(document: unknown): any[] {
  return (upgrade(document).document as any).topology.nodes;
}

describe("upgradeTopology", () => {
  it("brings a GNS3 2.0.0 project (revision 7) to revision 9, and it imports", () => {
    const original = gns3v200Lab();
    const { document } = upgrade(original);
    expect(document).toMatchObject({ revision: 9, version: "2.0.0" });
    expect(original.revision).toBe(7);
    const imported = importedTopology(document, {
      projectId: LEGACY_IDS.project,
      name: undefined,
      path: undefined,
      projectsDir: "/p",
      knownComputeIds: new Set(["local"]),
      hostInterfaces: [],
      version: "2.2.59",
    });
    expect(imported.nodes.map((n) => [n.name, n.node_type, n.console_type])).toEqual([
      ["PC1", "vpcs", "telnet"],
      ["PC2", "vpcs", "telnet"],
      ["SW1", "ethernet_switch", "none"],
    ]);
    expect(imported.links).toHaveLength(1);
    expect(imported.drawings).toHaveLength(1);
  });

  it("turns 2.0 alpha serial consoles into telnet and drops the remote console option (revision 5)", () => {
    const [vm] = upgradedNodes(topology(5, [node("vmware", { enable_remote_console: true, vmx_path: "a.vmx" }, { console_type: "serial" })]));
    expect(vm).toMatchObject({ console_type: "telnet", properties: { vmx_path: "a.vmx" } });
    expect(vm.properties).not.toHaveProperty("enable_remote_console");
  });

  it("moves 2.0 beta 2 Dynamips files into their node's folder (revision 6)", () => {
    const routers = [node("dynamips", { dynamips_id: 1 }), node("dynamips", { dynamips_id: 12 }, { node_id: OTHER })];
    const { filePath } = upgrade(topology(6, routers));
    expect(filePath("project-files/dynamips/c7200_i1_nvram")).toBe(`project-files/dynamips/${NODE}/c7200_i1_nvram`);
    expect(filePath("project-files/dynamips/configs/i1_startup-config.cfg")).toBe(`project-files/dynamips/${NODE}/configs/i1_startup-config.cfg`);
    expect(filePath("project-files/dynamips/c7200_i12_nvram")).toBe(`project-files/dynamips/${OTHER}/c7200_i12_nvram`);
    expect(filePath("project-files/vpcs/x/startup.vpc")).toBe("project-files/vpcs/x/startup.vpc");
    expect(upgrade(topology(7, routers)).filePath("project-files/dynamips/c7200_i1_nvram")).toBe("project-files/dynamips/c7200_i1_nvram");
  });

  it("drops the startup settings 2.1 keeps in files only (revision 7)", () => {
    const [pc, router] = upgradedNodes(
      topology(7, [node("vpcs", { startup_script: "x", startup_script_path: "startup.vpc" }), node("iou", { startup_config: "a", private_config_content: "b", path: "i86" })]),
    );
    expect(pc.properties).toEqual({});
    expect(router.properties).toEqual({ path: "i86" });
  });

  it("gives drawings the grid's size and replaces acpi_shutdown with on_close (revision 8)", () => {
    const { document } = upgrade(
      topology(8, [node("qemu", { acpi_shutdown: true, save_vm_state: false }), node("virtualbox", { acpi_shutdown: false }, { console_type: null })], { grid_size: 50 }),
    );
    expect(document).toMatchObject({ revision: 9, grid_size: 50, drawing_grid_size: 50 });
    const [qemu, vbox] = (document as any).topology.nodes;
    expect(qemu.properties).toEqual({ on_close: "save_vm_state" });
    expect(vbox).toMatchObject({ properties: { on_close: "power_off" }, console_type: "none" });
  });

  it("fixes revision 9 files of GNS3 2.2 development versions", () => {
    const { document } = upgrade(
      topology(9, [node("vpcs", {}, { appliance_id: NODE, console_type: null })], { variables: [{ name: "" }, { name: "A", value: "1" }] }),
    );
    expect((document as any).topology.nodes[0]).toMatchObject({ template_id: NODE, console_type: "none" });
    expect((document as any).topology.nodes[0]).not.toHaveProperty("appliance_id");
    expect((document as any).variables).toEqual([{ name: "A", value: "1" }]);
  });

  it("leaves newer files and non-topologies to the checks that follow", () => {
    const newer = topology(10, []);
    expect(upgrade(newer).document).toBe(newer);
    expect(upgrade("text").document).toBe("text");
    expect(upgrade({ revision: "7" }).document).toEqual({ revision: "7" });
  });
});
