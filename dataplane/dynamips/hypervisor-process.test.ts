import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createLogger } from "@shared/logging/logger";
import { cleanupAfterEach, waitFor } from "@shared/testing/cleanups";
import { ownerProcess, printOwned } from "@shared/testing/owner-process";
import { identify, isAlive, workingDirectory } from "../nodes/processes";
import { DynamipsHypervisor, dynamipsAvailable } from "./hypervisor-process";

const { later, tempDir } = cleanupAfterEach();
const log = createLogger("test.dynamips");

describe("a Dynamips hypervisor process", () => {
  it("runs in the node's folder, answers its version and ends on stop", async () => {
    const sharedDir = tempDir("hypervisors-");
    const workDir = join(sharedDir, "project", "node");
    const hypervisor = await DynamipsHypervisor.start({ workDir, sharedDir, nodeId: "n", log });
    later(() => hypervisor.stop());
    expect(hypervisor.version).toMatch(/^0\.2\.\d+$/);
    expect(workingDirectory(hypervisor.pid)).toBe(workDir);
    // Its translation tables where every hypervisor of the host starts, its log in the node's folder.
    expect(readdirSync(sharedDir).filter((name) => name.startsWith("ilt_")).length).toBeGreaterThan(0);
    expect(readdirSync(workDir)).toContain("dynamips_log.txt");
    expect(readdirSync(workDir).filter((name) => name.startsWith("ilt_"))).toEqual([]);
    expect(await hypervisor.client.send("hypervisor", "module_list")).toEqual(expect.arrayContaining(["frsw", "atmsw", "c7200", "vm", "nio"]));
    const process = identify(hypervisor.pid)!;
    await hypervisor.stop();
    expect(isAlive(process)).toBe(false);
  });

  it("dies with a daemon killed outright", async () => {
    const workDir = tempDir("hypervisor-orphan-");
    const owner = await ownerProcess([
      `import { createLogger } from ${JSON.stringify(join(import.meta.dirname, "../../shared/logging/logger.ts"))};`,
      `import { DynamipsHypervisor } from ${JSON.stringify(join(import.meta.dirname, "hypervisor-process.ts"))};`,
      `const hypervisor = await DynamipsHypervisor.start({ workDir: ${JSON.stringify(workDir)}, sharedDir: ${JSON.stringify(workDir)}, nodeId: "orphan", log: createLogger("orphan") });`,
      printOwned("hypervisor.pid"),
    ]);
    const orphan = identify(owner.owned)!;
    expect(isAlive(orphan)).toBe(true);
    await owner.kill();
    await waitFor("the hypervisor gone with its daemon", () => !isAlive(orphan), 5000);
  });

  it("ends a hypervisor an earlier daemon left in the same folder before starting", async () => {
    const workDir = tempDir("hypervisor-leftover-");
    const earlier = await DynamipsHypervisor.start({ workDir, sharedDir: workDir, nodeId: "n", log });
    const leftover = identify(earlier.pid)!;
    const next = await DynamipsHypervisor.start({ workDir, sharedDir: workDir, nodeId: "n", log });
    later(() => next.stop());
    expect(isAlive(leftover)).toBe(false);
    expect(next.pid).not.toBe(leftover.pid);
  });

  it("is looked for on the PATH without being run", async () => {
    expect(await dynamipsAvailable()).toBe(true);
    expect(await dynamipsAvailable("dynamips-not-here")).toBe(false);
  });

  it("says when dynamips is not installed", async () => {
    await expect(DynamipsHypervisor.start({ workDir: tempDir("hypervisor-missing-"), sharedDir: tempDir("hypervisor-missing-"), nodeId: "n", log, executable: "dynamips-not-here" })).rejects.toThrow(
      "dynamips is not installed on this host (Debian: apt install dynamips, from the non-free section)",
    );
  });
});
