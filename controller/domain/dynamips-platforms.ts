/**
 * GNS3 2.2's Dynamips routers, as tables: each platform's defaults, slots and built-in cards,
 * and the cards (network modules, port adapters, WICs) with their ports. From gns3-server's
 * compute/dynamips (platform classes, adapters) and controller/ports/port_factory.py, which
 * agree with Dynamips' own defaults.
 */

export type PortKind = "Ethernet" | "FastEthernet" | "GigabitEthernet" | "Serial" | "ATM" | "POS";

/** A card: how many ports, of which kind, and where it fits (platform → slots it may take). */
export interface CardTraits {
  ports: number;
  kind: PortKind | null;
}

export const ADAPTERS: Readonly<Record<string, CardTraits>> = {
  "C7200-IO-FE": { ports: 1, kind: "FastEthernet" },
  "C7200-IO-2FE": { ports: 2, kind: "FastEthernet" },
  "C7200-IO-GE-E": { ports: 1, kind: "GigabitEthernet" },
  "PA-FE-TX": { ports: 1, kind: "FastEthernet" },
  "PA-2FE-TX": { ports: 2, kind: "FastEthernet" },
  "PA-GE": { ports: 1, kind: "GigabitEthernet" },
  "PA-4E": { ports: 4, kind: "Ethernet" },
  "PA-8E": { ports: 8, kind: "Ethernet" },
  "PA-4T+": { ports: 4, kind: "Serial" },
  "PA-8T": { ports: 8, kind: "Serial" },
  "PA-A1": { ports: 1, kind: "ATM" },
  "PA-POS-OC3": { ports: 1, kind: "POS" },
  "NM-1FE-TX": { ports: 1, kind: "FastEthernet" },
  "NM-1E": { ports: 1, kind: "Ethernet" },
  "NM-4E": { ports: 4, kind: "Ethernet" },
  "NM-16ESW": { ports: 16, kind: "FastEthernet" },
  "NM-4T": { ports: 4, kind: "Serial" },
  "GT96100-FE": { ports: 2, kind: "FastEthernet" },
  "Leopard-2FE": { ports: 2, kind: "FastEthernet" },
  "C2600-MB-1E": { ports: 1, kind: "Ethernet" },
  "C2600-MB-2E": { ports: 2, kind: "Ethernet" },
  "C2600-MB-1FE": { ports: 1, kind: "FastEthernet" },
  "C2600-MB-2FE": { ports: 2, kind: "FastEthernet" },
  "C1700-MB-1FE": { ports: 1, kind: "FastEthernet" },
  "C1700-MB-WIC1": { ports: 0, kind: null },
};

export const WICS: Readonly<Record<string, CardTraits>> = {
  "WIC-1T": { ports: 1, kind: "Serial" },
  "WIC-2T": { ports: 2, kind: "Serial" },
  "WIC-1ENET": { ports: 1, kind: "Ethernet" },
};

/** WIC slots of the motherboard card in slot 0. */
export const WIC_SLOTS: Readonly<Record<string, number>> = {
  "GT96100-FE": 3,
  "C2600-MB-1E": 3,
  "C2600-MB-2E": 3,
  "C2600-MB-1FE": 3,
  "C2600-MB-2FE": 3,
  "C1700-MB-1FE": 2,
};

/** A chassis (or the platform, when it has none): its slots and the cards Dynamips builds into it, by slot. */
export interface ChassisTraits {
  slots: number;
  builtIn: readonly string[];
}

export interface PlatformTraits {
  ram: number;
  nvram: number;
  disk0: number;
  disk1: number;
  clockDivisor: number;
  /** Percent of RAM for I/O; absent on the c7200, which has none. */
  iomem?: number;
  /** Without chassis choices: the platform's own slots; with: by chassis, and the default. */
  chassis: { default: string | null; choices: Readonly<Record<string, ChassisTraits>> };
  /** Network modules its slots from 1 on take (slot 0 holds the built-in or I/O card). */
  modules: readonly string[];
  /** Cards slot 0 may hold when the user chooses it (the c7200's I/O controllers). */
  slot0Choices?: readonly string[];
  /** WICs its slot-0 card takes. */
  wics: readonly string[];
  /** The byte Dynamips begins its default MAC addresses with. */
  macPrefix: string;
}

const NO_CHASSIS = (slots: number, builtIn: string[]) => ({ default: null, choices: { "": { slots, builtIn } } });
const WIC_SERIAL = ["WIC-1T", "WIC-2T"];
const NM_3700 = ["NM-1FE-TX", "NM-16ESW", "NM-4T"];

