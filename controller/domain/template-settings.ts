import { z } from "zod";
import { QEMU_PLATFORMS } from "@shared/schemas/compute";
import { MAC_ADDRESS_PATTERN, cloudPortMapping, customAdapter, hubPortMapping, switchPortMapping } from "@shared/schemas/node";
import { TEMPLATE_CATEGORIES, templateBaseFields, templateCategory, type TemplateType } from "@shared/schemas/template";
import { NODE_TYPE_TRAITS, defaultHubPorts, defaultSwitchPorts } from "./node-types";

/**
 * What a template of each type holds, with GNS3 2.2's default for every field a client leaves
 * out. A stored template always carries every field of its type, so the node made from it is
 * the same whichever client created the template.
 */

type Category = (typeof TEMPLATE_CATEGORIES)[number];

const CATEGORY_OF_TYPE: Record<TemplateType, Category> = {
  cloud: "guest", nat: "guest", ethernet_hub: "switch", ethernet_switch: "switch", docker: "guest", dynamips: "router",
  vpcs: "guest", traceng: "guest", virtualbox: "guest", vmware: "guest", iou: "router", qemu: "guest",
};

/** A MAC address or the empty string (the whole-string MAC pattern, made optional). */
const macAddress = z.string().regex(new RegExp(`^(?:${MAC_ADDRESS_PATTERN.source})?$`), "must be a MAC address or empty");
const text = (fallback = "") => z.string().default(fallback);
const flag = (fallback: boolean) => z.boolean().default(fallback);
const count = (minimum: number, maximum: number, fallback: number) => z.int().min(minimum).max(maximum).default(fallback);
const ON_CLOSE = ["power_off", "shutdown_signal", "save_vm_state"] as const;
const DISK_INTERFACES = ["ide", "sata", "nvme", "scsi", "sd", "mtd", "floppy", "pflash", "virtio", "none"] as const;

const QEMU_ADAPTER_TYPES = [
  "e1000", "e1000-82544gc", "e1000-82545em", "e1000e", "i82550", "i82551", "i82557a", "i82557b", "i82557c", "i82558a", "i82558b",
  "i82559a", "i82559b", "i82559c", "i82559er", "i82562", "i82801", "igb", "ne2k_pci", "pcnet", "rocker", "rtl8139", "virtio",
  "virtio-net-pci", "vmxnet3",
] as const;

const VIRTUALBOX_ADAPTER_TYPES = [
  "PCnet-PCI II (Am79C970A)", "PCNet-FAST III (Am79C973)", "Intel PRO/1000 MT Desktop (82540EM)", "Intel PRO/1000 T Server (82543GC)",
  "Intel PRO/1000 MT Server (82545EM)", "Paravirtualized Network (virtio-net)",
] as const;

const emulatorPorts = {
  first_port_name: text(),
  port_name_format: text("Ethernet{0}"),
  port_segment_size: z.int().min(0).default(0),
  custom_adapters: z.array(customAdapter).default(() => []),
};

function vmFields(adapterTypes: readonly [string, ...string[]], adapterType: string, maxAdapters: number) {
  return {
    usage: text(),
    linked_clone: flag(false),
    adapters: count(0, maxAdapters, 1),
    adapter_type: z.enum(adapterTypes).default(adapterType),
    use_any_adapter: flag(false),
    headless: flag(false),
    on_close: z.enum(ON_CLOSE).default("power_off"),
    console_type: z.enum(["telnet", "none"]).default("none"),
    console_auto_start: flag(false),
    ...emulatorPorts,
  };
}

const disk = (letter: "a" | "b" | "c" | "d") => ({
  [`hd${letter}_disk_image`]: text(),
  [`hd${letter}_disk_interface`]: z.enum(DISK_INTERFACES).default("none"),
});

