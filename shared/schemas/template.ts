import { z } from "zod";
import { uuid } from "./common";

/** What a client may create a template of; Frame Relay and ATM switches exist only as built-ins. */
export const TEMPLATE_TYPES = [
  "cloud", "nat", "ethernet_hub", "ethernet_switch", "docker", "dynamips", "vpcs", "traceng", "virtualbox", "vmware", "iou", "qemu",
] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

export const TEMPLATE_CATEGORIES = ["router", "switch", "guest", "firewall"] as const;

/** Integers are the categories of GNS3 clients older than 2.1, still accepted. */
export const templateCategory = z.union([z.int(), z.enum(TEMPLATE_CATEGORIES)]);

/** The fields every template has, whatever its type. */
export const templateBaseFields = {
  template_id: uuid,
  template_type: z.enum(TEMPLATE_TYPES),
  name: z.string().min(1),
  compute_id: z.string().nullable(),
  default_name_format: z.string().min(1),
  symbol: z.string().min(1),
  category: templateCategory,
  builtin: z.boolean(),
};

/**
 * `POST /v2/templates`: the common fields; the fields of the template's type are checked
 * against that type's own schema once the type is known.
 */
export const templateCreate = z
  .looseObject(templateBaseFields)
  .partial()
  .required({ template_type: true, name: true, compute_id: true });
export type TemplateCreate = z.infer<typeof templateCreate>;

/** `PUT /v2/templates/{id}`: any subset; identity fields sent back by clients are ignored. */
export const templateUpdate = z.looseObject(templateBaseFields).partial();
export type TemplateUpdate = z.infer<typeof templateUpdate>;

export const templateWire = z.looseObject({ ...templateBaseFields, template_type: z.string() });
export type TemplateWire = z.infer<typeof templateWire>;
