import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { newNode, type NodeRecord } from "../domain/nodes";
import { newProject, type ProjectRecord } from "../domain/projects";
import { fileLayout } from "../files/layout";
import { inProcessDeps } from "../testing/in-process-deps";
import { loadStartupScripts, MAX_CARRIED_SCRIPT_BYTES, startupScriptKey } from "./startup-scripts";

const dataDir = mkdtempSync(join(tmpdir(), "startup-scripts-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const deps = inProcessDeps(dataDir);

function project(id: string, status: "opened" | "closed" = "opened"): ProjectRecord {
  return { ...newProject({ name: id } as never, id, "/projects"), status };
}

function vpcs(projectId: string, id: string, computeId: string, status: NodeRecord["status"]): NodeRecord {
  const record = newNode({ name: id, node_type: "vpcs", compute_id: computeId } as never, { nodeId: id, projectId, name: id.toUpperCase(), console: 5000, hostInterfaces: [] });
  return { ...record, status };
}

async function giveScript(node: NodeRecord, text: string): Promise<void> {
  await deps.files.write(`${fileLayout.nodeFolder(node.project_id, "vpcs", node.node_id)}/startup.vpc`, new Blob([text]).stream());
}

describe("loadStartupScripts", () => {
  it("reads the startup.vpc of the host's started VPCS nodes in opened projects, and only those", async () => {
    const started = vpcs("p1", "a", "h1", "started");
    const stopped = vpcs("p1", "b", "h1", "stopped");
    const elsewhere = vpcs("p1", "c", "h2", "started");
    const withoutFile = vpcs("p1", "d", "h1", "started");
    const inClosed = vpcs("p2", "e", "h1", "started");
    for (const node of [started, stopped, elsewhere, inClosed]) await giveScript(node, `set pcname ${node.name}\n`);
    const scripts = await loadStartupScripts(deps, "h1", [
      { project: project("p1"), nodes: [started, stopped, elsewhere, withoutFile], links: [] },
      { project: project("p2", "closed"), nodes: [inClosed], links: [] },
    ]);
    expect([...scripts]).toEqual([[startupScriptKey("p1", "a"), { text: "set pcname A\n" }]]);
  });

  it("refuses a script too large to carry, saying how large it is", async () => {
    const node = vpcs("p3", "big", "h1", "started");
    await giveScript(node, "#".repeat(MAX_CARRIED_SCRIPT_BYTES + 1));
    const scripts = await loadStartupScripts(deps, "h1", [{ project: project("p3"), nodes: [node], links: [] }]);
    expect(scripts.get(startupScriptKey("p3", "big"))).toEqual({
      refused: `BIG's startup.vpc is ${MAX_CARRIED_SCRIPT_BYTES + 1} bytes; a startup script the dataplane runs holds at most ${MAX_CARRIED_SCRIPT_BYTES}`,
    });
  });
});
