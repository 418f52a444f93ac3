import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { NodeKind, type NodeSpec } from "@shared/proto";
import { cleanupAfterEach, waitFor } from "@shared/testing/cleanups";
import { ensureLinkedClone, overlayPath } from "../nodes/qemu-images";
import { hasQemuDiskTools, holdDiskOpen, holdsPattern, writePattern } from "../nodes/testing/qemu-disks";
import type { NodeRuntime } from "./node-runtime";
import { qemuNodeFactory } from "./qemu-node";

const { later, tempDir } = cleanupAfterEach();
const NO_IMAGE = { name: "", md5: "" };

/** VM2, the duplicate of node `src` of project `p`, with hda over base.img; stopped unless asked. */
function duplicate(overrides: Partial<NodeSpec> = {}, sourceProjectId = ""): NodeSpec {
  return {
    nodeId: "dup", projectId: "p", name: "VM2", kind: NodeKind.QEMU, running: false, consolePort: 0, ports: [], startupScript: "", restartGeneration: 0, suspended: false, docker: null, dynamips: null,
    qemu: {
      binary: "qemu-system-x86_64", ramMb: 64, cpus: 1, adapters: [], kernelImage: NO_IMAGE, initrd: NO_IMAGE, bios: NO_IMAGE, kernelCommandLine: "", bootPriority: "c",
      disks: [{ slot: "hda", image: { name: "base.img", md5: "" }, interface: "ide", growMb: 0 }],
      options: "", consoleType: "none", onClose: "power_off", linkedClone: true, overlaySourceNodeId: "src", overlaySourceProjectId: sourceProjectId,
    },
    ...overrides,
  };
}

/** A data dir whose node `src` of project `sourceProject` wrote 0xab over the first 64 KiB of its hda. */
async function dataDirWithOriginal(sourceProject = "p"): Promise<{ dataDir: string; original: string }> {
  const dataDir = tempDir("qemu-duplicate-");
  const imageDir = join(dataDir, "images", "QEMU");
  mkdirSync(imageDir, { recursive: true });
  const base = join(imageDir, "base.img");
  execFileSync("qemu-img", ["create", "-q", "-f", "raw", base, "1M"]);
  const original = overlayPath(join(dataDir, "qemu", sourceProject, "src"), "hda");
  mkdirSync(join(dataDir, "qemu", sourceProject, "src"), { recursive: true });
  await ensureLinkedClone("qemu-img", base, original);
  writePattern(original, "qcow2", 0xab, 0, 64 * 1024);
  return { dataDir, original };
}

const holdsOriginalData = (overlay: string) => holdsPattern(overlay, 0xab, 0, 64 * 1024);

async function made(spec: NodeSpec, dataDir: string): Promise<NodeRuntime> {
  const node = await qemuNodeFactory({ accelerator: "tcg" })(spec, { dataDir, announceFailure: () => {} });
  later(() => node.close());
  return node;
}

describe.skipIf(!hasQemuDiskTools)("a duplicated QEMU node on its host", () => {
  it("has its original's disk copied as soon as it appears, before any start", async () => {
    const { dataDir } = await dataDirWithOriginal();
    await made(duplicate(), dataDir);
    const copy = overlayPath(join(dataDir, "qemu", "p", "dup"), "hda");
    await waitFor("the copy", () => existsSync(copy));
    expect(holdsOriginalData(copy)).toBe(true);
  });

  it("copies from the original's project when that is another one (a duplicated project)", async () => {
    const { dataDir } = await dataDirWithOriginal("original-project");
    await made(duplicate({ projectId: "copy-project" }, "original-project"), dataDir);
    const copy = overlayPath(join(dataDir, "qemu", "copy-project", "dup"), "hda");
    await waitFor("the copy", () => existsSync(copy));
    expect(holdsOriginalData(copy)).toBe(true);
  });

  it("refuses to start while the original's VM holds its disk, and copies at a later spec once it is let go", async () => {
    const { dataDir, original } = await dataDirWithOriginal();
    const release = await holdDiskOpen(original);
    later(release);

    const node = await made(duplicate(), dataDir);
    const problem = await node.update(duplicate({ running: true }));
    expect(problem).toMatch(/^node VM2: cannot copy disk hda of the node this one duplicates \(the VM of the node this one duplicates runs: stop it, then start this one\): /);
    const copy = overlayPath(join(dataDir, "qemu", "p", "dup"), "hda");
    expect(existsSync(copy)).toBe(false);
    expect(existsSync(join(dataDir, "qemu", "p", "dup", "qemu.pids.json"))).toBe(false);

    await release();
    expect(await node.update(duplicate())).toBeNull();
    await waitFor("the copy", () => existsSync(copy));
    expect(holdsOriginalData(copy)).toBe(true);
  });
});
