import { afterAll } from "vitest";
import { endLeftoverVpcs } from "../../dataplane/e2e/daemon-process";
import { takeTracked } from "./lab-processes";
import { groupMembers } from "./process-group";

/**
 * After every test file: the controllers and daemons it started that are still running (their
 * test failed or timed out before stopping them) are killed with their process groups, and the
 * VPCS their data dirs recorded are ended. Says what it had to end, so the test that left them
 * can be found.
 */
afterAll(async () => {
  const { groups, dataDirs } = takeTracked();
  for (const group of groups) {
    if (groupMembers(group).length === 0) continue;
    console.error(`ending process group ${group}, left running by this file`);
    try {
      process.kill(-group, "SIGKILL");
    } catch {
      // Ended meanwhile.
    }
  }
  for (const dir of dataDirs) await endLeftoverVpcs(dir);
});
