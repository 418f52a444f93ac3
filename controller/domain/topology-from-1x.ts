import { conflictingRequest } from "./errors";
import { invalidTopology } from "./topology";
import { escapeHtml } from "./html-escape";

/**
 * A GNS3 1.x topology (no `revision`, or one below 5) rebuilt as revision 5, by GNS3 2.2's
 * rules (`_convert_1_3_later`): servers become computes, nodes are renamed by type with their
 * properties kept, links join ports by their old ids, and ellipses, rectangles, notes and
 * images become SVG drawings. What it drops, GNS3 drops: every top-level setting but the
 * name, the project id and `auto_start`. The later steps (topology-upgrade.ts) take it on to 9.
 */

type Json = Record<string, any>;

export interface From1x {
  document: Json;
  /** Where a file of the old project goes: `instructions.txt` became `README.txt`. */
  filePath: (path: string) => string;
}

/** GNS3's default RAM per Dynamips platform, in MB (compute/dynamips/__init__.py). */
const PLATFORM_DEFAULT_RAM: Record<string, number> = { c1700: 160, c2600: 160, c2691: 192, c3600: 192, c3725: 128, c3745: 256, c7200: 512 };
const DYNAMIPS_TYPES = ["C1700", "C2600", "C2691", "C3600", "C3620", "C3640", "C3660", "C3725", "C3745", "C7200", "ETHERSWITCHROUTER"];
/** The md5 of GNS3 1.x's "Internet VM" disk, which 2.0 replaced by the NAT node. */
const INTERNET_VM_MD5 = "8ebc5a6ec53a1c05b7aa101b5ceefe31";
/** Properties 2.0 keeps on the node, not in its properties. */
const NODE_LEVEL_PROPERTIES = new Set(["console", "name", "console_type", "console_host", "use_ubridge"]);
const QT_DASH_TO_SVG: Record<number, string> = { 2: "25, 25", 3: "5, 25", 4: "5, 25, 25", 5: "25, 25, 5, 25, 5" };
const DEFAULT_QT_FONT = "TypeWriter,10,-1,5,75,0,0,0,0,0";

export function topologyFrom1x(old: Json, version: string, newId: () => string): From1x {
  if (typeof old.name !== "string") throw invalidTopology("a GNS3 1.x topology must have a 'name'");
  const document: Json = {
    type: "topology",
    revision: 5,
    version,
    auto_start: old.auto_start ?? false,
    name: old.name,
    project_id: old.project_id ?? newId(),
    topology: { links: [], drawings: [], computes: [], nodes: [] },
  };
  const filePath = (path: string) => (path === "instructions.txt" ? "README.txt" : path);
  if (!isObject(old.topology)) return { document, filePath };
  const topology: Json = old.topology;
  const target = document.topology;

  const computeIds = new Map<unknown, string>();
  for (const server of listOf(topology.servers)) {
    const compute: Json = { host: server.host ?? "localhost", port: server.port ?? 3080, protocol: server.protocol ?? "http" };
    if (server.local) Object.assign(compute, { compute_id: "local", name: "Local" });
    else if (server.vm) Object.assign(compute, { compute_id: "vm", name: "GNS3 VM" });
    else Object.assign(compute, { name: `Remote ${server.id}`, compute_id: newId() });
    computeIds.set(server.id, compute.compute_id);
    target.computes.push(compute);
  }

  const ports = new Map<unknown, Json>();
  const nodeIds = new Map<unknown, string>();
  for (const oldNode of listOf(topology.nodes)) {
    const node = convertNode(oldNode, computeIds, newId);
    nodeIds.set(oldNode.id, node.node_id);
    for (const port of listOf(oldNode.ports)) {
      if (node.node_type === "ethernet_hub" || node.node_type === "ethernet_switch") port.port_number -= 1;
      ports.set(port.id, port);
    }
    target.nodes.push(node);
  }

  for (const oldLink of listOf(topology.links)) {
    const ends = [
      [oldLink.source_port_id, oldLink.source_node_id],
      [oldLink.destination_port_id, oldLink.destination_node_id],
    ].map(([portId, nodeId]) => {
      const port = ports.get(portId);
      const node = nodeIds.get(nodeId);
      return port && node ? { adapter_number: port.adapter_number ?? 0, port_number: port.port_number ?? 0, node_id: node } : undefined;
    });
    // GNS3 drops a link whose port or node it cannot find.
    if (ends.every((end) => end !== undefined)) target.links.push({ link_id: newId(), nodes: ends });
  }

  const drawing = (shape: Json, svg: string) => ({ drawing_id: newId(), x: int(shape.x), y: int(shape.y), z: int(shape.z ?? 0), rotation: int(shape.rotation ?? 0), svg });
  for (const ellipse of listOf(topology.ellipses)) {
    const [width, height] = [ellipse.width, ellipse.height];
    target.drawings.push(
      drawing(
        ellipse,
        `<svg height="${int(height)}" width="${int(width)}"><ellipse cx="${int(width / 2)}" cy="${int(height / 2)}" fill="${ellipse.color ?? "#ffffff"}" fill-opacity="1.0" rx="${int(width / 2)}" ry="${int(height / 2)}" ${borderStyle(ellipse)} /></svg>`,
      ),
    );
  }
  for (const note of listOf(topology.notes)) target.drawings.push(drawing(note, noteSvg(note)));
  // GNS3 copies each image into the project's `images/` and names it there; the copy is the importer's to make.
  for (const image of listOf(topology.images)) target.drawings.push(drawing(image, basename(String(image.path))));
  for (const rectangle of listOf(topology.rectangles)) {
    const [width, height] = [int(rectangle.width), int(rectangle.height)];
    target.drawings.push(
      drawing(rectangle, `<svg height="${height}" width="${width}"><rect fill="${rectangle.color ?? "#ffffff"}" fill-opacity="1.0" height="${height}" width="${width}" ${borderStyle(rectangle)} /></svg>`),
    );
  }
  return { document, filePath };
}

