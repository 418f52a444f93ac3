import { beforeAll, expect, it } from "vitest";
import { describeApi } from "../testing/api-targets";

/** Node names and port names as GNS3 2.2.59 gives them, through the API. */
describeApi(
  "node and port naming",
  (api) => {
    let nodes: string;
    beforeAll(async () => {
      const project = await api.post("/v2/projects", { name: "naming" });
      nodes = `/v2/projects/${project.body.project_id}/nodes`;
    });
    const create = (body: Record<string, unknown>) => api.post(nodes, { compute_id: "local", node_type: "vpcs", ...body });

    it("reads escaped braces in a name template as Python's str.format does", async () => {
      expect((await create({ name: "PC{{{0}}}" })).body.name).toBe("PC{1}");
      expect((await create({ name: "PC{0}}}" })).body.name).toBe("PC1}");
      expect(await create({ name: "PC{0}}" })).toMatchObject({ status: 409, body: { message: "PC{0}} is not a valid replacement string in the node name" } });
    });

    it("removes only spaces from a name", async () => {
      expect((await create({ name: "tab\there now" })).body.name).toBe("tab\therenow");
    });

    it("gives a node its own name back when a rename comes to the same name, and re-centres the label of a real rename", async () => {
      const first = await create({ name: "Host1" });
      const second = await create({ name: "Host2", label: { text: "Host2", x: 15, y: -30 } });
      const same = await api.put(`${nodes}/${second.body.node_id}`, { name: "Host{0}" });
      expect(same.body.name).toBe("Host2");
      expect(same.body.label).toMatchObject({ text: "Host2", x: 15 });
      expect((await api.put(`${nodes}/${second.body.node_id}`, { name: "Host 2" })).body.name).toBe("Host2");
      const renamed = await api.put(`${nodes}/${second.body.node_id}`, { name: "Edge" });
      expect(renamed.body.label).toEqual({ rotation: 0, style: null, text: "Edge", x: null, y: -30 });
      expect((await api.put(`${nodes}/${first.body.node_id}`, { name: "Edge" })).body.name).toBe("Edge1");
    });

    it("names QEMU ports with segments as GNS3 does, a custom name using up its number", async () => {
      const qemu = await create({
        name: "vm{0}", node_type: "qemu", properties: { adapters: 4 }, port_name_format: "Ethernet{1}/{0}", port_segment_size: 2,
        custom_adapters: [{ adapter_number: 1, port_name: "wan" }],
      });
      expect(qemu.status).toBe(201);
      expect(qemu.body.ports.map((port: { name: string }) => port.name)).toEqual(["Ethernet0/0", "wan", "Ethernet1/0", "Ethernet1/1"]);
      const node = `${nodes}/${qemu.body.node_id}`;
      expect((await api.put(node, { port_name_format: "eth{}", port_segment_size: 0, custom_adapters: [] })).body.ports.map((port: { name: string }) => port.name)).toEqual(
        ["eth0", "eth1", "eth2", "eth3"],
      );
      expect(await api.put(node, { port_name_format: "eth{" })).toMatchObject({
        status: 409,
        body: { message: "Invalid port name format eth{: Single '{' encountered in format string", status: 409 },
      });
    });

    it("derives QEMU's MAC addresses from the node id as GNS3 does", async () => {
      const nodeId = "0f1e2d3c-4b5a-4968-8778-695a4b3c2d1e";
      const qemu = await create({ name: "mac{0}", node_type: "qemu", node_id: nodeId, properties: { adapters: 2 } });
      expect(qemu.body.properties.mac_address).toBe("0c:1e:2d:3c:00:00");
      expect(qemu.body.ports.map((port: { mac_address: string }) => port.mac_address)).toEqual(["0c:1e:2d:3c:00:00", "0c:1e:2d:3c:00:01"]);
    });

    it("gives a new IOU node GNS3's IOU port naming", async () => {
      const iou = await create({ name: "IOU{0}", node_type: "iou" });
      expect(iou.body).toMatchObject({ port_name_format: "Ethernet{segment0}/{port0}", port_segment_size: 4 });
      expect(iou.body.ports.map((port: { short_name: string }) => port.short_name)).toEqual([
        "e0/0", "e0/1", "e0/2", "e0/3", "e1/0", "e1/1", "e1/2", "e1/3", "s2/0", "s2/1", "s2/2", "s2/3", "s3/0", "s3/1", "s3/2", "s3/3",
      ]);
    });

    it("applies a Docker node's custom adapters", async () => {
      const docker = await create({
        name: "ct{0}", node_type: "docker", properties: { image: "alpine", adapters: 2 }, custom_adapters: [{ adapter_number: 0, port_name: "mgmt", mac_address: "02:00:00:00:00:0a" }],
      });
      expect(docker.body.ports.map((port: { name: string; mac_address: string }) => [port.name, port.mac_address])).toEqual([
        ["mgmt", "02:00:00:00:00:0a"],
        ["eth1", expect.stringMatching(/^02:42:/)],
      ]);
    });

    it("names the entry of a bad port mapping as a path", async () => {
      const reply = await create({ name: "sw{0}", node_type: "ethernet_hub", properties: { ports_mapping: [{ name: "a", port_number: "x" }] } });
      expect(reply.status).toBe(400);
      expect(reply.body.message).toMatch(/^Invalid properties\.ports_mapping\[0\]\.port_number: /);
    });
  },
  { workerd: true },
);
