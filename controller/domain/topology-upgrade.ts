import { topologyFrom1x } from "./topology-from-1x";

/**
 * Older `.gns3` files brought up to the revision GNS3 2.2 writes (9), step by step as GNS3 does
 * on load: a GNS3 1.x file (no revision, or one below 5) is rebuilt as revision 5 first
 * (topology-from-1x.ts), then every file goes through the 2.0 and 2.1 steps.
 */
const FIRST_2X_REVISION = 5;
const CURRENT_REVISION = 9;

type Json = Record<string, unknown>;

export interface UpgradedTopology {
  /** The document at revision 9. */
  document: unknown;
  /** Where a file of the project goes now: revision 7 moved Dynamips files into their node's folder. */
  filePath: (path: string) => string;
}

const unchangedPaths = (path: string) => path;

/**
 * Newer files, and what is no topology at all, are left as they are for the checks that
 * follow to refuse. `version` is what a rebuilt 1.x file says it was written by (GNS3 puts its
 * own); `newId` names the nodes, links and drawings a 1.x file had no uuid for.
 */
export function upgradeTopology(raw: unknown, version: string, newId: () => string): UpgradedTopology {
  if (!isObject(raw) || ("revision" in raw && (typeof raw.revision !== "number" || raw.revision > CURRENT_REVISION))) return { document: raw, filePath: unchangedPaths };
  let document: Json;
  let filePath = unchangedPaths;
  if (typeof raw.revision !== "number" || raw.revision < FIRST_2X_REVISION) {
    ({ document, filePath } = topologyFrom1x(structuredClone(raw), version, newId));
  } else {
    document = structuredClone(raw);
  }
  const revision = document.revision as number;
  const nodes = nodesOf(document);
  if (revision < 6) nodes.forEach(from2_0Alpha);
  if (revision < 7) filePath = then(filePath, dynamipsFileMoves(nodes));
  if (revision < 8) nodes.forEach(from2_0);
  if (revision < 9) from2_1(document, nodes);
  document.revision = CURRENT_REVISION;
  return { document: atRevision9(document), filePath };
}

function then(first: (path: string) => string, second: (path: string) => string): (path: string) => string {
  return (path) => second(first(path));
}

/** 2.0 alphas: serial consoles became telnet; VMware and VirtualBox lost their remote console option. */
function from2_0Alpha(node: Json): void {
  if (node.console_type === "serial") node.console_type = "telnet";
  if ((node.node_type === "vmware" || node.node_type === "virtualbox") && isObject(node.properties)) delete node.properties.enable_remote_console;
}

/**
 * 2.0 beta 2 kept Dynamips files flat (`c7200_i1_nvram`, `configs/i1_startup-config.cfg`);
 * from beta 3 each node has its own folder. Returns where each of those files goes.
 */
function dynamipsFileMoves(nodes: readonly Json[]): (path: string) => string {
  const routers = nodes.flatMap((node) => {
    const dynamipsId = isObject(node.properties) ? node.properties.dynamips_id : undefined;
    return node.node_type === "dynamips" && typeof node.node_id === "string" && typeof dynamipsId === "number" ? [{ nodeId: node.node_id, dynamipsId }] : [];
  });
  if (routers.length === 0) return unchangedPaths;
  return (path) => {
    const flat = /^project-files\/dynamips\/([^/]+)$/.exec(path);
    const config = /^project-files\/dynamips\/configs\/([^/]+)$/.exec(path);
    for (const { nodeId, dynamipsId } of routers) {
      if (flat && flat[1]!.includes(`_i${dynamipsId}_`)) return `project-files/dynamips/${nodeId}/${flat[1]}`;
      if (config && config[1]!.startsWith(`i${dynamipsId}_`)) return `project-files/dynamips/${nodeId}/configs/${config[1]}`;
    }
    return path;
  };
}

/** 2.1: VPCS scripts, and Dynamips and IOU configs, live in files only, no longer in properties. */
function from2_0(node: Json): void {
  if (!isObject(node.properties)) return;
  const dropped =
    node.node_type === "vpcs"
      ? ["startup_script_path", "startup_script"]
      : node.node_type === "dynamips" || node.node_type === "iou"
        ? ["startup_config", "private_config", "startup_config_content", "private_config_content"]
        : [];
  for (const key of dropped) delete node.properties[key];
}

/** 2.2: drawings share the grid's size, and VM shutdown became `on_close`. */
function from2_1(document: Json, nodes: readonly Json[]): void {
  if ("grid_size" in document) document.drawing_grid_size = document.grid_size;
  for (const node of nodes) {
    if (!isObject(node.properties) || !["qemu", "vmware", "virtualbox"].includes(node.node_type as string)) continue;
    if ("acpi_shutdown" in node.properties) {
      node.properties.on_close = node.properties.acpi_shutdown === true ? "save_vm_state" : "power_off";
      delete node.properties.acpi_shutdown;
    }
    delete node.properties.save_vm_state;
  }
}

/** What GNS3 2.2 still fixes in revision 9 files of its own development versions. */
function atRevision9(document: Json): Json {
  for (const node of nodesOf(document)) {
    if ("appliance_id" in node) {
      node.template_id = node.appliance_id;
      delete node.appliance_id;
    }
    if ("console_type" in node && node.console_type === null) node.console_type = "none";
  }
  if (Array.isArray(document.variables)) {
    document.variables = document.variables.filter((variable) => isObject(variable) && typeof variable.name === "string" && variable.name !== "");
  }
  return document;
}

function nodesOf(document: Json): Json[] {
  const topology = document.topology;
  if (!isObject(topology) || !Array.isArray(topology.nodes)) return [];
  return topology.nodes.filter(isObject);
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
