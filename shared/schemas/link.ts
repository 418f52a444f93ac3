import { z } from "zod";
import { label, uuid } from "./common";

export const DATA_LINK_TYPES = ["DLT_ATM_RFC1483", "DLT_EN10MB", "DLT_FRELAY", "DLT_C_HDLC", "DLT_PPP_SERIAL"] as const;
export type DataLinkType = (typeof DATA_LINK_TYPES)[number];

/** The pcap link type (LINKTYPE_*, tcpdump.org) a capture of each of GNS3's data link types is written with. */
export const PCAP_LINK_TYPES: Readonly<Record<DataLinkType, number>> = {
  DLT_EN10MB: 1,
  DLT_ATM_RFC1483: 11,
  DLT_PPP_SERIAL: 50,
  DLT_C_HDLC: 104,
  DLT_FRELAY: 107,
};

export const linkEnd = z.strictObject({
  node_id: uuid,
  adapter_number: z.int().min(0),
  port_number: z.int().min(0),
  label: label.optional(),
});

/** Read-only fields are accepted (clients send whole link objects back) and ignored. */
const readOnly = {
  link_id: uuid.optional(),
  project_id: uuid.optional(),
  capturing: z.boolean().optional(),
  capture_file_name: z.string().nullable().optional(),
  capture_file_path: z.string().nullable().optional(),
  capture_compute_id: z.string().nullable().optional(),
  link_type: z.enum(["ethernet", "serial"]).optional(),
};

export const linkCreate = z.strictObject({
  nodes: z.array(linkEnd).length(2, "a link joins exactly two ports: send two entries in nodes"),
  filters: z.record(z.string(), z.unknown()).optional(),
  suspend: z.boolean().optional(),
  link_style: z.record(z.string(), z.unknown()).optional(),
  ...readOnly,
});

export const linkUpdate = z.strictObject({
  nodes: z.array(linkEnd).max(2).optional(),
  filters: z.record(z.string(), z.unknown()).optional(),
  suspend: z.boolean().optional(),
  link_style: z.record(z.string(), z.unknown()).optional(),
  ...readOnly,
});
export type LinkCreate = z.infer<typeof linkCreate>;
export type LinkUpdate = z.infer<typeof linkUpdate>;

export const captureStart = z.strictObject({
  capture_file_name: z.string().optional(),
  data_link_type: z.enum(DATA_LINK_TYPES).optional(),
});

const linkEndWire = z.object({
  adapter_number: z.int(),
  label: z.object({ style: z.string().nullable().optional(), text: z.string() }).passthrough(),
  node_id: uuid,
  port_number: z.int(),
});

export const linkWire = z.object({
  capture_compute_id: z.string().nullable(),
  capture_file_name: z.string().nullable(),
  capture_file_path: z.string().nullable(),
  capturing: z.boolean(),
  filters: z.record(z.string(), z.array(z.union([z.int(), z.string()]))),
  link_id: uuid,
  link_style: z.record(z.string(), z.unknown()),
  link_type: z.enum(["ethernet", "serial"]),
  nodes: z.array(linkEndWire),
  project_id: uuid,
  suspend: z.boolean(),
});
export type LinkWire = z.infer<typeof linkWire>;
