/**
 * The end of a batch of received frames. The native path hands frames over a batch at a
 * time; work that costs a system call per frame elsewhere (a capture's write) is gathered
 * while the batch runs and done once when it ends. Outside a batch (node:dgram, delay-line
 * timers) nothing is deferred.
 */
let depth = 0;
let batchStartedAt = 0;
const atEnd: Array<() => void> = [];

/**
 * The monotonic clock (ms) as the frame path reads it: inside a batch, the time the batch
 * began. Frames read by one recvmmsg were waiting in the socket together; reading the clock
 * once for them, not at every hop of every frame, is what keeps a chain of switches cheap.
 */
export function frameClock(): number {
  return depth > 0 ? batchStartedAt : performance.now();
}

export function inBatch(): boolean {
  return depth > 0;
}

/** Runs `flush` when the current batch ends; call only while `inBatch()`. */
export function deferToBatchEnd(flush: () => void): void {
  atEnd.push(flush);
}

export function beginBatch(): void {
  if (depth === 0) batchStartedAt = performance.now();
  depth += 1;
}

export function endBatch(): void {
  depth -= 1;
  if (depth > 0) return;
  // A flush may not start a batch of its own: the list is only appended to while a batch runs.
  for (let index = 0; index < atEnd.length; index++) atEnd[index]!();
  atEnd.length = 0;
}
