import { describe, expect, it } from "vitest";
import { routerRunning, routerSetup } from "./router-commands";
import { routerSpec } from "./testing";

const files = { image: "/images/c7200.image", startupConfig: "configs/i1_startup-config.cfg", privateConfig: "" };

describe("a router's hypervisor commands", () => {
  it("make a c7200 as GNS3 does: instance, console, image, memory, NPE, cards, config", () => {
    expect(routerSetup("i1", routerSpec(), 5000, files)).toEqual([
      ["vm", "create", "i1", 1, "c7200"],
      ["vm", "set_con_tcp_port", "i1", 5000],
      ["vm", "set_ios", "i1", "/images/c7200.image"],
      ["vm", "set_ram", "i1", 256],
      ["vm", "set_nvram", "i1", 128],
      ["vm", "set_ram_mmap", "i1", 1],
      ["vm", "set_sparse_mem", "i1", 1],
      ["vm", "set_clock_divisor", "i1", 4],
      ["vm", "set_exec_area", "i1", 64],
      ["vm", "set_disk0", "i1", 64],
      ["vm", "set_disk1", "i1", 0],
      ["vm", "set_idle_pc", "i1", "0x606e0538"],
      ["c7200", "set_npe", "i1", "npe-400"],
      ["c7200", "set_midplane", "i1", "vxr"],
      ["c7200", "set_mac_addr", "i1", "ca01.0000.0001"],
      ["c7200", "set_system_id", "i1", "FTX0945W0MY"],
      ["vm", "slot_add_binding", "i1", 0, 0, "C7200-IO-FE"],
      ["vm", "slot_add_binding", "i1", 1, 0, "PA-4T+"],
      ["vm", "set_config", "i1", "configs/i1_startup-config.cfg"],
    ]);
    expect(routerRunning("i1", routerSpec())).toEqual([
      ["vm", "set_idle_max", "i1", 0, 500],
      ["vm", "set_idle_sleep_time", "i1", 0, 30],
    ]);
  });

  it("give other platforms their chassis and I/O memory, WICs at sub-slot 16 × (WIC + 1), and no console when it is none", () => {
    const spec = routerSpec({ platform: "c2600", chassis: "2621", npe: "", midplane: "", iomemPercent: 15, macAddress: "", idlepc: "", consoleType: "none", auxPort: 5001, cards: [{ slot: 0, subslot: 32, name: "WIC-2T" }] });
    const commands = routerSetup("i2", spec, 5000, { ...files, startupConfig: "", privateConfig: "configs/i2_private-config.cfg" });
    expect(commands.map((command) => command.join(" "))).toEqual([
      "vm create i2 1 c2600",
      "vm set_aux_tcp_port i2 5001",
      "vm set_ios i2 /images/c7200.image",
      "vm set_ram i2 256",
      "vm set_nvram i2 128",
      "vm set_ram_mmap i2 1",
      "vm set_sparse_mem i2 1",
      "vm set_clock_divisor i2 4",
      "vm set_exec_area i2 64",
      "vm set_disk0 i2 64",
      "vm set_disk1 i2 0",
      "c2600 set_chassis i2 2621",
      "c2600 set_iomem i2 15",
      "c2600 set_system_id i2 FTX0945W0MY",
      "vm slot_add_binding i2 0 32 WIC-2T",
      "vm set_config i2  configs/i2_private-config.cfg",
    ]);
  });
});
