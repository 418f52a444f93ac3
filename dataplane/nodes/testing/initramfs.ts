/**
 * Builds a tiny Linux initramfs for tests that boot a real kernel under QEMU: an uncompressed
 * "newc" cpio archive (the format the kernel unpacks into its root file system) holding a
 * static busybox, the `/init` script it runs, and whatever files a test adds.
 *
 *   const image = await buildInitramfs({
 *     init: "echo READY > /dev/console\nexec sh",
 *     files: { "/etc/motd": Buffer.from("hi\n"), "/lib/e1000.ko": { from: "/lib/modules/…/e1000.ko" } },
 *   });
 *   await writeFile(join(dir, "initrd.cpio"), image);   // qemu … -kernel /boot/vmlinuz-… -initrd that
 *
 * The image always has /bin/busybox (Debian's busybox-static) with /bin/sh linked to it,
 * /dev/console (so /init has its output on the kernel's console, e.g. `console=ttyS0`) and
 * empty /proc, /sys, /dev, /tmp, /etc to mount or write in.
 *
 * A Debian kernel has most drivers (virtio, e1000, the ACPI power button) as modules:
 * `kernelModules` adds them with their dependencies and the lines that load them.
 */
import { access, readdir, readFile } from "node:fs/promises";
import { constants } from "node:fs";

/** A file in the image, by its absolute path in the guest. */
export type InitramfsEntry =
  /** A regular file, mode 0644. */
  | Buffer
  /** A regular file: its content, or a file of this host copied (`from`); mode default 0644. */
  | { readonly data: Buffer | string; readonly mode?: number }
  | { readonly from: string; readonly mode?: number }
  | { readonly directory: true; readonly mode?: number }
  | { readonly symlink: string }
  | { readonly device: "char" | "block"; readonly major: number; readonly minor: number; readonly mode?: number };

export interface InitramfsOptions {
  /**
   * The text of `/init` (mode 0755), which the kernel runs as process 1. Without a `#!` line
   * it is run by busybox's sh. It must not exit (the kernel panics): end with `exec sh`,
   * a `sleep` loop or `poweroff -f`.
   */
  readonly init: string;
  readonly files?: Readonly<Record<string, InitramfsEntry>>;
  /** The static busybox to put at /bin/busybox; default the busybox-static package's. */
  readonly busybox?: string;
}

export const DEFAULT_BUSYBOX = "/bin/busybox";

const S_IFMT = 0o170000;
const S_IFDIR = 0o040000;
const S_IFREG = 0o100000;
const S_IFLNK = 0o120000;
const S_IFCHR = 0o020000;
const S_IFBLK = 0o060000;

interface ArchiveEntry {
  readonly path: string;
  readonly mode: number;
  readonly data: Buffer;
  readonly rdevMajor: number;
  readonly rdevMinor: number;
}

