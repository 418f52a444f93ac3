/**
 * The hypervisor commands that give a Dynamips Frame Relay switch (`frsw`) or ATM switch
 * (`atmsw`) its circuits, pure. Dynamips switches one way per command; GNS3 maps each of its
 * mappings both ways, and so do we: a DLCI, a virtual channel (VPI, VCI) or a virtual path
 * (VPI, every VCI kept) on one NIO to the same on another.
 */
import type { VirtualCircuit } from "@shared/proto";

export type CircuitModule = "frsw" | "atmsw";

/** One hypervisor command: module, command, arguments. */
export type HypervisorCommand = [module: string, command: string, ...args: Array<string | number>];

/** The commands for `circuits` in switch `name`, each circuit's two directions one after the other. */
export function circuitCommands(module: CircuitModule, name: string, circuits: readonly VirtualCircuit[], nioOf: (port: number) => string): HypervisorCommand[] {
  return circuits.flatMap(({ a, b }) =>
    [
      [a, b],
      [b, a],
    ].map(([from, to]): HypervisorCommand => {
      const ends = [nioOf(from!.port), ...from!.ids, nioOf(to!.port), ...to!.ids];
      if (module === "frsw") return ["frsw", "create_vc", name, ...ends];
      return ["atmsw", from!.ids.length === 1 ? "create_vpc" : "create_vcc", name, ...ends];
    }),
  );
}
