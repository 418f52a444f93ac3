import { describe, expect, it } from "vitest";
import type { TemplateCreate } from "@shared/schemas/template";
import { refusal } from "./testing";
import {
  BUILTIN_TEMPLATES,
  customTemplateToWire,
  duplicatedTemplate,
  findBuiltinTemplate,
  newTemplate,
  nodeFromTemplate,
  refuseBuiltinChange,
  updatedTemplate,
} from "./templates";

const ID = "5b0ba7c4-1111-4222-8333-444455556666";
const VPCS_ID = "19021f99-e36f-394d-b4a1-8aaa902ab9cc";


describe("built-in templates", () => {
  it("are GNS3 2.2's seven, with its ids, name formats and symbols", () => {
    expect(BUILTIN_TEMPLATES.map((template) => [template.name, template.template_type, template.default_name_format, template.symbol])).toEqual([
      ["Cloud", "cloud", "Cloud{0}", ":/symbols/cloud.svg"],
      ["NAT", "nat", "NAT{0}", ":/symbols/nat.svg"],
      ["VPCS", "vpcs", "PC{0}", ":/symbols/vpcs_guest.svg"],
      ["Ethernet switch", "ethernet_switch", "Switch{0}", ":/symbols/ethernet_switch.svg"],
      ["Ethernet hub", "ethernet_hub", "Hub{0}", ":/symbols/hub.svg"],
      ["Frame Relay switch", "frame_relay_switch", "FRSW{0}", ":/symbols/frame_relay_switch.svg"],
      ["ATM switch", "atm_switch", "ATMSW{0}", ":/symbols/atm_switch.svg"],
    ]);
  });

  it("carry VPCS's base script inside properties and leave the compute to the client", () => {
    expect(findBuiltinTemplate(VPCS_ID)).toEqual({
      builtin: true, category: "guest", compute_id: null, default_name_format: "PC{0}", name: "VPCS",
      properties: { base_script_file: "vpcs_base_config.txt" }, symbol: ":/symbols/vpcs_guest.svg", template_id: VPCS_ID, template_type: "vpcs",
    });
    expect(Object.keys(findBuiltinTemplate("1966b864-93e7-32d5-965f-001384eec461")!)).toContain("console_type");
  });

  it("refuse every change with GNS3's wording", () => {
    for (const action of ["updated", "deleted", "duplicated"] as const) {
      const error = refusal(() => refuseBuiltinChange(VPCS_ID, action));
      expect([error.violation, error.message]).toEqual(["conflict", `Template ID ${VPCS_ID} cannot be ${action} because it is a builtin`]);
    }
  });
});

describe("newTemplate", () => {
  const create = (fields: Partial<TemplateCreate> & Record<string, unknown>) =>
    newTemplate({ name: "T", compute_id: "local", template_type: "qemu", ...fields } as TemplateCreate, ID);

  it("fills in every default of the type, as GNS3 stores it", () => {
    const settings = create({ template_type: "qemu", name: "router", ram: 512 }).settings;
    expect(settings).toMatchObject({
      adapter_type: "e1000", adapters: 1, category: "guest", compute_id: "local", console_type: "telnet", cpus: 1,
      default_name_format: "{name}-{0}", hda_disk_image: "", hda_disk_interface: "none", linked_clone: true, name: "router",
      port_name_format: "Ethernet{0}", ram: 512, symbol: ":/symbols/qemu_guest.svg", template_id: ID, template_type: "qemu",
    });
    expect(settings).not.toHaveProperty("builtin");
    expect(Object.keys(settings)).toEqual([...Object.keys(settings)].sort());
  });

  it("gives VPCS its base script at the top level and a switch its eight access ports", () => {
    expect(create({ template_type: "vpcs" }).settings).toMatchObject({ base_script_file: "vpcs_base_config.txt", default_name_format: "PC{0}", console_type: "telnet" });
    const ports = create({ template_type: "ethernet_switch" }).settings.ports_mapping as unknown[];
    expect(ports).toHaveLength(8);
    expect(ports[7]).toEqual({ ethertype: "", name: "Ethernet7", port_number: 7, type: "access", vlan: 1 });
  });

  it("requires the fields GNS3 requires per type", () => {
    expect(refusal(() => create({ template_type: "docker" })).message).toBe("JSON schema error adding template: 'image' is a required property");
    expect(refusal(() => create({ template_type: "iou" })).message).toContain("'path' is a required property");
    expect(refusal(() => create({ template_type: "dynamips", image: "c7200.bin" })).message).toBe("JSON schema error adding template: 'platform' is a required property");
    expect(create({ template_type: "docker", image: "alpine" }).settings).toMatchObject({ image: "alpine", adapters: 1, console_type: "telnet" });
  });

  it("refuses fields the type does not have and values out of range", () => {
    expect(refusal(() => create({ template_type: "vpcs", ram: 5 })).message).toBe(
      "JSON schema error adding template: Additional properties are not allowed ('ram' was unexpected)",
    );
    expect(refusal(() => create({ adapters: 276 })).message).toContain("276 is greater than the maximum of 275");
    expect(refusal(() => create({ console_type: "vnc", template_type: "vpcs" })).violation).toBe("invalid");
  });

  it("turns the numbered categories of old clients into names", () => {
    expect(create({ category: 0 }).settings.category).toBe("router");
    expect(create({ category: 3 }).settings.category).toBe("firewall");
  });

  it("gives a Dynamips platform its own defaults and keeps its slots as sent", () => {
    const settings = create({ template_type: "dynamips", platform: "c7200", image: "c7200.image", slot1: "PA-FE-TX" }).settings;
    expect(settings).toMatchObject({ default_name_format: "R{0}", npe: "npe-400", ram: 512, slot1: "PA-FE-TX", category: "router" });
  });

  it("refuses an id a built-in has", () => {
    const error = refusal(() => newTemplate({ name: "x", compute_id: null, template_type: "vpcs" }, VPCS_ID));
    expect([error.violation, error.message]).toEqual(["conflict", `Template ID '${VPCS_ID}' already exists`]);
  });
});

