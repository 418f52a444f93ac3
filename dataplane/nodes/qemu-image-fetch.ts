/**
 * Brings a QEMU image this host lacks from the controller's image store
 * (`GET /v2/dataplane/images/{name}`, answered to daemons that present the dataplane token),
 * for a daemon that does not share the controller's data dir.
 */
import { createWriteStream } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import { dirname } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream } from "node:stream/web";
import { createLogger } from "@shared/logging/logger";

const log = createLogger("dataplane.qemu");

/** The headers the controller's image route reads the token from, and the host it is the token of. */
const TOKEN_HEADER = "x-dataplane-token";
const HOST_HEADER = "x-dataplane-host";

/** Writes the image `name` to `destination`, or rejects with a message for the user. */
export type ImageFetcher = (name: string, destination: string) => Promise<void>;

export function controllerImageFetcher(controllerUrl: string, hostId: string, token: string): ImageFetcher {
  return async (name, destination) => {
    const url = new URL(`/v2/dataplane/images/${name.split("/").map(encodeURIComponent).join("/")}`, controllerUrl);
    let response: Response;
    try {
      response = await fetch(url, { headers: { [TOKEN_HEADER]: token, [HOST_HEADER]: hostId } });
    } catch (error) {
      throw new Error(`image ${name} is not on this host and the controller could not be asked for it: ${(error as Error).message}`);
    }
    if (!response.ok || response.body === null) {
      await response.body?.cancel();
      throw new Error(
        response.status === 404 ? `image ${name} is neither on this host nor in the controller's image store` : `image ${name} is not on this host and the controller refused it (${response.status})`,
      );
    }
    log.info("fetching a QEMU image from the controller", { image: name, bytes: response.headers.get("content-length") });
    await mkdir(dirname(destination), { recursive: true });
    // Written under another name then renamed: an interrupted transfer never passes for the image.
    const partial = `${destination}.${process.pid}.partial`;
    try {
      await pipeline(Readable.fromWeb(response.body as ReadableStream<Uint8Array>), createWriteStream(partial));
      await rename(partial, destination);
    } catch (error) {
      await rm(partial, { force: true });
      throw new Error(`image ${name} could not be fetched from the controller: ${(error as Error).message}`);
    }
  };
}
