import { expect, it } from "vitest";
import { describeApi, type ApiClient } from "../testing/api-targets";

const LINK_KEYS = [
  "capture_compute_id", "capture_file_name", "capture_file_path", "capturing", "filters", "link_id",
  "link_style", "link_type", "nodes", "project_id", "suspend",
];
const LABEL_STYLE = "font-family: TypeWriter;font-size: 10.0;font-weight: bold;fill: #000000;fill-opacity: 1.0;";
const MISSING = "00000000-0000-4000-8000-000000000000";

interface Lab {
  projectId: string;
  links: string;
  node(name: string, type?: string, extra?: object): Promise<{ node_id: string; name: string }>;
  end(node: { node_id: string }, adapter?: number, port?: number): { node_id: string; adapter_number: number; port_number: number };
}

async function newLab(api: ApiClient): Promise<Lab> {
  const { body: project } = await api.post("/v2/projects", { name: `links-${Math.random().toString(36).slice(2)}` });
  const projectId = project.project_id as string;
  return {
    projectId,
    links: `/v2/projects/${projectId}/links`,
    node: async (name, type = "vpcs", extra = {}) =>
      (await api.post(`/v2/projects/${projectId}/nodes`, { name, node_type: type, compute_id: "local", ...extra })).body,
    end: (node, adapter = 0, port = 0) => ({ node_id: node.node_id, adapter_number: adapter, port_number: port }),
  };
}

async function vpcsPair(api: ApiClient) {
  const lab = await newLab(api);
  const pc1 = await lab.node("PC1");
  const pc2 = await lab.node("PC2");
  return { lab, pc1, pc2 };
}

