import { z } from "zod";
import { drawingInput, drawingWire } from "@shared/schemas/drawing";
import { captureStart, linkCreate, linkUpdate, linkWire } from "@shared/schemas/link";
import { linkCountersWire } from "@shared/schemas/link-counters";
import { diskResize, nodeCreate, nodeDuplicate, nodeFromTemplate, nodeUpdate, nodeWire } from "@shared/schemas/node";
import { projectCreate, projectDuplicate, projectLoad, projectUpdate, projectWire } from "@shared/schemas/project";
import { snapshotCreate, snapshotWire } from "@shared/schemas/snapshot";
import { routerLicense, versionCheck, versionWire } from "@shared/schemas/server";
import { autoIdlePcRequest, computeCreate, computePortsWire, computeUpdate, imageWire, qemuBinary, qemuCapabilitiesWire, statisticsWire } from "@shared/schemas/compute";
import { gns3VmEngine, gns3VmSettings, gns3VmSettingsUpdate } from "@shared/schemas/gns3vm";
import { templateCreate, templateUpdate, templateWire } from "@shared/schemas/template";
import { defaultSymbolsWire, symbolDimensionsWire, symbolWire } from "@shared/schemas/symbol";
import { DASHBOARD_ASSETS } from "../dashboard/assets";
import { credentials, ownUpdate, userCreate, userUpdate, userWireSchema } from "../domain/users";

export interface Endpoint {
  method: "get" | "post" | "put" | "delete";
  /** Hono path syntax, as registered. */
  path: string;
  summary: string;
  status: number;
  body?: z.ZodType;
  /** Raw (streamed, not JSON) request body, e.g. file uploads. */
  rawBody?: string;
  response?: z.ZodType;
  /** Non-JSON response content type, e.g. a pcap or file stream. */
  rawResponse?: string;
}

const P = "/v2/projects/:project_id";
const U = "/v3/access/users";
const token = z.object({ access_token: z.string(), token_type: z.literal("bearer") });

/** GNS3 3.x's sign-in and users (bearer tokens, not Basic auth). */
const USER_ENDPOINTS: Endpoint[] = [
  { method: "post", path: `${U}/login`, summary: "Sign in with an OAuth2 password form: a bearer token (GNS3 3.x)", status: 200, rawBody: "application/x-www-form-urlencoded", response: token },
  { method: "post", path: `${U}/authenticate`, summary: "Sign in with JSON credentials: a bearer token (GNS3 3.x)", status: 200, body: credentials, response: token },
  { method: "get", path: `${U}/me`, summary: "The signed-in user", status: 200, response: userWireSchema },
  { method: "put", path: `${U}/me`, summary: "Change the signed-in user's password, email or full name", status: 200, body: ownUpdate, response: userWireSchema },
  { method: "get", path: U, summary: "Every user (privilege User.Audit)", status: 200, response: z.array(userWireSchema) },
  { method: "post", path: U, summary: "Create a user (privilege User.Allocate)", status: 201, body: userCreate, response: userWireSchema },
  { method: "get", path: `${U}/:user_id`, summary: "A user (privilege User.Audit)", status: 200, response: userWireSchema },
  { method: "put", path: `${U}/:user_id`, summary: "Change a user (privilege User.Modify)", status: 200, body: userUpdate, response: userWireSchema },
  { method: "delete", path: `${U}/:user_id`, summary: "Delete a user other than the superadmin (privilege User.Allocate)", status: 204 },
];
const stats = z.object({ drawings: z.int(), links: z.int(), nodes: z.int(), snapshots: z.int() });
const filterDescriptor = z.object({
  description: z.string(),
  name: z.string(),
  parameters: z.array(z.object({ maximum: z.int().optional(), minimum: z.int().optional(), name: z.string(), type: z.string(), unit: z.string().optional() })),
  type: z.string(),
});
const notification = z.object({ action: z.string(), event: z.record(z.string(), z.unknown()) });

