import { readCircuits } from "@shared/dynamips/virtual-circuits";
import type { DynamipsCard, DynamipsSpec, QemuImage } from "@shared/proto";
import { PLATFORMS, chassisOf } from "./dynamips-platforms";
import { routerPorts } from "./dynamips-properties";
import { NODE_TYPE_TRAITS } from "./node-types";
import type { NodeRecord } from "./nodes";

/** What a Dynamips spec holds when a field does not apply to the node (a switch has no router settings). */
const NO_ROUTER: DynamipsSpec = {
  circuits: [],
  platform: "",
  image: { name: "", md5: "" },
  dynamipsId: 0,
  ramMb: 0,
  nvramKb: 0,
  chassis: "",
  npe: "",
  midplane: "",
  cards: [],
  idlepc: "",
  idlemax: 0,
  idlesleep: 0,
  execAreaMb: 0,
  mmap: false,
  sparsemem: false,
  clockDivisor: 0,
  disk0Mb: 0,
  disk1Mb: 0,
  iomemPercent: 0,
  macAddress: "",
  systemId: "",
  auxPort: 0,
  privateConfig: "",
  consoleType: "",
  ports: [],
  idlepcRequest: 0,
  idlepcAuto: false,
};

/**
 * A Frame Relay or ATM switch as its host runs it: its mappings as circuits. Mappings were
 * checked when stored; an imported project with bad ones is refused here, with the reason.
 */
export function circuitSwitchSpec(node: NodeRecord): DynamipsSpec | string {
  const family = NODE_TYPE_TRAITS[node.node_type].virtualCircuits!;
  const circuits = readCircuits(family, node.properties.mappings);
  if (typeof circuits === "string") return `${node.name}'s mappings cannot be switched: ${circuits}`;
  return { ...NO_ROUTER, circuits };
}

const number = (value: unknown, fallback = 0) => (typeof value === "number" && Number.isFinite(value) ? value : fallback);
const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * A router as its host runs it, from GNS3 2.2's properties (checked when stored, their
 * defaults filled): the cards Dynamips is to bind (not those it builds into the chassis itself),
 * WICs at sub-slot 16 × (WIC + 1) of slot 0 as GNS3 binds them, and the image with its md5.
 */
export function routerSpec(node: NodeRecord, image: (name: string) => QemuImage, auxPort: number | null): DynamipsSpec | string {
  const properties = node.properties;
  const platform = PLATFORMS[text(properties.platform)];
  const chassis = platform && chassisOf(platform, properties.chassis);
  if (!platform || !chassis) return `${node.name} is a Dynamips router of platform ${JSON.stringify(properties.platform)} and chassis ${JSON.stringify(properties.chassis)}, which Dynamips does not emulate`;
  const cards: DynamipsCard[] = [];
  for (let slot = 0; slot < chassis.traits.slots; slot++) {
    const name = text(properties[`slot${slot}`]);
    if (name !== "" && chassis.traits.builtIn[slot] === undefined) cards.push({ slot, subslot: 0, name });
  }
  for (let wic = 0; wic < 3; wic++) {
    const name = text(properties[`wic${wic}`]);
    if (name !== "") cards.push({ slot: 0, subslot: 16 * (wic + 1), name });
  }
  return {
    ...NO_ROUTER,
    platform: text(properties.platform),
    image: image(text(properties.image)),
    dynamipsId: number(properties.dynamips_id),
    ramMb: number(properties.ram, platform.ram),
    nvramKb: number(properties.nvram, platform.nvram),
    chassis: platform.chassis.default === null ? "" : chassis.name,
    npe: text(properties.npe),
    midplane: text(properties.midplane),
    cards,
    idlepc: text(properties.idlepc),
    idlemax: number(properties.idlemax),
    idlesleep: number(properties.idlesleep),
    execAreaMb: number(properties.exec_area),
    mmap: properties.mmap !== false,
    sparsemem: properties.sparsemem === true,
    clockDivisor: number(properties.clock_divisor, platform.clockDivisor),
    disk0Mb: number(properties.disk0),
    disk1Mb: number(properties.disk1),
    iomemPercent: number(properties.iomem),
    macAddress: text(properties.mac_addr),
    systemId: text(properties.system_id),
    auxPort: auxPort ?? 0,
    consoleType: node.console_type ?? "none",
    ports: routerPorts(properties).map((port) => ({ slot: port.adapter_number, port: port.port_number })),
    idlepcRequest: node.idlepc_probe?.request ?? 0,
    idlepcAuto: node.idlepc_probe?.auto ?? false,
  };
}
