import { describe, expect, it } from "vitest";
import { NODE_TYPES } from "@shared/schemas/node";
import { BUILTIN_SYMBOL_FILES } from "./builtin-symbols";
import { imageSize } from "./image-size";
import { NODE_TYPE_TRAITS } from "./node-types";
import { BUILTIN_SYMBOLS, DEFAULT_SYMBOLS, builtinSymbolFile, builtinSymbolSize, exactBuiltinSymbolFile, knownSymbol, symbolSize } from "./symbols";

/** GNS3's classic symbols, rounded as GNS3 reads them: node labels and maps are placed from these. */
const GNS3_SIZES: Record<string, [number, number]> = {
  "atm_switch.svg": [51, 48],
  "cloud.svg": [159, 71],
  "computer.svg": [65, 59],
  "docker_guest.svg": [65, 59],
  "ethernet_switch.svg": [72, 32],
  "firewall.svg": [66, 45],
  "frame_relay_switch.svg": [51, 48],
  "hub.svg": [72, 32],
  "multilayer_switch.svg": [51, 48],
  "nat.svg": [159, 71],
  "qemu_guest.svg": [65, 59],
  "router.svg": [66, 45],
  "traceng.svg": [65, 59],
  "vbox_guest.svg": [65, 59],
  "vmware_guest.svg": [65, 59],
  "vpcs_guest.svg": [65, 59],
};

describe("built-in symbols", () => {
  it("draws every symbol a node type names, and every one of GNS3's classic default symbols", () => {
    const named = new Set([...NODE_TYPES.map((type) => NODE_TYPE_TRAITS[type].symbol), ...Object.values(DEFAULT_SYMBOLS.Classic!)]);
    for (const symbol of named) expect(builtinSymbolFile(symbol), symbol).toBeDefined();
  });

  it.each(Object.entries(GNS3_SIZES))("draws %s at GNS3's size, %j, read from its own SVG", (file, [width, height]) => {
    expect(imageSize(new TextEncoder().encode(BUILTIN_SYMBOL_FILES[file]!))).toEqual({ width, height, type: "svg" });
    expect(builtinSymbolSize(file)).toEqual({ width, height });
  });

  it("keeps every drawing a small, self-contained SVG", () => {
    expect(Object.keys(BUILTIN_SYMBOL_FILES).sort()).toEqual(Object.keys(GNS3_SIZES).sort());
    for (const [file, svg] of Object.entries(BUILTIN_SYMBOL_FILES)) {
      expect(svg, file).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="\d+" viewBox="0 0 \d+ \d+">.*<\/svg>$/s);
      expect(svg, file).not.toMatch(/href|<script|<image/);
      expect(svg.length, file).toBeLessThan(4000);
    }
  });

  it("lists them as GNS3 does: classic ids, theme Classic, keys sorted", () => {
    expect(BUILTIN_SYMBOLS).toContainEqual({ builtin: true, filename: "router.svg", symbol_id: ":/symbols/classic/router.svg", theme: "Classic" });
    expect(BUILTIN_SYMBOLS.map((entry) => entry.filename)).toEqual(Object.keys(GNS3_SIZES).sort());
    expect(Object.keys(BUILTIN_SYMBOLS[0]!)).toEqual(["builtin", "filename", "symbol_id", "theme"]);
  });
});

describe("builtinSymbolFile", () => {
  it.each([
    [":/symbols/classic/router.svg", "router.svg"],
    [":/symbols/router.svg", "router.svg"],
    ["/symbols/vpcs_guest.svg", "vpcs_guest.svg"],
    ["anything/hub.svg", "hub.svg"],
    [":/symbols/affinity/square/blue/switch.svg", "ethernet_switch.svg"],
    [":/symbols/affinity/circle/gray/client_vm.svg", "qemu_guest.svg"],
    [":/symbols/affinity/circle/red/isdn.svg", "frame_relay_switch.svg"],
    [":/symbols/affinity/square/gray/client.svg", "computer.svg"],
    [":/symbols/nope.svg", undefined],
    ["my-router.svg", undefined],
  ])("%s → %s (GNS3's fallback by file name; Affinity ids as the classic symbol of the same kind)", (id, file) => {
    expect(builtinSymbolFile(id)).toBe(file);
  });

  it("tells a classic id from an older or foreign one", () => {
    expect(exactBuiltinSymbolFile(":/symbols/classic/router.svg")).toBe("router.svg");
    expect(exactBuiltinSymbolFile(":/symbols/router.svg")).toBeUndefined();
    expect(exactBuiltinSymbolFile(":/symbols/classic/nope.svg")).toBeUndefined();
  });
});

