import { readFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { cleanupAfterEach, waitFor } from "@shared/testing/cleanups";
import { ItemErrorKind, NodeKind, PortMode, type ItemError, type LinkSpec, type NodeSpec, type QemuSpec } from "@shared/proto";
import { qemuAvailable } from "../nodes/qemu";
import { freeTcpPort, qemuSpec } from "../nodes/testing/qemu-spec";
import { CloudRuntime } from "./cloud-runtime";
import { HostReconciler } from "./host-reconciler";
import { qemuNodeFactory } from "./qemu-node";

const { later, tempDir } = cleanupAfterEach();
const canRun = await qemuAvailable();

/**
 * A QEMU node with two adapters and no disk (the firmware idles: no guest is needed here),
 * and QEMU's human monitor on `monitorPort`, for the test to ask the VM's status.
 */
function vm(consolePort: number, monitorPort: number, overrides: Partial<NodeSpec> = {}, qemu: Partial<QemuSpec> = {}): NodeSpec {
  return {
    nodeId: "vm", projectId: "p", name: "VM1", kind: NodeKind.QEMU, running: true, consolePort, ports: [], startupScript: "", restartGeneration: 0, suspended: false, docker: null, dynamips: null,
    qemu: qemuSpec({
      ramMb: 64,
      adapters: [{ adapterNumber: 0, model: "e1000", macAddress: "0c:7e:5f:00:00:00" }, { adapterNumber: 1, model: "e1000", macAddress: "0c:7e:5f:00:00:01" }],
      options: `-monitor telnet:127.0.0.1:${monitorPort},server=on,wait=off`,
      ...qemu,
    }),
    ...overrides,
  };
}

function cloud(localPort: number): NodeSpec {
  return {
    nodeId: "cloud", projectId: "p", name: "Cloud1", kind: NodeKind.CLOUD, running: true, consolePort: 0, startupScript: "", restartGeneration: 0, suspended: false, qemu: null, docker: null, dynamips: null,
    ports: [{ portNumber: 0, name: "udp0", mode: PortMode.MODE_UNSPECIFIED, vlan: 0, ethertype: 0, cloudUdp: { localPort, remoteHost: "127.0.0.1", remotePort: localPort + 1 }, cloudDevice: null, linked: false }],
  };
}

function linkToVm(adapterNumber: number): LinkSpec {
  return {
    linkId: `l${adapterNumber}`, projectId: "p",
    a: { nodeId: "cloud", adapterNumber: 0, portNumber: 0, local: true },
    b: { nodeId: "vm", adapterNumber, portNumber: 0, local: true },
    filters: [], suspended: false, tunnel: null, capture: null,
  };
}

function host(dataDir: string): HostReconciler {
  const reconciler = new HostReconciler(
    { [NodeKind.CLOUD]: (spec) => CloudRuntime.start(spec), [NodeKind.QEMU]: qemuNodeFactory({ accelerator: "tcg" }) },
    { dataDir },
  );
  later(() => reconciler.close());
  return reconciler;
}

function qemuPid(dataDir: string): number {
  return (JSON.parse(readFileSync(join(dataDir, "qemu/p/vm/qemu.pids.json"), "utf8")) as Array<{ pid: number }>)[0]!.pid;
}

/** "running" or "paused", as QEMU's monitor says (`info status`); null when nothing answers. */
async function vmStatus(monitorPort: number): Promise<string | null> {
  const socket = connect(monitorPort, "127.0.0.1");
  let text = "";
  socket.on("data", (chunk) => (text += chunk.toString("latin1")));
  try {
    await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  } catch {
    return null;
  }
  try {
    const deadline = performance.now() + 5000;
    while (!text.includes("(qemu)") && performance.now() < deadline) await sleep(20);
    socket.write("info status\r\n");
    for (;;) {
      const status = /VM status: (\w+)/.exec(text)?.[1];
      if (status !== undefined) return status;
      if (performance.now() > deadline) throw new Error(`the monitor said: ${text}`);
      await sleep(20);
    }
  } finally {
    socket.destroy();
  }
}

describe.skipIf(!canRun)("a host reconciler running QEMU", () => {
  it("starts the VM, pauses and resumes it as `suspended` asks, restarts it on a reload and stops it", async () => {
    const dataDir = tempDir("host-qemu-");
    const reconciler = host(dataDir);
    const [consolePort, monitorPort] = [await freeTcpPort(), await freeTcpPort()];
    expect(await reconciler.apply({ revision: 1, nodes: [vm(consolePort, monitorPort)], links: [] })).toEqual([]);
    const first = qemuPid(dataDir);
    expect(await vmStatus(monitorPort)).toBe("running");

    expect(await reconciler.apply({ revision: 2, nodes: [vm(consolePort, monitorPort, { suspended: true })], links: [] })).toEqual([]);
    expect(await vmStatus(monitorPort)).toBe("paused");
    expect(await reconciler.apply({ revision: 3, nodes: [vm(consolePort, monitorPort)], links: [] })).toEqual([]);
    expect(await vmStatus(monitorPort)).toBe("running");

    expect(await reconciler.apply({ revision: 4, nodes: [vm(consolePort, monitorPort, { restartGeneration: 1 })], links: [] })).toEqual([]);
    expect(qemuPid(dataDir)).not.toBe(first);
    expect(await vmStatus(monitorPort)).toBe("running");

    expect(await reconciler.apply({ revision: 5, nodes: [vm(consolePort, monitorPort, { restartGeneration: 1, running: false })], links: [] })).toEqual([]);
    expect(await vmStatus(monitorPort)).toBeNull();
  }, 30_000);

  it("links each adapter's port 0, and only those", async () => {
    const reconciler = host(tempDir("host-qemu-"));
    const [consolePort, monitorPort, udpPort] = [await freeTcpPort(), await freeTcpPort(), 24000 + Math.floor(Math.random() * 2000) * 2];
    const noPort = { ...linkToVm(5), linkId: "l5" };
    const errors = await reconciler.apply({ revision: 1, nodes: [cloud(udpPort), vm(consolePort, monitorPort)], links: [linkToVm(1), noPort] });
    expect(errors).toEqual([{ kind: ItemErrorKind.LINK, id: "l5", message: "node VM1 has no port 5/0" }]);
  }, 30_000);

  it("announces a QEMU that exits by itself as the node's error, until a state starts it again", async () => {
    const dataDir = tempDir("host-qemu-");
    const reconciler = host(dataDir);
    const announced: ItemError[][] = [];
    reconciler.watchErrors((errors) => announced.push(errors));
    const [consolePort, monitorPort] = [await freeTcpPort(), await freeTcpPort()];
    const crashed = [{ kind: ItemErrorKind.NODE, id: "vm", message: expect.stringMatching(/^node VM1: QEMU exited by itself \(signal SIGKILL\)/) }];

    expect(await reconciler.apply({ revision: 1, nodes: [vm(consolePort, monitorPort)], links: [] })).toEqual([]);
    process.kill(qemuPid(dataDir), "SIGKILL");
    await waitFor("the crash announced", () => announced.length > 0);
    expect(announced).toEqual([crashed]);
    expect(reconciler.itemErrors()).toEqual(crashed);

    expect(await reconciler.apply({ revision: 2, nodes: [vm(consolePort, monitorPort)], links: [] })).toEqual([]);
    expect(reconciler.itemErrors()).toEqual([]);
    expect(await vmStatus(monitorPort)).toBe("running");
  }, 30_000);

  it("reports what keeps a VM from starting as the node's error", async () => {
    const reconciler = host(tempDir("host-qemu-"));
    const [consolePort, monitorPort] = [await freeTcpPort(), await freeTcpPort()];
    const missing = vm(consolePort, monitorPort, {}, { disks: [{ slot: "hda", image: { name: "router.qcow2", md5: "" }, interface: "ide", growMb: 0 }] });
    expect(await reconciler.apply({ revision: 1, nodes: [missing], links: [] })).toEqual([
      { kind: ItemErrorKind.NODE, id: "vm", message: expect.stringMatching(/^node VM1: image router\.qcow2 is not on this host/) },
    ]);
    const noSettings = { ...vm(consolePort, monitorPort), qemu: null };
    expect(await reconciler.apply({ revision: 2, nodes: [noSettings], links: [] })).toEqual([
      { kind: ItemErrorKind.NODE, id: "vm", message: "node VM1: the desired state carries no QEMU settings for this node" },
    ]);
  }, 30_000);
});
