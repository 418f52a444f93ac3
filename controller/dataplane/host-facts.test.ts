import { describe, expect, it } from "vitest";
import { cleanupAfterEach, waitFor } from "@shared/testing/cleanups";
import { Kvm, type HostFacts } from "@shared/proto";
import { daemonFrame, daemonHello } from "../testing/daemon-messages";
import type { Notification } from "../events/event-bus";
import type { KeyValueStore } from "../store/kv";
import { keys } from "../store/keys";
import { inProcessDeps } from "../testing/in-process-deps";
import { loadHostFacts } from "../services/host-facts";
import { DataplaneHub } from "./hub";

const TOKEN = "facts-token";
const { tempDir } = cleanupAfterEach();

const UNPROBED: HostFacts = { qemuBinaries: [{ path: "/usr/bin/qemu-system-x86_64", version: "7.2.22" }], kvm: Kvm.KVM_UNPROBED, kvmDetail: "", kvmPlatforms: ["x86_64"], busyConsolePorts: [], interfaces: [], docker: null };

/** A hub in process, a daemon of host `h1` on a fake socket, and what the store was asked to write. */
function hubWithDaemon() {
  const base = inProcessDeps(tempDir("host-facts-"));
  const factWrites: unknown[] = [];
  const store: KeyValueStore = {
    get: (key) => base.store.get(key),
    list: (prefix) => base.store.list(prefix),
    commit: (writes, guards) => {
      factWrites.push(...writes.filter((write) => write.key === keys.dataplaneHostFacts("h1")).map((write) => ("value" in write ? write.value : null)));
      return base.store.commit(writes, guards);
    },
    close: () => base.store.close(),
  };
  const deps = { ...base, store, config: { ...base.config, dataplaneToken: TOKEN } };
  const notifications: Notification[] = [];
  deps.events.publish = (_scope, notification) => void notifications.push(notification);
  const connection = new DataplaneHub(deps).connect({ send: () => {}, close: () => {} });
  connection.message(daemonFrame({ hello: daemonHello("h1", TOKEN, { tunnelAddress: "10.0.0.2", udpPortMax: 20010 }) }));
  const report = (facts: HostFacts) => connection.message(daemonFrame({ hostFacts: facts }));
  const accelerators = () => notifications.filter((n) => n.action.startsWith("compute.")).map((n) => `${n.action} ${(n.event.capabilities as { qemu_accelerator: string | null }).qemu_accelerator}`);
  return { deps, report, factWrites, accelerators };
}

describe("a host's facts on the controller", () => {
  it("are stored as the daemon reports them, written only when they change", async () => {
    const { deps, report, factWrites } = hubWithDaemon();
    report(UNPROBED);
    await waitFor("the facts stored", () => loadHostFacts(deps, "h1"));
    expect(await loadHostFacts(deps, "h1")).toEqual({ qemu_binaries: UNPROBED.qemuBinaries, kvm: "unprobed", kvm_detail: "", kvm_platforms: ["x86_64"], busy_console_ports: [], interfaces: [] });
    // Each connection tells them again: nothing is written when nothing changed.
    report(UNPROBED);
    report({ ...UNPROBED, kvm: Kvm.KVM_UNUSABLE, kvmDetail: "/dev/kvm does not exist", kvmPlatforms: [] });
    await waitFor("the verdict stored", async () => (await loadHostFacts(deps, "h1"))?.kvm === "unusable");
    expect(factWrites).toHaveLength(2);
    expect(await loadHostFacts(deps, "h1")).toMatchObject({ kvm: "unusable", kvm_detail: "/dev/kvm does not exist", kvm_platforms: [] });
  });

  it("update the compute's capabilities when the accelerator its guests get changes, and only then", async () => {
    const { deps, report, accelerators } = hubWithDaemon();
    await waitFor("the compute", () => accelerators().length > 0);
    report(UNPROBED);
    await waitFor("the facts stored", () => loadHostFacts(deps, "h1"));
    report({ ...UNPROBED, qemuBinaries: [] });
    report({ ...UNPROBED, kvm: Kvm.KVM_USABLE });
    await waitFor("KVM usable", async () => (await loadHostFacts(deps, "h1"))?.kvm === "usable");
    report({ ...UNPROBED, kvm: Kvm.KVM_USABLE, qemuBinaries: [] });
    await waitFor("the binaries gone", async () => (await loadHostFacts(deps, "h1"))?.qemu_binaries.length === 0);
    expect(accelerators()).toEqual(["compute.created null", "compute.updated kvm"]);
  });
});
