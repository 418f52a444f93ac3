import { readCircuits } from "@shared/dynamips/virtual-circuits";
import type { DynamipsSpec } from "@shared/proto";
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
