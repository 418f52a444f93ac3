import type { ControllerDeps } from "../deps";
import { NODE_TYPE_TRAITS, carriedFileOf } from "../domain/node-types";
import type { NodeRecord } from "../domain/nodes";
import { defaultStartupScript, expandedStartupScript, renamedStartupScript, VPCS_STARTUP_SCRIPT } from "../domain/vpcs-script";
import { readNodeText, writeNodeText } from "./node-files";

/**
 * The files a node starts from, through its life. A VPCS node's `startup.vpc`: written when the
 * node is made, rewritten when the client sends a new one or renames the node, copied with a
 * duplicate; `requested` is what the client sent as `properties.startup_script` (undefined:
 * nothing, null: an empty script). Other types' initial files (a container's sample
 * etc/network/interfaces) are written when the node is made and copied as they are.
 */
export async function writeNewNodeScript(deps: ControllerDeps, node: NodeRecord, requested: string | null | undefined): Promise<void> {
  const initial = NODE_TYPE_TRAITS[node.node_type].initialFiles?.(node) ?? {};
  for (const [path, text] of Object.entries(initial)) await writeNodeText(deps, node, path, text);
  if (node.node_type !== "vpcs") return;
  const script = requested === undefined ? defaultStartupScript(node.name) : expandedStartupScript(requested ?? "", node.name);
  await writeNodeText(deps, node, VPCS_STARTUP_SCRIPT, script);
}

export async function updateNodeScript(deps: ControllerDeps, before: NodeRecord, after: NodeRecord, requested: string | null | undefined): Promise<void> {
  if (after.node_type !== "vpcs") return;
  if (requested !== undefined) return writeNodeText(deps, after, VPCS_STARTUP_SCRIPT, expandedStartupScript(requested ?? "", after.name));
  if (before.name !== after.name) await renameInScript(deps, after);
}

/** A duplicate runs the original's script, under its own name. */
export async function copyNodeScript(deps: ControllerDeps, original: NodeRecord, copy: NodeRecord): Promise<void> {
  if (copy.node_type !== "vpcs") {
    const [from, to] = [carriedFileOf(original), carriedFileOf(copy)];
    const text = from === undefined ? undefined : await readNodeText(deps, original, from);
    if (text !== undefined) await writeNodeText(deps, copy, to!, text);
    return;
  }
  const script = await readNodeText(deps, original, VPCS_STARTUP_SCRIPT);
  if (script !== undefined) await writeNodeText(deps, copy, VPCS_STARTUP_SCRIPT, renamedStartupScript(script, copy.name));
}

async function renameInScript(deps: ControllerDeps, node: NodeRecord): Promise<void> {
  const script = await readNodeText(deps, node, VPCS_STARTUP_SCRIPT);
  if (script === undefined) return;
  const renamed = renamedStartupScript(script, node.name);
  if (renamed !== script) await writeNodeText(deps, node, VPCS_STARTUP_SCRIPT, renamed);
}