function convertNode(old: Json, computeIds: ReadonlyMap<unknown, string>, newId: () => string): Json {
  const properties: Json = isObject(old.properties) ? old.properties : {};
  const node: Json = {
    console: properties.console ?? null,
    compute_id: computeIds.get(old.server_id) ?? "local",
    console_type: properties.console_type ?? "telnet",
    ...(isObject(old.label) ? { name: old.label.text, label: convertLabel(old.label) } : { name: properties.name }),
    node_id: old.vm_id ?? newId(),
    symbol: old.symbol ?? oldDefaultSymbol(old.default_symbol),
    x: int(old.x),
    y: int(old.y),
    z: int(old.z ?? 1),
    port_name_format: old.port_name_format ?? "Ethernet{0}",
    port_segment_size: int(old.port_segment_size ?? 0),
    first_port_name: old.first_port_name ?? null,
    properties: {},
  };
  // Some old Dynamips nodes have no type, only a platform.
  const type: string = old.type ?? String(properties.platform ?? "").toUpperCase();
  const symbolOr = (symbol: string) => node.symbol ?? symbol;
  let keptProperties = properties;
  if (type === "VPCSDevice") {
    node.node_type = "vpcs";
  } else if (type === "QemuVM" && properties.hda_disk_image_md5sum === INTERNET_VM_MD5) {
    Object.assign(node, { console: null, console_type: null, node_type: "nat", symbol: symbolOr(":/symbols/cloud.svg") });
    node.properties = { ports: [{ interface: "eth1", name: "nat0", port_number: 0, type: "ethernet" }] };
    keptProperties = {};
  } else if (type === "QemuVM") {
    Object.assign(node, { node_type: "qemu", symbol: symbolOr(":/symbols/qemu_guest.svg") });
  } else if (type === "DockerVM") {
    Object.assign(node, { node_type: "docker", symbol: symbolOr(":/symbols/docker_guest.svg") });
  } else if (type === "ATMSwitch") {
    Object.assign(node, { node_type: "atm_switch", symbol: ":/symbols/atm_switch.svg", console_type: null });
  } else if (type === "FrameRelaySwitch") {
    Object.assign(node, { node_type: "frame_relay_switch", symbol: ":/symbols/frame_relay_switch.svg", console_type: null });
  } else if (type === "EthernetHub" || type === "EthernetSwitch") {
    const hub = type === "EthernetHub";
    Object.assign(node, { node_type: hub ? "ethernet_hub" : "ethernet_switch", console_type: null, symbol: hub ? ":/symbols/hub.svg" : ":/symbols/ethernet_switch.svg" });
    node.properties.ports_mapping = listOf(old.ports).map((port) => ({
      name: `Ethernet${port.port_number - 1}`,
      port_number: port.port_number - 1,
      ...(hub ? {} : { type: port.type, vlan: port.vlan }),
    }));
  } else if (DYNAMIPS_TYPES.includes(type.toUpperCase())) {
    Object.assign(node, { node_type: "dynamips", symbol: symbolOr(":/symbols/router.svg") });
    node.properties.dynamips_id = old.dynamips_id ?? null;
    if (type.toUpperCase().startsWith("C")) {
      const platform = type.toLowerCase().startsWith("c36") ? "c3600" : type.toLowerCase();
      node.properties.platform = platform;
      // GNS3 looks the RAM up by the type, which fails for c3620 and its kin; by platform it is found.
      node.properties.ram = PLATFORM_DEFAULT_RAM[platform];
    }
  } else if (type === "VMwareVM" || type === "VirtualBoxVM") {
    const vmware = type === "VMwareVM";
    Object.assign(node, { node_type: vmware ? "vmware" : "virtualbox", symbol: symbolOr(vmware ? ":/symbols/vmware_guest.svg" : ":/symbols/vbox_guest.svg") });
    node.properties.linked_clone = old.linked_clone ?? false;
  } else if (type === "IOUDevice") {
    Object.assign(node, {
      node_type: "iou",
      port_name_format: old.port_name_format ?? "Ethernet{segment0}/{port0}",
      port_segment_size: int(old.port_segment_size ?? 4),
      // GNS3 reads the path before the properties are copied, so this is always the router.
      symbol: symbolOr(":/symbols/router.svg"),
    });
  } else if (type === "Cloud" || type === "Host") {
    old.ports = convertCloud(node, old, old.symbol ?? (type === "Cloud" ? ":/symbols/cloud.svg" : ":/symbols/computer.svg"));
    keptProperties = { ...properties };
    delete keptProperties.nios;
  } else {
    throw conflictingRequest(`Conversion of ${type} is not supported`);
  }
  for (const [key, value] of Object.entries(keptProperties)) if (!NODE_LEVEL_PROPERTIES.has(key)) node.properties[key] = value;
  return node;
}

