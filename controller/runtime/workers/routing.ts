import { DIRECTORY, projectShard, type ShardName } from "../../store/shards";

/** Which Durable Object answers a request reaching the Worker. */
export type Destination =
  | { object: "shard"; shard: ShardName }
  | { object: "compute"; hostId: string }
  | { object: "none"; status: number; message: string };

/** GNS3 also serves a project's files and notifications on the compute side of its API. */
const PROJECT_PATH = /^\/v2\/(?:compute\/)?projects\/([^/]+)(?:\/|$)/;

/**
 * `/v2/projects/{project_id}` and everything under it (and its `/v2/compute/projects/…` twin)
 * go to that project's object; a daemon's
 * control channel to its host's object; the rest (project list and creation, computes,
 * templates, images, server endpoints, the controller's notifications) to the directory.
 */
export function destinationOf(url: URL): Destination {
  if (url.pathname === "/v2/dataplane/ws") {
    const hostId = url.searchParams.get("host_id");
    if (!hostId) return { object: "none", status: 400, message: "Dataplane daemons name their host: /v2/dataplane/ws?host_id=ID" };
    return { object: "compute", hostId };
  }
  const project = PROJECT_PATH.exec(url.pathname);
  if (project) {
    const projectId = decodedSegment(project[1]!);
    if (projectId !== undefined) return { object: "shard", shard: projectShard(projectId) };
  }
  return { object: "shard", shard: DIRECTORY };
}

/** The id as the routes will see it; undefined for an encoding they will refuse anyway. */
function decodedSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
