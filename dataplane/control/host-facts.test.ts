import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cleanupAfterEach } from "@shared/testing/cleanups";
import { Kvm } from "@shared/proto";
import { createServer, type Server } from "node:net";
import { BUSY_PORTS_POLL_MS, busyConsolePorts, kvmFacts, machineHostFacts } from "./host-facts";

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
    const facts = await machineHostFacts(() => [], folder).read();
    expect(facts.qemuBinaries).toEqual([{ path: join(folder, "qemu-system-x86_64"), version: "7.2.22" }]);
    expect([Kvm.KVM_UNPROBED, Kvm.KVM_UNUSABLE]).toContain(facts.kvm);
    expect(facts.kvmDetail === "").toBe(facts.kvm === Kvm.KVM_UNPROBED);
  });

  it("list the console ports another program listens on, not those of the daemon's own nodes, and tell when that changes", async () => {
    const held: Server[] = [];
    const listenOn = async (port: number) => {
      const server = createServer();
      await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, "127.0.0.1", resolve));
      held.push(server);
    };
    try {
      // Two ports of the console range no one else here uses: GNS3's last ones.
      await listenOn(9998);
      await listenOn(9999);
      expect(await busyConsolePorts(() => [9999])).toContain(9998);
      expect(await busyConsolePorts(() => [9999])).not.toContain(9999);

      const source = machineHostFacts(() => []);
      let told = 0;
      const stop = source.watch(() => told++);
      await new Promise((resolve) => setTimeout(resolve, BUSY_PORTS_POLL_MS / 2));
      await new Promise((resolve) => held.pop()!.close(resolve));
      await new Promise((resolve) => setTimeout(resolve, BUSY_PORTS_POLL_MS * 2));
      stop();
      expect(told).toBeGreaterThanOrEqual(1);
      expect((await source.read()).busyConsolePorts).not.toContain(9999);
    } finally {
      await Promise.all(held.map((server) => new Promise((resolve) => server.close(resolve))));
    }
  });
});
