import type { NodeType } from "@shared/schemas/node";

export interface BuiltinTemplate {
  template_id: string;
  template_type: NodeType;
  name: string;
  default_name_format: string;
  category: "guest" | "switch";
  symbol: string;
  console_type?: "none";
  base_script_file?: string;
}

/** GNS3 2.2's built-in templates, with the fixed ids clients and scripts hard-code. */
export const BUILTIN_TEMPLATES: readonly BuiltinTemplate[] = [
  { template_id: "39e257dc-8412-3174-b6b3-0ee3ed6a43e9", template_type: "cloud", name: "Cloud", default_name_format: "Cloud{0}", category: "guest", symbol: ":/symbols/cloud.svg" },
  { template_id: "df8f4ea9-33b7-3e96-86a2-c39bc9bb649c", template_type: "nat", name: "NAT", default_name_format: "NAT{0}", category: "guest", symbol: ":/symbols/cloud.svg" },
  { template_id: "19021f99-e36f-394d-b4a1-8aaa902ab9cc", template_type: "vpcs", name: "VPCS", default_name_format: "PC{0}", category: "guest", symbol: ":/symbols/vpcs_guest.svg", base_script_file: "vpcs_base_config.txt" },
  { template_id: "1966b864-93e7-32d5-965f-001384eec461", template_type: "ethernet_switch", name: "Ethernet switch", default_name_format: "Switch{0}", category: "switch", symbol: ":/symbols/ethernet_switch.svg", console_type: "none" },
  { template_id: "b4503ea9-d6b6-3695-9fe4-1db3b39290b0", template_type: "ethernet_hub", name: "Ethernet hub", default_name_format: "Hub{0}", category: "switch", symbol: ":/symbols/hub.svg" },
  { template_id: "dd0f6f3a-ba58-3249-81cb-a1dd88407a47", template_type: "frame_relay_switch", name: "Frame Relay switch", default_name_format: "FR{0}", category: "switch", symbol: ":/symbols/frame_relay_switch.svg" },
  { template_id: "aaa764e2-b383-300f-8a0e-3493bbfdb7d2", template_type: "atm_switch", name: "ATM switch", default_name_format: "ATM{0}", category: "switch", symbol: ":/symbols/atm_switch.svg" },
];

export function findTemplate(templateId: string): BuiltinTemplate | undefined {
  return BUILTIN_TEMPLATES.find((template) => template.template_id === templateId);
}

export function templateToWire(template: BuiltinTemplate): Record<string, unknown> {
  return {
    ...(template.base_script_file ? { base_script_file: template.base_script_file } : {}),
    builtin: true,
    category: template.category,
    compute_id: null,
    ...(template.console_type ? { console_type: template.console_type } : {}),
    default_name_format: template.default_name_format,
    name: template.name,
    symbol: template.symbol,
    template_id: template.template_id,
    template_type: template.template_type,
  };
}
