import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DiskFileStore } from "./disk-file-store";
import { FileWriteFailed, PathEscape, UploadInterrupted, childPath, safeRelativePath } from "./file-store";

const bytes = (text: string) => new TextEncoder().encode(text);
const streamOf = (text: string) => new Blob([text]).stream();
const md5Of = (text: string) => createHash("md5").update(text).digest("hex");
const textOf = async (stream: ReadableStream<Uint8Array>) => new Response(stream).text();

/** Sends some bytes, then fails as a dropped client connection does. */
function failingStream(): ReadableStream<Uint8Array> {
  let sent = false;
  return new ReadableStream({
    pull(controller) {
      if (!sent) {
        sent = true;
        controller.enqueue(bytes("half of the"));
      } else controller.error(new Error("connection reset"));
    },
  });
}

let root: string;
let outside: string;
let store: DiskFileStore;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "file-store-"));
  outside = mkdtempSync(join(tmpdir(), "file-store-outside-"));
  writeFileSync(join(outside, "secret.txt"), "top secret");
  store = new DiskFileStore(root);
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe("safeRelativePath", () => {
  it.each([["a/b.txt", "a/b.txt"], ["./a//b/", "a/b"], ["a/./b", "a/b"]])("normalises %j to %j", (input, output) => {
    expect(safeRelativePath(input)).toBe(output);
  });

  it.each(["", "/", ".", "..", "../x", "a/../../x", "a/..", "/etc/passwd", "C:/Windows", "a\\..\\b", "a\0b"])(
    "refuses %j",
    (input) => {
      expect(() => safeRelativePath(input)).toThrow(PathEscape);
    },
  );

  it("keeps a child path strictly inside its folder", () => {
    expect(childPath("projects/p", "a/b")).toBe("projects/p/a/b");
    expect(() => childPath("projects/p", ".")).toThrow(PathEscape);
    expect(() => childPath("projects/p", "../q/x")).toThrow(PathEscape);
  });
});

