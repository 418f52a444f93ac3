import { signal, signalGroup, type ProcessIdentity } from "./processes";

/**
 * Every emulator process the daemon started and has not reaped yet (VPCS, QEMU): killed with
 * their process groups if the daemon exits, so a stopped daemon leaves none behind.
 */
export const liveProcesses = new Set<ProcessIdentity>();

process.once("exit", () => {
  for (const live of liveProcesses) {
    signalGroup(live.pid, "SIGKILL");
    signal(live, "SIGKILL");
  }
});