describe("updatedTemplate", () => {
  const record = newTemplate({ name: "alpine", compute_id: "local", template_type: "docker", image: "alpine" } as TemplateCreate, ID);

  it("merges the fields sent and ignores the identity fields a client echoes", () => {
    const next = updatedTemplate(record, { adapters: 3, template_type: "qemu", compute_id: "h2", builtin: true, template_id: "x" } as never);
    expect(next.settings).toMatchObject({ adapters: 3, template_type: "docker", compute_id: "local", template_id: ID, image: "alpine" });
    expect(next.revision).toBe(record.revision + 1);
  });

  it("checks the result against the type", () => {
    expect(refusal(() => updatedTemplate(record, { adapters: "two" } as never)).message).toBe(
      "JSON schema error updating template: 'two' is not of type 'number' (at adapters)",
    );
  });
});

describe("duplicatedTemplate", () => {
  it("copies every setting, the name too, under the new id", () => {
    const record = newTemplate({ name: "alpine", compute_id: "local", template_type: "docker", image: "alpine" } as TemplateCreate, ID);
    const copy = customTemplateToWire(duplicatedTemplate(record, "00000000-0000-4000-8000-000000000001"));
    expect(copy).toEqual({ ...customTemplateToWire(record), template_id: "00000000-0000-4000-8000-000000000001" });
  });
});

describe("nodeFromTemplate", () => {
  it("names a built-in's node from its format and lets the client choose the compute", () => {
    const node = nodeFromTemplate(findBuiltinTemplate(VPCS_ID)!, { x: 1, y: 2, compute_id: "h2" });
    expect(node).toEqual({ name: "PC{0}", node_type: "vpcs", compute_id: "h2", template_id: VPCS_ID, x: 1, y: 2, symbol: ":/symbols/vpcs_guest.svg", properties: {} });
    expect(nodeFromTemplate(findBuiltinTemplate(VPCS_ID)!, { x: 0, y: 0, name: "web" })).toMatchObject({ name: "web", compute_id: "local" });
  });

  it("runs a custom template's node on the template's compute, its fields as node fields or properties", () => {
    const template = customTemplateToWire(
      newTemplate({ name: "Router X", compute_id: "h2", template_type: "qemu", ram: 1024, hda_disk_image: "x.qcow2", first_port_name: "mgmt" } as TemplateCreate, ID),
    );
    const node = nodeFromTemplate(template, { x: 5, y: 6, compute_id: "local" });
    expect(node).toMatchObject({
      name: "Router X-{0}", node_type: "qemu", compute_id: "h2", template_id: ID,
      console_type: "telnet", first_port_name: "mgmt", port_name_format: "Ethernet{0}", symbol: ":/symbols/qemu_guest.svg",
    });
    expect(node.properties).toMatchObject({ ram: 1024, hda_disk_image: "x.qcow2", adapters: 1, linked_clone: true });
    // Empty values are left out, as GNS3 leaves them out.
    expect(node.properties).not.toHaveProperty("mac_address");
    expect(node.properties).not.toHaveProperty("category");
    expect(node.properties).not.toHaveProperty("default_name_format");
  });

  it("leaves out the configuration files GNS3 would read from its own disk", () => {
    const vpcs = customTemplateToWire(newTemplate({ name: "pc", compute_id: "local", template_type: "vpcs" }, ID));
    expect(nodeFromTemplate(vpcs, { x: 0, y: 0 }).properties).toEqual({});
    expect(nodeFromTemplate(findBuiltinTemplate(VPCS_ID)!, { x: 0, y: 0 }).properties).toEqual({});
  });

  it("lets a cloud template without ports offer the host's interfaces", () => {
    const cloud = customTemplateToWire(newTemplate({ name: "uplink", compute_id: "local", template_type: "cloud" }, ID));
    expect(nodeFromTemplate(cloud, { x: 0, y: 0 }).properties).not.toHaveProperty("ports_mapping");
  });
});
