import { describe, expect, it } from "vitest";
import type { QemuSpec } from "@shared/proto";
import { QemuCommandError, qemuArguments, splitOptions, type QemuCommandInput } from "./qemu-command";
import { NO_IMAGE, qemuSpec as gns3Defaults } from "./testing/qemu-spec";

/** The VM these tests start from: 512 MB and two CPUs, so that GNS3's defaults never pass by accident. */
const qemuSpec = (overrides: Partial<QemuSpec> = {}): QemuSpec => gns3Defaults({ ramMb: 512, cpus: 2, ...overrides });

const NODE_ID = "5f3a1c2e-8d4b-4e6f-9a01-23456789abcd";
const PROJECT_ID = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";

function input(overrides: Partial<QemuCommandInput> = {}, qemu: Partial<QemuSpec> = {}): QemuCommandInput {
  return {
    nodeId: NODE_ID,
    projectId: PROJECT_ID,
    name: "R1",
    consolePort: 5001,
    qemu: qemuSpec(qemu),
    accelerator: "tcg",
    files: { disks: {} },
    tunnels: new Map(),
    qmpSocket: "qmp.sock",
    ...overrides,
  };
}

/** The value following `option`, for each time it appears. */
function valuesOf(args: string[], option: string): string[] {
  return args.flatMap((arg, index) => (arg === option ? [args[index + 1]!] : []));
}

