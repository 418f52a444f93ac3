import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { inProcessDeps } from "../testing/in-process-deps";
import { keys } from "../store/keys";
import { claimTunnelPorts, firstFreePort, loadHostProjectRecords, recordRevision, revisionAfter, type DataplaneHostRecord } from "./host-records";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function deps() {
  const dir = mkdtempSync(join(tmpdir(), "dp-records-"));
  dirs.push(dir);
  return inProcessDeps(dir);
}

function host(hostId: string, min: number, max: number): DataplaneHostRecord {
  return { host_id: hostId, name: hostId, tunnel_address: "127.0.0.1", udp_port_min: min, udp_port_max: max, daemon_version: "", connected: true };
}

describe("firstFreePort", () => {
  it("takes the lowest free port of the range, or none", () => {
    expect(firstFreePort(10, 12, new Set([10]))).toBe(11);
    expect(firstFreePort(10, 11, new Set([10, 11]))).toBeUndefined();
  });
});

describe("claimTunnelPorts", () => {
  const hosts = new Map([["h1", host("h1", 100, 101)], ["h2", host("h2", 200, 201)]]);
  const end = (linkId: string, hostId: string) => ({ projectId: "p", linkId, hostId });

  it("claims once per link and host, and answers the same port when asked again", async () => {
    const d = deps();
    await d.store.commit(["l1", "l2"].map((linkId) => ({ key: keys.link("p", linkId), value: { link_id: linkId } })));
    const first = await claimTunnelPorts(d, [end("l1", "h1"), end("l1", "h2")], hosts);
    expect([...first]).toEqual([["p/l1/h1", 100], ["p/l1/h2", 200]]);
    // Both hosts' builds race for the same link: one claim each, whoever commits first.
    const [a, b] = await Promise.all([
      claimTunnelPorts(d, [end("l2", "h1"), end("l2", "h2")], hosts),
      claimTunnelPorts(d, [end("l2", "h1"), end("l2", "h2")], hosts),
    ]);
    expect([...a]).toEqual([...b]);
    expect((await d.store.list(keys.tunnelPortsPrefix("h1"))).map((entry) => entry.value)).toEqual([
      { project_id: "p", link_id: "l1" },
      { project_id: "p", link_id: "l2" },
    ]);
  });

  it("tells the same link id in two projects apart (a project imported twice keeps its ids)", async () => {
    const d = deps();
    await d.store.commit(["p", "q"].map((projectId) => ({ key: keys.link(projectId, "l1"), value: { link_id: "l1" } })));
    const ports = await claimTunnelPorts(d, [end("l1", "h1"), { projectId: "q", linkId: "l1", hostId: "h1" }], hosts);
    expect([...ports]).toEqual([["p/l1/h1", 100], ["q/l1/h1", 101]]);
  });

  it("gives no port when the range is full or the host is unknown, and frees the ports of deleted links", async () => {
    const d = deps();
    await claimTunnelPorts(d, [end("l1", "h1"), end("l2", "h1")], hosts);
    expect([...(await claimTunnelPorts(d, [end("l3", "h1"), end("l3", "h9")], hosts))]).toEqual([]);
    // No l1 or l2 link exists in the store: the call above released their claims, reusable now.
    expect([...(await claimTunnelPorts(d, [end("l3", "h1")], hosts))]).toEqual([["p/l3/h1", 100]]);
    expect(await d.store.get(keys.linkTunnelPort("p", "l1", "h1"))).toBeUndefined();
  });
});

describe("revisionAfter and recordRevision", () => {
  it("grow from the stored counter, above the daemon's applied revision and what was sent, and never store a lower one", async () => {
    const d = deps();
    expect(await revisionAfter(d, "h1", 0)).toBe(1);
    await recordRevision(d, "h1", 1, []);
    expect(await revisionAfter(d, "h1", 0)).toBe(2);
    expect(await revisionAfter(d, "h1", 40, 7)).toBe(41);
    await Promise.all([recordRevision(d, "h1", 43, []), recordRevision(d, "h1", 42, [])]);
    expect(await d.store.get(keys.dataplaneRevision("h1"))).toEqual({ revision: 43, left_out: [] });
  });
});

describe("loadHostProjectRecords", () => {
  it("indexes a store from before the host index once, then reads only the host's projects", async () => {
    const d = deps();
    const project = (projectId: string) => ({ key: keys.project(projectId), value: { project_id: projectId, status: "opened" } });
    const node = (projectId: string, nodeId: string, computeId: string) => ({ key: keys.node(projectId, nodeId), value: { node_id: nodeId, compute_id: computeId } });
    await d.store.commit([project("p1"), node("p1", "n1", "h1"), project("p2"), node("p2", "n2", "h2"), node("p2", "n3", "h1")]);
    const loaded = await loadHostProjectRecords(d, "h1");
    expect(loaded.map(({ project, nodes }) => [project.project_id, nodes.map((n) => n.node_id)])).toEqual([["p1", ["n1"]], ["p2", ["n2", "n3"]]]);
    expect((await d.store.list(keys.everyHostProjectsPrefix())).map((entry) => entry.key)).toEqual([
      keys.hostProject("h1", "p1"),
      keys.hostProject("h1", "p2"),
      keys.hostProject("h2", "p2"),
    ]);
    expect(await d.store.get(keys.hostIndexBuilt())).toBeDefined();
    // A project deleted from under the index is skipped.
    await d.store.commit([{ key: keys.project("p1"), delete: true }]);
    expect((await loadHostProjectRecords(d, "h1")).map(({ project }) => project.project_id)).toEqual(["p2"]);
  });
});