/** The archive, ready to pass to `-initrd`. */
export async function buildInitramfs(options: InitramfsOptions): Promise<Buffer> {
  const entries = new Map<string, ArchiveEntry>();
  const add = (path: string, mode: number, data: Buffer = Buffer.alloc(0), rdevMajor = 0, rdevMinor = 0) => {
    const clean = guestPath(path);
    for (const parent of parentsOf(clean)) {
      if (!entries.has(parent)) entries.set(parent, { path: parent, mode: S_IFDIR | 0o755, data: Buffer.alloc(0), rdevMajor: 0, rdevMinor: 0 });
    }
    entries.set(clean, { path: clean, mode, data, rdevMajor, rdevMinor });
  };

  for (const directory of ["/proc", "/sys", "/dev", "/tmp", "/etc", "/bin", "/sbin"]) add(directory, S_IFDIR | 0o755);
  add("/dev/console", S_IFCHR | 0o600, undefined, 5, 1);
  add("/bin/busybox", S_IFREG | 0o755, await readFile(options.busybox ?? DEFAULT_BUSYBOX));
  add("/bin/sh", S_IFLNK | 0o777, Buffer.from("busybox"));
  add("/init", S_IFREG | 0o755, Buffer.from(options.init.startsWith("#!") ? options.init : `#!/bin/sh\n${options.init}`));

  for (const [path, entry] of Object.entries(options.files ?? {})) {
    if (Buffer.isBuffer(entry)) add(path, S_IFREG | 0o644, entry);
    else if ("data" in entry) add(path, S_IFREG | (entry.mode ?? 0o644), Buffer.from(entry.data));
    else if ("from" in entry) add(path, S_IFREG | (entry.mode ?? 0o644), await readFile(entry.from));
    else if ("directory" in entry) add(path, S_IFDIR | (entry.mode ?? 0o755));
    else if ("symlink" in entry) add(path, S_IFLNK | 0o777, Buffer.from(entry.symlink));
    else add(path, (entry.device === "char" ? S_IFCHR : S_IFBLK) | (entry.mode ?? 0o600), undefined, entry.major, entry.minor);
  }

  // Parents sort before their children, so the kernel creates a directory before filling it.
  const ordered = [...entries.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const parts: Buffer[] = [];
  ordered.forEach((entry, index) => parts.push(...cpioEntry(entry, index + 1)));
  parts.push(...cpioEntry({ path: "TRAILER!!!", mode: 0, data: Buffer.alloc(0), rdevMajor: 0, rdevMinor: 0 }, 0));
  return Buffer.concat(parts);
}

/** The path as stored in the archive: relative to the root, without a leading slash. */
function guestPath(path: string): string {
  const parts = path.split("/").filter((part) => part !== "" && part !== ".");
  if (parts.length === 0 || parts.includes("..")) throw new Error(`initramfs path '${path}' must name a file under /`);
  return parts.join("/");
}

function parentsOf(path: string): string[] {
  const parts = path.split("/");
  return parts.slice(0, -1).map((_, index) => parts.slice(0, index + 1).join("/"));
}

/** One newc header (110 ASCII bytes: magic and 13 eight-digit hex fields), the name, the data, each padded to 4 bytes. */
function cpioEntry(entry: ArchiveEntry, inode: number): Buffer[] {
  const name = Buffer.from(`${entry.path}\0`);
  const fields = [
    inode,
    entry.mode,
    0, // uid
    0, // gid
    (entry.mode & S_IFMT) === S_IFDIR ? 2 : 1, // nlink
    0, // mtime: fixed, so one input always gives the same image
    entry.data.length,
    0,
    0,
    entry.rdevMajor,
    entry.rdevMinor,
    name.length,
    0, // checksum: unused by the newc (070701) format
  ];
  const header = Buffer.from(`070701${fields.map((field) => field.toString(16).padStart(8, "0")).join("")}`, "ascii");
  return [header, name, padding(header.length + name.length), entry.data, padding(entry.data.length)];
}

function padding(length: number): Buffer {
  return Buffer.alloc((4 - (length % 4)) % 4);
}

/** A kernel of this host to boot guests with. */
export interface HostKernel {
  /** /boot/vmlinuz-<version> */
  readonly image: string;
  /** Its `uname -r`, naming /lib/modules/<version>. */
  readonly version: string;
}

/** The newest readable /boot/vmlinuz-*, or undefined (tests skip without one). */
export async function hostKernel(): Promise<HostKernel | undefined> {
  const names = await readdir("/boot").catch(() => [] as string[]);
  const versions = names.flatMap((name) => (name.startsWith("vmlinuz-") ? [name.slice("vmlinuz-".length)] : [])).sort(compareVersions).reverse();
  for (const version of versions) {
    const image = `/boot/vmlinuz-${version}`;
    if (await access(image, constants.R_OK).then(() => true, () => false)) return { image, version };
  }
  return undefined;
}

/**
 * The modules `names` (as `lsmod` names them: `virtio_net`, `e1000`, `button`) of the host's
 * kernel `version` and those they need, as initramfs files under /lib/modules, and `load`:
 * the shell lines of /init that load them in dependency order. Built-in drivers need no
 * module and are skipped; a name the kernel has neither way is an error.
 */
export async function kernelModules(version: string, names: readonly string[]): Promise<{ files: Record<string, InitramfsEntry>; load: string }> {
  const root = `/lib/modules/${version}`;
  const dependencies = parseModulesDep(await readFile(`${root}/modules.dep`, "utf8"));
  const builtin = new Set((await readFile(`${root}/modules.builtin`, "utf8").catch(() => "")).split("\n").map(moduleName));
  const ordered: string[] = [];
  for (const name of names.map((each) => each.replaceAll("-", "_"))) {
    const path = dependencies.byName.get(name);
    if (path === undefined) {
      if (builtin.has(name)) continue;
      throw new Error(`kernel ${version} has no module ${name}`);
    }
    // modules.dep lists every module a module needs, the nearest first: load from the end.
    for (const each of [...(dependencies.needs.get(path) ?? [])].reverse().concat(path)) if (!ordered.includes(each)) ordered.push(each);
  }
  const files: Record<string, InitramfsEntry> = {};
  const lines: string[] = [];
  for (const path of ordered) {
    if (!path.endsWith(".ko")) throw new Error(`module ${path} is compressed; busybox insmod needs it plain`);
    const guest = `/lib/modules/${moduleName(path)}.ko`;
    files[guest] = { from: `${root}/${path}` };
    lines.push(`/bin/busybox insmod ${guest}`);
  }
  return { files, load: lines.join("\n") };
}

function parseModulesDep(text: string): { byName: Map<string, string>; needs: Map<string, string[]> } {
  const byName = new Map<string, string>();
  const needs = new Map<string, string[]>();
  for (const line of text.split("\n")) {
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const path = line.slice(0, colon);
    byName.set(moduleName(path), path);
    needs.set(path, line.slice(colon + 1).trim().split(/\s+/).filter((each) => each !== ""));
  }
  return { byName, needs };
}

/** kernel/drivers/net/virtio_net.ko → virtio_net (as the kernel names it: dashes are underscores). */
function moduleName(path: string): string {
  return (path.split("/").pop() ?? "").replace(/\.ko(\.\w+)?$/, "").replaceAll("-", "_");
}

function compareVersions(a: string, b: string): number {
  return a.localeCompare(b, "en", { numeric: true });
}
