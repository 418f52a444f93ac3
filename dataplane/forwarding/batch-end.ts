/**
 * The end of a batch of received frames. The native path hands frames over a batch at a
 * time; work that costs a system call per frame elsewhere (a capture's write) is gathered
 * while the batch runs and done once when it ends. Outside a batch (node:dgram, delay-line
 * timers) nothing is deferred.
 */
let depth = 0;
const atEnd: Array<() => void> = [];

export function inBatch(): boolean {
  return depth > 0;
}

/** Runs `flush` when the current batch ends; call only while `inBatch()`. */
export function deferToBatchEnd(flush: () => void): void {
  atEnd.push(flush);
}

export function beginBatch(): void {
  depth += 1;
}

export function endBatch(): void {
  depth -= 1;
  if (depth > 0) return;
  // A flush may not start a batch of its own: the list is only appended to while a batch runs.
  for (let index = 0; index < atEnd.length; index++) atEnd[index]!();
  atEnd.length = 0;
}
