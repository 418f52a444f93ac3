/**
 * The arguments of `qemu-system-*` for one QEMU node, from its spec and what the runtime
 * resolved on this host (image paths, UDP ports, the accelerator). Pure: no file or process
 * is touched here, so every rule below is unit-tested.
 *
 * Each adapter is a NIC whose frames travel as GNS3's nio_udp (one datagram, one frame):
 * QEMU's `socket` netdev sends to the daemon's port of that adapter and receives on its own.
 * Every adapter gets its tunnel, linked or not, so linking a port needs no change in QEMU.
 */
import type { QemuSpec } from "@shared/proto";
import { QEMU_DEFAULTS, QEMU_DISK_SLOTS, QEMU_DRIVE_SLOTS } from "@shared/qemu/defaults";
import { splitShellWords } from "@shared/shell-words";

export type Accelerator = "kvm" | "tcg";

/** The daemon-side and QEMU-side UDP ports of one adapter, both on 127.0.0.1. */
export interface AdapterTunnel {
  readonly daemonPort: number;
  readonly qemuPort: number;
}

/** Host files of the spec's images, by what they are for; absent: not used. */
export interface ResolvedFiles {
  /** By slot (hda..hdd, cdrom): the file QEMU opens (a linked clone's overlay or the image). */
  readonly disks: Readonly<Partial<Record<DiskSlot, string>>>;
  readonly kernel?: string;
  readonly initrd?: string;
  readonly bios?: string;
}

export interface QemuCommandInput {
  readonly nodeId: string;
  readonly projectId: string;
  readonly name: string;
  readonly consolePort: number;
  readonly qemu: QemuSpec;
  readonly accelerator: Accelerator;
  readonly files: ResolvedFiles;
  /** By adapter number. */
  readonly tunnels: ReadonlyMap<number, AdapterTunnel>;
  /** The QMP socket, as QEMU is to create it (relative to its working directory). */
  readonly qmpSocket: string;
}

/** A spec QEMU cannot be started with; the message is for the user. */
export class QemuCommandError extends Error {}

export const DISK_SLOTS = QEMU_DRIVE_SLOTS;
export type DiskSlot = (typeof DISK_SLOTS)[number];
const VNC_BASE_PORT = 5900;
const DISK_INTERFACES = new Set(["ide", "sata", "scsi", "sd", "mtd", "floppy", "pflash", "virtio"]);
/** Options that choose a display: with one of them in `options`, ours (none) is left out. */
const DISPLAY_OPTIONS = new Set(["-display", "-nographic", "-vnc", "-curses", "-sdl", "-spice"]);

/** The arguments after the program name. Throws `QemuCommandError` for what QEMU cannot be given. */
export function qemuArguments(input: QemuCommandInput): string[] {
  const { qemu } = input;
  const extra = userOptions(input);
  const args = ["-name", escapeCommas(input.name), "-m", `${qemu.ramMb || QEMU_DEFAULTS.ramMb}M`, "-smp", `cpus=${qemu.cpus || QEMU_DEFAULTS.cpus}`];
  if (!namesAccelerator(extra)) args.push(...(input.accelerator === "kvm" ? ["-enable-kvm"] : ["-accel", "tcg"]));
  if (UUID.test(input.nodeId) && !extra.includes("-uuid")) args.push("-uuid", input.nodeId);
  args.push(...bootOptions(qemu.bootPriority));
  if (input.files.bios) args.push("-bios", input.files.bios);
  args.push(...diskOptions(qemu, input.files));
  if (input.files.kernel) args.push("-kernel", input.files.kernel);
  if (input.files.initrd) args.push("-initrd", input.files.initrd);
  if (qemu.kernelCommandLine) args.push("-append", qemu.kernelCommandLine);
  args.push(...consoleOptions(qemu.consoleType, input.consolePort));
  if (!extra.some((option) => DISPLAY_OPTIONS.has(option))) args.push("-display", "none");
  args.push("-qmp", `unix:${escapeCommas(input.qmpSocket)},server=on,wait=off`);
  args.push(...networkOptions(qemu, input.tunnels));
  args.push(...extra);
  return args;
}

