import { describe, expect, it } from "vitest";
import { shardOfKey } from "../../store/shards";
import { keys } from "../../store/keys";
import { destinationOf } from "./routing";

const at = (path: string) => destinationOf(new URL(`https://controller.example${path}`));
const PROJECT = "5e7a6d0e-3f5c-4a0e-9f4c-1d2b3c4d5e6f";

describe("which Durable Object answers a request", () => {
  it("sends a project and everything under it to the project's object", () => {
    for (const path of [`/v2/projects/${PROJECT}`, `/v2/projects/${PROJECT}/links`, `/v2/projects/${PROJECT}/nodes/x/start`, `/v2/projects/${PROJECT}/notifications/ws`, `/v2/compute/projects/${PROJECT}/notifications`]) {
      expect(at(path)).toEqual({ object: "shard", shard: `project:${PROJECT}` });
    }
  });

  it("sends the project list, computes and server endpoints to the directory", () => {
    for (const path of ["/v2/projects", "/v2/projects/", "/v2/computes", "/v2/version", "/v2/notifications/ws", "/v2/templates", "/v2/computes/local/images", "/v2/compute/projects"]) {
      expect(at(path)).toEqual({ object: "shard", shard: "directory" });
    }
  });

  it("sends a daemon to its host's object, and refuses one that does not say which", () => {
    expect(at("/v2/dataplane/ws?host_id=h2")).toEqual({ object: "compute", hostId: "h2" });
    expect(at("/v2/dataplane/ws")).toMatchObject({ object: "none", status: 400 });
  });

  it("routes a project to the object that holds its records", () => {
    const routed = at(`/v2/projects/${PROJECT}/nodes`);
    expect(routed).toEqual({ object: "shard", shard: shardOfKey(keys.node(PROJECT, "n1")) });
    expect(shardOfKey(keys.project(PROJECT))).toBe(`project:${PROJECT}`);
    expect(shardOfKey(keys.projectStamp(PROJECT))).toBe(`project:${PROJECT}`);
    expect(shardOfKey(keys.consolePort("local", 5000))).toBe("directory");
    expect(shardOfKey(keys.projectName("lab"))).toBe("directory");
  });
});
