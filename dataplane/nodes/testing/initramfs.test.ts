import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildInitramfs, DEFAULT_BUSYBOX, hostKernel, kernelModules } from "./initramfs";

const work = mkdtempSync(join(tmpdir(), "initramfs-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const hasTools = existsSync(DEFAULT_BUSYBOX) && existsSync("/usr/bin/cpio");

/** `cpio -itv` of the archive: one line per entry, "mode … name". */
function listing(archive: Buffer): string[] {
  const file = join(work, "listing.cpio");
  writeFileSync(file, archive);
  return execFileSync("cpio", ["-itv", "--quiet", "-F", file], { encoding: "utf8" }).trim().split("\n");
}

describe.skipIf(!hasTools)("buildInitramfs", () => {
  it("writes a newc archive cpio reads: busybox, /init, the console device and the files asked for, parents first", async () => {
    const archive = await buildInitramfs({
      init: "echo hello\nexec sh",
      files: {
        "/etc/motd": Buffer.from("welcome\n"),
        "/usr/local/bin/hello": { data: "#!/bin/sh\necho hi\n", mode: 0o755 },
        "/bin/ls": { symlink: "busybox" },
        "/dev/null": { device: "char", major: 1, minor: 3, mode: 0o666 },
        "/mnt": { directory: true },
      },
    });
    expect(archive.subarray(0, 6).toString()).toBe("070701");
    expect(archive.length % 4).toBe(0);
    const lines = listing(archive);
    const entry = (name: string) => lines.find((line) => line.endsWith(` ${name}`) || line.includes(` ${name} -> `));
    expect(entry("bin/busybox")).toMatch(/^-rwxr-xr-x/);
    expect(entry("bin/sh")).toMatch(/^lrwxrwxrwx.* bin\/sh -> busybox$/);
    expect(entry("init")).toMatch(/^-rwxr-xr-x/);
    expect(entry("dev/console")).toMatch(/^crw-------.* 5,\s+1 /);
    expect(entry("dev/null")).toMatch(/^crw-rw-rw-.* 1,\s+3 /);
    expect(entry("usr/local/bin/hello")).toMatch(/^-rwxr-xr-x/);
    expect(entry("etc/motd")).toMatch(/^-rw-r--r--/);
    expect(entry("mnt")).toMatch(/^drwxr-xr-x/);
    const names = lines.map((line) => line.split(/\s+/).at(line.includes(" -> ") ? -3 : -1)!);
    expect(names.indexOf("usr")).toBeLessThan(names.indexOf("usr/local"));
    expect(names.indexOf("usr/local/bin")).toBeLessThan(names.indexOf("usr/local/bin/hello"));
    const file = join(work, "extract.cpio");
    writeFileSync(file, archive);
    expect(execFileSync("cpio", ["-i", "--quiet", "--to-stdout", "-F", file, "init"], { encoding: "utf8" })).toBe("#!/bin/sh\necho hello\nexec sh");
    expect(execFileSync("cpio", ["-i", "--quiet", "--to-stdout", "-F", file, "bin/busybox"], { maxBuffer: 64 << 20 }).equals(readFileSync(DEFAULT_BUSYBOX))).toBe(true);
  });

  it("keeps an init script that has its own #! line", async () => {
    const file = join(work, "shebang.cpio");
    writeFileSync(file, await buildInitramfs({ init: "#!/bin/busybox ash\necho hi\n" }));
    expect(execFileSync("cpio", ["-i", "--quiet", "--to-stdout", "-F", file, "init"], { encoding: "utf8" })).toBe("#!/bin/busybox ash\necho hi\n");
  });

  it("refuses a path outside the root", async () => {
    await expect(buildInitramfs({ init: "", files: { "/../etc/passwd": Buffer.from("") } })).rejects.toThrow("must name a file under /");
  });
});

describe("kernelModules", async () => {
  const kernel = await hostKernel();
  const hasModules = kernel !== undefined && existsSync(`/lib/modules/${kernel.version}/modules.dep`);

  it.skipIf(!hasModules)("adds a module with what it needs, loaded first", async () => {
    const { files, load } = await kernelModules(kernel!.version, ["virtio_net"]);
    const order = load.split("\n").map((line) => line.replace("/bin/busybox insmod /lib/modules/", "").replace(".ko", ""));
    expect(order.at(-1)).toBe("virtio_net");
    expect(order.indexOf("virtio_ring")).toBeLessThan(order.indexOf("virtio"));
    expect(order.indexOf("virtio")).toBeLessThan(order.indexOf("virtio_net"));
    expect(Object.keys(files).sort()).toEqual(order.map((name) => `/lib/modules/${name}.ko`).sort());
  });

  it.skipIf(!hasModules)("refuses a module the kernel does not have", async () => {
    await expect(kernelModules(kernel!.version, ["no_such_driver"])).rejects.toThrow(`kernel ${kernel!.version} has no module no_such_driver`);
  });
});
