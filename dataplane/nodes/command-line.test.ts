import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shellLine } from "./command-line";
import { qemuArguments, splitOptions, type QemuCommandInput } from "./qemu-command";

const NO_IMAGE = { name: "", md5: "" };

/** A VM whose name and kernel command line need quoting, and a disk under a folder with a space. */
function vm(accelerator: QemuCommandInput["accelerator"], options = ""): QemuCommandInput {
  return {
    nodeId: "5f3a1c2e-8d4b-4e6f-9a01-23456789abcd", projectId: "p", name: "Edge router", consolePort: 5001, accelerator, qmpSocket: "qmp.sock",
    files: { disks: { hda: "/var/lib/gns3 data/hda_disk.qcow2" }, kernel: "/images/vmlinuz" },
    tunnels: new Map([[0, { daemonPort: 30001, qemuPort: 30002 }]]),
    qemu: {
      binary: "qemu-system-x86_64", ramMb: 256, cpus: 1, adapters: [{ adapterNumber: 0, model: "e1000", macAddress: "" }],
      disks: [{ slot: "hda", image: { name: "linux.qcow2", md5: "" }, interface: "virtio", growMb: 0 }], kernelImage: { name: "vmlinuz", md5: "" }, initrd: NO_IMAGE, bios: NO_IMAGE,
      kernelCommandLine: "console=ttyS0 quiet", bootPriority: "c", options, consoleType: "telnet", onClose: "power_off", linkedClone: true,
      overlaySourceNodeId: "", overlaySourceProjectId: "",
    },
  };
}

describe("a process's command line", () => {
  it("leaves plain words bare and quotes the others as a shell reads them", () => {
    expect(shellLine(["vpcs", "-F", "-p", "5000", "-t", "127.0.0.1", "startup.vpc"])).toBe("vpcs -F -p 5000 -t 127.0.0.1 startup.vpc");
    expect(shellLine(["qemu-system-x86_64", "-name", "my VM", "-append", "console=ttyS0 quiet", ""])).toBe(
      "qemu-system-x86_64 -name 'my VM' -append 'console=ttyS0 quiet' ''",
    );
    expect(shellLine(["-name", "it's", "$HOME", "a\"b"])).toBe(`-name 'it'\\''s' '$HOME' 'a"b'`);
  });

  it("splits back into the same words, whatever they hold", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "binary", maxLength: 12 }), { maxLength: 8 }), (argv) => {
        expect(splitOptions(shellLine(argv))).toEqual(argv);
      }),
      { numRuns: 200 },
    );
  });

  it("shows a QEMU command with the accelerator it runs under, and splits back into the arguments QEMU was given", () => {
    for (const [accelerator, shown] of [["tcg", " -accel tcg "], ["kvm", " -enable-kvm "]] as const) {
      const argv = ["qemu-system-x86_64", ...qemuArguments(vm(accelerator))];
      const line = shellLine(argv);
      expect(line.startsWith("qemu-system-x86_64 -name 'Edge router' -m 256M -smp cpus=1")).toBe(true);
      expect(line).toContain(shown);
      expect(line).toContain(" -drive 'file=/var/lib/gns3 data/hda_disk.qcow2,if=virtio,index=0,media=disk,id=drive0' ");
      expect(line).toContain(" -append 'console=ttyS0 quiet' ");
      expect(splitOptions(line)).toEqual(argv);
    }
    // An accelerator named in the node's options is the one QEMU runs under, and the one shown.
    const chosen = shellLine(["qemu-system-x86_64", ...qemuArguments(vm("kvm", "-machine accel=tcg"))]);
    expect(chosen).not.toContain("-enable-kvm");
    expect(chosen.endsWith(" -machine accel=tcg")).toBe(true);
  });
});
