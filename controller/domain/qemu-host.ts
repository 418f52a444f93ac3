import type { HostNetworkInterface } from "@shared/host/network-interfaces";
import type { QemuBinary } from "@shared/schemas/compute";
import type { DockerFactsRecord } from "./docker-host";

/** What a host's machine offers QEMU, as its daemon last reported it (stored per host). */

export interface HostFactsRecord {
  qemu_binaries: QemuBinary[];
  /** `unprobed`: the daemon tries KVM at its first QEMU start, unless /dev/kvm plainly rules it out. */
  kvm: "unprobed" | "usable" | "unusable";
  /** Why QEMU runs under TCG there, when it does. */
  kvm_detail: string;
  /** The QEMU platforms KVM accelerates there (while unprobed: those it would, as GNS3 reports them). */
  kvm_platforms: string[];
  /** Ports of the console range another program listens on there; absent in records from before it was reported. */
  busy_console_ports?: number[];
  /** The machine's network interfaces, for cloud ports; absent in records from before they were reported. */
  interfaces?: HostNetworkInterface[];
  /** Its Docker Engine; absent in records from before it was reported. */
  docker?: DockerFactsRecord;
}

/**
 * The accelerator a host's QEMU guests run under, for the compute's capabilities: null while
 * not known (no daemon reported, or its KVM not tried yet).
 */
export type QemuAccelerator = "kvm" | "tcg" | null;

export function qemuAccelerator(facts: HostFactsRecord | undefined): QemuAccelerator {
  if (facts?.kvm === "usable") return "kvm";
  if (facts?.kvm === "unusable") return "tcg";
  return null;
}

/** `GET …/qemu/capabilities` as GNS3 answers it: the platforms KVM accelerates on the compute. */
export function qemuCapabilities(facts: HostFactsRecord | undefined): { kvm: string[] } {
  return { kvm: facts ? [...facts.kvm_platforms] : [] };
}

/** The binaries for the given architectures, matched by the end of their name as GNS3's compute does; all without `archs`. */
export function binariesForArchs(binaries: readonly QemuBinary[], archs: readonly string[] | undefined): QemuBinary[] {
  if (archs === undefined) return [...binaries];
  return binaries.filter((binary) => archs.some((arch) => basename(binary.path).endsWith(arch)));
}

function basename(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}