describe("DiskFileStore", () => {
  it("writes, reads back and reports the size and MD5 taken while streaming", async () => {
    const written = await store.write("projects/p/configs/startup.cfg", streamOf("hostname r1\n"));
    expect(written).toEqual({ size: 12, md5: md5Of("hostname r1\n") });
    const file = await store.read("projects/p/configs/startup.cfg");
    expect(file?.size).toBe(12);
    expect(file?.modified).toBeInstanceOf(Date);
    expect(await textOf(file!.stream)).toBe("hostname r1\n");
    expect(await store.md5("projects/p/configs/startup.cfg")).toBe(md5Of("hostname r1\n"));
  });

  it("answers null for a missing file or a folder", async () => {
    await store.write("a/b.txt", streamOf("x"));
    expect(await store.read("a/missing.txt")).toBeNull();
    expect(await store.read("a")).toBeNull();
    expect(await store.md5("a/missing.txt")).toBeNull();
  });

  it("holds no descriptor for a stream nobody reads, as a response whose client left", async () => {
    await store.write("images/QEMU/a.qcow2", streamOf("disk"));
    const before = readdirSync("/proc/self/fd").length;
    const unread = await Promise.all(Array.from({ length: 20 }, () => store.read("images/QEMU/a.qcow2")));
    expect(readdirSync("/proc/self/fd").length).toBe(before);
    expect(await textOf(unread[0]!.stream)).toBe("disk");
    expect(readdirSync("/proc/self/fd").length).toBe(before);
  });

  it("fails a stream whose file was replaced between listing and reading", async () => {
    await store.write("images/QEMU/a.qcow2", streamOf("first"));
    const listed = await store.read("images/QEMU/a.qcow2");
    await store.write("images/QEMU/a.qcow2", streamOf("second, longer"));
    await expect(textOf(listed!.stream)).rejects.toThrow(/replaced/);
  });

  it("replaces a file as a whole", async () => {
    await store.write("f.txt", streamOf("first version, longer"));
    await store.write("f.txt", streamOf("second"));
    expect(readFileSync(join(root, "f.txt"), "utf8")).toBe("second");
  });

  describe("a failed upload", () => {
    it("leaves no partial file and keeps the previous version", async () => {
      await store.write("images/disk.img", streamOf("old image"));
      await expect(store.write("images/disk.img", failingStream())).rejects.toBeInstanceOf(UploadInterrupted);
      await expect(store.write("images/new.img", failingStream())).rejects.toBeInstanceOf(UploadInterrupted);
      expect(readFileSync(join(root, "images/disk.img"), "utf8")).toBe("old image");
      expect(existsSync(join(root, "images/new.img"))).toBe(false);
      expect(readdirSync(join(root, "images"))).toEqual(["disk.img"]);
      expect(readdirSync(join(root, ".partial"))).toEqual([]);
    });

    it("is refused with a reason when a folder is in the way", async () => {
      mkdirSync(join(root, "a/dir"), { recursive: true });
      const failure = await store.write("a/dir", streamOf("x")).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(FileWriteFailed);
      expect(failure).toMatchObject({ reason: "a folder with that name is in the way", denied: false });
      expect(readdirSync(join(root, ".partial"))).toEqual([]);
    });

    it("is refused with a reason when a file is in the way of its folder", async () => {
      await store.write("a/file", streamOf("x"));
      const failure = await store.write("a/file/inner.txt", streamOf("y")).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(FileWriteFailed);
      expect((failure as FileWriteFailed).reason).toBe("a file is in the way of its folder");
    });
  });

  it("never lists an upload in progress", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let step = 0;
    const slow = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (step++ === 0) return controller.enqueue(bytes("first chunk "));
        await gate;
        controller.enqueue(bytes("last chunk"));
        controller.close();
      },
    });
    const upload = store.write("images/QEMU/big.qcow2", slow);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await store.list("images")).toEqual([]);
    release();
    await upload;
    expect(await store.list("images")).toEqual([{ path: "QEMU/big.qcow2", size: 22 }]);
  });

  it("lists a folder recursively with sorted relative paths, and nothing for a missing folder", async () => {
    await store.write("projects/p/b.txt", streamOf("bb"));
    await store.write("projects/p/a/z.txt", streamOf("z"));
    await store.write("projects/p/a/y/x.txt", streamOf("xxx"));
    await store.write("projects/q/other.txt", streamOf("o"));
    expect(await store.list("projects/p")).toEqual([
      { path: "a/y/x.txt", size: 3 },
      { path: "a/z.txt", size: 1 },
      { path: "b.txt", size: 2 },
    ]);
    expect(await store.list("projects/none")).toEqual([]);
  });

  it("removes a file or a whole folder, and a missing path is no error", async () => {
    await store.write("projects/p/a/b.txt", streamOf("b"));
    await store.write("projects/p/c.txt", streamOf("c"));
    await store.remove("projects/p/c.txt");
    expect(await store.list("projects/p")).toEqual([{ path: "a/b.txt", size: 1 }]);
    await store.remove("projects/p");
    expect(existsSync(join(root, "projects/p"))).toBe(false);
    await store.remove("projects/p");
  });

  it("removes a folder while files are still being written into it", async () => {
    // A project's node folders, and a node's start-up script written after the removal began.
    for (let node = 0; node < 200; node++) await store.write(`projects/p/vpcs/${node}/startup.vpc`, streamOf("set pcname PC\n"));
    let writing = true;
    const writer = (async () => {
      for (let node = 0; writing && node < 50; node++) {
        mkdirSync(join(root, "projects/p/vpcs/late", String(node)), { recursive: true });
        writeFileSync(join(root, "projects/p/vpcs/late", String(node), "startup.vpc"), "set pcname PC\n");
        await new Promise((resolve) => setImmediate(resolve));
      }
    })().catch(() => {});
    try {
      await store.remove("projects/p");
    } finally {
      writing = false;
      await writer;
    }
  });

  describe("paths that leave the root", () => {
    it.each(["../escape.txt", "a/../../escape.txt", "/tmp/escape.txt", "a\\..\\..\\escape.txt", ""])(
      "refuses %j for every operation and creates nothing",
      async (path) => {
        await expect(store.write(path, streamOf("x"))).rejects.toBeInstanceOf(PathEscape);
        await expect(store.read(path)).rejects.toBeInstanceOf(PathEscape);
        await expect(store.md5(path)).rejects.toBeInstanceOf(PathEscape);
        await expect(store.list(path)).rejects.toBeInstanceOf(PathEscape);
        await expect(store.remove(path)).rejects.toBeInstanceOf(PathEscape);
        expect(existsSync(join(root, "..", "escape.txt"))).toBe(false);
      },
    );

    it("refuses to read, hash, list or write through a symlinked folder pointing outside", async () => {
      mkdirSync(join(root, "projects/p"), { recursive: true });
      symlinkSync(outside, join(root, "projects/p/escape"));
      await expect(store.read("projects/p/escape/secret.txt")).rejects.toBeInstanceOf(PathEscape);
      await expect(store.md5("projects/p/escape/secret.txt")).rejects.toBeInstanceOf(PathEscape);
      await expect(store.list("projects/p/escape")).rejects.toBeInstanceOf(PathEscape);
      await expect(store.write("projects/p/escape/new.txt", streamOf("x"))).rejects.toBeInstanceOf(PathEscape);
      await expect(store.write("projects/p/escape/deep/new.txt", streamOf("x"))).rejects.toBeInstanceOf(PathEscape);
      await expect(store.remove("projects/p/escape/secret.txt")).rejects.toBeInstanceOf(PathEscape);
      expect(readdirSync(outside)).toEqual(["secret.txt"]);
    });

    it("refuses a symlinked file pointing outside and never lists links", async () => {
      mkdirSync(join(root, "projects/p"), { recursive: true });
      symlinkSync(join(outside, "secret.txt"), join(root, "projects/p/link.txt"));
      symlinkSync(outside, join(root, "projects/p/escape"));
      await expect(store.read("projects/p/link.txt")).rejects.toBeInstanceOf(PathEscape);
      await expect(store.write("projects/p/link.txt", streamOf("overwrite"))).rejects.toBeInstanceOf(PathEscape);
      expect(await store.list("projects/p")).toEqual([]);
      expect(readFileSync(join(outside, "secret.txt"), "utf8")).toBe("top secret");
    });

    it("removes a project holding links to outside without touching their targets", async () => {
      mkdirSync(join(root, "projects/p"), { recursive: true });
      symlinkSync(outside, join(root, "projects/p/escape"));
      symlinkSync(join(outside, "secret.txt"), join(root, "projects/p/link.txt"));
      await store.remove("projects/p/link.txt");
      await store.remove("projects/p");
      expect(existsSync(join(root, "projects/p"))).toBe(false);
      expect(readFileSync(join(outside, "secret.txt"), "utf8")).toBe("top secret");
    });

    it("follows symlinks that stay inside the root", async () => {
      await store.write("shared/base.img", streamOf("base"));
      mkdirSync(join(root, "projects/p"), { recursive: true });
      symlinkSync(join(root, "shared"), join(root, "projects/p/shared"));
      expect(await textOf((await store.read("projects/p/shared/base.img"))!.stream)).toBe("base");
    });
  });
});
