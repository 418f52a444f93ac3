import { Kvm, type DockerFacts, type HostFacts } from "@shared/proto";
import type { DockerFactsRecord } from "../domain/docker-host";
import type { ControllerDeps } from "../deps";
import type { HostFactsRecord } from "../domain/qemu-host";
import { keys } from "../store/keys";

export function hostFactsRecord(facts: HostFacts): HostFactsRecord {
  return {
    qemu_binaries: facts.qemuBinaries.map(({ path, version }) => ({ path, version })),
    kvm: facts.kvm === Kvm.KVM_USABLE ? "usable" : facts.kvm === Kvm.KVM_UNUSABLE ? "unusable" : "unprobed",
    kvm_detail: facts.kvmDetail,
    kvm_platforms: [...facts.kvmPlatforms],
    busy_console_ports: [...facts.busyConsolePorts],
    interfaces: facts.interfaces.map((found) => ({
      name: found.name,
      type: found.type === "tap" ? "tap" : "ethernet",
      mac_address: found.macAddress,
      ip_address: found.ipAddress,
      netmask: found.netmask,
      special: found.special,
    })),
    ...(facts.docker ? { docker: dockerFactsRecord(facts.docker) } : {}),
  };
}

/** A host's Docker Engine as the store and the API keep it, from its daemon's words. */
export function dockerFactsRecord(docker: DockerFacts): DockerFactsRecord {
  return { available: docker.available, docker_host: docker.dockerHost, detail: docker.detail, images: [...docker.images] };
}

/**
 * Keeps what the host reported, written only when it differs from what is stored (a daemon
 * tells its facts at each connection). Resolves with what was stored before, and whether it changed.
 */
export async function saveHostFacts(deps: ControllerDeps, hostId: string, facts: HostFacts): Promise<{ before: HostFactsRecord | undefined; changed: boolean }> {
  const key = keys.dataplaneHostFacts(hostId);
  const record = hostFactsRecord(facts);
  const before = await deps.store.get<HostFactsRecord>(key);
  if (before !== undefined && factsKey(before) === factsKey(record)) return { before, changed: false };
  await deps.store.commit([{ key, value: record }]);
  return { before, changed: true };
}

/** Every field in one order, however a store returns a record's keys. */
function factsKey(record: HostFactsRecord): string {
  return JSON.stringify([record.qemu_binaries.map((binary) => [binary.path, binary.version]), record.kvm, record.kvm_detail, record.kvm_platforms, record.busy_console_ports ?? [], record.interfaces ?? [], record.docker ?? null]);
}

export function loadHostFacts(deps: ControllerDeps, hostId: string): Promise<HostFactsRecord | undefined> {
  return deps.store.get<HostFactsRecord>(keys.dataplaneHostFacts(hostId));
}

/** Every host's facts, by host id, from one read. */
export async function loadEveryHostFacts(deps: ControllerDeps): Promise<Map<string, HostFactsRecord>> {
  const prefix = keys.dataplaneHostFactsPrefix();
  return new Map((await deps.store.list<HostFactsRecord>(prefix)).map(({ key, value }) => [key.slice(prefix.length), value]));
}

/** The names a new cloud on the compute gets ports for: its host's interfaces but the special ones, as GNS3's cloud defaults. */
export async function cloudInterfaceNames(deps: ControllerDeps, computeId: string): Promise<string[]> {
  const reported = (await loadHostFacts(deps, computeId))?.interfaces;
  return reported ? reported.filter((found) => !found.special).map((found) => found.name) : deps.hostInterfaces();
}
