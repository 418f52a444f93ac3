import { qemuBinariesOnPath } from "@shared/qemu/binaries-on-path";
import { hostNetworkInterfaces, type HostNetworkInterface } from "@shared/host/network-interfaces";
import { Kvm, type DockerFacts, type HostFacts, type NetworkInterface } from "@shared/proto";
import { CONSOLE_PORT_RANGE } from "@shared/schemas/compute";
import { kvmState, watchKvmState, type KvmState } from "../nodes/qemu-accel";
import { dockerFactsReader, type DockerFactsReader } from "../docker/docker-facts";
import { listeningTcpPorts } from "./listening-ports";

/** What the daemon tells the controller of its machine: sent after each Hello and whenever it changes. */
export interface HostFactsSource {
  read(): Promise<HostFacts>;
  /** Calls `changed` when the facts change (the KVM probe settled, a console port was taken or freed); the returned function stops it. */
  watch(changed: () => void): () => void;
  /** The Docker Engine as it is now, read when the controller asks (a client lists the images). */
  docker?(): Promise<DockerFacts>;
}

/** The QEMU platforms KVM accelerates when it works here: the probe and the programs it serves are x86_64. */
const KVM_PLATFORMS = ["x86_64"];

/**
 * This machine's facts: the QEMU binaries on the daemon's PATH (read at each call, so a QEMU
 * installed meanwhile shows at the next connection), and KVM as the lazy probe of
 * `qemu-accel.ts` knows it. While unprobed, the platforms are those KVM would accelerate,
 * as GNS3 reports them wherever /dev/kvm is there.
 */
export function machineHostFacts(ownConsolePorts: () => Iterable<number>, path = process.env.PATH ?? "", docker: DockerFactsReader = dockerFactsReader()): HostFactsSource {
  const polled = async () => ({
    busyConsolePorts: await busyConsolePorts(ownConsolePorts),
    interfaces: (await hostNetworkInterfaces()).map(interfaceFact),
    docker: await docker(),
  });
  return {
    read: async () => ({ qemuBinaries: await qemuBinariesOnPath(path), ...kvmFacts(await kvmState()), ...(await polled()) }),
    docker,
    watch: (changed) => {
      const stopKvm = watchKvmState(() => changed());
      // Another program taking or freeing a console port, an interface added or changed: told within a poll.
      let last: Promise<string> = polled().then((facts) => JSON.stringify(facts));
      const poll = setInterval(() => {
        const previous = last;
        last = polled().then((facts) => JSON.stringify(facts));
        void Promise.all([previous, last]).then(([before, now]) => before !== now && changed());
      }, BUSY_PORTS_POLL_MS);
      poll.unref();
      return () => {
        stopKvm();
        clearInterval(poll);
      };
    },
  };
}

function interfaceFact(found: HostNetworkInterface): NetworkInterface {
  return { name: found.name, type: found.type, macAddress: found.mac_address, ipAddress: found.ip_address, netmask: found.netmask, special: found.special };
}

/** How often the console range, the interfaces and the Docker Engine are read again: a few kB of /proc and /sys and one small API call, at most a poll behind a change. */
export const BUSY_PORTS_POLL_MS = 2000;

/** The ports of the console range something listens on, but for the consoles of this daemon's own nodes, lowest first. */
export async function busyConsolePorts(ownConsolePorts: () => Iterable<number>): Promise<number[]> {
  const own = new Set(ownConsolePorts());
  const { first, last } = CONSOLE_PORT_RANGE;
  return [...(await listeningTcpPorts())].filter((port) => port >= first && port <= last && !own.has(port)).sort((a, b) => a - b);
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
