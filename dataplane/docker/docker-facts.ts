/**
 * What the daemon tells the controller of its host's Docker Engine: whether it answers, its
 * version, and its tagged images (the Docker template wizards list them). Read at each poll
 * of the host facts; an engine that stops or comes back is told within a poll.
 */
import type { DockerFacts } from "@shared/proto";
import { DockerEngine } from "./engine";

export type DockerFactsReader = () => Promise<DockerFacts>;

/** A reader of the engine at `dockerHost` (DOCKER_HOST, as Docker's clients read it). */
export function dockerFactsReader(dockerHost = process.env.DOCKER_HOST || "unix:///var/run/docker.sock"): DockerFactsReader {
  let engine: DockerEngine;
  try {
    engine = new DockerEngine(dockerHost);
  } catch (error) {
    const detail = (error as Error).message;
    return async () => ({ available: false, dockerHost, detail, images: [] });
  }
  return async () => {
    try {
      const [version, images] = await Promise.all([engine.call<{ Version: string; ApiVersion: string }>("GET", "/version"), engine.images()]);
      return { available: true, dockerHost, detail: `Docker Engine ${version.Version} (API ${version.ApiVersion})`, images };
    } catch (error) {
      return { available: false, dockerHost, detail: `no Docker Engine answers at ${dockerHost}: ${(error as Error).message}`, images: [] };
    }
  };
}
