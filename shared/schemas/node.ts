import { z } from "zod";
import { label, uuid } from "./common";

export const NODE_TYPES = [
  "cloud", "nat", "ethernet_hub", "ethernet_switch", "frame_relay_switch", "atm_switch", "docker",
  "dynamips", "vpcs", "traceng", "virtualbox", "vmware", "iou", "qemu",
] as const;
export type NodeType = (typeof NODE_TYPES)[number];

export const CONSOLE_TYPES = ["vnc", "telnet", "http", "https", "spice", "spice+agent", "none"] as const;

/** A MAC address such as `0c:00:00:00:00:00`: six pairs of hex digits, colon-separated. */
export const MAC_ADDRESS_PATTERN = /^([0-9a-fA-F]{2}[:]){5}([0-9a-fA-F]{2})$/;

export const customAdapter = z.strictObject({
  adapter_number: z.int().min(0),
  port_name: z.string().optional(),
  adapter_type: z.string().optional(),
  mac_address: z.string().regex(MAC_ADDRESS_PATTERN).optional(),
});

/** Fields a client may write; read-only fields are accepted (clients echo whole objects) and ignored. */
const nodeFields = {
  node_id: uuid,
  name: z.string().min(1),
  node_type: z.enum(NODE_TYPES),
  compute_id: z.string().min(1),
  template_id: uuid.nullable(),
  console: z.int().min(1).max(65535).nullable(),
  console_type: z.enum(CONSOLE_TYPES).nullable(),
  console_auto_start: z.boolean(),
  properties: z.record(z.string(), z.unknown()),
  label: label,
  symbol: z.string().min(1).nullable(),
  x: z.int(),
  y: z.int(),
  z: z.int(),
  locked: z.boolean(),
  port_name_format: z.string(),
  port_segment_size: z.int().min(0),
  first_port_name: z.string().nullable(),
  custom_adapters: z.array(customAdapter),
  // Read-only, computed by the server.
  project_id: uuid,
  status: z.enum(["stopped", "started", "suspended"]),
  console_host: z.string(),
  command_line: z.string().nullable(),
  node_directory: z.string().nullable(),
  width: z.int(),
  height: z.int(),
  ports: z.array(z.unknown()),
};

export const nodeCreate = z.strictObject(nodeFields).partial().required({ name: true, node_type: true, compute_id: true });
export const nodeUpdate = z.strictObject(nodeFields).partial();
export type NodeCreate = z.infer<typeof nodeCreate>;
export type NodeUpdate = z.infer<typeof nodeUpdate>;

export const nodeDuplicate = z.strictObject({ x: z.int(), y: z.int(), z: z.int().optional() });

export const nodeFromTemplate = z.strictObject({
  x: z.int(),
  y: z.int(),
  name: z.string().min(1).nullable().optional(),
  compute_id: z.string().min(1).nullable().optional(),
});

export const portWire = z.object({
  adapter_number: z.int(),
  adapter_type: z.string().optional(),
  data_link_types: z.record(z.string(), z.string()),
  link_type: z.enum(["ethernet", "serial"]),
  mac_address: z.string().optional(),
  name: z.string(),
  port_number: z.int(),
  short_name: z.string(),
});
export type PortWire = z.infer<typeof portWire>;

export const nodeWire = z.object({
  command_line: z.string().nullable(),
  compute_id: z.string(),
  console: z.int().nullable(),
  console_auto_start: z.boolean(),
  console_host: z.string(),
  console_type: z.enum(CONSOLE_TYPES).nullable(),
  custom_adapters: z.array(customAdapter),
  first_port_name: z.string().nullable(),
  height: z.int(),
  label: z.object({ rotation: z.int(), style: z.string().nullable(), text: z.string(), x: z.int().nullable(), y: z.int() }),
  locked: z.boolean(),
  name: z.string(),
  node_directory: z.string().nullable(),
  node_id: uuid,
  node_type: z.enum(NODE_TYPES),
  port_name_format: z.string(),
  port_segment_size: z.int(),
  ports: z.array(portWire),
  project_id: uuid,
  properties: z.record(z.string(), z.unknown()),
  status: z.enum(["stopped", "started", "suspended"]),
  symbol: z.string(),
  template_id: uuid.nullable(),
  width: z.int(),
  x: z.int(),
  y: z.int(),
  z: z.int(),
});
export type NodeWire = z.infer<typeof nodeWire>;

/** Cloud ports: a host interface, a TAP, or a UDP tunnel any nio_udp emulator plugs into. */
export const cloudPortMapping = z.discriminatedUnion("type", [
  z.strictObject({ name: z.string().min(1), port_number: z.int().min(0), type: z.literal("ethernet"), interface: z.string().min(1) }),
  z.strictObject({ name: z.string().min(1), port_number: z.int().min(0), type: z.literal("tap"), interface: z.string().min(1) }),
  z.strictObject({
    name: z.string().min(1),
    port_number: z.int().min(0),
    type: z.literal("udp"),
    lport: z.int().min(1).max(65535),
    rhost: z.string().min(1),
    rport: z.int().min(1).max(65535),
  }),
]);

export const switchPortMapping = z.strictObject({
  name: z.string().min(1),
  port_number: z.int().min(0),
  type: z.enum(["access", "dot1q", "qinq"]),
  vlan: z.int().min(1).max(4094),
  ethertype: z.enum(["", "0x8100", "0x88A8", "0x9100", "0x9200"]).optional(),
});

export const hubPortMapping = z.strictObject({ name: z.string().min(1), port_number: z.int().min(0) });

/** `POST …/nodes/{id}/resize_disk`, as GNS3's compute schema (QEMU_RESIZE_SCHEMA): a disk and the MB to add. */
export const diskResize = z.strictObject({ drive_name: z.enum(["hda", "hdb", "hdc", "hdd"]), extend: z.int() });
export type DiskResize = z.infer<typeof diskResize>;
