import { describe, expect, it } from "vitest";
import { binariesForArchs, qemuAccelerator, qemuCapabilities, type HostFactsRecord } from "./qemu-host";

const facts = (kvm: HostFactsRecord["kvm"], kvm_platforms: string[] = []): HostFactsRecord => ({ qemu_binaries: [], kvm, kvm_detail: "", kvm_platforms });

describe("what a host offers QEMU", () => {
  it("names the accelerator its guests get once its daemon knows, null before", () => {
    expect(qemuAccelerator(facts("usable", ["x86_64"]))).toBe("kvm");
    expect(qemuAccelerator(facts("unusable"))).toBe("tcg");
    expect(qemuAccelerator(facts("unprobed", ["x86_64"]))).toBeNull();
    expect(qemuAccelerator(undefined)).toBeNull();
  });

  it("answers GNS3's capabilities with the platforms KVM accelerates, none for a host that never reported", () => {
    expect(qemuCapabilities(facts("usable", ["x86_64"]))).toEqual({ kvm: ["x86_64"] });
    expect(qemuCapabilities(facts("unusable"))).toEqual({ kvm: [] });
    expect(qemuCapabilities(undefined)).toEqual({ kvm: [] });
  });

  it("filters binaries by the end of their name, as GNS3's compute does", () => {
    const binaries = ["/usr/bin/qemu-system-x86_64", "/usr/bin/qemu-system-i386", "/usr/bin/qemu-system-x86_64-microvm", "/opt/arm/qemu-system-arm", "/usr/bin/qemu-kvm"].map(
      (path) => ({ path, version: "7.2.22" }),
    );
    expect(binariesForArchs(binaries, undefined)).toEqual(binaries);
    expect(binariesForArchs(binaries, ["x86_64"]).map((binary) => binary.path)).toEqual(["/usr/bin/qemu-system-x86_64"]);
    expect(binariesForArchs(binaries, ["i386", "arm"]).map((binary) => binary.path)).toEqual(["/usr/bin/qemu-system-i386", "/opt/arm/qemu-system-arm"]);
    expect(binariesForArchs(binaries, [])).toEqual([]);
  });
});
