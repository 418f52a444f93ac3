/**
 * The Engine API's container configuration for a Docker node (POST /containers/create), pure:
 * from the node's spec, the image's own configuration and where the node's files are.
 */
import { posix } from "node:path";
import type { DockerSpec } from "@shared/proto";
import { INIT_PATH, VOLUMES_MOUNT } from "./container-init";

/** Labels that find the containers of a daemon (by its data dir) and of a node again, after a restart. */
export const LABELS = { dataDir: "org.gns3.dataplane.data-dir", project: "org.gns3.project-id", node: "org.gns3.node-id" } as const;

/** What the image says of itself (GET /images/{name}/json → Config). */
export interface ImageConfig {
  Entrypoint?: string[] | string | null;
  Cmd?: string[] | string | null;
  User?: string | null;
  Volumes?: Record<string, unknown> | null;
}

/**
 * How the container gets its capabilities. GNS3 asks for all of them and privileged mode; a
 * host whose bounding set lacks one (CAP_SYS_RESOURCE in some sandboxes) refuses that at
 * start, so the node falls back to all but that one.
 */
export type Capabilities = "all" | "all-but-sys-resource";

export interface ContainerPlace {
  nodeId: string;
  projectId: string;
  name: string;
  /** The daemon's data dir, as the label that finds its containers. */
  dataDir: string;
  /** Folder mounted read-only at /gns3: the init and busybox. */
  resourcesDir: string;
  /** The node's folder on the host: its kept folders live under it. */
  nodeDir: string;
  capabilities: Capabilities;
}

const asList = (value: string[] | string | null | undefined): string[] => (value === undefined || value === null ? [] : typeof value === "string" ? [value] : value);

/**
 * The folders kept in the node's folder: /etc/network, the image's declared volumes and the
 * node's extra_volumes, a folder inside another one dropped (its parent keeps it already).
 */
export function keptFolders(spec: DockerSpec, image: ImageConfig): string[] {
  const normal = (path: string) => `${path.replace(/\/+/g, "/").replace(/\/$/, "")}/`;
  const covers = (outer: string, inner: string) => normal(inner).startsWith(normal(outer));
  const kept: string[] = [];
  for (const named of ["/etc/network", ...Object.keys(image.Volumes ?? {}), ...spec.extraVolumes]) {
    const folder = posix.normalize(named).replace(/(.)\/$/, "$1");
    if (kept.some((other) => covers(other, folder))) continue;
    const shorter = kept.filter((other) => !covers(folder, other));
    kept.splice(0, kept.length, ...shorter, folder);
  }
  return kept;
}

/** The container's hostname: the node's name where Docker takes it as one, else the part it can. */
function hostname(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9.-]/g, "-").replace(/^[-.]+/, "").slice(0, 63);
  return cleaned === "" ? "gns3" : cleaned;
}

/** The container's name in Docker: GNS3's `GNS3.<node name>.<project id>`, kept to what Docker allows. */
export function containerName(place: Pick<ContainerPlace, "name" | "projectId" | "nodeId">): string {
  const name = place.name.replace(/[^A-Za-z0-9_.-]/g, "_");
  return `GNS3.${name}.${place.nodeId.slice(0, 8)}.${place.projectId}`;
}

export function containerConfig(spec: DockerSpec, image: ImageConfig, place: ContainerPlace): Record<string, unknown> {
  const entrypoint = asList(image.Entrypoint);
  let command = spec.command.length > 0 ? spec.command : asList(image.Cmd);
  if (command.length === 0 && entrypoint.length === 0) command = ["/bin/sh"];
  const kept = keptFolders(spec, image);
  const env = [
    "container=docker",
    `GNS3_ADAPTERS=${spec.adapters.length}`,
    `GNS3_VOLUMES=${kept.join(":")}`,
    ...(spec.extraHosts.length > 0 ? [`GNS3_EXTRA_HOSTS=${spec.extraHosts.map((host) => `${host.address}\t${host.name}`).join("\n")}`] : []),
    ...(image.User ? [`GNS3_USER=${image.User}`] : []),
    ...spec.environment,
  ];
  return {
    Hostname: hostname(place.name),
    Image: spec.image,
    Entrypoint: [INIT_PATH, ...entrypoint],
    Cmd: command,
    Env: env,
    // The init runs as root to mount and configure; it runs the command as the image's user.
    ...(image.User ? { User: "root" } : {}),
    Tty: true,
    OpenStdin: true,
    StdinOnce: false,
    AttachStdin: true,
    AttachStdout: true,
    AttachStderr: true,
    NetworkDisabled: true,
    Labels: { [LABELS.dataDir]: place.dataDir, [LABELS.project]: place.projectId, [LABELS.node]: place.nodeId },
    HostConfig: {
      NetworkMode: "none",
      CapAdd: ["ALL"],
      ...(place.capabilities === "all" ? { Privileged: true } : { CapDrop: ["SYS_RESOURCE"] }),
      Binds: [`${place.resourcesDir}:/gns3:ro`, ...kept.map((folder) => `${place.nodeDir}${folder}:${VOLUMES_MOUNT}${folder}`)],
    },
  };
}
