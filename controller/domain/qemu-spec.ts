import type { QemuImage, QemuSpec } from "@shared/proto";
import { QEMU_DEFAULTS, QEMU_DISK_SLOTS } from "@shared/qemu/defaults";
import { NODE_TYPE_TRAITS } from "./node-types";
import type { NodeRecord } from "./nodes";

const text = (value: unknown, fallback = ""): string => (typeof value === "string" ? value : fallback);
const whole = (value: unknown, fallback: number): number => (typeof value === "number" && Number.isInteger(value) && value > 0 ? value : fallback);

/**
 * A QEMU node as its host runs it, from GNS3 2.2's properties and defaults: 256 MB, one CPU,
 * `qemu-system-x86_64` unless `qemu_path` or `platform` says otherwise, linked clones, each
 * adapter with the NIC model and MAC its port shows (a custom adapter may change both); a
 * duplicate names the node its disks are copied from, for as long as it exists: its host copies
 * only into a disk not made yet, so once the duplicate has its own the name changes nothing.
 * `image` gives an image's checksum as the store holds it.
 */
export function qemuSpec(node: NodeRecord, image: (name: string) => QemuImage): QemuSpec {
  const properties = node.properties;
  const named = (property: string): QemuImage => {
    const name = text(properties[property]);
    return name === "" ? { name: "", md5: "" } : image(name);
  };
  const platform = text(properties.platform) || QEMU_DEFAULTS.platform;
  const defaultModel = text(properties.adapter_type) || QEMU_DEFAULTS.adapterType;
  const ports = NODE_TYPE_TRAITS.qemu.creation?.ports(node) ?? [];
  return {
    binary: text(properties.qemu_path) || `qemu-system-${platform}`,
    ramMb: whole(properties.ram, QEMU_DEFAULTS.ramMb),
    cpus: whole(properties.cpus, QEMU_DEFAULTS.cpus),
    adapters: ports.map((port) => ({
      adapterNumber: port.adapter_number,
      model: node.custom_adapters.find((custom) => custom.adapter_number === port.adapter_number)?.adapter_type || defaultModel,
      macAddress: String(port.mac_address ?? ""),
    })),
    disks: [
      ...QEMU_DISK_SLOTS.map((slot) => ({
        slot,
        image: named(`${slot}_disk_image`),
        interface: text(properties[`${slot}_disk_interface`]) || QEMU_DEFAULTS.diskInterface,
        growMb: node.disk_growth_mb?.[slot] ?? 0,
      })),
      { slot: "cdrom", image: named("cdrom_image"), interface: QEMU_DEFAULTS.diskInterface, growMb: 0 },
    ].filter((disk) => disk.image.name !== ""),
    kernelImage: named("kernel_image"),
    initrd: named("initrd"),
    bios: named("bios_image"),
    kernelCommandLine: text(properties.kernel_command_line),
    bootPriority: text(properties.boot_priority) || QEMU_DEFAULTS.bootPriority,
    options: text(properties.options),
    consoleType: node.console_type ?? "none",
    onClose: text(properties.on_close) || QEMU_DEFAULTS.onClose,
    linkedClone: properties.linked_clone !== false,
    overlaySourceNodeId: node.overlay_source?.node_id ?? "",
    overlaySourceProjectId: node.overlay_source?.project_id ?? "",
  };
}
