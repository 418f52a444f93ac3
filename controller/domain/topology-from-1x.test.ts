import { describe, expect, it } from "vitest";
import { asApiError } from "../http/api-error";
import { importedTopology } from "./topology";
import { upgradeTopology } from "./topology-upgrade";

const PROJECT = "bbbbbbbb-0000-4000-8000-000000000001";
const PC1 = "bbbbbbbb-0000-4000-8000-0000000000a1";
const R1 = "bbbbbbbb-0000-4000-8000-0000000000a2";

function sequentialIds(): () => string {
  let next = 0;
  return () => `cccccccc-0000-4000-8000-${String(++next).padStart(12, "0")}`;
}

const upgrade = (document: unknown) => upgradeTopology(document, "2.2.59", sequentialIds());

/**
 * A lab as GNS3 1.3 saved it (our own, written from the 1.x format GNS3's converter reads): a
 * VPCS and a c3640 router on a switch, a cloud with a host interface and a UDP tunnel, the
 * Internet VM, a note, an ellipse and a rectangle.
 */
function gns3v13Lab(revision?: number): Record<string, any> {
  return {
    ...(revision === undefined ? {} : { revision }),
    name: "old-lab",
    project_id: PROJECT,
    auto_start: true,
    version: "1.3.13",
    type: "topology",
    topology: {
      servers: [
        { id: 1, local: true, host: "127.0.0.1", port: 8000 },
        { id: 2, local: false, host: "192.0.2.5", port: 8000, protocol: "http" },
      ],
      nodes: [
        {
          id: 1, server_id: 1, type: "VPCSDevice", vm_id: PC1, x: 10.7, y: -20.2, default_symbol: ":/symbols/computer_normal.svg",
          label: { text: "PC<1>", x: 5, y: -25, font: "TypeWriter,10,-1,5,75,0,0,0,0,0", color: "#ff000000" },
          properties: { name: "PC1", console: 2101, startup_script_path: "startup.vpc" },
          ports: [{ id: 11, name: "Ethernet0", adapter_number: 0, port_number: 0 }],
        },
        {
          id: 2, server_id: 2, type: "C3640", vm_id: R1, dynamips_id: 1, x: 100, y: 0,
          properties: { name: "R1", console: 2102, image: "c3640.bin", slot0: "NM-1FE-TX" },
          ports: [{ id: 21, name: "FastEthernet0/0", adapter_number: 0, port_number: 0 }],
        },
        {
          id: 3, server_id: 1, type: "EthernetSwitch", x: 50, y: 50, properties: { name: "SW1" },
          ports: [
            { id: 31, name: "1", port_number: 1, type: "access", vlan: 1 },
            { id: 32, name: "2", port_number: 2, type: "dot1q", vlan: 1 },
          ],
        },
        {
          id: 4, server_id: 1, type: "Cloud", x: 0, y: 100, properties: { name: "Cloud1", nios: ["nio_gen_eth:eth0"] },
          ports: [
            { id: 41, name: "nio_gen_eth:eth0" },
            { id: 42, name: "nio_udp:30000:127.0.0.1:30001" },
            { id: 43, name: "nio_nat" },
          ],
        },
        {
          id: 5, server_id: 1, type: "QemuVM", x: 0, y: 200,
          properties: { name: "Internet", console: 2103, hda_disk_image_md5sum: "8ebc5a6ec53a1c05b7aa101b5ceefe31" },
          ports: [{ id: 51, name: "eth1", adapter_number: 1, port_number: 0 }],
        },
      ],
      links: [
        { id: 1, source_node_id: 1, source_port_id: 11, destination_node_id: 3, destination_port_id: 31 },
        { id: 2, source_node_id: 2, source_port_id: 21, destination_node_id: 3, destination_port_id: 32 },
        { id: 3, source_node_id: 1, source_port_id: 11, destination_node_id: 9, destination_port_id: 99 },
      ],
      notes: [{ x: 1, y: 2, text: "Hi & bye", font: "Arial,12,-1,5,50,1,0,0,0,0", color: "#80112233" }],
      ellipses: [{ x: 3, y: 4, width: 100, height: 50, color: "#abcdef", border_style: 2, border_color: "#010203", border_width: 3 }],
      rectangles: [{ x: 5, y: 6, z: 2, width: 40.9, height: 30, border_style: 1 }],
      images: [{ x: 7, y: 8, path: "/home/me/GNS3/images/logo.png" }],
    },
  };
}

