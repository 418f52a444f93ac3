import { GNS3_VM_ENGINE_IDS, type Gns3VmEngine, type Gns3VmSettings } from "@shared/schemas/gns3vm";
import { conflictingRequest, missingRecord } from "./errors";

/**
 * The GNS3 VM is a virtual machine GNS3 can start to run emulators in. This server starts
 * none: nodes run on the dataplane hosts. The settings are kept, as GNS3 keeps them, so that
 * clients read back what they saved, and the VM always reads as not enabled.
 */

/** What GNS3 2.2 reports before anyone configured the VM. */
export const GNS3_VM_DEFAULTS: Gns3VmSettings = {
  allocate_vcpus_ram: true,
  enable: false,
  engine: "vmware",
  headless: false,
  port: 80,
  ram: 2048,
  vcpus: 1,
  vmname: null,
  when_exit: "stop",
};

const NOT_RUN = "This server runs no GNS3 VM: its nodes run on the dataplane hosts listed in /v2/computes";

/** The engines GNS3 offers on Linux, each described as what it is here: a choice that starts nothing. */
export function gns3VmEngines(): Gns3VmEngine[] {
  const engine = (engine_id: string, name: string, supports: boolean): Gns3VmEngine => ({
    description: `${NOT_RUN}.`,
    engine_id,
    name,
    support_headless: supports,
    support_ram: supports,
    support_when_exit: supports,
  });
  return [engine("vmware", "VMware Workstation / Player", true), engine("virtualbox", "VirtualBox", true), engine("remote", "Remote", false)];
}

/** The fields sent replace the stored ones; enabling the VM is refused, since none would start. */
export function updatedGns3VmSettings(current: Gns3VmSettings, update: Partial<Gns3VmSettings>): Gns3VmSettings {
  if (update.enable === true) throw conflictingRequest(`${NOT_RUN}; leave "enable" false`);
  return { ...current, ...update };
}

/** Every engine has no VMs here; an engine GNS3 does not know is not found. */
export function assertKnownEngine(engine: string): void {
  if (!(GNS3_VM_ENGINE_IDS as readonly string[]).includes(engine)) throw missingRecord(`The engine ${engine} for the GNS3 VM is not supported`);
}
