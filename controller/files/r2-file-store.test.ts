import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStoreFixture, type StoreFixture } from "../testing/store-fixture";

// R2 only exists inside workerd: the store runs there, in a test Worker reached over HTTP.
let workerd: StoreFixture;
beforeAll(async () => {
  workerd = await startStoreFixture();
});
afterAll(async () => {
  await workerd?.stop();
});

const files = (operation: string, path: string, init?: RequestInit) =>
  fetch(`${workerd.url}/files/${operation}?path=${encodeURIComponent(path)}`, init);
const md5 = (bytes: Uint8Array) => createHash("md5").update(bytes).digest("hex");

describe("the R2 file store in workerd", () => {
  it("stores a small file in one put and gives back its bytes, size and MD5", async () => {
    const bytes = new TextEncoder().encode("hello r2");
    expect(await (await files("write", "projects/p/a.txt", { method: "PUT", body: bytes })).json()).toEqual({ size: 8, md5: md5(bytes) });
    const read = await files("read", "projects/p/a.txt");
    expect(read.headers.get("x-size")).toBe("8");
    expect(await read.text()).toBe("hello r2");
    expect(await (await files("md5", "projects/p/a.txt")).json()).toEqual({ md5: md5(bytes) });
  });

  it("streams a file larger than a part as a multipart upload, whole and with the right MD5", async () => {
    // 8 MiB parts: two full parts and a short last one.
    const bytes = new Uint8Array(randomBytes(8 * 1024 * 1024 * 2 + 12345));
    expect(await (await files("write", "images/big.img", { method: "PUT", body: bytes })).json()).toEqual({ size: bytes.byteLength, md5: md5(bytes) });
    const read = new Uint8Array(await (await files("read", "images/big.img")).arrayBuffer());
    expect(read.byteLength).toBe(bytes.byteLength);
    expect(md5(read)).toBe(md5(bytes));
    // Multipart objects carry no MD5 of their own: the store hashes them as they stream.
    expect(await (await files("md5", "images/big.img")).json()).toEqual({ md5: md5(bytes) });
  });

  it("stores an empty body as an empty file and replaces a file whole", async () => {
    expect(await (await files("write", "projects/q/empty", { method: "PUT" })).json()).toEqual({ size: 0, md5: md5(new Uint8Array()) });
    await files("write", "projects/q/f", { method: "PUT", body: "first version" });
    await files("write", "projects/q/f", { method: "PUT", body: "second" });
    expect(await (await files("read", "projects/q/f")).text()).toBe("second");
  });

  it("lists a folder recursively, removes a folder with everything in it, and knows nothing of missing files", async () => {
    for (const path of ["projects/r/x", "projects/r/sub/y", "projects/rr/z"]) await files("write", path, { method: "PUT", body: path });
    expect(await (await files("list", "projects/r")).json()).toEqual([
      { path: "sub/y", size: 16 },
      { path: "x", size: 12 },
    ]);
    expect((await files("remove", "projects/r", { method: "POST" })).status).toBe(204);
    expect(await (await files("list", "projects/r")).json()).toEqual([]);
    expect(await (await files("list", "projects/rr")).json()).toEqual([{ path: "z", size: 13 }]);
    expect((await files("read", "projects/r/x")).status).toBe(404);
    expect(await (await files("md5", "projects/r/x")).json()).toEqual({ md5: null });
  });

  it("keeps paths a tree, as on a disk: a file is never also a folder", async () => {
    await files("write", "projects/t/folder/inner", { method: "PUT", body: "inner" });
    await files("write", "projects/t/file", { method: "PUT", body: "file" });
    const refused = [
      ["projects/t/folder", "a folder with that name is in the way"],
      ["projects/t/file/inner", "a file is in the way of its folder"],
      ["projects/t/file/deeper/inner", "a file is in the way of its folder"],
    ];
    for (const [path, reason] of refused) {
      expect(await (await files("write", path!, { method: "PUT", body: "refused" })).json()).toEqual({ error: "FileWriteFailed", reason });
    }
    expect(await (await files("list", "projects/t")).json()).toEqual([
      { path: "file", size: 4 },
      { path: "folder/inner", size: 5 },
    ]);
    // A name that merely starts like a file or folder is free.
    expect((await files("write", "projects/t/folder2", { method: "PUT", body: "x" })).status).toBe(200);
    expect((await files("write", "projects/t/file.bak", { method: "PUT", body: "x" })).status).toBe(200);
  });
});
