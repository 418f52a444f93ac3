import { expect, it } from "vitest";
import { cleanupAfterEach, waitFor } from "@shared/testing/cleanups";
import { Kvm } from "@shared/proto";
import { describeApi } from "../testing/api-targets";
import { SteeredFacts } from "../../dataplane/control/testing";
import { daemonReporting } from "../testing/reporting-daemon";

const TOKEN = "qemu-facts-token";
const { later, tempDir } = cleanupAfterEach();

const BINARIES = [
  { path: "/usr/bin/qemu-system-aarch64", version: "7.2.22" },
  { path: "/usr/bin/qemu-system-i386", version: "7.2.22" },
  { path: "/usr/bin/qemu-system-x86_64", version: "7.2.22" },
];

const unprobed = (): SteeredFacts => new SteeredFacts({ qemuBinaries: BINARIES, kvm: Kvm.KVM_UNPROBED, kvmDetail: "", kvmPlatforms: ["x86_64"], busyConsolePorts: [], interfaces: [], docker: null });

describeApi(
  "the QEMU facts of the computes",
  (api) => {
    it("answer for the local compute without a daemon: no KVM platform, no accelerator known yet, the controller machine's binaries", async () => {
      expect((await api.get("/v2/computes/local/qemu/capabilities"))).toMatchObject({ status: 200, body: { kvm: [] } });
      expect((await api.get("/v2/compute/qemu/capabilities"))).toMatchObject({ status: 200, body: { kvm: [] } });
      expect((await api.get("/v2/computes/local")).body.capabilities).toMatchObject({ platform: "linux", qemu_accelerator: null });
      const binaries = await api.get("/v2/computes/local/qemu/binaries?archs=x86_64");
      expect(binaries.status).toBe(200);
      for (const binary of binaries.body) expect(binary.path.endsWith("x86_64")).toBe(true);
    });

    it("answer 404 for an unknown compute, and 400 naming an architecture GNS3 does not know", async () => {
      expect((await api.get("/v2/computes/nowhere/qemu/capabilities")).body).toEqual({ message: "Compute ID nowhere doesn't exist", status: 404 });
      expect((await api.get("/v2/computes/vm/qemu/capabilities")).status).toBe(404);
      const refused = await api.get("/v2/computes/local/qemu/binaries?archs=x86_64,pdp11");
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/^JSON schema error with API request '\/v2\/computes\/local\/qemu\/binaries': 'pdp11' is not one of \['aarch64', /);
    });

    it("are what the host's daemon reported: its binaries, filtered by architecture, and KVM once its probe settled", async (context) => {
      const facts = unprobed();
      await daemonReporting({ api, context, hostId: "qemu-host-1", facts, token: TOKEN, later, tempDir });
      const binaries = await waitFor("the reported binaries", async () => {
        const reply = await api.get("/v2/computes/qemu-host-1/qemu/binaries");
        return reply.status === 200 && reply.body.length > 0 && reply.body;
      });
      expect(binaries).toEqual(BINARIES);
      expect((await api.get("/v2/computes/qemu-host-1/qemu/binaries?archs=x86_64&archs=i386")).body).toEqual([BINARIES[1], BINARIES[2]]);
      expect((await api.get("/v2/computes/qemu-host-1/qemu/binaries?archs=aarch64,x86_64")).body).toEqual([BINARIES[0], BINARIES[2]]);
      // Before the first QEMU start KVM is not tried: the platforms it would accelerate, as GNS3 answers where /dev/kvm is.
      expect((await api.get("/v2/computes/qemu-host-1/qemu/capabilities")).body).toEqual({ kvm: ["x86_64"] });
      expect((await api.get("/v2/computes/qemu-host-1")).body.capabilities.qemu_accelerator).toBeNull();

      facts.change({ kvm: Kvm.KVM_USABLE });
      await waitFor("KVM usable", async () => (await api.get("/v2/computes/qemu-host-1")).body.capabilities.qemu_accelerator === "kvm");
      const listed = (await api.get("/v2/computes")).body.find((compute: { compute_id: string }) => compute.compute_id === "qemu-host-1");
      expect(listed.capabilities.qemu_accelerator).toBe("kvm");

      facts.change({ kvm: Kvm.KVM_UNUSABLE, kvmDetail: "a test guest did not finish under KVM within 3 s", kvmPlatforms: [] });
      const compute = await waitFor("KVM unusable", async () => {
        const reply = await api.get("/v2/computes/qemu-host-1");
        return reply.body.capabilities.qemu_accelerator === "tcg" && reply.body;
      });
      expect(compute.dataplane.kvm_detail).toBe("a test guest did not finish under KVM within 3 s");
      expect((await api.get("/v2/computes/qemu-host-1/qemu/capabilities")).body).toEqual({ kvm: [] });
    });

    it("of the local compute are its daemon's once it reported, on the compute API too", async (context) => {
      const facts = unprobed();
      facts.facts = { ...facts.facts, qemuBinaries: [BINARIES[2]!], kvm: Kvm.KVM_USABLE };
      await daemonReporting({ api, context, hostId: "local", facts, token: TOKEN, later, tempDir });
      await waitFor("the local daemon's binaries", async () => JSON.stringify((await api.get("/v2/computes/local/qemu/binaries")).body) === JSON.stringify([BINARIES[2]]));
      expect((await api.get("/v2/compute/qemu/capabilities")).body).toEqual({ kvm: ["x86_64"] });
      expect((await api.get("/v2/computes/local")).body.capabilities.qemu_accelerator).toBe("kvm");
    });
  },
  { workerd: true, dataplaneToken: TOKEN },
);
