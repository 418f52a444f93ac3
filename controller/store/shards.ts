/**
 * How the Workers runtime spreads the key space over Durable Objects: each project's records
 * in that project's object, everything shared between projects (project names and the project
 * index, console ports, computes, dataplane hosts and tunnel ports, settings, `/v3`'s users) in
 * one directory object. Pure, so both the router and the store agree on it and tests can check it in Node.
 */
export type ShardName = "directory" | `project:${string}`;

export const DIRECTORY: ShardName = "directory";

export function projectShard(projectId: string): ShardName {
  return `project:${projectId}`;
}

/** The project a shard holds, if it is a project's. */
export function projectOfShard(shard: ShardName): string | undefined {
  return shard.startsWith("project:") ? shard.slice("project:".length) : undefined;
}

const PROJECT_KEY = /^projects\/([^/]+)(?:\/|$)/;
const PROJECT_STAMP_KEY = /^stamps\/projects\/([^/]+)$/;

/** The object that owns `key`. */
export function shardOfKey(key: string): ShardName {
  const project = PROJECT_KEY.exec(key) ?? PROJECT_STAMP_KEY.exec(key);
  return project ? projectShard(project[1]!) : DIRECTORY;
}

/**
 * Where the entries under `prefix` live: one object, or every project's (`projects/` itself,
 * or a part of a project id), which the store answers from the project index.
 */
export function shardsOfPrefix(prefix: string): { one: ShardName } | { everyProject: true } {
  if (prefix.startsWith("projects/")) {
    const rest = prefix.slice("projects/".length);
    return rest.includes("/") ? { one: shardOfKey(prefix) } : { everyProject: true };
  }
  if (prefix.startsWith("stamps/projects/") && prefix.length > "stamps/projects/".length) return { one: shardOfKey(prefix) };
  if ("projects/".startsWith(prefix) || "stamps/projects/".startsWith(prefix)) {
    throw new Error(`a listing of '${prefix}' would span the directory and every project`);
  }
  return { one: DIRECTORY };
}

/**
 * The directory's index of projects: written in the same transaction as the project record,
 * so the directory can list the projects without asking every project's object.
 */
export const PROJECT_INDEX_PREFIX = "project-index/";

export function projectIndexKey(projectId: string): string {
  return `${PROJECT_INDEX_PREFIX}${projectId}`;
}

/** The project whose record `key` is (`projects/{id}`, no sub-record). */
export function projectOfRecordKey(key: string): string | undefined {
  const match = /^projects\/([^/]+)$/.exec(key);
  return match?.[1];
}
