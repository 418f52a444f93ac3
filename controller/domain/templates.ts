import type { NodeType } from "@shared/schemas/node";
import { NODE_TYPE_TRAITS } from "./node-types";

export interface BuiltinTemplate {
  template_id: string;
  template_type: NodeType;
  name: string;
  category: "guest" | "switch";
  console_type?: "none";
  base_script_file?: string;
}

/** GNS3 2.2's built-in templates, with the fixed ids clients and scripts hard-code. */
export const BUILTIN_TEMPLATES: readonly BuiltinTemplate[] = [
  { template_id: "39e257dc-8412-3174-b6b3-0ee3ed6a43e9", template_type: "cloud", name: "Cloud", category: "guest" },
  { template_id: "df8f4ea9-33b7-3e96-86a2-c39bc9bb649c", template_type: "nat", name: "NAT", category: "guest" },
  { template_id: "19021f99-e36f-394d-b4a1-8aaa902ab9cc", template_type: "vpcs", name: "VPCS", category: "guest", base_script_file: "vpcs_base_config.txt" },
  { template_id: "1966b864-93e7-32d5-965f-001384eec461", template_type: "ethernet_switch", name: "Ethernet switch", category: "switch", console_type: "none" },
  { template_id: "b4503ea9-d6b6-3695-9fe4-1db3b39290b0", template_type: "ethernet_hub", name: "Ethernet hub", category: "switch" },
  { template_id: "dd0f6f3a-ba58-3249-81cb-a1dd88407a47", template_type: "frame_relay_switch", name: "Frame Relay switch", category: "switch" },
  { template_id: "aaa764e2-b383-300f-8a0e-3493bbfdb7d2", template_type: "atm_switch", name: "ATM switch", category: "switch" },
];

export function findTemplate(templateId: string): BuiltinTemplate | undefined {
  return BUILTIN_TEMPLATES.find((template) => template.template_id === templateId);
}

/** A node made from a built-in template is named and drawn as its node type's row says. */
export function templateNodeDefaults(template: BuiltinTemplate): { name: string; symbol: string } {
  const traits = NODE_TYPE_TRAITS[template.template_type];
  return { name: traits.defaultNameFormat, symbol: traits.symbol };
}

export function templateToWire(template: BuiltinTemplate): Record<string, unknown> {
  return {
    ...(template.base_script_file ? { base_script_file: template.base_script_file } : {}),
    builtin: true,
    category: template.category,
    compute_id: null,
    ...(template.console_type ? { console_type: template.console_type } : {}),
    default_name_format: templateNodeDefaults(template).name,
    name: template.name,
    symbol: templateNodeDefaults(template).symbol,
    template_id: template.template_id,
    template_type: template.template_type,
  };
}
