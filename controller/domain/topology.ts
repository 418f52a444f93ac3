import { z } from "zod";
import { uuid } from "@shared/schemas/common";
import { drawingInput } from "@shared/schemas/drawing";
import { linkEnd } from "@shared/schemas/link";
import { nodeCreate } from "@shared/schemas/node";
import { projectCreate } from "@shared/schemas/project";
import { DomainError, conflictingRequest } from "./errors";
import { sortKeysDeep } from "./sorted-keys";
import { describeIssue } from "@shared/schemas/describe-issue";
import { LOCAL_COMPUTE_ID } from "./computes";
import { NODE_TYPE_TRAITS } from "./node-types";
import { JSON_DEPTH_LIMIT, nestedDeeperThan } from "./json-depth";
import type { DrawingRecord } from "./drawings";
import { newDrawing } from "./drawings";
import { linkToTopology, newLink, type LinkEnd, type LinkRecord } from "./links";
import { allocateNodeName } from "./node-names";
import { findPort, newNode, nodeToTopology, type NodeRecord } from "./nodes";
import { newProject, type ProjectRecord } from "./projects";

/** The `.gns3` file revision GNS3 2.2 writes; later revisions come from newer servers. */
export const TOPOLOGY_REVISION = 9;

export interface TopologyFile {
  auto_close: boolean;
  auto_open: boolean;
  auto_start: boolean;
  drawing_grid_size: number;
  grid_size: number;
  name: string;
  project_id: string;
  revision: number;
  scene_height: number;
  scene_width: number;
  show_grid: boolean;
  show_interface_labels: boolean;
  show_layers: boolean;
  snap_to_grid: boolean;
  supplier: ProjectRecord["supplier"];
  topology: {
    computes: unknown[];
    drawings: Record<string, unknown>[];
    links: Record<string, unknown>[];
    nodes: Record<string, unknown>[];
  };
  type: "topology";
  variables: ProjectRecord["variables"];
  version: string;
  zoom: number;
}

/**
 * The `.gns3` document of a project, keys sorted as GNS3 writes them — except a link's
 * `filters`, which keep their stored order: that order is the order the filters apply in,
 * and sorting it (as GNS3 does) would silently change what a reloaded link does.
 */
export function projectToTopology(
  project: ProjectRecord,
  nodes: readonly NodeRecord[],
  links: readonly LinkRecord[],
  drawings: readonly DrawingRecord[],
  version: string,
): TopologyFile {
  return {
    auto_close: project.auto_close,
    auto_open: project.auto_open,
    auto_start: project.auto_start,
    drawing_grid_size: project.drawing_grid_size,
    grid_size: project.grid_size,
    name: project.name,
    project_id: project.project_id,
    revision: TOPOLOGY_REVISION,
    scene_height: project.scene_height,
    scene_width: project.scene_width,
    show_grid: project.show_grid,
    show_interface_labels: project.show_interface_labels,
    show_layers: project.show_layers,
    snap_to_grid: project.snap_to_grid,
    supplier: sortKeysDeep(project.supplier),
    topology: {
      // Only remote computes are listed, and exports strip them (they may hold credentials).
      computes: [],
      drawings: drawings.map(drawingToTopology),
      links: links.map(linkToTopology),
      nodes: nodes.map((node) => sortKeysDeep(nodeToTopology(node))),
    },
    type: "topology",
    variables: sortKeysDeep(project.variables),
    version,
    zoom: project.zoom,
  };
}

function drawingToTopology(drawing: DrawingRecord): Record<string, unknown> {
  return {
    drawing_id: drawing.drawing_id,
    locked: drawing.locked,
    rotation: drawing.rotation,
    svg: drawing.svg,
    x: drawing.x,
    y: drawing.y,
    z: drawing.z,
  };
}

export interface PortableOptions {
  keepComputeIds: boolean;
  resetMacAddresses: boolean;
}

/**
 * What GNS3 changes in a topology it exports: nodes move to `local` unless compute ids are
 * kept (the archive must open on another server), and MAC addresses are cleared on request so
 * the copy's nodes do not clash with the original's on a shared segment (docker excepted,
 * as in GNS3: its MAC is not a property the user sets).
 */
export function portableTopology(topology: TopologyFile, options: PortableOptions): TopologyFile {
  const nodes = topology.topology.nodes.map((node) => {
    const next: Record<string, unknown> = { ...node };
    if (!options.keepComputeIds) next.compute_id = LOCAL_COMPUTE_ID;
    const properties = node.properties as Record<string, unknown> | undefined;
    if (options.resetMacAddresses && properties && node.node_type !== "docker") {
      next.properties = Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, key === "mac_address" || key === "mac_addr" ? null : value]),
      );
    }
    return next;
  });
  return { ...topology, topology: { ...topology.topology, nodes } };
}