/** The `/v2` interface as data: the OpenAPI document is built from it and tested against the router. */
export const ENDPOINTS: Endpoint[] = [
  { method: "get", path: "/v2/version", summary: "Server version", status: 200, response: versionWire },
  { method: "post", path: "/v2/version", summary: "Check the client version (409 when different)", status: 200, body: versionCheck, response: versionWire.pick({ version: true }) },
  { method: "post", path: "/v2/shutdown", summary: "Shut the local server down", status: 201 },
  { method: "post", path: "/v2/debug", summary: "Write a debug dump into the data directory", status: 201 },
  { method: "get", path: "/v2/router_license", summary: "Router (IOU) licence settings", status: 200, response: routerLicense },
  { method: "put", path: "/v2/router_license", summary: "Merge router licence settings", status: 201, body: routerLicense, response: routerLicense },
  { method: "get", path: "/v2/iou_license", summary: "GNS3 2.2 name of /v2/router_license", status: 200, response: routerLicense },
  { method: "put", path: "/v2/iou_license", summary: "GNS3 2.2 name of /v2/router_license", status: 201, body: routerLicense, response: routerLicense },
  { method: "get", path: "/v2/openapi.json", summary: "This document", status: 200 },
  { method: "get", path: "/", summary: "Leads to the link dashboard (to the GNS3 web UI with --web-ui)", status: 302 },
  ...DASHBOARD_ASSETS.map((asset): Endpoint => ({ method: "get", path: asset.path, summary: "The link dashboard (an extension: not in GNS3)", status: 200, rawResponse: asset.contentType.split(";")[0]! })),

  { method: "get", path: "/v2/projects", summary: "List projects", status: 200, response: z.array(projectWire) },
  { method: "post", path: "/v2/projects", summary: "Create a project", status: 201, body: projectCreate, response: projectWire },
  { method: "get", path: P, summary: "Get a project", status: 200, response: projectWire },
  { method: "put", path: P, summary: "Update a project", status: 200, body: projectUpdate, response: projectWire },
  { method: "delete", path: P, summary: "Delete a project and its files", status: 204 },
  { method: "post", path: `${P}/open`, summary: "Open a project", status: 201, response: projectWire },
  { method: "post", path: `${P}/close`, summary: "Close a project (stops its nodes)", status: 204 },
  { method: "get", path: `${P}/stats`, summary: "Counts of nodes, links, drawings and snapshots", status: 200, response: stats },
  { method: "post", path: "/v2/projects/load", summary: "Open a .gns3 file from the server's disk (Node only; its projects folder and --projects-path)", status: 201, body: projectLoad, response: projectWire },
  { method: "post", path: `${P}/duplicate`, summary: "Copy the project under new ids, closed", status: 201, body: projectDuplicate, response: projectWire },
  { method: "get", path: `${P}/snapshots`, summary: "Snapshots, oldest first", status: 200, response: z.array(snapshotWire) },
  { method: "post", path: `${P}/snapshots`, summary: "Take a snapshot (the project opened, its emulated nodes stopped)", status: 201, body: snapshotCreate, response: snapshotWire },
  { method: "delete", path: `${P}/snapshots/:snapshot_id`, summary: "Delete a snapshot and its archive", status: 204 },
  { method: "post", path: `${P}/snapshots/:snapshot_id/restore`, summary: "Put the project back as the snapshot holds it", status: 201, response: projectWire },
  { method: "get", path: `${P}/export`, summary: "Export as a portable project (zip with project.gns3 and files; images/QEMU too with include_images=yes)", status: 200, rawResponse: "application/gns3project" },
  { method: "post", path: `${P}/import`, summary: "Import a portable project zip or a .gns3 topology as this project (the body, or a multipart form's file)", status: 201, rawBody: "application/octet-stream", response: projectWire },
  { method: "get", path: `${P}/files/:path{.+}`, summary: "Download a project file", status: 200, rawResponse: "application/octet-stream" },
  { method: "post", path: `${P}/files/:path{.+}`, summary: "Upload a project file (streamed)", status: 201, rawBody: "application/octet-stream" },

  { method: "get", path: `${P}/nodes`, summary: "List nodes", status: 200, response: z.array(nodeWire) },
  { method: "post", path: `${P}/nodes`, summary: "Create a node", status: 201, body: nodeCreate, response: nodeWire },
  ...(["start", "stop", "suspend", "reload"] as const).map((action) => ({
    method: "post" as const, path: `${P}/nodes/${action}`, summary: `${action} every node of the project`, status: 204,
  })),
  { method: "post", path: `${P}/nodes/console/reset`, summary: "Reset every node console", status: 204 },
  { method: "get", path: `${P}/nodes/:node_id`, summary: "Get a node", status: 200, response: nodeWire },
  { method: "put", path: `${P}/nodes/:node_id`, summary: "Update a node", status: 200, body: nodeUpdate, response: nodeWire },
  { method: "delete", path: `${P}/nodes/:node_id`, summary: "Delete a node and its links", status: 204 },
  ...(["start", "stop", "suspend", "reload"] as const).map((action) => ({
    method: "post" as const, path: `${P}/nodes/:node_id/${action}`, summary: `${action} a node`, status: 200, response: nodeWire,
  })),
  { method: "get", path: `${P}/nodes/:node_id/dynamips/auto_idlepc`, summary: "The Idle-PC value that keeps a running Dynamips router idle, measured by its host and kept as its idlepc (404 for other node types, as GNS3; 409 when the router is not running or no value helps)", status: 200 },
  { method: "get", path: `${P}/nodes/:node_id/dynamips/idlepc_proposals`, summary: "Dynamips' Idle-PC proposals for a running router, as GNS3 lists them (\"0x60606f54 [37]\"); refused as auto_idlepc", status: 200 },
  { method: "post", path: `${P}/nodes/:node_id/resize_disk`, summary: "Grow a stopped QEMU linked clone's disk by `extend` MB (its host grows it before the next start)", status: 201, body: diskResize },
  { method: "post", path: `${P}/nodes/:node_id/duplicate`, summary: "Duplicate a stopped node", status: 201, body: nodeDuplicate, response: nodeWire },
  { method: "get", path: `${P}/nodes/:node_id/links`, summary: "Links of a node", status: 200, response: z.array(linkWire) },
  { method: "post", path: `${P}/nodes/:node_id/console/reset`, summary: "Reset a node console", status: 204 },
  { method: "get", path: `${P}/nodes/:node_id/console/ws`, summary: "The node's telnet console over a WebSocket (bytes both ways)", status: 101 },
  { method: "get", path: `${P}/nodes/:node_id/files/:path{.+}`, summary: "Download a node file (a VPCS startup.vpc)", status: 200, rawResponse: "application/octet-stream" },
  { method: "post", path: `${P}/nodes/:node_id/files/:path{.+}`, summary: "Upload a node file (streamed)", status: 201, rawBody: "application/octet-stream" },

  { method: "get", path: `${P}/links`, summary: "List links", status: 200, response: z.array(linkWire) },
  { method: "post", path: `${P}/links`, summary: "Link two node ports", status: 201, body: linkCreate, response: linkWire },
  { method: "get", path: `${P}/links/:link_id`, summary: "Get a link", status: 200, response: linkWire },
  { method: "put", path: `${P}/links/:link_id`, summary: "Update filters, suspend, style or end labels", status: 201, body: linkUpdate, response: linkWire },
  { method: "delete", path: `${P}/links/:link_id`, summary: "Delete a link", status: 204 },
  { method: "get", path: `${P}/links/:link_id/available_filters`, summary: "The filters this link can apply", status: 200, response: z.array(filterDescriptor) },
  { method: "post", path: `${P}/links/:link_id/start_capture`, summary: "Start a packet capture", status: 201, body: captureStart, response: linkWire },
  { method: "post", path: `${P}/links/:link_id/stop_capture`, summary: "Stop the packet capture", status: 201, response: linkWire },
  { method: "get", path: `${P}/links/:link_id/pcap`, summary: "Stream the capture file", status: 200, rawResponse: "application/vnd.tcpdump.pcap" },
  { method: "get", path: `${P}/links/:link_id/counters`, summary: "Frame counters per direction, as the link's hosts last reported them (an extension: not in GNS3)", status: 200, response: linkCountersWire },

  { method: "get", path: `${P}/drawings`, summary: "List drawings", status: 200, response: z.array(drawingWire) },
  { method: "post", path: `${P}/drawings`, summary: "Create a drawing", status: 201, body: drawingInput, response: drawingWire },
  { method: "get", path: `${P}/drawings/:drawing_id`, summary: "Get a drawing", status: 200, response: drawingWire },
  { method: "put", path: `${P}/drawings/:drawing_id`, summary: "Update a drawing", status: 201, body: drawingInput, response: drawingWire },
  { method: "delete", path: `${P}/drawings/:drawing_id`, summary: "Delete a drawing", status: 204 },

  { method: "get", path: "/v2/templates", summary: "Built-in templates, then those clients created", status: 200, response: z.array(templateWire) },
  { method: "post", path: "/v2/templates", summary: "Create a template (the type's defaults filled in)", status: 201, body: templateCreate, response: templateWire },
  { method: "get", path: "/v2/templates/:template_id", summary: "A template", status: 200, response: templateWire },
  { method: "put", path: "/v2/templates/:template_id", summary: "Update a template (409 for a built-in)", status: 200, body: templateUpdate, response: templateWire },
  { method: "delete", path: "/v2/templates/:template_id", summary: "Delete a template (409 for a built-in)", status: 204 },
  { method: "post", path: "/v2/templates/:template_id/duplicate", summary: "Copy a template under a new id", status: 201, response: templateWire },
  { method: "post", path: `${P}/templates/:template_id`, summary: "Create a node from a template", status: 201, body: nodeFromTemplate, response: nodeWire },
  { method: "get", path: "/v2/computes", summary: "Computes (emulation hosts)", status: 200 },
  { method: "post", path: "/v2/computes", summary: "Register a host before its daemon dials in; answers its own daemon token once (`dataplane_token`) unless `password` gave it", status: 201, body: computeCreate },
  { method: "get", path: "/v2/computes/:compute_id", summary: "A compute", status: 200 },
  { method: "put", path: "/v2/computes/:compute_id", summary: "Rename a registered host or change its address; a `password` is its daemon's new token", status: 200, body: computeUpdate },
  { method: "delete", path: "/v2/computes/:compute_id", summary: "Forget a registered host: its projects are closed and its daemon sent away (not `local`)", status: 204 },
  { method: "get", path: "/v2/computes/:compute_id/network/interfaces", summary: "Network interfaces of a compute's machine, as its daemon reported them (a cloud node's ports)", status: 200 },
  { method: "get", path: "/v2/compute/network/interfaces", summary: "Network interfaces of the local compute's machine", status: 200 },
  { method: "get", path: "/v2/computes/:compute_id/ports", summary: "Port ranges of a compute and the ports taken", status: 200, response: computePortsWire },
  {
    method: "post",
    path: "/v2/computes/:compute_id/auto_idlepc",
    summary: "Idle-PC value of an IOS image before any router of it exists: a throwaway router is started, given IOS's boot time, measured and deleted",
    status: 200,
    body: autoIdlePcRequest,
    response: z.object({ idlepc: z.string() }),
  },
  { method: "get", path: "/v2/computes/endpoint/:compute_id/:emulator/:action{.+}", summary: "Where a compute's own API serves an action ({\"endpoint\": URL}), as GNS3 tells it", status: 200 },
  { method: "get", path: "/v2/computes/:compute_id/qemu/binaries", summary: "QEMU emulators of a compute's machine, as its daemon reported them (`?archs=x86_64,i386` filters: an extension)", status: 200, response: z.array(qemuBinary) },
  { method: "get", path: "/v2/computes/:compute_id/qemu/capabilities", summary: "The QEMU platforms KVM accelerates on a compute's machine", status: 200, response: qemuCapabilitiesWire },
  {
    method: "get",
    path: "/v2/computes/:compute_id/:emulator/images",
    summary: "Images of an emulator: qemu, iou, dynamips from the image store; docker from the compute's engine, which its daemon reads when asked (409 when it cannot reach one)",
    status: 200,
    response: z.union([z.array(imageWire), z.array(z.object({ image: z.string() }))]),
  },
  { method: "post", path: "/v2/computes/:compute_id/:emulator/images/:filename{.+}", summary: "Upload an image for an emulator (streamed)", status: 200, rawBody: "application/octet-stream" },
  { method: "get", path: "/v2/appliances", summary: "Appliance catalogue (none shipped)", status: 200, response: z.array(z.record(z.string(), z.unknown())) },
  { method: "get", path: "/v2/gns3vm", summary: "GNS3 VM settings (no VM is run)", status: 200, response: gns3VmSettings },
  { method: "put", path: "/v2/gns3vm", summary: "Save GNS3 VM settings (enabling is refused)", status: 201, body: gns3VmSettingsUpdate, response: gns3VmSettings },
  { method: "get", path: "/v2/gns3vm/engines", summary: "GNS3 VM engines", status: 200, response: z.array(gns3VmEngine) },
  { method: "get", path: "/v2/gns3vm/engines/:engine/vms", summary: "VMs of an engine (none)", status: 200, response: z.array(z.object({ vmname: z.string() })) },
  { method: "get", path: "/v2/statistics", summary: "Statistics of each compute that reports them", status: 200, response: statisticsWire },
  { method: "post", path: "/v2/reload", summary: "Reload (nothing to reload: state is read per request)", status: 200 },

  { method: "get", path: "/v2/symbols", summary: "Node symbols: the built-in ones, then the uploaded ones", status: 200, response: z.array(symbolWire) },
  { method: "get", path: "/v2/symbols/:symbol_id{.+}/dimensions", summary: "Width and height of a symbol, read from the image", status: 200, response: symbolDimensionsWire },
  { method: "get", path: "/v2/symbols/:symbol_id{.+}/raw", summary: "A symbol's image (an unknown id gets the default symbol)", status: 200, rawResponse: "image/svg+xml" },
  { method: "post", path: "/v2/symbols/:symbol_id{.+}/raw", summary: "Upload a custom symbol (streamed)", status: 204, rawBody: "application/octet-stream" },
  { method: "get", path: "/v2/default_symbols", summary: "The symbol of each kind of node in each theme", status: 200, response: defaultSymbolsWire },

  { method: "get", path: "/v2/notifications", summary: "Controller events, streamed as JSON lines", status: 200, response: notification },
  { method: "get", path: "/v2/notifications/ws", summary: "Controller events over WebSocket", status: 101 },
  { method: "get", path: `${P}/notifications`, summary: "Project events, streamed as JSON lines", status: 200, response: notification },
  { method: "get", path: `${P}/notifications/ws`, summary: "Project events over WebSocket", status: 101 },

  ...USER_ENDPOINTS,

  { method: "get", path: "/v2/dataplane/ws", summary: "Control channel of dataplane daemons (WebSocket, protobuf frames of proto/dataplane.proto)", status: 101 },
  { method: "get", path: "/v2/dataplane/images/:filename{.+}", summary: "An image for a dataplane daemon that lacks it (x-dataplane-token header instead of Basic auth)", status: 200, rawResponse: "application/octet-stream" },
  { method: "get", path: "/v2/compute/projects", summary: "Compute projects", status: 200 },
  { method: "post", path: "/v2/compute/projects", summary: "Create a compute project", status: 201, body: projectCreate },
  { method: "get", path: "/v2/compute/projects/:project_id", summary: "A compute project", status: 200 },
  { method: "put", path: "/v2/compute/projects/:project_id", summary: "Update a compute project's variables", status: 200, body: projectUpdate },
  { method: "delete", path: "/v2/compute/projects/:project_id", summary: "Delete a compute project and its folder", status: 204 },
  { method: "post", path: "/v2/compute/projects/:project_id/close", summary: "Close a compute project", status: 204 },
  { method: "get", path: "/v2/compute/projects/:project_id/files", summary: "List project files with md5sum", status: 200 },
  { method: "get", path: "/v2/compute/projects/:project_id/files/:path{.+}", summary: "Download a project file", status: 200, rawResponse: "application/octet-stream" },
  { method: "post", path: "/v2/compute/projects/:project_id/files/:path{.+}", summary: "Upload a project file (streamed)", status: 201, rawBody: "application/octet-stream" },
  { method: "get", path: "/v2/compute/projects/:project_id/notifications", summary: "Compute-side project events", status: 200, response: notification },
  ...["/v2/compute/emulator/images", "/v2/compute/:emulator{qemu|iou|dynamips}/images"].flatMap((images): Endpoint[] => [
    { method: "get", path: images, summary: "List emulator images", status: 200, response: z.array(imageWire) },
    { method: "get", path: `${images}/:filename{.+}`, summary: "Download an image (streamed)", status: 200, rawResponse: "application/octet-stream" },
    { method: "post", path: `${images}/:filename{.+}`, summary: "Upload an image (streamed; md5 sidecar written)", status: 204, rawBody: "application/octet-stream" },
  ]),
  { method: "get", path: "/v2/compute/qemu/capabilities", summary: "The QEMU platforms KVM accelerates on the local compute", status: 200, response: qemuCapabilitiesWire },
  { method: "get", path: "/v2/compute/docker/images", summary: "Docker images of the local compute's engine, as its daemon reported them; 409 when it cannot reach one", status: 200, response: z.array(z.object({ image: z.string() })) },
];
