import { describe, expect, it } from "vitest";
import { DomainError } from "./errors";
import { GNS3_VM_DEFAULTS, assertKnownEngine, gns3VmEngines, updatedGns3VmSettings } from "./gns3vm";

describe("GNS3 VM settings", () => {
  it("take the fields sent over the stored ones", () => {
    expect(updatedGns3VmSettings(GNS3_VM_DEFAULTS, { ram: 4096, engine: "remote" })).toEqual({ ...GNS3_VM_DEFAULTS, ram: 4096, engine: "remote" });
  });

  it("never enable a VM, as none would start", () => {
    expect(() => updatedGns3VmSettings(GNS3_VM_DEFAULTS, { enable: true })).toThrow(DomainError);
    expect(updatedGns3VmSettings(GNS3_VM_DEFAULTS, { enable: false }).enable).toBe(false);
  });

  it("know GNS3's engines only", () => {
    expect(gns3VmEngines().map((engine) => engine.engine_id)).toEqual(["vmware", "virtualbox", "remote"]);
    expect(() => assertKnownEngine("hyper-v")).not.toThrow();
    expect(() => assertKnownEngine("qemu")).toThrow("The engine qemu for the GNS3 VM is not supported");
  });
});