describeApi("links", (api) => {
  it("creates a VPCS-VPCS link exactly as GNS3 shows it", async () => {
    const { lab, pc1, pc2 } = await vpcsPair(api);
    const reply = await api.post(lab.links, { nodes: [lab.end(pc1), lab.end(pc2)] });
    expect(reply.status).toBe(201);
    expect(Object.keys(reply.body)).toEqual(LINK_KEYS);
    expect(reply.body).toEqual({
      capture_compute_id: null, capture_file_name: null, capture_file_path: null, capturing: false, filters: {},
      link_id: reply.body.link_id, link_style: {}, link_type: "ethernet",
      nodes: [
        { adapter_number: 0, label: { style: LABEL_STYLE, text: "0/0" }, node_id: pc1.node_id, port_number: 0 },
        { adapter_number: 0, label: { style: LABEL_STYLE, text: "0/0" }, node_id: pc2.node_id, port_number: 0 },
      ],
      project_id: lab.projectId, suspend: false,
    });
    expect((await api.get(`${lab.links}/${reply.body.link_id}`)).body).toEqual(reply.body);
    expect((await api.get(lab.links)).body).toEqual([reply.body]);
  });

  it("keeps labels, style, filters and suspend sent on creation", async () => {
    const { lab, pc1, pc2 } = await vpcsPair(api);
    const label = { text: "uplink", x: 10, y: 20, rotation: 0, style: "font-size: 8" };
    const reply = await api.post(lab.links, {
      nodes: [{ ...lab.end(pc1), label }, lab.end(pc2)],
      link_style: { width: 2, color: "#ff0000", type: 1 },
      filters: { delay: [50, 5], packet_loss: [0] },
      suspend: true,
    });
    expect(reply.status).toBe(201);
    expect(reply.body.nodes[0].label).toEqual({ rotation: 0, style: "font-size: 8", text: "uplink", x: 10, y: 20 });
    expect(reply.body.link_style).toEqual({ color: "#ff0000", type: 1, width: 2 });
    expect(reply.body.filters).toEqual({ delay: [50, 5] });
    expect(reply.body.suspend).toBe(true);
  });

  it.each([
    [{}, "'nodes' is a required property"],
    [{ nodes: [] }, "a link joins exactly two ports"],
    [{ nodes: "x" }, "'x' is not of type 'array'"],
    [{ nodes: [{ node_id: MISSING, adapter_number: 0, port_number: 0 }] }, "a link joins exactly two ports"],
    [{ nodes: [{ node_id: "nope", adapter_number: 0, port_number: 0 }, { node_id: MISSING, adapter_number: 0, port_number: 0 }] }, "'nope' does not match"],
    [{ nodes: [{ node_id: MISSING, adapter_number: "0", port_number: 0 }, { node_id: MISSING, adapter_number: 0, port_number: 0 }] }, "'0' is not of type 'number'"],
    [{ nodes: [{ node_id: MISSING, adapter_number: 0 }, { node_id: MISSING, adapter_number: 0, port_number: 0 }] }, "'port_number' is a required property"],
    [{ nodes: [{ node_id: MISSING, adapter_number: 0, port_number: 0, x: 1 }, { node_id: MISSING, adapter_number: 0, port_number: 0 }] }, "('x' was unexpected)"],
    [{ nodes: [{ node_id: MISSING, adapter_number: 0, port_number: 0 }, { node_id: MISSING, adapter_number: 0, port_number: 0 }], colour: 1 }, "('colour' was unexpected)"],
  ])("rejects the body %j with 400", async (body, message) => {
    const lab = await newLab(api);
    const reply = await api.post(lab.links, body);
    expect(reply.status).toBe(400);
    expect(reply.body.status).toBe(400);
    expect(reply.body.message).toContain(message);
    expect((await api.get(lab.links)).body).toEqual([]);
  });

  it("applies GNS3's creation rules with its messages", async () => {
    const { lab, pc1, pc2 } = await vpcsPair(api);
    const pc3 = await lab.node("PC3");
    const cloud = await lab.node("Cloud", "cloud");
    const nat = await lab.node("NAT", "nat");
    const fr = await lab.node("FR", "frame_relay_switch", { properties: { mappings: { "1:101": "2:202" } } });
    const cases: Array<[object, number, string]> = [
      [{ nodes: [lab.end(pc1), { node_id: MISSING, adapter_number: 0, port_number: 0 }] }, 404, `Node ID ${MISSING} doesn't exist`],
      [{ nodes: [lab.end(pc1, 0, 1), lab.end(pc2)] }, 404, "Port 0/1 for PC1 not found"],
      [{ nodes: [lab.end(pc1), lab.end(pc1)] }, 409, "Cannot connect to itself"],
      [{ nodes: [lab.end(cloud), lab.end(nat)] }, 409, "Connecting a cloud to a nat is not allowed"],
      [{ nodes: [lab.end(pc3), lab.end(fr, 0, 1)] }, 409, "Connecting a ethernet interface to a serial interface is not allowed"],
      [{ nodes: [lab.end(pc1), lab.end(pc2)], filters: { packet_loss: [150] } }, 400, "Filter 'packet_loss' Chance must be between 0 and 100 %, got 150"],
      [{ nodes: [lab.end(pc1), lab.end(pc2)], filters: { latency: [1], delay: [2] } }, 400, "Filters 'latency' and 'delay' are the same filter: send only one of them"],
    ];
    for (const [body, status, message] of cases) {
      const reply = await api.post(lab.links, body);
      expect({ status: reply.status, body: reply.body }).toEqual({ status, body: { message, status } });
    }
    expect((await api.post(lab.links, { nodes: [lab.end(pc1), lab.end(pc2)] })).status).toBe(201);
    const used = await api.post(lab.links, { nodes: [lab.end(pc3), lab.end(pc2)] });
    expect(used.body).toEqual({ message: "Port is already used", status: 409 });
    expect((await api.get(lab.links)).body).toHaveLength(1);
  });

  it("lets exactly one of 50 concurrent creations take a port, and the stored state agrees", async () => {
    const lab = await newLab(api);
    const target = await lab.node("Target");
    const others = [];
    // The nodes come in batches: the race under test is the links'.
    for (let batch = 0; batch < 5; batch++) {
      others.push(...(await Promise.all(Array.from({ length: 10 }, (_, i) => lab.node(`PC${batch * 10 + i + 1}`)))));
    }
    const replies = await Promise.all(others.map((other) => api.post(lab.links, { nodes: [lab.end(other), lab.end(target)] })));
    const winners = replies.filter((r) => r.status === 201);
    expect(winners).toHaveLength(1);
    expect(replies.filter((r) => r.status !== 201).map((r) => r.body)).toEqual(Array(49).fill({ message: "Port is already used", status: 409 }));
    const stored = (await api.get(lab.links)).body;
    expect(stored.map((link: { link_id: string }) => link.link_id)).toEqual([winners[0]!.body.link_id]);
    expect((await api.get(`${lab.links}/${winners[0]!.body.link_id}`)).body).toEqual(winners[0]!.body);
    // The claim is the winner's: released with it, then free for another.
    expect((await api.post(lab.links, { nodes: [lab.end(others[0]!), lab.end(target)] })).status).toBe(409);
    expect((await api.delete(`${lab.links}/${winners[0]!.body.link_id}`)).status).toBe(204);
    expect((await api.post(lab.links, { nodes: [lab.end(others[0]!), lab.end(target)] })).status).toBe(201);
  });

  it("updates filters (replacing them), suspend and style, answering 201", async () => {
    const { lab, pc1, pc2 } = await vpcsPair(api);
    const { body: link } = await api.post(lab.links, { nodes: [lab.end(pc1), lab.end(pc2)], filters: { delay: [10] } });
    const path = `${lab.links}/${link.link_id}`;
    const updated = await api.put(path, { filters: { packet_loss: [30], frequency_drop: [5] } });
    expect(updated.status).toBe(201);
    expect(updated.body.filters).toEqual({ frequency_drop: [5], packet_loss: [30] });
    expect(Object.keys(updated.body.filters)).toEqual(["frequency_drop", "packet_loss"]);
    const suspended = await api.put(path, { suspend: true });
    expect(suspended.body).toMatchObject({ suspend: true, filters: { frequency_drop: [5], packet_loss: [30] } });
    const styled = await api.put(path, { link_style: { color: "#00ff00" } });
    expect(styled.body.link_style).toEqual({ color: "#00ff00" });
    const cleared = await api.put(path, { filters: {}, suspend: false });
    expect(cleared.body).toMatchObject({ filters: {}, suspend: false });
    const relabelled = await api.put(path, { nodes: [{ ...lab.end(pc2, 5, 5), label: { text: "to PC1" } }] });
    expect(relabelled.body.nodes[1]).toEqual({ adapter_number: 0, label: { text: "to PC1" }, node_id: pc2.node_id, port_number: 0 });
  });

  it("rejects bad filter updates with 400 and keeps what was stored", async () => {
    const { lab, pc1, pc2 } = await vpcsPair(api);
    const { body: link } = await api.post(lab.links, { nodes: [lab.end(pc1), lab.end(pc2)], filters: { corrupt: [5] } });
    const path = `${lab.links}/${link.link_id}`;
    for (const filters of [{ delay: 100 }, { delay: [1.5] }, { frequency_drop: [1, 2, 3] }, { jitter: [1] }, { corrupt: [5], packet_loss: [-1] }, []]) {
      const reply = await api.put(path, { filters });
      expect(reply.status).toBe(400);
      expect(reply.body.status).toBe(400);
    }
    expect((await api.put(path, { suspend: "yes" })).body.message).toContain("'yes' is not of type 'boolean'");
    expect((await api.put(path, { nodes: [{ ...lab.end(pc1), node_id: MISSING }] })).body).toEqual({ message: `Node ID ${MISSING} doesn't exist`, status: 404 });
    expect((await api.get(path)).body.filters).toEqual({ corrupt: [5] });
  });

  it("compiles BPF filters and refuses a line that does not compile, naming the line and column", async () => {
    const { lab, pc1, pc2 } = await vpcsPair(api);
    const { body: link } = await api.post(lab.links, { nodes: [lab.end(pc1), lab.end(pc2)] });
    const path = `${lab.links}/${link.link_id}`;
    const good = await api.put(path, { filters: { bpf: ["\n icmp[icmptype] == 8\nudp port 53 \n"] } });
    expect(good.status).toBe(201);
    expect(good.body.filters).toEqual({ bpf: ["icmp[icmptype] == 8\nudp port 53"] });
    const cases: Array<[string, string]> = [
      ["icmp\nthis is (( not bpf", "Filter 'bpf' line 2 ('this is (( not bpf'): syntax error at column 1"],
      ["host somename", "Filter 'bpf' line 1 ('host somename'): error at column 6: host names are not resolved here"],
      ["ip broadcast", "needs the interface netmask"],
      ["icmp\n\narp", "Filter 'bpf' line 2 is empty: put one expression per line"],
      ["tcp port 99999", "illegal port number 99999 > 65535"],
    ];
    for (const [text, message] of cases) {
      const reply = await api.put(path, { filters: { bpf: [text] } });
      expect(reply.status).toBe(400);
      expect(reply.body.message).toContain(message);
    }
    const create = await api.post(lab.links, { nodes: [lab.end(pc1), lab.end(pc2)], filters: { bpf: ["icmp and"] } });
    expect(create.body).toEqual({ message: "Filter 'bpf' line 1 ('icmp and'): syntax error at column 9: expected a filter primitive after 'and'", status: 400 });
    expect((await api.get(path)).body.filters).toEqual({ bpf: ["icmp[icmptype] == 8\nudp port 53"] });
  });

  it("deletes a link, frees its ports, and answers 404 afterwards", async () => {
    const { lab, pc1, pc2 } = await vpcsPair(api);
    const { body: link } = await api.post(lab.links, { nodes: [lab.end(pc1), lab.end(pc2)] });
    const path = `${lab.links}/${link.link_id}`;
    const deleted = await api.delete(path);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    expect((await api.get(path)).body).toEqual({ message: `Link ID ${link.link_id} doesn't exist`, status: 404 });
    expect((await api.delete(path)).status).toBe(404);
    expect((await api.put(path, {})).status).toBe(404);
    expect((await api.post(lab.links, { nodes: [lab.end(pc2), lab.end(pc1)] })).status).toBe(201);
  });

  it("offers the five filters when an end can filter and none between switches", async () => {
    const lab = await newLab(api);
    const pc = await lab.node("PC");
    const sw1 = await lab.node("SW1", "ethernet_switch");
    const sw2 = await lab.node("SW2", "ethernet_switch");
    const { body: pcLink } = await api.post(lab.links, { nodes: [lab.end(sw1, 0, 0), lab.end(pc)] });
    const { body: switchLink } = await api.post(lab.links, { nodes: [lab.end(sw1, 0, 1), lab.end(sw2, 0, 1)] });
    const filters = await api.get(`${lab.links}/${pcLink.link_id}/available_filters`);
    expect(filters.status).toBe(200);
    expect(filters.body.map((f: { type: string }) => f.type)).toEqual(["frequency_drop", "packet_loss", "delay", "corrupt", "bpf"]);
    expect(filters.body[2]).toEqual({
      description: "Delay packets in milliseconds. You can add jitter in milliseconds (+/-) of the delay",
      name: "Delay",
      parameters: [
        { maximum: 32767, minimum: 0, name: "Latency", type: "int", unit: "ms" },
        { maximum: 32767, minimum: 0, name: "Jitter (-/+)", type: "int", unit: "ms" },
      ],
      type: "delay",
    });
    expect(filters.body[4]).toEqual({
      description: "This filter will drop any packet matching a BPF expression. Put one expression per line",
      name: "Berkeley Packet Filter (BPF)",
      parameters: [{ name: "Filters", type: "text" }],
      type: "bpf",
    });
    expect((await api.get(`${lab.links}/${switchLink.link_id}/available_filters`)).body).toEqual([]);
    expect((await api.get(`${lab.links}/${MISSING}/available_filters`)).status).toBe(404);
  });

  it("starts and stops a capture, keeping the file name afterwards", async () => {
    const { lab, pc1, pc2 } = await vpcsPair(api);
    const { body: link } = await api.post(lab.links, { nodes: [lab.end(pc1), lab.end(pc2)] });
    const path = `${lab.links}/${link.link_id}`;
    const notRunning = await api.post(`${path}/start_capture`, {});
    expect(notRunning.body).toEqual({ message: "Cannot capture because there is no running device on this link", status: 409 });
    expect((await api.get(`${path}/pcap`)).body).toEqual({ message: "This link has no active packet capture", status: 409 });
    await api.post(`/v2/projects/${lab.projectId}/nodes/${pc2.node_id}/start`);
    const started = await api.post(`${path}/start_capture`, { data_link_type: "DLT_EN10MB" });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ capturing: true, capture_compute_id: "local", capture_file_name: "PC1_0-0_to_PC2_0-0.pcap" });
    expect(started.body.capture_file_path).toMatch(/\/project-files\/captures\/PC1_0-0_to_PC2_0-0\.pcap$/);
    expect((await api.post(`${path}/start_capture`, {})).status).toBe(409);
    const stopped = await api.post(`${path}/stop_capture`);
    expect(stopped.status).toBe(201);
    expect(stopped.body).toMatchObject({ capturing: false, capture_compute_id: null, capture_file_name: "PC1_0-0_to_PC2_0-0.pcap" });
    expect((await api.post(`${path}/stop_capture`)).status).toBe(201);
  });

  it.each([
    [{ capture_file_name: "../../etc/passwd" }, 400, "must be a plain file name"],
    [{ capture_file_name: ".hidden" }, 400, "must be a plain file name"],
    [{ data_link_type: "DLT_NOPE" }, 400, "'DLT_NOPE' is not one of"],
    [{ bogus: 1 }, 400, "('bogus' was unexpected)"],
  ])("refuses the capture request %j", async (body, status, message) => {
    const { lab, pc1, pc2 } = await vpcsPair(api);
    await api.post(`/v2/projects/${lab.projectId}/nodes/${pc1.node_id}/start`);
    const { body: link } = await api.post(lab.links, { nodes: [lab.end(pc1), lab.end(pc2)] });
    const reply = await api.post(`${lab.links}/${link.link_id}/start_capture`, body);
    expect(reply.status).toBe(status);
    expect(reply.body.message).toContain(message);
  });

  it("answers 404 for an unknown project and 403 on a closed one", async () => {
    expect((await api.get(`/v2/projects/${MISSING}/links`)).body).toEqual({ message: `Project ID ${MISSING} doesn't exist`, status: 404 });
    const { lab, pc1, pc2 } = await vpcsPair(api);
    const { body: link } = await api.post(lab.links, { nodes: [lab.end(pc1), lab.end(pc2)], filters: { delay: [5] } });
    await api.post(`/v2/projects/${lab.projectId}/close`);
    expect((await api.get(`${lab.links}/${link.link_id}`)).body).toEqual({ message: "The project is not opened", status: 403 });
    expect((await api.post(lab.links, { nodes: [lab.end(pc1), lab.end(pc2)] })).status).toBe(403);
    const stored = await api.get(lab.links);
    expect(stored.body).toEqual([{ filters: { delay: [5] }, link_id: link.link_id, link_style: {}, nodes: link.nodes, suspend: false }]);
  });
}, { workerd: true });