describe("a GNS3 1.x topology", () => {
  it.each([undefined, 3, 4])("is rebuilt as GNS3 2.2 does, with revision %s", (revision) => {
    const { document, filePath } = upgrade(gns3v13Lab(revision));
    const converted = document as any;
    expect(converted).toMatchObject({ type: "topology", revision: 9, version: "2.2.59", name: "old-lab", project_id: PROJECT, auto_start: true });
    expect(converted.topology.computes).toEqual([
      { compute_id: "local", name: "Local", host: "127.0.0.1", port: 8000, protocol: "http" },
      { compute_id: "cccccccc-0000-4000-8000-000000000001", name: "Remote 2", host: "192.0.2.5", port: 8000, protocol: "http" },
    ]);
    const [pc, router, sw, cloud, nat] = converted.topology.nodes;
    expect(pc).toMatchObject({
      node_id: PC1, node_type: "vpcs", name: "PC<1>", compute_id: "local", console: 2101, console_type: "telnet", symbol: ":/symbols/computer.svg", x: 10, y: -20, z: 1,
      label: { text: "PC&lt;1&gt;", rotation: 0, x: 5, y: -25, style: "font-family: TypeWriter;font-size: 10;font-weight: bold;fill: #000000;fill-opacity: 1.0;" },
    });
    // 2.1 keeps VPCS scripts in files only.
    expect(pc.properties).toEqual({});
    expect(router).toMatchObject({ node_type: "dynamips", compute_id: "cccccccc-0000-4000-8000-000000000001", symbol: ":/symbols/router.svg", name: "R1" });
    expect(router.properties).toEqual({ dynamips_id: 1, platform: "c3600", ram: 192, image: "c3640.bin", slot0: "NM-1FE-TX" });
    expect(sw).toMatchObject({ node_type: "ethernet_switch", console_type: "none", symbol: ":/symbols/ethernet_switch.svg" });
    expect(sw.properties.ports_mapping).toEqual([
      { name: "Ethernet0", port_number: 0, type: "access", vlan: 1 },
      { name: "Ethernet1", port_number: 1, type: "dot1q", vlan: 1 },
    ]);
    expect(cloud).toMatchObject({ node_type: "cloud", console: null, console_type: "none", symbol: ":/symbols/cloud.svg" });
    expect(cloud.properties).toEqual({
      interfaces: [],
      ports_mapping: [
        { interface: "eth0", name: "eth0", port_number: 1, type: "ethernet" },
        { name: "UDP tunnel 2", port_number: 2, type: "udp", lport: 30000, rhost: "127.0.0.1", rport: 30001 },
      ],
    });
    expect(nat).toMatchObject({ node_type: "nat", console: null, console_type: "none", properties: { ports: [{ interface: "eth1", name: "nat0", port_number: 0, type: "ethernet" }] } });

    // The link to a node that is not there is dropped; switch ports count from 0 now.
    expect(converted.topology.links).toEqual([
      { link_id: expect.stringMatching(/^cccccccc-/), nodes: [{ node_id: PC1, adapter_number: 0, port_number: 0 }, { node_id: sw.node_id, adapter_number: 0, port_number: 0 }] },
      { link_id: expect.stringMatching(/^cccccccc-/), nodes: [{ node_id: R1, adapter_number: 0, port_number: 0 }, { node_id: sw.node_id, adapter_number: 0, port_number: 1 }] },
    ]);
    const [ellipse, note, image, rectangle] = converted.topology.drawings.map((drawing: any) => drawing.svg);
    expect(note).toBe('<svg height="24" width="96"><text fill="#112233" fill-opacity="0.5" font-family="Arial" font-size="12" font-weight="normal" font-style="italic">Hi &amp; bye</text></svg>');
    expect(ellipse).toBe('<svg height="50" width="100"><ellipse cx="50" cy="25" fill="#abcdef" fill-opacity="1.0" rx="50" ry="25" stroke-dasharray="25, 25" stroke="#010203" stroke-width="3" /></svg>');
    expect(image).toBe("logo.png");
    expect(rectangle).toBe('<svg height="30" width="40"><rect fill="#ffffff" fill-opacity="1.0" height="30" width="40"  /></svg>');
    expect(converted.topology.drawings[3]).toMatchObject({ x: 5, y: 6, z: 2, rotation: 0 });
    // It imports, but for the router: Dynamips nodes do not run here yet.
    const withoutRouter = structuredClone(converted);
    withoutRouter.topology.nodes.splice(1, 1);
    withoutRouter.topology.links.splice(1, 1);
    const imported = importedTopology(withoutRouter, { projectId: PROJECT, name: undefined, path: undefined, projectsDir: "/p", knownComputeIds: new Set(["local"]), hostInterfaces: ["eth0"], version: "2.2.59" });
    expect(imported.nodes.map((node) => node.node_type)).toEqual(["vpcs", "ethernet_switch", "cloud", "nat"]);
    expect(imported.links).toHaveLength(1);
    expect(imported.drawings).toHaveLength(4);
    expect(filePath("instructions.txt")).toBe("README.txt");
    expect(filePath("project-files/vpcs/x/startup.vpc")).toBe("project-files/vpcs/x/startup.vpc");
  });

  it("with nothing but a name and an id, as GNS3's own import test sends, becomes an empty project that imports", () => {
    const { document } = upgrade({ project_id: PROJECT, version: "2.0.0", name: "test" });
    expect(document).toEqual({
      type: "topology", revision: 9, version: "2.2.59", auto_start: false, name: "test", project_id: PROJECT,
      topology: { links: [], drawings: [], computes: [], nodes: [] },
    });
    const imported = importedTopology(document, { projectId: PROJECT, name: undefined, path: undefined, projectsDir: "/p", knownComputeIds: new Set(["local"]), hostInterfaces: [], version: "2.2.59" });
    expect(imported.project).toMatchObject({ project_id: PROJECT, name: "test" });
    expect(imported.nodes).toEqual([]);
  });

  it.each([
    ["an unknown node type", { type: "TraceNGDevice" }, "Conversion of TraceNGDevice is not supported"],
    ["a cloud NIO it cannot map", { type: "Cloud", properties: { name: "C", nios: [] }, ports: [{ id: 1, name: "nio_vde:/tmp/a" }] }, "The conversion of cloud with nio_vde:/tmp/a is not supported"],
    ["an IPv6 UDP tunnel in a cloud", { type: "Cloud", properties: { name: "C", nios: [] }, ports: [{ id: 1, name: "nio_udp:1:::1:2" }] }, "UDP tunnel using IPV6 is not supported in cloud"],
  ])("is refused with GNS3's 409 for %s", (_what, node, message) => {
    const lab = gns3v13Lab();
    lab.topology.nodes = [{ id: 1, x: 0, y: 0, properties: { name: "N" }, ...node }];
    let refusal: unknown;
    try {
      upgrade(lab);
    } catch (error) {
      refusal = asApiError(error);
    }
    expect(refusal).toMatchObject({ status: 409, message });
  });
});
