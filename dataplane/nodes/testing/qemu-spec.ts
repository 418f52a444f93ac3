import { createServer } from "node:net";
import type { QemuSpec } from "@shared/proto";

/** No image in that slot. */
export const NO_IMAGE = { name: "", md5: "" };

/** A QEMU spec with GNS3's defaults (256 MB, one CPU, no disk, no adapter), changed by `overrides`. */
export function qemuSpec(overrides: Partial<QemuSpec> = {}): QemuSpec {
  return {
    binary: "qemu-system-x86_64",
    ramMb: 256,
    cpus: 1,
    adapters: [],
    disks: [],
    kernelImage: NO_IMAGE,
    initrd: NO_IMAGE,
    bios: NO_IMAGE,
    kernelCommandLine: "",
    bootPriority: "c",
    options: "",
    consoleType: "telnet",
    onClose: "power_off",
    linkedClone: true,
    overlaySourceNodeId: "",
    overlaySourceProjectId: "",
    ...overrides,
  };
}

/** A TCP port nothing listens on now on any address, for a VM's console (which listens on all of them). */
export async function freeTcpPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "0.0.0.0", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === "string") throw new Error("no TCP port");
  return address.port;
}
