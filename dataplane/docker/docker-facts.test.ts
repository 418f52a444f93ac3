import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cleanupAfterEach } from "@shared/testing/cleanups";
import { dockerFactsReader } from "./docker-facts";
import { json, standInEngine } from "./testing";

const { later, tempDir } = cleanupAfterEach();

describe("the Docker facts a daemon reports", () => {
  it("are the engine's version and tagged images while it answers", async () => {
    const engine = await standInEngine(
      (request, response) => {
        if (request.url?.endsWith("/version")) return json(response, 200, { ApiVersion: "1.41", Version: "20.10.24+dfsg1" });
        json(response, 200, [{ RepoTags: ["busybox:latest"] }]);
      },
      { later, tempDir },
    );
    expect(await dockerFactsReader(engine.dockerHost)()).toEqual({
      available: true,
      dockerHost: engine.dockerHost,
      detail: "Docker Engine 20.10.24+dfsg1 (API 1.41)",
      images: ["busybox:latest"],
    });
  });

  it("say why not when nothing answers at DOCKER_HOST, or when DOCKER_HOST is not an address", async () => {
    const nowhere = `unix://${join(tempDir("engine-"), "absent.sock")}`;
    expect(await dockerFactsReader(nowhere)()).toMatchObject({ available: false, dockerHost: nowhere, detail: expect.stringMatching(new RegExp(`^no Docker Engine answers at ${nowhere}: .*ENOENT`)), images: [] });
    expect(await dockerFactsReader("docker.example:2375")()).toMatchObject({ available: false, detail: "DOCKER_HOST must be unix:///PATH or tcp://HOST:PORT, got 'docker.example:2375'" });
  });
});
