/**
 * The Engine API client against a stand-in engine on a Unix socket (what it asks, what it
 * makes of the answers), and against nothing at all. The real engine is the e2e tests'.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cleanupAfterEach } from "@shared/testing/cleanups";
import { DockerEngine, EngineError, engineAddress } from "./engine";
import { json, standInEngine } from "./testing";

const { later, tempDir } = cleanupAfterEach();
const standIn = (handle: Parameters<typeof standInEngine>[0]) => standInEngine(handle, { later, tempDir });

describe("DOCKER_HOST", () => {
  it("takes a Unix socket or a TCP address, as Docker's clients do", () => {
    expect(engineAddress("unix:///var/run/docker.sock")).toEqual({ socketPath: "/var/run/docker.sock" });
    expect(engineAddress("tcp://10.0.0.5:2375")).toEqual({ host: "10.0.0.5", port: 2375 });
    expect(engineAddress("tcp://[::1]:2375")).toEqual({ host: "::1", port: 2375 });
  });

  it.each(["/var/run/docker.sock", "ssh://user@host", "tcp://host", "npipe:////./pipe/docker_engine"])("refuses %s, saying what it takes", (dockerHost) => {
    expect(() => new DockerEngine(dockerHost)).toThrow(/DOCKER_HOST must be unix:\/\/\/PATH or tcp:\/\/HOST:PORT/);
  });
});

describe("the Engine API client", () => {
  it("speaks the engine's API version when it is older than ours, ours when it is newer, asking once", async () => {
    for (const [engineVersion, spoken] of [["1.40", "1.40"], ["1.47", "1.41"]] as const) {
      const engine = await standIn((request, response) => {
        if (request.url === "/version") return json(response, 200, { ApiVersion: engineVersion, Version: "x" });
        json(response, 200, [{ RepoTags: ["busybox:latest", "alpine:3.20"] }, { RepoTags: null }, { RepoTags: ["<none>:<none>"] }]);
      });
      const client = new DockerEngine(engine.dockerHost);
      expect(await client.images()).toEqual(["alpine:3.20", "busybox:latest"]);
      await client.images();
      expect(engine.asked).toEqual(["GET /version", `GET /v${spoken}/images/json`, `GET /v${spoken}/images/json`]);
    }
  });

  it("gives the engine's refusal as an EngineError with its status and message", async () => {
    const engine = await standIn((request, response) => {
      if (request.url === "/version") return json(response, 200, { ApiVersion: "1.41" });
      json(response, 404, { message: "No such image: nothing:latest" });
    });
    const refused = new DockerEngine(engine.dockerHost).call("POST", "/containers/create", { Image: "nothing:latest" });
    await expect(refused).rejects.toBeInstanceOf(EngineError);
    await expect(refused).rejects.toMatchObject({ status: 404, message: "No such image: nothing:latest" });
  });

  it("rejects, and asks the version again next time, when nothing listens", async () => {
    const client = new DockerEngine(`unix://${join(tempDir("engine-"), "absent.sock")}`);
    await expect(client.images()).rejects.toThrow(/ENOENT/);
    await expect(client.images()).rejects.toThrow(/ENOENT/);
  });

  it("rejects an answer that is not JSON with what the engine said", async () => {
    const engine = await standIn((request, response) => {
      if (request.url === "/version") return json(response, 200, { ApiVersion: "1.41" });
      response.writeHead(500).end("page not found\n");
    });
    await expect(new DockerEngine(engine.dockerHost).images()).rejects.toMatchObject({ status: 500, message: "page not found" });
  });
});
