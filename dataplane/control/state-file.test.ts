import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cleanupAfterEach } from "@shared/testing/cleanups";
import { NodeKind, type LinkSpec, type NodeSpec, type StateChange } from "@shared/proto";
import { ReceivedState } from "@shared/proto/received-state";
import { AppliedStateFile, changeLogPath, loadAppliedState, stateFilePath } from "./state-file";

const { later } = cleanupAfterEach();

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "state-file-"));
  later(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const node = (nodeId: string): NodeSpec => ({
  nodeId, projectId: "p", name: nodeId, kind: NodeKind.ETHERNET_HUB, running: true, consolePort: 0, ports: [], startupScript: "", restartGeneration: 0, suspended: false, qemu: null, docker: null, dynamips: null,
});
const link = (linkId: string, filters: LinkSpec["filters"] = []): LinkSpec => ({
  linkId, projectId: "p", a: { nodeId: "n1", adapterNumber: 0, portNumber: 0, local: true }, b: { nodeId: "n1", adapterNumber: 0, portNumber: 1, local: true }, filters, suspended: false, tunnel: null, capture: null,
});
const change = (revision: number, body: Partial<StateChange>): StateChange => ({ revision, baseRevision: revision - 1, nodes: [], links: [], removedNodes: [], removedLinks: [], ...body });

/** A daemon's writes: the newest state merged as the client merges it, saved as it saves it. */
function daemonFile(dir: string) {
  let held = ReceivedState.of({ revision: 0, nodes: [], links: [] });
  const file = new AppliedStateFile(dir, () => held.state());
  return {
    file,
    held: () => held,
    state(revision: number, nodes: NodeSpec[], links: LinkSpec[]) {
      held = ReceivedState.of({ revision, nodes, links });
      void file.saveState(held.state());
    },
    change(next: StateChange) {
      const touched = held.apply(next);
      if ("refused" in touched) throw new Error(touched.refused);
      void file.saveChange(next);
    },
  };
}

describe("the applied state on disk", () => {
  it("is the last whole state with the changes since on top", async () => {
    const dir = dataDir();
    const daemon = daemonFile(dir);
    daemon.state(10, [node("n1")], [link("l1")]);
    daemon.change(change(11, { links: [link("l1", [{ type: "packet_loss", numbers: [5], text: "" }])] }));
    daemon.change(change(12, { nodes: [node("n2")], removedLinks: [{ projectId: "p", id: "l1" }] }));
    await daemon.file.close();
    expect(await loadAppliedState(dir)).toEqual(daemon.held().state());
    expect((await loadAppliedState(dir))?.revision).toBe(12);
  });

  it("folds a long log into the state file, and loading skips what the state already has", async () => {
    const dir = dataDir();
    const daemon = daemonFile(dir);
    daemon.state(1, [node("n1")], []);
    // Each change is ~60 bytes: 2,000 of them outgrow the 64 KiB log.
    for (let revision = 2; revision <= 2001; revision++) daemon.change(change(revision, { links: [link(`l${revision % 50}`, [{ type: "frequency_drop", numbers: [revision], text: "" }])] }));
    await daemon.file.close();
    expect(statSync(changeLogPath(dir)).size).toBeLessThan(64 * 1024 + 200);
    expect(await loadAppliedState(dir)).toEqual(daemon.held().state());
  });

  it("reads a torn or damaged log up to its last whole change", async () => {
    const dir = dataDir();
    const daemon = daemonFile(dir);
    daemon.state(1, [node("n1")], []);
    daemon.change(change(2, { nodes: [node("n2")] }));
    await daemon.file.written();
    const afterTwo = daemon.held().state();
    daemon.change(change(3, { nodes: [node("n3")] }));
    await daemon.file.close();
    const log = readFileSync(changeLogPath(dir));
    // Power lost in the middle of the last append: half a record.
    writeFileSync(changeLogPath(dir), log.subarray(0, log.length - 5));
    expect(await loadAppliedState(dir)).toEqual(afterTwo);
    // A record that is not a change: what precedes it stands.
    writeFileSync(changeLogPath(dir), log.subarray(0, log.length - (log.length - 4 - log.readUInt32LE(0))));
    appendFileSync(changeLogPath(dir), Buffer.from([3, 0, 0, 0, 0xff, 0xff, 0xff]));
    expect(await loadAppliedState(dir)).toEqual(afterTwo);
  });

  it("stops at a change on another base, and is nothing after a fresh start or with a damaged state file", async () => {
    const dir = dataDir();
    expect(await loadAppliedState(dir)).toBeUndefined();
    const daemon = daemonFile(dir);
    daemon.state(5, [node("n1")], []);
    await daemon.file.saveChange({ ...change(9, { nodes: [node("n9")] }), baseRevision: 8 });
    await daemon.file.close();
    expect(await loadAppliedState(dir)).toEqual({ revision: 5, nodes: [node("n1")], links: [] });
    writeFileSync(stateFilePath(dir), Buffer.from([0x0a, 0xff]));
    expect(await loadAppliedState(dir)).toBeUndefined();
  });
});
