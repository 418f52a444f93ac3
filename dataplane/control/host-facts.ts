import { qemuBinariesOnPath } from "@shared/qemu/binaries-on-path";
import { Kvm, type HostFacts } from "@shared/proto";
import { kvmState, watchKvmState, type KvmState } from "../nodes/qemu-accel";

/** What the daemon tells the controller of its machine: sent after each Hello and whenever it changes. */
export interface HostFactsSource {
  read(): Promise<HostFacts>;
  /** Calls `changed` when the facts change (the KVM probe settled); the returned function stops it. */
  watch(changed: () => void): () => void;
}

/** The QEMU platforms KVM accelerates when it works here: the probe and the programs it serves are x86_64. */
const KVM_PLATFORMS = ["x86_64"];

/**
 * This machine's facts: the QEMU binaries on the daemon's PATH (read at each call, so a QEMU
 * installed meanwhile shows at the next connection), and KVM as the lazy probe of
 * `qemu-accel.ts` knows it. While unprobed, the platforms are those KVM would accelerate,
 * as GNS3 reports them wherever /dev/kvm is there.
 */
export function machineHostFacts(path = process.env.PATH ?? ""): HostFactsSource {
  return {
    read: async () => ({ qemuBinaries: await qemuBinariesOnPath(path), ...kvmFacts(await kvmState()) }),
    watch: (changed) => watchKvmState(() => changed()),
  };
}

export function kvmFacts(state: KvmState): Pick<HostFacts, "kvm" | "kvmDetail" | "kvmPlatforms"> {
  switch (state.kvm) {
    case "usable":
      return { kvm: Kvm.KVM_USABLE, kvmDetail: "", kvmPlatforms: KVM_PLATFORMS };
    case "unprobed":
      return { kvm: Kvm.KVM_UNPROBED, kvmDetail: "", kvmPlatforms: KVM_PLATFORMS };
    case "unusable":
      return { kvm: Kvm.KVM_UNUSABLE, kvmDetail: state.detail, kvmPlatforms: [] };
  }
}
