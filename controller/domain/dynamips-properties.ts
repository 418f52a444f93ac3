/**
 * A Dynamips router's properties as GNS3 2.2 stores them (schemas/dynamips_vm.py), checked
 * against its platform, with GNS3's defaults filled in, and its ports as GNS3's controller
 * lists them (DynamipsPortFactory).
 */
import { z } from "zod";
import type { PortWire } from "@shared/schemas/node";
import { invalidRequest } from "./errors";
import { ADAPTERS, C7200_DEFAULTS, C7200_NPES, PLATFORMS, ROUTER_DEFAULTS, WICS, WIC_SLOTS, chassisOf, type PlatformTraits, type PortKind } from "./dynamips-platforms";
import { ethernetPort, serialPort } from "./ports";

const count = (minimum = 0) => z.number().int().min(minimum);
const card = z.string().nullable();

/** Every property GNS3's schema knows; the platform decides which apply (checked after). */
const routerSchema = z
  .object({
    platform: z.string(),
    image: z.string().min(1, "the router's IOS image is needed"),
    image_md5sum: z.string().nullable().optional(),
    dynamips_id: z.number().int().min(1).max(4096).optional(),
    usage: z.string().optional(),
    ram: count(1).optional(),
    nvram: count(1).optional(),
    mmap: z.boolean().optional(),
    sparsemem: z.boolean().optional(),
    clock_divisor: count(1).optional(),
    idlepc: z.string().regex(/^(0x[0-9a-fA-F]+)?$/, "an Idle-PC value is 0x and hex digits, or empty").optional(),
    idlemax: count().optional(),
    idlesleep: count().optional(),
    exec_area: count().optional(),
    disk0: count().optional(),
    disk1: count().optional(),
    auto_delete_disks: z.boolean().optional(),
    aux: z.number().int().min(1).max(65535).nullable().optional(),
    mac_addr: z.string().regex(/^([0-9a-fA-F]{4}\.){2}[0-9a-fA-F]{4}$/, "a MAC address in Dynamips' form, such as ca01.0000.0001").nullable().optional(),
    system_id: z.string().min(1).optional(),
    chassis: z.string().optional(),
    iomem: z.number().int().min(0).max(100).optional(),
    npe: z.enum(C7200_NPES).optional(),
    midplane: z.enum(["std", "vxr"]).optional(),
    sensors: z.array(z.number().int()).length(4).optional(),
    power_supplies: z.array(z.number().int().min(0).max(1)).length(2).optional(),
    ...Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((slot) => [`slot${slot}`, card.optional()])),
    ...Object.fromEntries([0, 1, 2].map((wic) => [`wic${wic}`, card.optional()])),
  })
  .strict();

/** A platform's traits, or a 400 naming the platforms there are. */
export function platformOf(properties: Record<string, unknown>): PlatformTraits {
  const platform = properties.platform;
  if (typeof platform !== "string" || !Object.hasOwn(PLATFORMS, platform)) {
    throw invalidRequest(`properties.platform must be one of ${Object.keys(PLATFORMS).join(", ")}, got ${JSON.stringify(platform)}`);
  }
  return PLATFORMS[platform]!;
}

/**
 * Client-sent router properties, checked, with the platform's defaults for what was not sent
 * (as GNS3's compute fills them); a 400 says what is wrong.
 */
export function checkRouterProperties(properties: Record<string, unknown>): Record<string, unknown> {
  const platform = platformOf(properties);
  const parsed = routerSchema.safeParse(properties);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? `properties.${issue.path.join(".")}` : "properties";
    throw invalidRequest(issue.code === "unrecognized_keys" ? `properties.${issue.keys[0]} is not a Dynamips router property` : `Invalid ${where}: ${issue.message}`);
  }
  const name = properties.platform as string;
  const chassis = chassisOf(platform, properties.chassis);
  if (!chassis) throw invalidRequest(`properties.chassis: a ${name} has ${platform.chassis.default === null ? "no chassis to choose" : `chassis ${Object.keys(platform.chassis.choices).join(", ")}`}, not ${JSON.stringify(properties.chassis)}`);
  const isC7200 = name === "c7200";
  for (const key of ["npe", "midplane", "sensors", "power_supplies"]) {
    if (!isC7200 && properties[key] !== undefined) throw invalidRequest(`properties.${key} is for c7200 routers, not ${name}`);
  }
  if (isC7200 && properties.iomem !== undefined) throw invalidRequest("properties.iomem is not for c7200 routers, which keep I/O memory apart");
  const filled: Record<string, unknown> = {
    ...ROUTER_DEFAULTS,
    ram: platform.ram,
    nvram: platform.nvram,
    disk0: platform.disk0,
    disk1: platform.disk1,
    clock_divisor: platform.clockDivisor,
    ...(platform.iomem !== undefined ? { iomem: platform.iomem } : {}),
    ...(platform.chassis.default !== null ? { chassis: chassis.name } : {}),
    ...(isC7200 ? C7200_DEFAULTS : {}),
    // Dynamips cannot share sparse memory on these platforms (GNS3 turns it off).
    ...(name === "c2600" || name === "c1700" ? { sparsemem: false } : {}),
    ...properties,
  };
  checkCards(name, platform, chassis.traits, filled);
  return filled;
}

