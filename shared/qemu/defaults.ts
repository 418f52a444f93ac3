/**
 * GNS3 2.2's QEMU node defaults, in one place for the controller (which builds a node's spec)
 * and the daemon (which turns a spec into QEMU's command line), so the two never disagree.
 */

/** The disk slots GNS3 2.2 gives a QEMU node, in drive order. */
export const QEMU_DISK_SLOTS = ["hda", "hdb", "hdc", "hdd"] as const;
/** Every drive QEMU is given: the disks, then the CD-ROM. */
export const QEMU_DRIVE_SLOTS = [...QEMU_DISK_SLOTS, "cdrom"] as const;

/** The node properties that name an image of the store (images/QEMU). */
export const QEMU_IMAGE_PROPERTIES = [...QEMU_DISK_SLOTS.map((slot) => `${slot}_disk_image` as const), "cdrom_image", "bios_image", "kernel_image", "initrd"] as const;

export const QEMU_DEFAULTS = {
  ramMb: 256,
  cpus: 1,
  platform: "x86_64",
  adapterType: "e1000",
  adapters: 1,
  diskInterface: "ide",
  bootPriority: "c",
  onClose: "power_off",
} as const;

/**
 * How long a host may take over a VM: a start waits for QMP and the console (15 s at most on
 * the host), after the KVM probe the host's first VM start runs (a few seconds where /dev/kvm
 * hangs); a guest asked to power down (`on_close: shutdown_signal`) gets 30 s before QEMU is
 * killed.
 */
export const QEMU_START_MS = 25_000;
export const QEMU_SHUTDOWN_MS = 35_000;