describe("symbolSize and knownSymbol", () => {
  it("sizes a node by its symbol, old and new ids alike, and custom symbols as the default", () => {
    expect(symbolSize(":/symbols/router.svg")).toEqual({ width: 66, height: 45 });
    expect(symbolSize(":/symbols/classic/cloud.svg")).toEqual({ width: 159, height: 71 });
    expect(symbolSize("my-upload.png")).toEqual({ width: 65, height: 59 });
  });

  it("keeps classic, older and Affinity ids and custom names; an unknown built-in becomes the computer", () => {
    for (const symbol of [":/symbols/classic/router.svg", ":/symbols/router.svg", ":/symbols/affinity/square/red/router.svg", "mine.svg"]) {
      expect(knownSymbol(symbol)).toBe(symbol);
    }
    expect(knownSymbol(":/symbols/classic/nope.svg")).toBe(":/symbols/computer.svg");
    expect(knownSymbol(null)).toBe(":/symbols/computer.svg");
    expect(knownSymbol("")).toBe(":/symbols/computer.svg");
  });
});

describe("DEFAULT_SYMBOLS", () => {
  it("has GNS3's seven themes, sorted, each naming a symbol for the same fifteen kinds of node", () => {
    expect(Object.keys(DEFAULT_SYMBOLS)).toEqual([
      "Affinity-circle-blue", "Affinity-circle-gray", "Affinity-circle-red", "Affinity-square-blue", "Affinity-square-gray", "Affinity-square-red", "Classic",
    ]);
    expect(DEFAULT_SYMBOLS.Classic).toEqual({
      atm_switch: ":/symbols/classic/atm_switch.svg",
      cloud: ":/symbols/classic/cloud.svg",
      computer: ":/symbols/classic/computer.svg",
      docker_guest: ":/symbols/classic/docker_guest.svg",
      ethernet_hub: ":/symbols/classic/hub.svg",
      ethernet_switch: ":/symbols/classic/ethernet_switch.svg",
      firewall: ":/symbols/classic/firewall.svg",
      frame_relay_switch: ":/symbols/classic/frame_relay_switch.svg",
      multilayer_switch: ":/symbols/classic/multilayer_switch.svg",
      nat: ":/symbols/classic/nat.svg",
      qemu_guest: ":/symbols/classic/qemu_guest.svg",
      router: ":/symbols/classic/router.svg",
      vbox_guest: ":/symbols/classic/vbox_guest.svg",
      vmware_guest: ":/symbols/classic/vmware_guest.svg",
      vpcs_guest: ":/symbols/classic/vpcs_guest.svg",
    });
    expect(DEFAULT_SYMBOLS["Affinity-circle-red"]).toMatchObject({ computer: ":/symbols/affinity/circle/red/client.svg", ethernet_switch: ":/symbols/affinity/circle/red/switch.svg" });
  });

  it("spells square-blue's Frame Relay key with .svg, as GNS3 does", () => {
    const squareBlue = DEFAULT_SYMBOLS["Affinity-square-blue"]!;
    expect(squareBlue["frame_relay_switch.svg"]).toBe(":/symbols/affinity/square/blue/isdn.svg");
    expect(squareBlue.frame_relay_switch).toBeUndefined();
    expect(Object.keys(squareBlue)).toEqual([...Object.keys(squareBlue)].sort());
  });

  it("names only symbols this server can draw", () => {
    for (const theme of Object.values(DEFAULT_SYMBOLS)) for (const id of Object.values(theme)) expect(builtinSymbolFile(id), id).toBeDefined();
  });
});
