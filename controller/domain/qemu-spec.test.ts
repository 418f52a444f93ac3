import { describe, expect, it } from "vitest";
import { newNode, type NodeRecord } from "./nodes";
import { nodeImageNames } from "./node-types";
import { qemuSpec } from "./qemu-spec";

const NODE_ID = "5b0f2d3c-0000-4000-8000-000000000001";

function vm(properties: Record<string, unknown> = {}, extra: Partial<NodeRecord> = {}): NodeRecord {
  const node = newNode(
    { name: "VM1", node_type: "qemu", compute_id: "local", properties },
    { nodeId: NODE_ID, projectId: "p", name: "VM1", console: 5010, hostInterfaces: [] },
  );
  return { ...node, ...extra };
}

const sums = (name: string) => ({ name, md5: `md5-of-${name}` });

describe("qemuSpec", () => {
  it("takes GNS3 2.2's defaults: x86_64, 256 MB, one CPU, one e1000 with the MAC derived from the node id, linked clone, power off", () => {
    expect(qemuSpec(vm(), sums)).toEqual({
      binary: "qemu-system-x86_64",
      ramMb: 256,
      cpus: 1,
      adapters: [{ adapterNumber: 0, model: "e1000", macAddress: "0c:0f:2d:3c:00:00" }],
      disks: [],
      kernelImage: { name: "", md5: "" },
      initrd: { name: "", md5: "" },
      bios: { name: "", md5: "" },
      kernelCommandLine: "",
      bootPriority: "c",
      options: "",
      consoleType: "telnet",
      onClose: "power_off",
      linkedClone: true,
      overlaySourceNodeId: "",
      overlaySourceProjectId: "",
    });
  });

  it("names the node whose disks a duplicate copies, in its project or another", () => {
    const original = { project_id: "p0", node_id: "5b0f2d3c-0000-4000-8000-000000000009" };
    expect(qemuSpec(vm({}, { overlay_source: original }), sums)).toMatchObject({ overlaySourceNodeId: original.node_id, overlaySourceProjectId: "p0" });
  });

  it("tells the host how much resize_disk grew each disk, in all", () => {
    const spec = qemuSpec(vm({ hda_disk_image: "linux.qcow2", hdb_disk_image: "data.qcow2" }, { disk_growth_mb: { hda: 1536 } }), sums);
    expect(spec.disks.map((disk) => [disk.slot, disk.growMb])).toEqual([
      ["hda", 1536],
      ["hdb", 0],
    ]);
  });

  it("carries disks, kernel, options and adapters as the properties give them, each image with its checksum", () => {
    const node = vm(
      {
        platform: "i386", ram: 512, cpus: 2, adapters: 3, adapter_type: "virtio-net-pci", mac_address: "0c:11:22:33:44:00",
        hda_disk_image: "linux.qcow2", hdb_disk_image: "data.qcow2", hdb_disk_interface: "virtio", cdrom_image: "boot.iso",
        kernel_image: "vmlinuz", initrd: "initrd.gz", kernel_command_line: "console=ttyS0", boot_priority: "dc",
        options: "-nographic -device 'virtio-rng-pci'", linked_clone: false, on_close: "shutdown_signal",
      },
      { custom_adapters: [{ adapter_number: 2, adapter_type: "rtl8139", mac_address: "02:00:00:00:00:99" }] },
    );
    const spec = qemuSpec(node, sums);
    expect(spec).toMatchObject({ binary: "qemu-system-i386", ramMb: 512, cpus: 2, bootPriority: "dc", linkedClone: false, onClose: "shutdown_signal", options: "-nographic -device 'virtio-rng-pci'" });
    expect(spec.adapters).toEqual([
      { adapterNumber: 0, model: "virtio-net-pci", macAddress: "0c:11:22:33:44:00" },
      { adapterNumber: 1, model: "virtio-net-pci", macAddress: "0c:11:22:33:44:01" },
      { adapterNumber: 2, model: "rtl8139", macAddress: "02:00:00:00:00:99" },
    ]);
    expect(spec.disks).toEqual([
      { slot: "hda", image: sums("linux.qcow2"), interface: "ide", growMb: 0 },
      { slot: "hdb", image: sums("data.qcow2"), interface: "virtio", growMb: 0 },
      { slot: "cdrom", image: sums("boot.iso"), interface: "ide", growMb: 0 },
    ]);
    expect([spec.kernelImage, spec.initrd]).toEqual([sums("vmlinuz"), sums("initrd.gz")]);
    expect(nodeImageNames(node)).toEqual(["linux.qcow2", "data.qcow2", "boot.iso", "vmlinuz", "initrd.gz"]);
  });

  it("runs the binary qemu_path names, and the node's console type", () => {
    expect(qemuSpec(vm({ qemu_path: "/opt/qemu/bin/qemu-system-aarch64" }, { console_type: "vnc" }), sums)).toMatchObject({ binary: "/opt/qemu/bin/qemu-system-aarch64", consoleType: "vnc" });
  });
});
