import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cleanupAfterEach } from "@shared/testing/cleanups";
import { controllerImageFetcher } from "./qemu-image-fetch";
import { ensureLinkedClone, resolveImage } from "./qemu-images";

const { later, tempDir } = cleanupAfterEach();
const hasQemuImg = (() => {
  try {
    execFileSync("qemu-img", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

function md5(bytes: Buffer | string): string {
  return createHash("md5").update(bytes).digest("hex");
}

function store(files: Record<string, string> = {}): string {
  const dir = join(tempDir("qemu-images-"), "images", "QEMU");
  mkdirSync(dir, { recursive: true });
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
}

/** A stand-in controller serving `images` to requests with `token`; records the paths asked. */
async function controller(images: Record<string, string>, token: string): Promise<{ url: string; asked: string[] }> {
  const asked: string[] = [];
  const server: Server = createServer((request, response) => {
    asked.push(request.url ?? "");
    const name = decodeURIComponent((request.url ?? "").replace("/v2/dataplane/images/", ""));
    if (request.headers["x-dataplane-token"] !== token || request.headers["x-dataplane-host"] !== "h1") response.writeHead(401).end();
    else if (images[name] === undefined) response.writeHead(404).end();
    else response.writeHead(200, { "content-type": "application/octet-stream" }).end(images[name]);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  later(() => new Promise((resolve) => server.close(resolve)));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked };
}

describe("resolveImage", () => {
  it("finds an image of the store, checking its md5 when given", async () => {
    const dir = store({ "router.img": "router bytes" });
    await expect(resolveImage(dir, { name: "router.img", md5: "" })).resolves.toBe(join(dir, "router.img"));
    await expect(resolveImage(dir, { name: "router.img", md5: md5("router bytes").toUpperCase() })).resolves.toBe(join(dir, "router.img"));
  });

  it("names a missing image, an image with another content and a name outside the store", async () => {
    const dir = store({ "router.img": "router bytes" });
    await expect(resolveImage(dir, { name: "absent.img", md5: "" })).rejects.toThrow(`image absent.img is not on this host (looked for ${join(dir, "absent.img")})`);
    await expect(resolveImage(dir, { name: "router.img", md5: md5("other bytes") })).rejects.toThrow(
      `image router.img on this host (${join(dir, "router.img")}) has md5 ${md5("router bytes")}, not ${md5("other bytes")} as the controller's copy`,
    );
    await expect(resolveImage(dir, { name: "../QEMU2/x.img", md5: "" })).rejects.toThrow("image ../QEMU2/x.img is not in the image store");
    await expect(resolveImage(dir, { name: "/etc/passwd", md5: "" })).rejects.toThrow("image /etc/passwd is not in the image store");
  });

  it("hashes a file again only once its size or modification time changed", async () => {
    const dir = store({ "disk.img": "first" });
    const path = join(dir, "disk.img");
    const time = 1_700_000_000;
    utimesSync(path, time, time);
    await resolveImage(dir, { name: "disk.img", md5: md5("first") });
    // Same size and time: the cached sum stands, though the bytes changed behind its back.
    writeFileSync(path, "fir5t");
    utimesSync(path, time, time);
    await expect(resolveImage(dir, { name: "disk.img", md5: md5("first") })).resolves.toBe(path);
    writeFileSync(path, "second, longer");
    await expect(resolveImage(dir, { name: "disk.img", md5: md5("first") })).rejects.toThrow(`has md5 ${md5("second, longer")}`);
  });

  it("fetches a missing image from the controller with the dataplane token, into the store", async () => {
    const dir = store();
    const { url, asked } = await controller({ "sub dir/router.img": "fetched bytes" }, "secret");
    const fetchImage = controllerImageFetcher(url, "h1", "secret");
    const path = await resolveImage(dir, { name: "sub dir/router.img", md5: md5("fetched bytes") }, fetchImage);
    expect(path).toBe(join(dir, "sub dir", "router.img"));
    expect(readFileSync(path, "utf8")).toBe("fetched bytes");
    expect(asked).toEqual(["/v2/dataplane/images/sub%20dir/router.img"]);
    await resolveImage(dir, { name: "sub dir/router.img", md5: "" }, fetchImage);
    expect(asked).toHaveLength(1);
  });

  it("says why a fetch failed, and keeps no partial file", async () => {
    const dir = store();
    const { url } = await controller({ "router.img": "fetched bytes" }, "secret");
    await expect(resolveImage(dir, { name: "absent.img", md5: "" }, controllerImageFetcher(url, "h1", "secret"))).rejects.toThrow(
      "image absent.img is neither on this host nor in the controller's image store",
    );
    await expect(resolveImage(dir, { name: "router.img", md5: "" }, controllerImageFetcher(url, "h1", "wrong"))).rejects.toThrow(
      "image router.img is not on this host and the controller refused it (401)",
    );
    await expect(resolveImage(dir, { name: "router.img", md5: "" }, controllerImageFetcher("http://127.0.0.1:1", "h1", "secret"))).rejects.toThrow(
      "image router.img is not on this host and the controller could not be asked for it",
    );
    await expect(resolveImage(dir, { name: "router.img", md5: md5("other") }, controllerImageFetcher(url, "h1", "secret"))).rejects.toThrow("has md5");
    expect(readdirSync(dir)).toEqual(["router.img"]);
  });
});

describe.skipIf(!hasQemuImg)("ensureLinkedClone", () => {
  it("makes a qcow2 overlay over the image once, in the image's own format", async () => {
    const dir = store();
    const image = join(dir, "base.raw");
    execFileSync("qemu-img", ["create", "-q", "-f", "raw", image, "1M"]);
    const overlay = join(tempDir("qemu-node-"), "hda_disk.qcow2");
    await ensureLinkedClone("qemu-img", image, overlay);
    const info = JSON.parse(execFileSync("qemu-img", ["info", "--output=json", overlay], { encoding: "utf8" }));
    expect(info).toMatchObject({ format: "qcow2", "backing-filename": image, "backing-filename-format": "raw" });
    const made = statSync(overlay);
    await ensureLinkedClone("qemu-img", image, overlay);
    expect(statSync(overlay).ino).toBe(made.ino);
    expect(existsSync(`${overlay}.partial`)).toBe(false);
  });

  it("points an overlay at the image's new place when the image moved (an imported project)", async () => {
    const dir = store();
    const image = join(dir, "base.qcow2");
    execFileSync("qemu-img", ["create", "-q", "-f", "qcow2", image, "1M"]);
    const overlay = join(tempDir("qemu-node-"), "hda_disk.qcow2");
    await ensureLinkedClone("qemu-img", image, overlay);
    const moved = join(dir, "moved.qcow2");
    renameSync(image, moved);
    await ensureLinkedClone("qemu-img", moved, overlay);
    const info = JSON.parse(execFileSync("qemu-img", ["info", "--output=json", overlay], { encoding: "utf8" }));
    expect(info).toMatchObject({ "backing-filename": moved, "backing-filename-format": "qcow2" });
  });

  it("names a missing qemu-img", async () => {
    const dir = store();
    const image = join(dir, "base.raw");
    writeFileSync(image, Buffer.alloc(512));
    await expect(ensureLinkedClone("/nonexistent/qemu-img", image, join(dir, "o.qcow2"))).rejects.toThrow(
      "qemu-img not found: /nonexistent/qemu-img (install the Debian package qemu-utils)",
    );
  });
});
