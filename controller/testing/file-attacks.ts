import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { expect } from "vitest";
import type { ApiClient } from "./api-targets";
import type { RawReply } from "./raw-request";

export interface EscapingPath {
  path: string;
  /**
   * Whether the path reaches the file route as sent. URL parsing resolves plain `..`, `\`
   * and whole `%2e%2e` segments first, so those land on another route, which refuses them
   * with its own 4xx; everything else must get the file route's 403.
   */
  reachesRoute: boolean;
}

/**
 * Ways a client may try to leave a folder through a `{path}` URL segment, as sent on the wire:
 * plain and percent-encoded `..`, encoded slashes making an absolute path, backslashes, NUL,
 * and the folder itself.
 */
export function escapingPaths(name: string): EscapingPath[] {
  const resolvedByUrl = [
    `../../${name}`,
    `../../../../../../../../tmp/${name}`,
    `%2e%2e/%2e%2e/%2e%2e/${name}`,
    `%2e`,
    `sub\\..\\..\\..\\${name}`,
  ];
  const reachingRoute = [
    `%2e%2e%2f%2e%2e%2f${name}`,
    `%2E%2E%2F%2E%2E%2F%2E%2E%2F${name}`,
    `..%2F..%2F..%2F${name}`,
    `sub/%2e%2e%2f%2e%2e%2f${name}`,
    `%2Ftmp%2F${name}`,
    `%2F%2Ftmp%2F${name}`,
    `..%5C..%5C..%5C${name}`,
    `%00${name}`,
    // The folder itself is not a file of it.
    `.%2F`,
    `sub%2F..`,
  ];
  return [
    ...resolvedByUrl.map((path) => ({ path, reachesRoute: false })),
    ...reachingRoute.map((path) => ({ path, reachesRoute: true })),
  ];
}

export function expectForbidden(reply: RawReply, context = ""): void {
  expect(reply.status, context).toBe(403);
  expect(reply.json, context).toEqual({ message: "403: Forbidden", status: 403 });
}

export function expectRefused(reply: RawReply, attack: EscapingPath): void {
  if (attack.reachesRoute) expectForbidden(reply, attack.path);
  else {
    expect([400, 403, 404], `${attack.path}: ${reply.text}`).toContain(reply.status);
  }
}

/**
 * The target's data dir, found through the public contract that a project's `path` is
 * `{data dir}/projects/{id}`. Only a disk target has one: on workerd the path is `/projects/{id}`
 * and this answers `/`. `api.files` reaches the files on every target.
 */
export async function dataDirOf(api: ApiClient): Promise<string> {
  const created = await api.post("/v2/projects", { name: `locate-data-dir-${crypto.randomUUID()}` });
  await api.delete(`/v2/projects/${created.body.project_id}`);
  return dirname(dirname(created.body.path as string));
}

/**
 * Every place a file called `name` may have landed: anywhere in the controller's file store
 * (as store paths), and where that store is a data dir, beside it or in /tmp (absolute paths).
 */
export async function filesNamed(api: ApiClient, name: string): Promise<string[]> {
  const found = (await api.files.list("")).filter((path) => path === name || path.endsWith(`/${name}`));
  if (api.files.backend === "disk") {
    const dataDir = api.files.onDisk("");
    for (const candidate of [join(dirname(dataDir), name), join("/tmp", name)]) if (existsSync(candidate)) found.push(candidate);
  }
  return found;
}