export const PLATFORMS: Readonly<Record<string, PlatformTraits>> = {
  c7200: {
    ram: 256, nvram: 128, disk0: 64, disk1: 0, clockDivisor: 4,
    chassis: NO_CHASSIS(7, []),
    modules: ["PA-FE-TX", "PA-2FE-TX", "PA-GE", "PA-4E", "PA-8E", "PA-4T+", "PA-8T", "PA-A1", "PA-POS-OC3"],
    slot0Choices: ["C7200-IO-FE", "C7200-IO-2FE", "C7200-IO-GE-E"],
    wics: [],
    macPrefix: "ca",
  },
  c3745: { ram: 128, nvram: 304, disk0: 16, disk1: 0, clockDivisor: 8, iomem: 5, chassis: NO_CHASSIS(5, ["GT96100-FE"]), modules: NM_3700, wics: WIC_SERIAL, macPrefix: "c4" },
  c3725: { ram: 128, nvram: 112, disk0: 16, disk1: 0, clockDivisor: 8, iomem: 5, chassis: NO_CHASSIS(3, ["GT96100-FE"]), modules: NM_3700, wics: WIC_SERIAL, macPrefix: "c2" },
  c2691: { ram: 128, nvram: 112, disk0: 16, disk1: 0, clockDivisor: 8, iomem: 5, chassis: NO_CHASSIS(2, ["GT96100-FE"]), modules: NM_3700, wics: WIC_SERIAL, macPrefix: "c0" },
  c3600: {
    ram: 128, nvram: 128, disk0: 0, disk1: 0, clockDivisor: 4, iomem: 5,
    chassis: { default: "3640", choices: { "3620": { slots: 2, builtIn: [] }, "3640": { slots: 4, builtIn: [] }, "3660": { slots: 7, builtIn: ["Leopard-2FE"] } } },
    modules: ["NM-1FE-TX", "NM-1E", "NM-4E", "NM-16ESW", "NM-4T"],
    wics: [],
    macPrefix: "cc",
  },
  c2600: {
    ram: 64, nvram: 128, disk0: 0, disk1: 0, clockDivisor: 8, iomem: 15,
    chassis: {
      default: "2610",
      choices: Object.fromEntries(
        Object.entries({ "2610": "1E", "2611": "2E", "2620": "1FE", "2621": "2FE", "2610XM": "1FE", "2611XM": "2FE", "2620XM": "1FE", "2621XM": "2FE", "2650XM": "1FE", "2651XM": "2FE" }).map(
          ([chassis, board]) => [chassis, { slots: 2, builtIn: [`C2600-MB-${board}`] }],
        ),
      ),
    },
    modules: ["NM-1FE-TX", "NM-1E", "NM-4E", "NM-16ESW"],
    wics: WIC_SERIAL,
    macPrefix: "c8",
  },
  c1700: {
    ram: 64, nvram: 32, disk0: 0, disk1: 0, clockDivisor: 8, iomem: 15,
    chassis: {
      default: "1720",
      choices: {
        "1720": { slots: 1, builtIn: ["C1700-MB-1FE"] },
        "1721": { slots: 1, builtIn: ["C1700-MB-1FE"] },
        "1750": { slots: 1, builtIn: ["C1700-MB-1FE"] },
        "1751": { slots: 2, builtIn: ["C1700-MB-1FE", "C1700-MB-WIC1"] },
        "1760": { slots: 2, builtIn: ["C1700-MB-1FE", "C1700-MB-WIC1"] },
      },
    },
    modules: [],
    wics: [...WIC_SERIAL, "WIC-1ENET"],
    macPrefix: "d0",
  },
};

/** The GNS3 properties every router has, with the defaults GNS3's compute gives them. */
export const ROUTER_DEFAULTS = {
  mmap: true,
  sparsemem: true,
  idlepc: "",
  idlemax: 500,
  idlesleep: 30,
  exec_area: 64,
  auto_delete_disks: false,
  system_id: "FTX0945W0MY",
  usage: "",
  aux: null,
  // GNS3 shows Dynamips' own MAC once the router ran, and the image's md5 once it hashed it; neither is known here before.
  mac_addr: null,
  image_md5sum: null,
} as const;

/** The c7200's own: its NPE and midplane, and the environment GNS3 reports for it. */
export const C7200_DEFAULTS = { npe: "npe-400", midplane: "vxr", sensors: [22, 22, 22, 22], power_supplies: [1, 1] } as const;
export const C7200_NPES = ["npe-100", "npe-150", "npe-175", "npe-200", "npe-225", "npe-300", "npe-400", "npe-g2"] as const;

/** The chassis of a router's properties (its platform's default when none is set), and its traits. */
export function chassisOf(platform: PlatformTraits, chassis: unknown): { name: string; traits: ChassisTraits } | undefined {
  const name = typeof chassis === "string" && chassis !== "" ? chassis : (platform.chassis.default ?? "");
  const traits = platform.chassis.choices[name];
  return traits ? { name, traits } : undefined;
}