/** A cloud's ports from its old NIO names (`nio_gen_eth:eth0`, `nio_udp:lport:rhost:rport`); the ports kept are returned. */
function convertCloud(node: Json, old: Json, symbol: string): Json[] {
  Object.assign(node, { node_type: "cloud", symbol, console_type: null, console: null });
  const ports: Json[] = [];
  const kept: Json[] = [];
  for (const oldPort of listOf(old.ports)) {
    const name = String(oldPort.name);
    if (name.startsWith("nio_nat")) continue;
    const portNumber = ports.length + 1;
    if (name.startsWith("nio_udp")) {
      const parts = name.split(":");
      if (parts.length !== 4) throw conflictingRequest("UDP tunnel using IPV6 is not supported in cloud");
      ports.push({ name: `UDP tunnel ${portNumber}`, port_number: portNumber, type: "udp", lport: int(parts[1]), rhost: parts[2], rport: int(parts[3]) });
    } else if (name.startsWith("nio_gen_eth") || name.startsWith("nio_gen_linux") || name.startsWith("nio_tap")) {
      const interfaceName = name.split(":")[1];
      ports.push({ interface: interfaceName, name: interfaceName, port_number: portNumber, type: name.startsWith("nio_tap") ? "tap" : "ethernet" });
    } else {
      throw conflictingRequest(`The conversion of cloud with ${name} is not supported`);
    }
    kept.push(oldPort);
  }
  node.properties.ports_mapping = ports;
  node.properties.interfaces = [];
  return kept;
}

/** GNS3 ≤ 1.3 named the symbol of a node's normal state `…normal.svg`. */
function oldDefaultSymbol(symbol: unknown): string | null {
  if (typeof symbol !== "string") return null;
  return symbol.endsWith("normal.svg") ? `${symbol.slice(0, -11)}.svg` : symbol;
}

function convertLabel(label: Json): Json {
  return { text: escapeHtml(String(label.text)), rotation: 0, style: qtFontToStyle(label.font, label.color), x: int(label.x), y: int(label.y) };
}

/** A Qt font description (`family,size,-1,5,weight,italic,…`) and `#aarrggbb` colour as the CSS style of 2.x labels. */
function qtFontToStyle(font: unknown, color: unknown): string {
  const [family, size, , , weight, italic] = (typeof font === "string" ? font : DEFAULT_QT_FONT).split(",");
  let style = `font-family: ${family};font-size: ${size};`;
  if (weight === "75") style += "font-weight: bold;";
  if (italic === "1") style += "font-style: italic;";
  const text = typeof color === "string" ? color : "000000";
  style += `fill: #${text.slice(-6)};`;
  style += `fill-opacity: ${text.length === 9 ? pythonFloat(alpha(text)) : "1.0"};`;
  return style;
}

function noteSvg(note: Json): string {
  const [family, sizeText, , , weight, italic] = String(note.font ?? DEFAULT_QT_FONT).split(",");
  const size = int(sizeText);
  const text = String(note.text);
  const fill = `#${String(note.color ?? "#00000000").slice(-6)}`;
  const opacity = pythonFloat(alpha(String(note.color ?? "#ffffffff")));
  return (
    `<svg height="${size * 2}" width="${size * text.length}"><text fill="${fill}" fill-opacity="${opacity}" font-family="${family}" font-size="${size}" ` +
    `font-weight="${weight === "75" ? "bold" : "normal"}" font-style="${italic === "1" ? "italic" : "normal"}">${escapeHtml(text)}</text></svg>`
  );
}

/** The alpha of `#aarrggbb`, as a fraction rounded to two places. */
function alpha(color: string): number {
  return Math.round((parseInt(color.slice(1, 3), 16) / 255) * 100) / 100;
}

function borderStyle(shape: Json): string {
  const style = int(shape.border_style ?? 0);
  if (style === 1) return "";
  const dash = style === 0 ? "" : `stroke-dasharray="${QT_DASH_TO_SVG[style] ?? ""}" `;
  return `${dash}stroke="${shape.border_color ?? "#000000"}" stroke-width="${shape.border_width ?? 2}"`;
}

/** Python's `str(float)`: a whole number keeps its `.0`. */
function pythonFloat(value: number): string {
  return Number.isInteger(value) ? value.toFixed(1) : String(value);
}

/** Python's `int(x)` of a number or a numeric string: towards zero. */
function int(value: unknown): number {
  const number = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(number)) throw invalidTopology(`'${String(value)}' is not a number`);
  return Math.trunc(number);
}

function basename(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

function listOf(value: unknown): Json[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