describe("qemuArguments", () => {
  it("builds a typical VM: name, memory, CPUs, accelerator, console, QMP, no display, no default NIC", () => {
    expect(qemuArguments(input())).toEqual([
      "-name", "R1",
      "-m", "512M",
      "-smp", "cpus=2",
      "-accel", "tcg",
      "-uuid", NODE_ID,
      "-boot", "order=c",
      "-serial", "telnet:0.0.0.0:5001,server=on,wait=off",
      "-display", "none",
      "-qmp", "unix:qmp.sock,server=on,wait=off",
      "-nic", "none",
    ]);
  });

  it("uses KVM when the probe found it working", () => {
    const args = qemuArguments(input({ accelerator: "kvm" }));
    expect(args).toContain("-enable-kvm");
    expect(args).not.toContain("-accel");
  });

  it("falls back to 256 MB and one CPU when the spec leaves them at 0", () => {
    const args = qemuArguments(input({}, { ramMb: 0, cpus: 0 }));
    expect(valuesOf(args, "-m")).toEqual(["256M"]);
    expect(valuesOf(args, "-smp")).toEqual(["cpus=1"]);
  });

  it("gives each adapter a UDP socket netdev towards the daemon and a NIC with its model and MAC", () => {
    const args = qemuArguments(
      input(
        { tunnels: new Map([[0, { daemonPort: 40000, qemuPort: 40001 }], [1, { daemonPort: 40002, qemuPort: 40003 }]]) },
        { adapters: [{ adapterNumber: 0, model: "virtio-net-pci", macAddress: "0C:7E:5F:00:00:00" }, { adapterNumber: 1, model: "", macAddress: "" }] },
      ),
    );
    expect(valuesOf(args, "-netdev")).toEqual([
      "socket,id=gns3-0,udp=127.0.0.1:40000,localaddr=127.0.0.1:40001",
      "socket,id=gns3-1,udp=127.0.0.1:40002,localaddr=127.0.0.1:40003",
    ]);
    expect(valuesOf(args, "-device")).toEqual(["virtio-net-pci,mac=0c:7e:5f:00:00:00,netdev=gns3-0", "e1000,netdev=gns3-1"]);
    expect(valuesOf(args, "-nic")).toEqual(["none"]);
  });

  it("refuses an adapter model or MAC address that would smuggle options in", () => {
    const tunnels = new Map([[0, { daemonPort: 1, qemuPort: 2 }]]);
    expect(() => qemuArguments(input({ tunnels }, { adapters: [{ adapterNumber: 0, model: "e1000,romfile=/etc/shadow", macAddress: "" }] }))).toThrow(
      "adapter type 'e1000,romfile=/etc/shadow' is not a QEMU network device name",
    );
    expect(() => qemuArguments(input({ tunnels }, { adapters: [{ adapterNumber: 0, model: "e1000", macAddress: "0c:7e,x" }] }))).toThrow(QemuCommandError);
  });

  it("puts disks on their index with IDE by default, the CD-ROM on index 2, and doubles commas in paths", () => {
    const args = qemuArguments(
      input(
        { files: { disks: { hda: "/data/qemu/p/n/hda_disk.qcow2", hdb: "/images/QEMU/a,b.img", cdrom: "/images/QEMU/boot.iso" } } },
        { disks: [{ slot: "hda", image: NO_IMAGE, interface: "virtio", growMb: 0 }, { slot: "hdb", image: NO_IMAGE, interface: "none", growMb: 0 }] },
      ),
    );
    expect(valuesOf(args, "-drive")).toEqual([
      "file=/data/qemu/p/n/hda_disk.qcow2,if=virtio,index=0,media=disk,id=drive0",
      "file=/images/QEMU/a,,b.img,if=ide,index=1,media=disk,id=drive1",
      "file=/images/QEMU/boot.iso,if=ide,index=2,media=cdrom",
    ]);
  });

  it("gives SATA and SCSI disks a controller of their own", () => {
    const args = qemuArguments(
      input({ files: { disks: { hda: "/a.qcow2", hdb: "/b.qcow2" } } }, { disks: [{ slot: "hda", image: NO_IMAGE, interface: "sata", growMb: 0 }, { slot: "hdb", image: NO_IMAGE, interface: "scsi", growMb: 0 }] }),
    );
    expect(valuesOf(args, "-device")).toEqual(["ahci,id=ahci0", "ide-hd,drive=drive0,bus=ahci0.0", "virtio-scsi-pci,id=scsi1", "scsi-hd,drive=drive1,bus=scsi1.0"]);
    expect(valuesOf(args, "-drive")).toEqual(["file=/a.qcow2,if=none,id=drive0,media=disk", "file=/b.qcow2,if=none,id=drive1,media=disk"]);
  });

  it("refuses an unknown disk interface and hdc together with a CD-ROM", () => {
    expect(() => qemuArguments(input({ files: { disks: { hda: "/a" } } }, { disks: [{ slot: "hda", image: NO_IMAGE, interface: "nvme0", growMb: 0 }] }))).toThrow("disk interface 'nvme0' of hda");
    expect(() => qemuArguments(input({ files: { disks: { hdc: "/c", cdrom: "/d.iso" } } }))).toThrow("hdc and a CD-ROM");
  });

  it("boots a kernel with its initrd and command line, and a BIOS image", () => {
    const args = qemuArguments(input({ files: { disks: {}, kernel: "/k/vmlinuz", initrd: "/k/initrd", bios: "/k/bios.bin" } }, { kernelCommandLine: "console=ttyS0 quiet" }));
    expect(valuesOf(args, "-kernel")).toEqual(["/k/vmlinuz"]);
    expect(valuesOf(args, "-initrd")).toEqual(["/k/initrd"]);
    expect(valuesOf(args, "-append")).toEqual(["console=ttyS0 quiet"]);
    expect(valuesOf(args, "-bios")).toEqual(["/k/bios.bin"]);
  });

  it("follows the boot priority and refuses one QEMU cannot read", () => {
    expect(valuesOf(qemuArguments(input({}, { bootPriority: "dc" })), "-boot")).toEqual(["order=dc"]);
    expect(qemuArguments(input({}, { bootPriority: "" }))).not.toContain("-boot");
    expect(() => qemuArguments(input({}, { bootPriority: "c,menu=on" }))).toThrow("boot priority 'c,menu=on'");
  });

  it("serves VNC on display port-5900, or no console at all", () => {
    const vnc = qemuArguments(input({ consolePort: 5905 }, { consoleType: "vnc" }));
    expect(valuesOf(vnc, "-vnc")).toEqual(["0.0.0.0:5"]);
    expect(vnc).not.toContain("-serial");
    const none = qemuArguments(input({}, { consoleType: "none" }));
    expect(none).not.toContain("-serial");
    expect(none).not.toContain("-vnc");
    expect(() => qemuArguments(input({ consolePort: 5000 }, { consoleType: "vnc" }))).toThrow("VNC console port 5000 must be 5900 or above");
    expect(() => qemuArguments(input({}, { consoleType: "spice" }))).toThrow("console type 'spice'");
  });

  it("appends the user's options last, with GNS3's placeholders filled in", () => {
    const args = qemuArguments(input({}, { options: `-cpu host -fw_cfg name=opt/id,string=%vm-id% -smbios "type=1,product=%vm-name% box"` }));
    expect(args.slice(-6)).toEqual(["-cpu", "host", "-fw_cfg", `name=opt/id,string=${NODE_ID}`, "-smbios", "type=1,product=R1 box"]);
  });

  it("leaves the accelerator, display and uuid to options that choose them", () => {
    const args = qemuArguments(input({ accelerator: "kvm" }, { options: "-machine pc,accel=tcg -nographic -uuid 00000000-0000-0000-0000-000000000001" }));
    expect(args).not.toContain("-enable-kvm");
    expect(args).not.toContain("-display");
    expect(valuesOf(args, "-uuid")).toEqual(["00000000-0000-0000-0000-000000000001"]);
  });

  it("doubles commas in the VM name", () => {
    expect(valuesOf(qemuArguments(input({ name: "R1,debug-threads=on" })), "-name")).toEqual(["R1,,debug-threads=on"]);
  });
});

describe("splitOptions", () => {
  it.each([
    [`-name 'unfinished`, "an unterminated single quote in the options (at character 7)"],
    [`-name "unfinished`, "an unterminated double quote in the options (at character 7)"],
    [`-name "escaped end\\"`, "an unterminated double quote in the options"],
    ["-name trailing\\", "a lone backslash ends the options"],
  ])("refuses %j", (text, message) => {
    expect(() => splitOptions(text)).toThrow(QemuCommandError);
    expect(() => splitOptions(text)).toThrow(message);
  });
});
