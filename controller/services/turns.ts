/** The last step queued on each key, per owner (a store: each process or object queues its own). */
const queues = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * Runs `step` once every step queued earlier on the same key of the same owner has settled.
 * For changes that all rewrite one record (a project's count of links): run side by side they
 * would each read it, all but one fail its guard, and retry in lockstep; queued, none fails.
 * Only this process queues, so guards must still be what makes such a change safe.
 */
export function inTurn<T>(owner: object, key: string, step: () => Promise<T>): Promise<T> {
  let owned = queues.get(owner);
  if (!owned) queues.set(owner, (owned = new Map()));
  const queue = owned;
  const previous = queue.get(key) ?? Promise.resolve();
  const result = previous.then(step, step);
  const settled = result.then(
    () => undefined,
    () => undefined,
  );
  queue.set(key, settled);
  void settled.then(() => {
    if (queue.get(key) === settled) queue.delete(key);
  });
  return result;
}
