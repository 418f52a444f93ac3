import type { ControllerDeps } from "../deps";
import { NODE_TYPE_TRAITS, carriedFileOf } from "../domain/node-types";
import type { NodeRecord } from "../domain/nodes";
import { defaultStartupScript, expandedStartupScript, VPCS_STARTUP_SCRIPT } from "../domain/vpcs-script";
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
  if (after.node_type === "vpcs" && requested !== undefined) return writeNodeText(deps, after, VPCS_STARTUP_SCRIPT, expandedStartupScript(requested ?? "", after.name));
  if (before.name !== after.name) await renameInScript(deps, after);
}

/** A duplicate starts from the original's file (a VPCS script, a router's startup config), naming itself. */
export async function copyNodeScript(deps: ControllerDeps, original: NodeRecord, copy: NodeRecord): Promise<void> {
  const [from, to] = [carriedFileOf(original), carriedFileOf(copy)];
  const text = from === undefined ? undefined : await readNodeText(deps, original, from);
  if (text === undefined) return;
  const rename = NODE_TYPE_TRAITS[copy.node_type].namedInCarriedFile;
  await writeNodeText(deps, copy, to!, rename ? rename(text, copy.name) : text);
}

/** After a rename, the node's file names it anew (a VPCS's `set pcname`, a router's `hostname`). */
async function renameInScript(deps: ControllerDeps, node: NodeRecord): Promise<void> {
  const path = carriedFileOf(node);
  const rename = NODE_TYPE_TRAITS[node.node_type].namedInCarriedFile;
  if (path === undefined || rename === undefined) return;
  const script = await readNodeText(deps, node, path);
  if (script === undefined) return;
  const renamed = rename(script, node.name);
  if (renamed !== script) await writeNodeText(deps, node, path, renamed);
}