/**
 * Which project files go into an archive, by GNS3's rules: not the `.gns3` file (the archive
 * carries a fresh `project.gns3`), not captures or temporary files, not logs or OS litter,
 * and snapshots only when asked for.
 */
export function exportsFile(path: string, options: { includeSnapshots: boolean }): boolean {
  const segments = path.split("/");
  const base = segments.at(-1) ?? "";
  if (base.endsWith(".gns3") || base.endsWith(".log") || base.endsWith("_log.txt") || base === ".DS_Store") return false;
  if (!options.includeSnapshots && segments.slice(0, -1).includes("snapshots")) return false;
  const underProjectFiles = segments[0] === "project-files" ? segments[1] : undefined;
  return underProjectFiles !== "tmp" && underProjectFiles !== "captures";
}

/**
 * GNS3 refuses to export (or snapshot) a project whose nodes run, so that what nodes have not
 * saved yet is not silently left out; VirtualBox and VMware nodes name machines of one host,
 * so they stay out of portable exports (snapshots keep them).
 */
export function assertExportable(nodes: readonly NodeRecord[], options: { allowAllNodes: boolean }): void {
  if (nodes.some((node) => node.status !== "stopped" && !NODE_TYPE_TRAITS[node.node_type].alwaysRunning)) {
    throw conflictingRequest("Project must be stopped in order to export it");
  }
  for (const node of nodes) {
    if (node.node_type === "virtualbox" && node.properties.linked_clone) {
      throw conflictingRequest("Projects with a linked virtualbox clone node cannot not be exported. Please use Qemu instead.");
    }
    if (!options.allowAllNodes && (node.node_type === "virtualbox" || node.node_type === "vmware")) {
      throw conflictingRequest(`Projects with a ${node.node_type} node cannot be exported`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Import

const topologyNode = nodeCreate.required({ node_id: true });

const topologyLink = z.strictObject({
  link_id: uuid.optional(),
  nodes: z.array(linkEnd),
  filters: z.record(z.string(), z.unknown()).optional(),
  link_style: z.record(z.string(), z.unknown()).optional(),
  suspend: z.boolean().optional(),
});

const topologyDrawing = drawingInput.omit({ project_id: true }).required({ drawing_id: true });

const topologyDocument = projectCreate.omit({ project_id: true, path: true }).extend({
  type: z.literal("topology"),
  revision: z.int(),
  version: z.string().optional(),
  project_id: z.string().optional(),
  topology: z.strictObject({
    nodes: z.array(topologyNode).default([]),
    links: z.array(topologyLink).default([]),
    drawings: z.array(topologyDrawing).default([]),
    computes: z.array(z.unknown()).default([]),
  }),
});

export interface TopologyImportContext {
  /** The id in the URL: an import is a new project, whatever id the file carries. */
  projectId: string;
  /** The name asked for; the file's own name otherwise. */
  name: string | undefined;
  path: string | undefined;
  projectsDir: string;
  /** Computes this controller knows; nodes placed on any other one come to `local`. */
  knownComputeIds: ReadonlySet<string>;
  hostInterfaces: string[];
  /** Our server version, quoted when a file is too new for us. */
  version: string;
}

/** Records ready to store; nodes have no console port yet (the service allocates them). */
export interface ImportedTopology {
  project: ProjectRecord;
  nodes: NodeRecord[];
  links: LinkRecord[];
  drawings: DrawingRecord[];
}

export function invalidTopology(reason: string): DomainError {
  return conflictingRequest(`Invalid data in topology file: ${reason}`);
}

export function parseTopologyText(text: string): unknown {
  let document: unknown;
  try {
    document = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    throw invalidTopology(`not valid JSON (${(error as Error).message})`);
  }
  if (nestedDeeperThan(document, JSON_DEPTH_LIMIT)) throw invalidTopology(`nested deeper than ${JSON_DEPTH_LIMIT} levels`);
  return document;
}

/**
 * Turns an uploaded `.gns3` document into records, checking it as GNS3 does on load: node,
 * link and drawing ids and node names are kept; link ends on a missing node or port, or on a
 * port an earlier link already uses, are skipped, and a link left without exactly two ends is
 * dropped. Unlike GNS3 2.2, `suspend` is restored (a suspended link stays suspended).
 */
export function importedTopology(raw: unknown, context: TopologyImportContext): ImportedTopology {
  const revision = (raw as { revision?: unknown } | null)?.revision;
  if (typeof revision === "number" && revision > TOPOLOGY_REVISION) {
    throw conflictingRequest(
      `This project was created with more recent version of GNS3 (file revision: ${revision}). Please upgrade GNS3 to version ${context.version} or later`,
    );
  }
  const parsed = topologyDocument.safeParse(raw, { reportInput: true });
  if (!parsed.success) throw invalidTopology(issueReason(parsed.error.issues[0]!));
  const file = parsed.data;
  const { projectId } = context;

  const { type: _type, revision: _revision, version: _version, project_id: _fileId, topology, ...settings } = file;
  const project: ProjectRecord = {
    ...newProject({ ...settings, name: context.name ?? file.name, path: context.path ?? null }, projectId, context.projectsDir),
    status: "closed",
  };

  const nodes = new Map<string, NodeRecord>();
  const names = new Set<string>();
  for (const input of topology.nodes) {
    if (nodes.has(input.node_id)) throw invalidTopology(`node_id ${input.node_id} appears twice`);
    const name = about(`node ${input.name}`, () => allocateNodeName(input.name, names));
    const computeId = context.knownComputeIds.has(input.compute_id) ? input.compute_id : LOCAL_COMPUTE_ID;
    const node = about(`node ${input.name}`, () =>
      newNode(
        { ...input, compute_id: computeId },
        { nodeId: input.node_id, projectId, name, console: null, hostInterfaces: context.hostInterfaces },
      ),
    );
    // Stored like the nodes of a closed project: nothing runs until it is opened.
    nodes.set(node.node_id, { ...node, status: "stopped" });
    names.add(name);
  }

  const links: LinkRecord[] = [];
  const linkIds = new Set<string>();
  const usedPorts = new Set<string>();
  for (const input of topology.links) {
    if (input.link_id === undefined) continue;
    if (linkIds.has(input.link_id)) throw invalidTopology(`link_id ${input.link_id} appears twice`);
    linkIds.add(input.link_id);
    const ends = usableEnds(input.nodes, nodes, usedPorts);
    if (ends.length !== 2) continue;
    const link = about(`link ${input.link_id}`, () =>
      newLink(
        { nodes: ends, filters: input.filters, suspend: input.suspend, link_style: input.link_style },
        { linkId: input.link_id!, projectId, nodes, portTaken: () => false },
      ),
    );
    for (const end of link.nodes) usedPorts.add(portKey(end));
    links.push(link);
  }

  const drawings: DrawingRecord[] = [];
  const drawingIds = new Set<string>();
  for (const input of topology.drawings) {
    if (drawingIds.has(input.drawing_id)) throw invalidTopology(`drawing_id ${input.drawing_id} appears twice`);
    drawingIds.add(input.drawing_id);
    drawings.push(newDrawing(input, projectId, input.drawing_id));
  }

  return { project, nodes: [...nodes.values()], links, drawings };
}

/**
 * The nodes as a project that opens creates them: built-in devices (switches, hubs, clouds)
 * run as soon as they exist, emulated nodes wait to be started.
 */
export function nodesOfOpenedProject(nodes: readonly NodeRecord[]): NodeRecord[] {
  return nodes.map((node) => ({ ...node, status: NODE_TYPE_TRAITS[node.node_type].alwaysRunning ? "started" : "stopped" }));
}

/** A missing `type` shows as a wrong literal in zod; the reader needs to hear it is missing. */
function issueReason(issue: z.core.$ZodIssue): string {
  if (issue.code === "invalid_value" && issue.input === undefined) {
    return `'${String(issue.path.at(-1))}' is a required property`;
  }
  return describeIssue(issue);
}

type TopologyLinkEnd = z.infer<typeof linkEnd>;

function usableEnds(
  ends: readonly TopologyLinkEnd[],
  nodes: ReadonlyMap<string, NodeRecord>,
  usedPorts: ReadonlySet<string>,
): TopologyLinkEnd[] {
  const kept: TopologyLinkEnd[] = [];
  for (const end of ends) {
    const node = nodes.get(end.node_id);
    if (!node || !findPort(node, end.adapter_number, end.port_number)) continue;
    if (usedPorts.has(portKey(end)) || kept.some((other) => portKey(other) === portKey(end))) continue;
    kept.push(end);
  }
  return kept;
}

function portKey(end: Pick<LinkEnd, "node_id" | "adapter_number" | "port_number">): string {
  return `${end.node_id}/${end.adapter_number}/${end.port_number}`;
}

/** The checks shared with the API answer 400 for a request; in a file they make it invalid. */
function about<T>(what: string, build: () => T): T {
  try {
    return build();
  } catch (error) {
    if (error instanceof DomainError) throw invalidTopology(`${what}: ${error.message}`);
    throw error;
  }
}