/** The user's options split as a shell would (never run through one); throws `QemuCommandError` naming what is wrong. */
export function splitOptions(text: string): string[] {
  try {
    return splitShellWords(text, "the options");
  } catch (error) {
    throw new QemuCommandError((error as Error).message);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAC_ADDRESS = /^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/i;
/** A QEMU device name: nothing that could close the option and add another. */
const DEVICE_MODEL = /^[A-Za-z0-9_.-]+$/;
const BOOT_ORDER = /^[a-p]{1,4}$/;

/** The user's extra options with GNS3's placeholders filled in (after splitting, so a value never needs quoting). */
function userOptions(input: QemuCommandInput): string[] {
  const values: Record<string, string> = {
    "%vm-name%": input.name,
    "%vm-id%": input.nodeId,
    "%project-id%": input.projectId,
    "%console-port%": String(input.consolePort),
  };
  return splitOptions(input.qemu.options.trim()).map((word) => word.replace(/%(vm-name|vm-id|project-id|console-port)%/g, (placeholder) => values[placeholder]!));
}

function namesAccelerator(options: readonly string[]): boolean {
  return options.some(
    (option, index) =>
      option === "-accel" || option === "-enable-kvm" || option === "-no-kvm" || ((option === "-machine" || option === "-M") && /(^|,)accel=/.test(options[index + 1] ?? "")),
  );
}

function bootOptions(priority: string): string[] {
  if (priority === "") return [];
  if (!BOOT_ORDER.test(priority)) throw new QemuCommandError(`boot priority '${priority}' is not a QEMU boot order (letters like c, d, n: cn, cd, dc, nc, nd)`);
  return ["-boot", `order=${priority}`];
}

/** In option values QEMU reads a comma as the start of the next option; a doubled one is a comma. */
function escapeCommas(value: string): string {
  return value.replaceAll(",", ",,");
}

function diskOptions(qemu: QemuSpec, files: ResolvedFiles): string[] {
  const args: string[] = [];
  if (files.disks.hdc && files.disks.cdrom) throw new QemuCommandError("a disk image on hdc and a CD-ROM image cannot be used at the same time");
  QEMU_DISK_SLOTS.forEach((slot, index) => {
    const path = files.disks[slot];
    if (path === undefined) return;
    const asked = qemu.disks.find((disk) => disk.slot === slot)?.interface ?? "";
    // As GNS3: a disk given without an interface (or "none") is on IDE.
    const bus = asked === "" || asked === "none" ? "ide" : asked;
    if (!DISK_INTERFACES.has(bus)) throw new QemuCommandError(`disk interface '${asked}' of ${slot} is not one of ${[...DISK_INTERFACES].join(", ")}`);
    const file = `file=${escapeCommas(path)}`;
    const id = `drive${index}`;
    // QEMU has no `if=sata` nor a default SCSI controller every guest knows: both get a controller of their own.
    if (bus === "sata") {
      args.push("-device", `ahci,id=ahci${index}`, "-drive", `${file},if=none,id=${id},media=disk`, "-device", `ide-hd,drive=${id},bus=ahci${index}.0`);
    } else if (bus === "scsi") {
      args.push("-device", `virtio-scsi-pci,id=scsi${index}`, "-drive", `${file},if=none,id=${id},media=disk`, "-device", `scsi-hd,drive=${id},bus=scsi${index}.0`);
    } else {
      args.push("-drive", `${file},if=${bus},index=${index},media=disk,id=${id}`);
    }
  });
  if (files.disks.cdrom) args.push("-drive", `file=${escapeCommas(files.disks.cdrom)},if=ide,index=2,media=cdrom`);
  return args;
}

function consoleOptions(consoleType: string, port: number): string[] {
  if (consoleType === "none" || port === 0) return [];
  if (consoleType === "vnc") {
    if (port < VNC_BASE_PORT) throw new QemuCommandError(`VNC console port ${port} must be ${VNC_BASE_PORT} or above`);
    return ["-vnc", `0.0.0.0:${port - VNC_BASE_PORT}`];
  }
  if (consoleType === "telnet" || consoleType === "") return ["-serial", `telnet:0.0.0.0:${port},server=on,wait=off`];
  throw new QemuCommandError(`console type '${consoleType}' is not supported for QEMU nodes (telnet, vnc or none)`);
}

function networkOptions(qemu: QemuSpec, tunnels: ReadonlyMap<number, AdapterTunnel>): string[] {
  // QEMU adds a user-mode NIC of its own unless told not to.
  const args = ["-nic", "none"];
  for (const adapter of qemu.adapters) {
    const tunnel = tunnels.get(adapter.adapterNumber);
    if (tunnel === undefined) throw new QemuCommandError(`adapter ${adapter.adapterNumber} has no UDP tunnel`);
    const model = adapter.model || QEMU_DEFAULTS.adapterType;
    if (!DEVICE_MODEL.test(model)) throw new QemuCommandError(`adapter type '${model}' is not a QEMU network device name`);
    if (adapter.macAddress !== "" && !MAC_ADDRESS.test(adapter.macAddress)) {
      throw new QemuCommandError(`MAC address '${adapter.macAddress}' of adapter ${adapter.adapterNumber} is not like 0c:7e:5f:00:00:01`);
    }
    const netdev = `gns3-${adapter.adapterNumber}`;
    const mac = adapter.macAddress === "" ? "" : `,mac=${adapter.macAddress.toLowerCase()}`;
    args.push("-netdev", `socket,id=${netdev},udp=127.0.0.1:${tunnel.daemonPort},localaddr=127.0.0.1:${tunnel.qemuPort}`);
    args.push("-device", `${model}${mac},netdev=${netdev}`);
  }
  return args;
}
