import type { NodeCreate, NodeType } from "@shared/schemas/node";
import type { TemplateCreate, TemplateType, TemplateUpdate, TemplateWire } from "@shared/schemas/template";
import { sortKeysDeep } from "./sorted-keys";
import { describeIssue } from "@shared/schemas/describe-issue";
import { LOCAL_COMPUTE_ID } from "./computes";
import { conflictingRequest, invalidRequest, missingRecord } from "./errors";
import { NODE_TYPE_TRAITS } from "./node-types";
import { TEMPLATE_SETTINGS, completedSettings } from "./template-settings";

/** A template a client created: every field as clients see it, `builtin` aside. */
export interface TemplateRecord {
  template_id: string;
  settings: Record<string, unknown>;
  revision: number;
}

function builtin(templateId: string, type: NodeType, name: string, category: "guest" | "switch", extra: Record<string, unknown> = {}): TemplateWire {
  const traits = NODE_TYPE_TRAITS[type];
  return sortKeysDeep({
    builtin: true,
    category,
    // Null tells clients to choose the compute a node of a built-in template runs on.
    compute_id: null,
    default_name_format: traits.defaultNameFormat,
    name,
    symbol: traits.symbol,
    template_id: templateId,
    template_type: type,
    ...extra,
  });
}

/** GNS3 2.2's built-in templates, with the fixed ids clients and scripts hard-code. */
export const BUILTIN_TEMPLATES: readonly TemplateWire[] = [
  builtin("39e257dc-8412-3174-b6b3-0ee3ed6a43e9", "cloud", "Cloud", "guest"),
  builtin("df8f4ea9-33b7-3e96-86a2-c39bc9bb649c", "nat", "NAT", "guest"),
  builtin("19021f99-e36f-394d-b4a1-8aaa902ab9cc", "vpcs", "VPCS", "guest", { properties: { base_script_file: "vpcs_base_config.txt" } }),
  builtin("1966b864-93e7-32d5-965f-001384eec461", "ethernet_switch", "Ethernet switch", "switch", { console_type: "none" }),
  builtin("b4503ea9-d6b6-3695-9fe4-1db3b39290b0", "ethernet_hub", "Ethernet hub", "switch"),
  builtin("dd0f6f3a-ba58-3249-81cb-a1dd88407a47", "frame_relay_switch", "Frame Relay switch", "switch"),
  builtin("aaa764e2-b383-300f-8a0e-3493bbfdb7d2", "atm_switch", "ATM switch", "switch"),
];

export function findBuiltinTemplate(templateId: string): TemplateWire | undefined {
  return BUILTIN_TEMPLATES.find((template) => template.template_id === templateId);
}

export function customTemplateToWire(record: TemplateRecord): TemplateWire {
  return sortKeysDeep({ ...record.settings, builtin: false, template_id: record.template_id } as TemplateWire);
}

export function templateNotFound(templateId: string) {
  return missingRecord(`Template ID ${templateId} doesn't exist`);
}

export function templateIdTaken(templateId: string) {
  return conflictingRequest(`Template ID '${templateId}' already exists`);
}

/**
 * Built-ins are the server's own: GNS3 refuses to delete or duplicate them, and would apply an
 * update only until it restarts, so an update is refused here too.
 */
export function refuseBuiltinChange(templateId: string, action: "updated" | "deleted" | "duplicated"): never {
  throw conflictingRequest(`Template ID ${templateId} cannot be ${action} because it is a builtin`);
}

/** A template as created: checked against its type's fields, with every default filled in. */
export function newTemplate(input: TemplateCreate, templateId: string): TemplateRecord {
  if (findBuiltinTemplate(templateId)) throw templateIdTaken(templateId);
  return { template_id: templateId, settings: checkedSettings({ ...input, template_id: templateId }, "adding"), revision: 1 };
}

/** Identity fields a client echoes back with the whole template; an update leaves them as they are, as in GNS3. */
const FIXED_BY_CREATION = new Set(["template_id", "template_type", "compute_id", "builtin"]);

