/**
 * `.gns3` documents as older GNS3 releases wrote them, field for field (GNS3 2.0.0 wrote
 * revision 7: no grid or zoom settings, VPCS scripts still named in properties, computes
 * listed even when local), for the tests of the revision upgrade and of imports.
 */
export const LEGACY_IDS = {
  project: "5b3bc3f6-4c3e-4d1a-9f0e-2c0a1b2c3d4e",
  pc1: "0fd3dd4d-dc93-4a04-a9b9-7396a9e22e8b",
  pc2: "b570a150-c09f-47d9-8d32-9ca5b03234d6",
  switch: "6c2f6a47-0d6f-4b3a-8d3e-5a1f0e9c7b21",
  link: "4a9b0e3c-1f2d-4e5a-8b6c-7d8e9f0a1b2c",
  drawing: "9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a",
} as const;

const label = (text: string) => ({
  rotation: 0,
  style: "font-family: TypeWriter;font-size: 10;font-weight: bold;fill: #000000;fill-opacity: 1.0;",
  text,
  x: 18,
  y: -25,
});

const vpcs = (nodeId: string, name: string, console: number, x: number) => ({
  compute_id: "local",
  console,
  console_type: "telnet",
  first_port_name: null,
  height: 59,
  label: label(name),
  name,
  node_id: nodeId,
  node_type: "vpcs",
  port_name_format: "Ethernet{0}",
  port_segment_size: 0,
  properties: { startup_script_path: "startup.vpc", startup_script: `set pcname ${name}\n` },
  symbol: ":/symbols/vpcs_guest.svg",
  width: 65,
  x,
  y: -65,
  z: 1,
});

/** Two VPCS on a switch, one linked, and a drawing, as GNS3 2.0.0 saved them. */
export function gns3v200Lab(name = "legacy-lab"): Record<string, any> {
  return {
    auto_close: true,
    auto_open: false,
    auto_start: false,
    name,
    project_id: LEGACY_IDS.project,
    revision: 7,
    scene_height: 1000,
    scene_width: 2000,
    topology: {
      computes: [{ compute_id: "local", host: "127.0.0.1", name: "Local", port: 3080, protocol: "http" }],
      drawings: [{ drawing_id: LEGACY_IDS.drawing, rotation: 0, svg: '<svg height="40" width="80"><rect height="40" width="80" /></svg>', x: 10, y: 20, z: 0 }],
      links: [
        {
          link_id: LEGACY_IDS.link,
          nodes: [
            { adapter_number: 0, label: { rotation: 0, style: "font-size: 10; font-style: Verdana", text: "e0", x: -10, y: -10 }, node_id: LEGACY_IDS.pc1, port_number: 0 },
            { adapter_number: 0, label: { rotation: 0, style: "font-size: 10; font-style: Verdana", text: "e1", x: -10, y: -10 }, node_id: LEGACY_IDS.switch, port_number: 1 },
          ],
        },
      ],
      nodes: [
        vpcs(LEGACY_IDS.pc1, "PC1", 5000, -87),
        vpcs(LEGACY_IDS.pc2, "PC2", 5001, 123),
        {
          compute_id: "local",
          console: null,
          console_type: null,
          first_port_name: null,
          height: 32,
          label: label("SW1"),
          name: "SW1",
          node_id: LEGACY_IDS.switch,
          node_type: "ethernet_switch",
          port_name_format: "Ethernet{0}",
          port_segment_size: 0,
          properties: {
            ports_mapping: [0, 1, 2, 3].map((port) => ({ name: `Ethernet${port}`, port_number: port, type: "access", vlan: 1 })),
          },
          symbol: ":/symbols/ethernet_switch.svg",
          width: 72,
          x: 0,
          y: 100,
          z: 1,
        },
      ],
    },
    type: "topology",
    version: "2.0.0",
  };
}
