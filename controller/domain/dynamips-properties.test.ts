import { describe, expect, it } from "vitest";
import { DomainError } from "./errors";
import { checkRouterProperties, routerPorts } from "./dynamips-properties";

/**
 * GNS3 2.2's schema of a Dynamips router's properties as its controller shows them (our
 * transcript of gns3server/schemas/dynamips_vm.py VM_OBJECT_SCHEMA, less the keys the controller
 * lifts out of properties): each property and the JSON types it may hold.
 */
const GNS3_ROUTER_PROPERTIES: Record<string, string[]> = {
  usage: ["string"], dynamips_id: ["integer"], platform: ["string"], image: ["string"], image_md5sum: ["string", "null"],
  ram: ["integer"], nvram: ["integer"], mmap: ["boolean"], sparsemem: ["boolean"], clock_divisor: ["integer"], idlepc: ["string"],
  idlemax: ["integer"], idlesleep: ["integer"], exec_area: ["integer"], disk0: ["integer"], disk1: ["integer"], auto_delete_disks: ["boolean"],
  aux: ["integer", "null"], mac_addr: ["string", "null"], system_id: ["string"],
  slot0: ["string", "null"], slot1: ["string", "null"], slot2: ["string", "null"], slot3: ["string", "null"], slot4: ["string", "null"], slot5: ["string", "null"], slot6: ["string", "null"],
  wic0: ["string", "null"], wic1: ["string", "null"], wic2: ["string", "null"],
  npe: ["string"], midplane: ["string"], sensors: ["array"], power_supplies: ["array"], chassis: ["string"], iomem: ["integer"],
};

/** The properties a c7200 node shows in GNS3 2.2 (its test fixture dynamips_2_0_0_b2/after). */
const GNS3_C7200_KEYS = [
  "usage", "dynamips_id", "platform", "image", "image_md5sum", "ram", "nvram", "mmap", "sparsemem", "clock_divisor", "idlepc", "idlemax", "idlesleep", "exec_area",
  "disk0", "disk1", "auto_delete_disks", "aux", "mac_addr", "system_id", "slot0", "slot1", "slot2", "slot3", "slot4", "slot5", "slot6", "npe", "midplane", "sensors", "power_supplies",
];

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

function refusal(properties: Record<string, unknown>): string {
  try {
    checkRouterProperties(properties);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).violation).toBe("invalid");
    return (error as Error).message;
  }
  throw new Error("accepted");
}