function checkCards(name: string, platform: PlatformTraits, chassis: { slots: number; builtIn: readonly string[] }, properties: Record<string, unknown>): void {
  for (let slot = 0; slot < 7; slot++) {
    const key = `slot${slot}`;
    const builtIn = chassis.builtIn[slot];
    if (slot >= chassis.slots) {
      if (properties[key]) throw invalidRequest(`properties.${key}: a ${name} has ${chassis.slots} slots (0 to ${chassis.slots - 1})`);
      delete properties[key];
      continue;
    }
    if (builtIn !== undefined) {
      if (properties[key] && properties[key] !== builtIn) throw invalidRequest(`properties.${key} of a ${name} is its built-in ${builtIn}, not ${JSON.stringify(properties[key])}`);
      properties[key] = builtIn;
      continue;
    }
    const fits = slot === 0 && platform.slot0Choices ? platform.slot0Choices : platform.modules;
    properties[key] ??= slot === 0 && platform.slot0Choices ? platform.slot0Choices[0]! : null;
    const value = properties[key];
    if (value !== null && value !== "" && !fits.includes(value as string)) {
      throw invalidRequest(`properties.${key}: a ${name}'s slot ${slot} takes ${fits.join(", ")}, not ${JSON.stringify(value)}`);
    }
    if (value === "") properties[key] = null;
  }
  const wicSlots = WIC_SLOTS[(properties.slot0 as string | null) ?? ""] ?? 0;
  for (let wic = 0; wic < 3; wic++) {
    const key = `wic${wic}`;
    if (wic >= wicSlots) {
      if (properties[key]) throw invalidRequest(`properties.${key}: a ${name} with ${properties.slot0} has ${wicSlots} WIC slots`);
      delete properties[key];
      continue;
    }
    properties[key] ??= null;
    const value = properties[key];
    if (value === "") properties[key] = null;
    else if (value !== null && !platform.wics.includes(value as string)) throw invalidRequest(`properties.${key}: a ${name} takes ${platform.wics.join(", ")}, not ${JSON.stringify(value)}`);
  }
}

const SHORT: Record<PortKind, string> = { Ethernet: "e", FastEthernet: "f", GigabitEthernet: "g", Serial: "s", ATM: "a", POS: "p" };
const SERIAL_LINKS: Partial<Record<PortKind, Record<string, string>>> = {
  Serial: { "Frame Relay": "DLT_FRELAY", "Cisco HDLC": "DLT_C_HDLC", "Cisco PPP": "DLT_PPP_SERIAL" },
  ATM: { ATM: "DLT_ATM_RFC1483" },
  POS: {},
};

function port(kind: PortKind, adapter: number, portNumber: number, label: string): PortWire {
  const name = `${kind}${label}`;
  const short = `${SHORT[kind]}${label}`;
  const serial = SERIAL_LINKS[kind];
  return serial ? serialPort(name, adapter, portNumber, short, serial) : ethernetPort(name, adapter, portNumber, short);
}

/**
 * GNS3's port list of a router: each slot's card ports as (slot, port), named `FastEthernet1/0`;
 * WIC ports on adapter 0 from port 16 (wic0), 32 (wic1), 48 (wic2), named on from `Serial0/0`.
 */
export function routerPorts(properties: Record<string, unknown>): PortWire[] {
  const ports: PortWire[] = [];
  for (let slot = 0; slot < 7; slot++) {
    const traits = ADAPTERS[String(properties[`slot${slot}`] ?? "")];
    for (let n = 0; traits?.kind && n < traits.ports; n++) ports.push(port(traits.kind, slot, n, `${slot}/${n}`));
  }
  let shown = 0;
  for (let wic = 0; wic < 3; wic++) {
    const traits = WICS[String(properties[`wic${wic}`] ?? "")];
    for (let n = 0; traits?.kind && n < traits.ports; n++) ports.push(port(traits.kind, 0, 16 * (wic + 1) + n, `0/${shown++}`));
  }
  return ports;
}