const TYPE_FIELDS: Record<TemplateType, z.core.$ZodLooseShape> = {
  cloud: {
    ports_mapping: z.array(cloudPortMapping).default(() => []),
    remote_console_host: z.string().min(1).default("127.0.0.1"),
    remote_console_port: count(1, 65535, 23),
    remote_console_type: z.enum(["telnet", "vnc", "spice", "http", "https", "none"]).default("none"),
    remote_console_http_path: z.string().min(1).default("/"),
  },
  // GNS3 2.2 has no template schema for NAT (creating one fails there): it gets the common fields only.
  nat: {},
  ethernet_hub: {
    ports_mapping: z.array(hubPortMapping).default(defaultHubPorts),
  },
  ethernet_switch: {
    ports_mapping: z.array(switchPortMapping).default(defaultSwitchPorts),
    console_type: z.enum(["telnet", "none"]).default("none"),
  },
  docker: {
    image: z.string().min(1),
    usage: text(),
    adapters: count(0, 99, 1),
    mac_address: macAddress.nullable().default(""),
    start_command: text(),
    environment: text(),
    console_type: z.enum(["telnet", "vnc", "http", "https", "none"]).default("telnet"),
    console_auto_start: flag(false),
    console_http_port: count(1, 65535, 80),
    console_http_path: z.string().min(1).default("/"),
    console_resolution: z.string().regex(/^[0-9]+x[0-9]+$/, "must be WIDTHxHEIGHT").default("1024x768"),
    extra_hosts: text(),
    extra_volumes: z.array(z.unknown()).default(() => []),
    custom_adapters: emulatorPorts.custom_adapters,
  },
  vpcs: {
    base_script_file: z.string().min(1).default("vpcs_base_config.txt"),
    console_type: z.enum(["telnet", "none"]).default("telnet"),
    console_auto_start: flag(false),
  },
  traceng: {
    ip_address: z.string().min(1).optional(),
    default_destination: z.string().min(1).optional(),
    console_type: z.enum(["none"]).default("none"),
  },
  virtualbox: { vmname: z.string().min(1), ram: count(0, 65535, 256), ...vmFields(VIRTUALBOX_ADAPTER_TYPES, "Intel PRO/1000 MT Desktop (82540EM)", 36) },
  vmware: {
    vmx_path: z.string().min(1),
    ...vmFields(["default", "e1000", "e1000e", "flexible", "vlance", "vmxnet", "vmxnet2", "vmxnet3"], "e1000", 10),
  },
  iou: {
    path: z.string().min(1),
    usage: text(),
    ethernet_adapters: z.int().default(2),
    serial_adapters: z.int().default(2),
    ram: z.int().default(1024),
    nvram: z.int().default(256),
    use_default_iou_values: flag(false),
    startup_config: text("iou_l3_base_startup-config.txt"),
    private_config: text(),
    l1_keepalives: flag(false),
    console_type: z.enum(["telnet", "none"]).default("telnet"),
    console_auto_start: flag(false),
  },
  qemu: {
    qemu_path: text(),
    usage: text(),
    platform: z.enum(QEMU_PLATFORMS).default(""),
    linked_clone: flag(true),
    ram: z.int().default(256),
    cpus: count(1, 255, 1),
    adapters: count(0, 275, 1),
    adapter_type: z.enum(QEMU_ADAPTER_TYPES).default("e1000"),
    mac_address: macAddress.nullable().default(""),
    console_type: z.enum(["telnet", "vnc", "spice", "spice+agent", "none"]).default("telnet"),
    console_auto_start: flag(false),
    boot_priority: z.enum(["c", "d", "n", "cn", "cd", "dn", "dc", "nc", "nd"]).default("c"),
    ...disk("a"),
    ...disk("b"),
    ...disk("c"),
    ...disk("d"),
    cdrom_image: text(),
    initrd: text(),
    kernel_image: text(),
    bios_image: text(),
    kernel_command_line: text(),
    legacy_networking: flag(false),
    replicate_network_connection_state: flag(true),
    tpm: flag(false),
    uefi: flag(false),
    create_config_disk: flag(false),
    on_close: z.enum(ON_CLOSE).default("power_off"),
    cpu_throttling: count(0, 800, 0),
    process_priority: z.enum(["realtime", "very high", "high", "normal", "low", "very low"]).default("normal"),
    options: text(),
    ...emulatorPorts,
  },
  dynamips: {
    platform: z.enum(["c7200", "c3745", "c3725", "c3600", "c2691", "c2600", "c1700"]),
    image: z.string().min(1),
    usage: text(),
    mmap: flag(true),
    exec_area: z.int().default(64),
    mac_addr: text(),
    system_id: text("FTX0945W0MY"),
    startup_config: text("ios_base_startup-config.txt"),
    private_config: text(),
    idlepc: text(),
    idlemax: z.int().default(500),
    idlesleep: z.int().default(30),
    disk0: z.int().default(0),
    disk1: z.int().default(0),
    auto_delete_disks: flag(false),
    console_type: z.enum(["telnet", "none"]).default("telnet"),
    console_auto_start: flag(false),
  },
};

