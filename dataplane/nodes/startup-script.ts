/**
 * A VPCS node's `startup.vpc` in its working folder. VPCS runs the file at every start, and
 * its own `save` command writes the PC's configuration there, as in GNS3. The controller's
 * copy is put there only when it differs from the copy put there last (kept beside it), so
 * what the PC saved survives restarts of the node and of the daemon until the controller's
 * script changes.
 */
import { readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";

export const STARTUP_SCRIPT = "startup.vpc";
const LAST_GIVEN = "startup.vpc.given";

/** Brings the controller's script (empty: none) into `workDir`; resolves with whether VPCS has a script to run. */
export async function placeStartupScript(workDir: string, given: string): Promise<boolean> {
  const scriptPath = join(workDir, STARTUP_SCRIPT);
  const lastPath = join(workDir, LAST_GIVEN);
  const last = await readFile(lastPath, "utf8").catch(() => "");
  if (given !== last) {
    if (given === "") {
      await rm(scriptPath, { force: true });
      await rm(lastPath, { force: true });
    } else {
      await replaceFile(scriptPath, given);
      await replaceFile(lastPath, given);
    }
  }
  return stat(scriptPath).then(
    (found) => found.isFile(),
    () => false,
  );
}

/** Written aside then renamed: a crash never leaves half a script for VPCS to run. */
async function replaceFile(path: string, text: string): Promise<void> {
  await writeFile(`${path}.tmp`, text);
  await rename(`${path}.tmp`, path);
}
