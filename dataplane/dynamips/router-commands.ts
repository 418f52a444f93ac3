/**
 * The hypervisor commands that make a router of a spec, pure, in the order GNS3's compute sends
 * them (compute/dynamips/nodes/router.py and the platform classes): the instance, its console
 * ports, image and memory, what is particular to the platform, its cards, its configs.
 */
import type { DynamipsSpec } from "@shared/proto";
import type { HypervisorCommand } from "./switch-circuits";

/** Platforms that take a chassis (`<platform> set_chassis`). */
const WITH_CHASSIS = new Set(["c3600", "c2600", "c1700"]);

export interface RouterFiles {
  /** The IOS image's absolute path. */
  image: string;
  /** Relative to the hypervisor's working folder; empty: none. */
  startupConfig: string;
  privateConfig: string;
}

export function routerSetup(name: string, spec: DynamipsSpec, consolePort: number, files: RouterFiles): HypervisorCommand[] {
  const { platform } = spec;
  const commands: HypervisorCommand[] = [["vm", "create", name, spec.dynamipsId, platform]];
  if (spec.consoleType !== "none" && consolePort > 0) commands.push(["vm", "set_con_tcp_port", name, consolePort]);
  if (spec.auxPort > 0) commands.push(["vm", "set_aux_tcp_port", name, spec.auxPort]);
  commands.push(
    ["vm", "set_ios", name, files.image],
    ["vm", "set_ram", name, spec.ramMb],
    ["vm", "set_nvram", name, spec.nvramKb],
    ["vm", "set_ram_mmap", name, spec.mmap ? 1 : 0],
    ["vm", "set_sparse_mem", name, spec.sparsemem ? 1 : 0],
    ["vm", "set_clock_divisor", name, spec.clockDivisor],
    ["vm", "set_exec_area", name, spec.execAreaMb],
    ["vm", "set_disk0", name, spec.disk0Mb],
    ["vm", "set_disk1", name, spec.disk1Mb],
  );
  if (spec.idlepc !== "") commands.push(["vm", "set_idle_pc", name, spec.idlepc]);
  if (platform === "c7200") {
    if (spec.npe !== "") commands.push(["c7200", "set_npe", name, spec.npe]);
    if (spec.midplane !== "") commands.push(["c7200", "set_midplane", name, spec.midplane]);
  } else {
    if (WITH_CHASSIS.has(platform) && spec.chassis !== "") commands.push([platform, "set_chassis", name, spec.chassis]);
    commands.push([platform, "set_iomem", name, spec.iomemPercent]);
  }
  if (spec.macAddress !== "") commands.push([platform, "set_mac_addr", name, spec.macAddress]);
  if (spec.systemId !== "") commands.push([platform, "set_system_id", name, spec.systemId]);
  for (const card of spec.cards) commands.push(["vm", "slot_add_binding", name, card.slot, card.subslot, card.name]);
  if (files.startupConfig !== "" || files.privateConfig !== "") {
    commands.push(["vm", "set_config", name, files.startupConfig, ...(files.privateConfig !== "" ? [files.privateConfig] : [])]);
  }
  return commands;
}

/** What a running router is told after `vm start`: the idle loop's limits, which Dynamips only takes while it runs. */
export function routerRunning(name: string, spec: DynamipsSpec): HypervisorCommand[] {
  return [
    ["vm", "set_idle_max", name, 0, spec.idlemax],
    ["vm", "set_idle_sleep_time", name, 0, spec.idlesleep],
  ];
}