/** The fields sent replace the stored ones (a shallow merge, as GNS3), and the result must still fit the type. */
export function updatedTemplate(record: TemplateRecord, update: TemplateUpdate): TemplateRecord {
  const changes = Object.entries(update).filter(([key]) => !FIXED_BY_CREATION.has(key));
  const merged = { ...record.settings, ...Object.fromEntries(changes) };
  return { ...record, settings: checkedSettings(merged, "updating"), revision: record.revision + 1 };
}

/** A copy under a new id with the same settings, name included, as GNS3 makes it. */
export function duplicatedTemplate(record: TemplateRecord, templateId: string): TemplateRecord {
  return { template_id: templateId, settings: { ...record.settings, template_id: templateId }, revision: 1 };
}

function checkedSettings(settings: Record<string, unknown>, doing: "adding" | "updating"): Record<string, unknown> {
  const completed = completedSettings(settings);
  const result = TEMPLATE_SETTINGS[completed.template_type as TemplateType].safeParse(completed, { reportInput: true });
  if (!result.success) throw invalidRequest(`JSON schema error ${doing} template: ${describeIssue(result.error.issues[0]!)}`);
  const { builtin: _builtin, ...stored } = result.data;
  return sortKeysDeep(stored);
}

/** What `POST /v2/projects/{id}/templates/{id}` may say about the node to make. */
export interface TemplateUse {
  x: number;
  y: number;
  name?: string | null;
  compute_id?: string | null;
}

/** Template fields that describe the template itself, not the node made from it. */
const TEMPLATE_ONLY = new Set(["template_id", "template_type", "name", "compute_id", "default_name_format", "category", "builtin", "properties"]);
/** Node fields a template may set; the rest of its fields become the node's properties. */
const NODE_FIELDS = ["symbol", "console_type", "console_auto_start", "port_name_format", "port_segment_size", "first_port_name", "custom_adapters"] as const;
/**
 * Names of configuration files on a GNS3 server whose content GNS3 sends to the emulator; this
 * server has no such files, so a node starts from its own defaults (a VPCS node's default
 * script does what GNS3's `vpcs_base_config.txt` does: it sets the PC's name).
 */
const CONFIG_FILE_FIELDS = new Set(["base_script_file", "startup_config", "private_config"]);

/**
 * The node a template makes, as GNS3 makes it: its name from the template's name format, its
 * compute the template's (a built-in's is the client's choice), and every other field of the
 * template either a node field or one of the node's properties.
 */
export function nodeFromTemplate(template: TemplateWire, use: TemplateUse): NodeCreate {
  const templateCompute = template.builtin ? null : template.compute_id;
  const nameFormat = template.default_name_format ?? "{name}-{0}";
  const node: NodeCreate = {
    name: use.name ?? nameFormat.replaceAll("{name}", template.name),
    node_type: template.template_type as NodeType,
    compute_id: templateCompute ?? use.compute_id ?? LOCAL_COMPUTE_ID,
    template_id: template.template_id,
    x: use.x,
    y: use.y,
  };
  const record = node as Record<string, unknown>;
  for (const field of NODE_FIELDS) if (template[field] !== undefined) record[field] = template[field];
  const properties: Record<string, unknown> = { ...(template.properties as Record<string, unknown> | undefined) };
  for (const [key, value] of Object.entries(template)) {
    if (TEMPLATE_ONLY.has(key) || (NODE_FIELDS as readonly string[]).includes(key)) continue;
    properties[key] = value;
  }
  node.properties = nodeProperties(template.template_type, properties);
  return node;
}

/** GNS3 leaves out empty values; a cloud with no ports offers the host's interfaces, as a GNS3 compute does. */
function nodeProperties(type: string, properties: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(properties).filter(([key, value]) => {
      if (value === null || value === "" || CONFIG_FILE_FIELDS.has(key)) return false;
      return !(type === "cloud" && key === "ports_mapping" && Array.isArray(value) && value.length === 0);
    }),
  );
}
