/**
 * Loaded into every Node process of a server under test (NODE_OPTIONS=--import=…): in the
 * dataplane daemon (the process started with --host-id), it measures how long its event loop
 * could not run a 10 ms timer, and writes the longest such stall of each second, with the
 * wall-clock time it ended, to $LOOP_WATCH_FILE.
 */
import { renameSync, writeFileSync } from "node:fs";

if (process.argv.includes("--host-id") && process.env.LOOP_WATCH_FILE) {
  const file = process.env.LOOP_WATCH_FILE;
  const seconds = [];
  let last = performance.now();
  let longestMs = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    longestMs = Math.max(longestMs, now - last - 10);
    last = now;
  }, 10);
  const report = setInterval(() => {
    seconds.push({ at: Date.now(), stallMs: Math.round(longestMs) });
    longestMs = 0;
    if (seconds.length > 900) seconds.shift();
    // Renamed into place: the bench may read it at any moment.
    writeFileSync(`${file}.new`, JSON.stringify(seconds));
    renameSync(`${file}.new`, file);
  }, 1000);
  tick.unref();
  report.unref();
}
