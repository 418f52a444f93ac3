import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cleanupAfterEach } from "@shared/testing/cleanups";
import { Kvm } from "@shared/proto";
import { kvmFacts, machineHostFacts } from "./host-facts";

const { tempDir } = cleanupAfterEach();

describe("the facts a daemon tells of its machine", () => {
  it("say whether QEMU guests get KVM, and which platforms it accelerates", () => {
    expect(kvmFacts({ kvm: "usable" })).toEqual({ kvm: Kvm.KVM_USABLE, kvmDetail: "", kvmPlatforms: ["x86_64"] });
    // Before the first QEMU start, as GNS3 answers wherever /dev/kvm is there.
    expect(kvmFacts({ kvm: "unprobed" })).toEqual({ kvm: Kvm.KVM_UNPROBED, kvmDetail: "", kvmPlatforms: ["x86_64"] });
    expect(kvmFacts({ kvm: "unusable", detail: "/dev/kvm does not exist" })).toEqual({ kvm: Kvm.KVM_UNUSABLE, kvmDetail: "/dev/kvm does not exist", kvmPlatforms: [] });
  });

  it("list the QEMU binaries on the daemon's PATH, and KVM as known without probing it", async () => {
    const folder = tempDir("host-facts-");
    writeFileSync(join(folder, "qemu-system-x86_64"), "#!/bin/sh\necho 'QEMU emulator version 7.2.22 (Debian)'\n");
    chmodSync(join(folder, "qemu-system-x86_64"), 0o755);
    const facts = await machineHostFacts(folder).read();
    expect(facts.qemuBinaries).toEqual([{ path: join(folder, "qemu-system-x86_64"), version: "7.2.22" }]);
    expect([Kvm.KVM_UNPROBED, Kvm.KVM_UNUSABLE]).toContain(facts.kvm);
    expect(facts.kvmDetail === "").toBe(facts.kvm === Kvm.KVM_UNPROBED);
  });
});