describe("a Dynamips router's properties against GNS3's schema", () => {
  it.each(["c7200", "c3745", "c3725", "c3600", "c2691", "c2600", "c1700"])("gives a %s only properties GNS3's schema has, of its types", (platform) => {
    const properties = checkRouterProperties({ platform, image: "ios.image", dynamips_id: 1 });
    for (const [key, value] of Object.entries(properties)) {
      expect(GNS3_ROUTER_PROPERTIES[key], `${key} is no property of GNS3's schema`).toBeDefined();
      expect(GNS3_ROUTER_PROPERTIES[key], `${key}: ${JSON.stringify(value)}`).toContain(jsonType(value));
    }
  });

  it("gives a c7200 exactly the properties GNS3 2.2 shows for one, with its compute's defaults", () => {
    const properties = checkRouterProperties({ platform: "c7200", image: "c7200.image", dynamips_id: 1 });
    expect(Object.keys(properties).sort()).toEqual([...GNS3_C7200_KEYS].sort());
    expect(properties).toMatchObject({ ram: 256, nvram: 128, disk0: 64, clock_divisor: 4, npe: "npe-400", midplane: "vxr", slot0: "C7200-IO-FE", slot1: null, mmap: true, idlemax: 500, system_id: "FTX0945W0MY" });
  });

  it("fills each platform's chassis, built-in card and WIC slots", () => {
    expect(checkRouterProperties({ platform: "c3725", image: "i" })).toMatchObject({ slot0: "GT96100-FE", slot1: null, slot2: null, wic0: null, wic1: null, wic2: null, iomem: 5, nvram: 112 });
    expect(checkRouterProperties({ platform: "c2600", image: "i", chassis: "2621" })).toMatchObject({ chassis: "2621", slot0: "C2600-MB-2FE", sparsemem: false, iomem: 15 });
    expect(checkRouterProperties({ platform: "c3600", image: "i" })).toMatchObject({ chassis: "3640", slot0: null, slot3: null });
    expect(checkRouterProperties({ platform: "c3600", image: "i" })).not.toHaveProperty("slot4");
    expect(checkRouterProperties({ platform: "c1700", image: "i", chassis: "1760" })).toMatchObject({ slot0: "C1700-MB-1FE", slot1: "C1700-MB-WIC1", wic0: null, wic1: null });
  });

  it.each([
    [{ platform: "c7100", image: "i" }, "properties.platform must be one of c7200, c3745, c3725, c2691, c3600, c2600, c1700, got \"c7100\""],
    [{ platform: "c7200" }, "Invalid properties.image: Invalid input: expected string, received undefined"],
    [{ platform: "c7200", image: "i", npe: "npe-9000" }, "Invalid properties.npe: Invalid option: expected one of \"npe-100\"|\"npe-150\"|\"npe-175\"|\"npe-200\"|\"npe-225\"|\"npe-300\"|\"npe-400\"|\"npe-g2\""],
    [{ platform: "c7200", image: "i", ram: -1 }, "Invalid properties.ram: Too small: expected number to be >=1"],
    [{ platform: "c7200", image: "i", idlepc: "60606f54" }, "Invalid properties.idlepc: an Idle-PC value is 0x and hex digits, or empty"],
    [{ platform: "c7200", image: "i", mac_addr: "ca:01:00:00:00:01" }, "Invalid properties.mac_addr: a MAC address in Dynamips' form, such as ca01.0000.0001"],
    [{ platform: "c7200", image: "i", ghost: true }, "properties.ghost is not a Dynamips router property"],
    [{ platform: "c7200", image: "i", chassis: "7206" }, "properties.chassis: a c7200 has no chassis to choose, not \"7206\""],
    [{ platform: "c3600", image: "i", chassis: "3650" }, "properties.chassis: a c3600 has chassis 3620, 3640, 3660, not \"3650\""],
    [{ platform: "c7200", image: "i", iomem: 5 }, "properties.iomem is not for c7200 routers, which keep I/O memory apart"],
    [{ platform: "c3725", image: "i", npe: "npe-400" }, "properties.npe is for c7200 routers, not c3725"],
    [{ platform: "c3725", image: "i", slot3: "NM-4T" }, "properties.slot3: a c3725 has 3 slots (0 to 2)"],
    [{ platform: "c3725", image: "i", slot0: "NM-4T" }, "properties.slot0 of a c3725 is its built-in GT96100-FE, not \"NM-4T\""],
    [{ platform: "c3725", image: "i", slot1: "PA-4T+" }, "properties.slot1: a c3725's slot 1 takes NM-1FE-TX, NM-16ESW, NM-4T, not \"PA-4T+\""],
    [{ platform: "c7200", image: "i", wic0: "WIC-2T" }, "properties.wic0: a c7200 with C7200-IO-FE has 0 WIC slots"],
    [{ platform: "c2691", image: "i", wic0: "WIC-1ENET" }, "properties.wic0: a c2691 takes WIC-1T, WIC-2T, not \"WIC-1ENET\""],
  ])("refuses %j with a 400 saying why", (properties, message) => {
    expect(refusal(properties)).toBe(message);
  });
});

describe("a Dynamips router's ports, as GNS3's controller lists them", () => {
  it("numbers slot ports by slot and WIC ports from 16 on adapter 0, naming them on from Serial0/0", () => {
    const properties = checkRouterProperties({ platform: "c2600", image: "i", chassis: "2621", wic0: "WIC-2T", wic1: "WIC-1T" });
    expect(routerPorts(properties).map((port) => [port.name, port.short_name, port.adapter_number, port.port_number, port.link_type])).toEqual([
      ["FastEthernet0/0", "f0/0", 0, 0, "ethernet"],
      ["FastEthernet0/1", "f0/1", 0, 1, "ethernet"],
      ["Serial0/0", "s0/0", 0, 16, "serial"],
      ["Serial0/1", "s0/1", 0, 17, "serial"],
      ["Serial0/2", "s0/2", 0, 32, "serial"],
    ]);
  });

  it("gives each card's ports their kind and capture types", () => {
    const ports = routerPorts(checkRouterProperties({ platform: "c7200", image: "i", slot0: "C7200-IO-GE-E", slot2: "PA-A1", slot3: "PA-4T+", slot4: "PA-POS-OC3" }));
    expect(ports.map((port) => [port.name, port.short_name, port.adapter_number, port.port_number])).toEqual([
      ["GigabitEthernet0/0", "g0/0", 0, 0],
      ["ATM2/0", "a2/0", 2, 0],
      ...[0, 1, 2, 3].map((n) => [`Serial3/${n}`, `s3/${n}`, 3, n]),
      ["POS4/0", "p4/0", 4, 0],
    ]);
    expect(ports[0]!.data_link_types).toEqual({ Ethernet: "DLT_EN10MB" });
    expect(ports[1]!.data_link_types).toEqual({ ATM: "DLT_ATM_RFC1483" });
    expect(ports[2]!.data_link_types).toEqual({ "Frame Relay": "DLT_FRELAY", "Cisco HDLC": "DLT_C_HDLC", "Cisco PPP": "DLT_PPP_SERIAL" });
  });
});