/** Each Dynamips platform's own defaults, on top of the common ones. */
const DYNAMIPS_PLATFORM_DEFAULTS: Record<string, Record<string, unknown>> = {
  c7200: { ram: 512, nvram: 512, npe: "npe-400", midplane: "vxr", sparsemem: true },
  c3745: { ram: 256, nvram: 256, iomem: 5, sparsemem: true },
  c3725: { ram: 128, nvram: 256, iomem: 5, sparsemem: true },
  c3600: { chassis: "3660", ram: 192, nvram: 128, iomem: 5, sparsemem: true },
  c2691: { ram: 192, nvram: 256, iomem: 5, sparsemem: true },
  c2600: { chassis: "2651XM", ram: 160, nvram: 128, iomem: 15, sparsemem: true },
  c1700: { chassis: "1760", ram: 160, nvram: 128, iomem: 15, sparsemem: false },
};

function settingsSchema(type: TemplateType): z.ZodType<Record<string, unknown>> {
  const traits = NODE_TYPE_TRAITS[type];
  const shape = {
    template_id: templateBaseFields.template_id,
    template_type: z.literal(type),
    name: templateBaseFields.name,
    compute_id: templateBaseFields.compute_id,
    default_name_format: templateBaseFields.default_name_format.default(traits.defaultNameFormat),
    symbol: templateBaseFields.symbol.default(traits.symbol),
    category: templateCategory.default(CATEGORY_OF_TYPE[type]),
    builtin: templateBaseFields.builtin.optional(),
    ...TYPE_FIELDS[type],
  };
  // Dynamips platforms each add their own slots, chassis and memory fields: those pass as sent.
  return type === "dynamips" ? z.looseObject(shape) : z.strictObject(shape);
}

export const TEMPLATE_SETTINGS: Record<TemplateType, z.ZodType<Record<string, unknown>>> = Object.fromEntries(
  (Object.keys(TYPE_FIELDS) as TemplateType[]).map((type) => [type, settingsSchema(type)]),
) as Record<TemplateType, z.ZodType<Record<string, unknown>>>;

/** GNS3 clients before 2.1 sent categories as numbers. */
const CATEGORY_NUMBERS: Record<number, Category> = { 0: "router", 1: "switch", 2: "guest", 3: "firewall" };

/** Defaults that depend on another field: a Dynamips platform's, and a category sent as a number. */
export function completedSettings(settings: Record<string, unknown>): Record<string, unknown> {
  const platformDefaults = settings.template_type === "dynamips" ? (DYNAMIPS_PLATFORM_DEFAULTS[String(settings.platform)] ?? {}) : {};
  const category = typeof settings.category === "number" ? (CATEGORY_NUMBERS[settings.category] ?? settings.category) : settings.category;
  return { ...platformDefaults, ...settings, category };
}
