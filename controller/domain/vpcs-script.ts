import type { NodeType } from "@shared/schemas/node";
import { invalidRequest } from "./errors";

/**
 * A VPCS node's startup script: the file `startup.vpc` in the node's folder, which VPCS runs
 * each time it starts (its `ip`, `gw`, `set pcname` lines configure the PC). As in GNS3 a
 * client sends it as `properties.startup_script` and reads it back as that file, never as a
 * property.
 */
export const VPCS_STARTUP_SCRIPT = "startup.vpc";

/** The script of a VPCS node created without one: the PC's prompt is the node's name. */
export function defaultStartupScript(name: string): string {
  return `set pcname ${pcName(name)}\n`;
}

/** `%h` in a script a client sends stands for the node's name, as in GNS3. */
export function expandedStartupScript(script: string, name: string): string {
  return script.replaceAll("%h", name);
}

/**
 * The script after the node was renamed: each `set pcname` line names it anew, so the prompt
 * follows the name. Nothing else in the script changes (GNS3 also replaces the old name
 * wherever it appears, which can alter addresses or other names that contain it).
 */
export function renamedStartupScript(script: string, name: string): string {
  return script.replace(/^set pcname [^\r\n]+/gm, `set pcname ${pcName(name)}`);
}

/** VPCS takes the name as one word; a backslash would escape what follows, as GNS3 strips it. */
function pcName(name: string): string {
  return name.replaceAll("\\", "");
}

/**
 * What a client sent for a node, split: `startup_script` of a VPCS node goes to its file
 * (`null`: an empty script), the other properties stay properties. Other node types keep
 * their properties as sent.
 */
export function splitStartupScript(
  nodeType: NodeType,
  properties: Record<string, unknown> | undefined,
): { properties: Record<string, unknown> | undefined; startupScript: string | null | undefined } {
  if (nodeType !== "vpcs" || properties === undefined || !("startup_script" in properties)) return { properties, startupScript: undefined };
  const { startup_script: startupScript, ...rest } = properties;
  if (startupScript !== null && typeof startupScript !== "string") {
    throw invalidRequest(`properties.startup_script must be the script's text (a string) or null, not ${kindOf(startupScript)}`);
  }
  return { properties: rest, startupScript };
}

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}
