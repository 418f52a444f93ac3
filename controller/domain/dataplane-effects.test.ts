import { describe, expect, it } from "vitest";
import { QEMU_SHUTDOWN_MS, QEMU_START_MS } from "@shared/qemu/defaults";
import { combineEffects, linkEffect, nodeEffect, nodeSlowWorkMs, projectEffect } from "./dataplane-effects";
import { newLink, type LinkRecord } from "./links";
import { newNode, type NodeRecord } from "./nodes";
import { newProject, type ProjectRecord } from "./projects";

const PROJECT = "11111111-1111-4111-8111-111111111111";
const PC1 = "aaaaaaaa-0000-4000-8000-000000000001";
const PC2 = "aaaaaaaa-0000-4000-8000-000000000002";

function pc(nodeId: string, name: string, computeId: string): NodeRecord {
  return newNode({ name, node_type: "vpcs", compute_id: computeId }, { nodeId, projectId: PROJECT, name, console: 5000, hostInterfaces: [] });
}

const pc1 = pc(PC1, "PC1", "local");
const pc2 = pc(PC2, "PC2", "h2");
const hostOf = (nodeId: string) => ({ [PC1]: "local", [PC2]: "h2" })[nodeId];

function link(): LinkRecord {
  return newLink(
    { nodes: [PC1, PC2].map((node_id) => ({ node_id, adapter_number: 0, port_number: 0 })) },
    { linkId: "bbbbbbbb-0000-4000-8000-000000000001", projectId: PROJECT, nodes: new Map([pc1, pc2].map((node) => [node.node_id, node])), portTaken: () => false },
  );
}

describe("nodeEffect", () => {
  it("reaches the node's host when what it runs changes: created, started, reloaded, deleted", () => {
    const started = { ...pc1, status: "started" as const };
    for (const [before, after] of [[undefined, pc1], [started, pc1], [pc1, undefined]] as const) {
      expect(nodeEffect(before, after)).toEqual({ hostIds: ["local"], projectId: PROJECT, nodeIds: [PC1], linkIds: [] });
    }
    for (const [before, after] of [[pc1, started], [started, { ...started, reloads: 1 }], [pc1, { ...pc1, status: "suspended" as const }]] as const) {
      expect(nodeEffect(before, after)).toEqual({ hostIds: ["local"], projectId: PROJECT, nodeIds: [PC1], linkIds: [], runningNodeIds: [PC1] });
    }
  });

  it("asks nothing of the host for what only clients see: position, label, symbol", () => {
    expect(nodeEffect(pc1, { ...pc1, x: 40, y: -20, z: 2, symbol: ":/symbols/computer.svg", label: { ...pc1.label, text: "renamed label" } })).toBeUndefined();
  });
});

describe("linkEffect", () => {
  it("reaches the hosts of both ends when the filters, suspension or capture change", () => {
    const before = link();
    for (const after of [{ ...before, filters: { packet_loss: [100] } }, { ...before, suspend: true }, { ...before, capturing: true, capture_file_name: "a.pcap" }]) {
      expect(linkEffect(before, after, hostOf)).toEqual({ hostIds: ["local", "h2"], projectId: PROJECT, nodeIds: [], linkIds: [before.link_id] });
    }
    expect(linkEffect(undefined, before, hostOf)?.hostIds).toEqual(["local", "h2"]);
    expect(linkEffect(before, undefined, hostOf)?.hostIds).toEqual(["local", "h2"]);
  });

  it("asks nothing for a new style, and leaves out ends whose node is gone", () => {
    const before = link();
    expect(linkEffect(before, { ...before, link_style: { color: "#ff0000" } }, hostOf)).toBeUndefined();
    expect(linkEffect(before, undefined, (nodeId) => (nodeId === PC1 ? "local" : undefined))?.hostIds).toEqual(["local"]);
  });
});

describe("projectEffect", () => {
  const opened: ProjectRecord = { ...newProject({ name: "p" }, PROJECT, "/projects"), status: "opened" };
  const closed: ProjectRecord = { ...opened, status: "closed" };

  it("reaches every host of the project's nodes when it opens, closes or is deleted, naming no item", () => {
    for (const [before, after] of [[closed, opened], [opened, closed], [opened, undefined]] as const) {
      expect(projectEffect(before, after, [pc1, pc2])).toEqual({ hostIds: ["local", "h2"], nodeIds: [], linkIds: [] });
    }
  });

  it("asks nothing when its status stays, when a closed one is deleted, or when it has no nodes", () => {
    expect(projectEffect(opened, { ...opened, name: "q" }, [pc1])).toBeUndefined();
    expect(projectEffect(closed, undefined, [pc1])).toBeUndefined();
    expect(projectEffect(closed, opened, [])).toBeUndefined();
  });
});

