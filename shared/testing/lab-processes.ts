/**
 * The process groups a test file started (controllers, daemons) and the data dirs their VPCS
 * recorded themselves in, so that `lab-cleanup.setup.ts` ends them after the file whatever
 * happened to its tests: a `beforeAll` that timed out still has its lab running, and its
 * `afterAll` never learnt of it.
 */
const groups = new Set<number>();
const dataDirs = new Set<string>();

/** Tracks a process group until the returned function is called (it was stopped cleanly). */
export function trackProcessGroup(groupId: number): () => void {
  groups.add(groupId);
  return () => groups.delete(groupId);
}

/** A data dir whose daemon may leave VPCS behind (they run in sessions of their own, outside its group). */
export function trackDataDir(dir: string): void {
  dataDirs.add(dir);
}

/** What is still tracked, emptied: the setup file ends it. */
export function takeTracked(): { groups: number[]; dataDirs: string[] } {
  const taken = { groups: [...groups], dataDirs: [...dataDirs] };
  groups.clear();
  dataDirs.clear();
  return taken;
}
