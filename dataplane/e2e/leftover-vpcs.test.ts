import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { waitFor } from "@shared/testing/cleanups";
import { endLeftoverVpcs } from "./daemon-process";

/**
 * A lab whose `beforeAll` timed out: its `afterAll` removed the data dir, the VPCS records with
 * it, while the VPCS its daemon started (in sessions of their own) still run. The safety net
 * finds them by the working folder they were started in.
 */
it("ends a VPCS still working in a data dir that was removed with its records", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "leftover-vpcs-"));
  const nodeDir = join(dataDir, "vpcs", "project", "node");
  mkdirSync(nodeDir, { recursive: true });
  const vpcs = spawn("vpcs", ["-F", "-i", "1", "-p", "5199", "-m", "0", "-s", "45199", "-c", "45198", "-t", "127.0.0.1"], { cwd: nodeDir, detached: true, stdio: "ignore" });
  const exited = new Promise((resolve) => vpcs.once("exit", resolve));
  await waitFor("VPCS to run", () => vpcs.pid !== undefined);
  rmSync(dataDir, { recursive: true, force: true });

  await endLeftoverVpcs(dataDir);
  await exited;
  expect(vpcs.signalCode).toBe("SIGKILL");
});
