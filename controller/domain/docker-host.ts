import { conflictingRequest } from "./errors";

/** What a host's daemon reported of its Docker Engine. */
export interface DockerFactsRecord {
  available: boolean;
  /** DOCKER_HOST as the daemon reads it. */
  docker_host: string;
  /** The engine's version when available, else why it is not. */
  detail: string;
  images: string[];
}

/**
 * `GET …/docker/images` as GNS3 answers it (`[{"image": "busybox:latest"}]`), from what the
 * host's daemon read of its engine; nothing while no daemon has read it. An engine the daemon cannot reach is a
 * 409 naming it, as GNS3's compute refuses when it cannot connect to Docker.
 */
export function dockerImages(hostId: string, docker: DockerFactsRecord | undefined): Array<{ image: string }> {
  if (docker === undefined) return [];
  if (!docker.available) throw conflictingRequest(`Docker is not available on dataplane host ${hostId}: ${docker.detail} (set DOCKER_HOST for its daemon)`);
  return docker.images.map((image) => ({ image }));
}