describe("combineEffects", () => {
  it("names each host and item once, and nothing when no effect asks anything", () => {
    expect(combineEffects(nodeEffect(undefined, pc1), undefined, nodeEffect(undefined, pc2), nodeEffect(pc1, undefined))).toEqual({
      hostIds: ["local", "h2"],
      projectId: PROJECT,
      nodeIds: [PC1, PC2],
      linkIds: [],
    });
    expect(combineEffects(undefined, undefined)).toBeUndefined();
    // Items of two projects (or an effect naming none) are not one project's: the hosts build their states whole.
    const elsewhere = { ...pc2, project_id: "22222222-2222-4222-8222-222222222222" };
    expect(combineEffects(nodeEffect(undefined, pc1), nodeEffect(undefined, elsewhere))).not.toHaveProperty("projectId");
    expect(combineEffects(nodeEffect(undefined, pc1), projectEffect(undefined, undefined, []), { hostIds: ["h2"], nodeIds: [], linkIds: [] })).not.toHaveProperty("projectId");
  });

  it("keeps every node the changes leave running, so a bulk start fails for each one its host cannot run", () => {
    const start = (node: typeof pc1) => nodeEffect(node, { ...node, status: "started" });
    expect(combineEffects(start(pc1), nodeEffect(pc2, { ...pc2, name: "PC2b" }))?.runningNodeIds).toEqual([PC1]);
    expect(combineEffects(start(pc1), start(pc2))?.runningNodeIds).toEqual([PC1, PC2]);
  });
});

describe("slow work on the hosts", () => {
  function vm(status: NodeRecord["status"], onClose: string, reloads = 0): NodeRecord {
    const node = newNode({ name: "VM1", node_type: "qemu", compute_id: "local" }, { nodeId: PC1, projectId: PROJECT, name: "VM1", console: 5000, hostInterfaces: [] });
    return { ...node, status, reloads, properties: { ...node.properties, on_close: onClose } };
  }

  it("gives a VM's start its boot time, its graceful stop the guest's shutdown time, and a reload both", () => {
    expect(nodeSlowWorkMs(vm("stopped", "shutdown_signal"), vm("started", "shutdown_signal"))).toBe(QEMU_START_MS);
    expect(nodeSlowWorkMs(vm("started", "shutdown_signal"), vm("stopped", "shutdown_signal"))).toBe(QEMU_SHUTDOWN_MS);
    expect(nodeSlowWorkMs(vm("suspended", "shutdown_signal"), undefined)).toBe(QEMU_SHUTDOWN_MS);
    expect(nodeSlowWorkMs(vm("started", "shutdown_signal"), vm("started", "shutdown_signal", 1))).toBe(QEMU_SHUTDOWN_MS + QEMU_START_MS);
    expect(nodeEffect(vm("started", "shutdown_signal"), vm("stopped", "shutdown_signal"))?.slowWorkMs).toBe(QEMU_SHUTDOWN_MS);
  });

  it("gives nothing extra to a power-off, a suspend, a VPCS, or a change that runs nothing", () => {
    expect(nodeSlowWorkMs(vm("started", "power_off"), vm("stopped", "power_off"))).toBe(0);
    expect(nodeSlowWorkMs(vm("started", "shutdown_signal"), vm("suspended", "shutdown_signal"))).toBe(0);
    expect(nodeSlowWorkMs(pc1, { ...pc1, status: "started" })).toBe(0);
    expect(nodeEffect(pc1, { ...pc1, status: "started" })).not.toHaveProperty("slowWorkMs");
  });

  it("waits for the slowest of several, since a host runs a state's nodes side by side", () => {
    const stop = nodeEffect(vm("started", "shutdown_signal"), vm("stopped", "shutdown_signal"));
    const start = nodeEffect(vm("stopped", "power_off"), vm("started", "power_off"));
    expect(combineEffects(stop, start, nodeEffect(undefined, pc2))?.slowWorkMs).toBe(QEMU_SHUTDOWN_MS);
    const opened: ProjectRecord = { ...newProject({ name: "p" }, PROJECT, "/projects"), status: "opened" };
    expect(projectEffect(opened, { ...opened, status: "closed" }, [vm("started", "shutdown_signal"), pc2])?.slowWorkMs).toBe(QEMU_SHUTDOWN_MS);
    expect(projectEffect({ ...opened, status: "closed" }, opened, [vm("started", "shutdown_signal")])).not.toHaveProperty("slowWorkMs");
  });
});
