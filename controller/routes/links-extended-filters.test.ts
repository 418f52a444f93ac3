/**
 * The filters beyond GNS3's five: always accepted and checked in `filters`, listed by
 * `available_filters` only with `--extended-filters` (on workerd, `CONTROLLER_EXTENDED_FILTERS`).
 */
import { expect, it } from "vitest";
import { describeApi, type ApiClient } from "../testing/api-targets";

interface Descriptor {
  type: string;
  name: string;
  description: string;
  parameters: Array<{ name: string; type: "int" | "text"; minimum?: number; maximum?: number; unit?: string }>;
}

async function newLab(api: ApiClient) {
  const { body: project } = await api.post("/v2/projects", { name: `extended-${Math.random().toString(36).slice(2)}` });
  const base = `/v2/projects/${project.project_id}`;
  const node = async (name: string, node_type: string) => (await api.post(`${base}/nodes`, { name, node_type, compute_id: "local" })).body;
  const link = async (a: { node_id: string }, b: { node_id: string }, port = 0) =>
    (
      await api.post(`${base}/links`, {
        nodes: [
          { node_id: a.node_id, adapter_number: 0, port_number: port },
          { node_id: b.node_id, adapter_number: 0, port_number: port },
        ],
      })
    ).body;
  return { base, node, link };
}

/**
 * What the Qt GUI's filter dialog sends back (gns3/dialogs/filter_dialog.py): every listed
 * type, with one value per spin box (left at its minimum unless the user set it; a QSpinBox
 * starts at 0 clamped into its range) and the text of each text box.
 */
function dialogFilters(descriptors: Descriptor[], typed: Record<string, Array<number | string>>): Record<string, Array<number | string>> {
  const filters: Record<string, Array<number | string>> = {};
  for (const descriptor of descriptors) {
    const chosen = typed[descriptor.type] ?? [];
    const spins = descriptor.parameters.filter((parameter) => parameter.type === "int");
    const texts = descriptor.parameters.filter((parameter) => parameter.type === "text");
    filters[descriptor.type] = [
      ...spins.map((parameter, index) => (chosen[index] as number | undefined) ?? Math.min(Math.max(0, parameter.minimum!), parameter.maximum!)),
      ...texts.map((_, index) => (chosen[spins.length + index] as string | undefined) ?? ""),
    ];
  }
  return filters;
}

describeApi(
  "links with --extended-filters",
  (api) => {
    it("lists GNS3's five, the new types, then every type per direction naming the ends, on every link", async () => {
      const lab = await newLab(api);
      const pc = await lab.node("PC1", "vpcs");
      const sw1 = await lab.node("SW1", "ethernet_switch");
      const sw2 = await lab.node("SW2", "ethernet_switch");
      const hub = await lab.node("HUB1", "ethernet_hub");
      const pcLink = await lab.link(pc, sw1);
      const switchLink = await lab.link(sw1, sw2, 1);
      const hubLink = await lab.link(sw2, hub, 2);
      const listed = await api.get(`${lab.base}/links/${pcLink.link_id}/available_filters`);
      expect(listed.status).toBe(200);
      const types = (listed.body as Descriptor[]).map((descriptor) => descriptor.type);
      expect(types.slice(0, 9)).toEqual(["frequency_drop", "packet_loss", "delay", "corrupt", "bpf", "rate", "duplicate", "reorder", "loss_burst"]);
      expect(types).toContain("delay:a_to_b");
      expect(types).toContain("bpf:b_to_a");
      expect(types.slice(-2)).toEqual(["suspend:a_to_b", "suspend:b_to_a"]);
      expect((listed.body as Descriptor[]).find((descriptor) => descriptor.type === "rate:b_to_a")!.name).toBe("Bandwidth, SW1 → PC1 only");
      for (const link of [switchLink, hubLink]) {
        const offered = await api.get(`${lab.base}/links/${link.link_id}/available_filters`);
        expect(offered.body).toHaveLength(types.length);
      }
    });

    it("keeps the Qt GUI's dialog contract: integer parameters with bounds and unit, untouched entries vanish", async () => {
      const lab = await newLab(api);
      const pc1 = await lab.node("PC1", "vpcs");
      const pc2 = await lab.node("PC2", "vpcs");
      const link = await lab.link(pc1, pc2);
      const descriptors = (await api.get(`${lab.base}/links/${link.link_id}/available_filters`)).body as Descriptor[];
      for (const descriptor of descriptors) {
        expect(Object.keys(descriptor).sort()).toEqual(["description", "name", "parameters", "type"]);
        for (const parameter of descriptor.parameters) {
          if (parameter.type === "text") continue;
          expect(Object.keys(parameter).sort()).toEqual(["maximum", "minimum", "name", "type", "unit"]);
          expect(Number.isInteger(parameter.minimum) && Number.isInteger(parameter.maximum)).toBe(true);
        }
        // An untouched tab sends its first spin box at 0 (or -1 for frequency_drop): off.
        const first = descriptor.parameters[0]!;
        if (first.type === "int") expect(first.minimum).toBeLessThanOrEqual(0);
      }
      const untouched = await api.put(`${lab.base}/links/${link.link_id}`, { ...link, filters: dialogFilters(descriptors, {}) });
      expect(untouched.status).toBe(201);
      expect(untouched.body.filters).toEqual({});

      // The example: 10 Mbit/s both ways, 30 ms and 1 % burst loss (mean burst 4) from PC1 to PC2 only.
      const typed = { rate: [10_000], "delay:a_to_b": [30], "loss_burst:a_to_b": [25, 2500, 10_000, 0] };
      const set = await api.put(`${lab.base}/links/${link.link_id}`, { ...link, filters: dialogFilters(descriptors, typed) });
      expect(set.status).toBe(201);
      expect(set.body.filters).toEqual({ "delay:a_to_b": [30, 0], "loss_burst:a_to_b": [25, 2500, 10_000, 0], rate: [10_000, 0, 0] });
      expect((await api.get(`${lab.base}/links/${link.link_id}`)).body.filters).toEqual(set.body.filters);
    });
  },
  { extendedFilters: true, workerd: true },
);

describeApi(
  "links without --extended-filters",
  (api) => {
    it("lists exactly GNS3's five (none between switches) yet accepts and checks every type", async () => {
      const lab = await newLab(api);
      const pc = await lab.node("PC1", "vpcs");
      const sw1 = await lab.node("SW1", "ethernet_switch");
      const sw2 = await lab.node("SW2", "ethernet_switch");
      const link = await lab.link(pc, sw1);
      const listed = await api.get(`${lab.base}/links/${link.link_id}/available_filters`);
      expect((listed.body as Descriptor[]).map((descriptor) => descriptor.type)).toEqual(["frequency_drop", "packet_loss", "delay", "corrupt", "bpf"]);
      const switchLink = await lab.link(sw1, sw2, 1);
      expect((await api.get(`${lab.base}/links/${switchLink.link_id}/available_filters`)).body).toEqual([]);

      const filters = { "suspend:b_to_a": [1], "delay:a_to_b": [40, 5], "reorder:a_to_b": [25, 3], duplicate: [2] };
      const put = await api.put(`${lab.base}/links/${switchLink.link_id}`, { filters });
      expect(put.status).toBe(201);
      expect(put.body.filters).toEqual({ "delay:a_to_b": [40, 5], duplicate: [2], "reorder:a_to_b": [25, 3], "suspend:b_to_a": [1] });
    });

    it.each([
      [{ rate: [2_000_000] }, "Filter 'rate' Rate must be between 0 and 1000000 kbit/s, got 2000000"],
      [{ rate: [10_000, 1.5] }, "Filter 'rate' Queue (packets) must be an integer, got 1.5"],
      [{ loss_burst: [25] }, "Filter 'loss_burst' takes 4 values"],
      [{ reorder: [25] }, "Filter 'reorder' sends packets ahead of delayed ones, so it needs a delay on a_to_b"],
      [{ delay: [10], "delay:b_to_a": [20] }, "Filters 'delay' and 'delay:b_to_a' both apply to b_to_a"],
      [{ suspend: [1] }, "Filter 'suspend' applies to one direction"],
      [{ "delay:up": [10] }, "Unknown filter 'delay:up'"],
    ])("refuses %j with a 400 saying why", async (filters, message) => {
      const lab = await newLab(api);
      const link = await lab.link(await lab.node("PC1", "vpcs"), await lab.node("PC2", "vpcs"));
      const reply = await api.put(`${lab.base}/links/${link.link_id}`, { filters });
      expect(reply.status).toBe(400);
      expect(reply.body.status).toBe(400);
      expect(reply.body.message).toContain(message);
      expect((await api.get(`${lab.base}/links/${link.link_id}`)).body.filters).toEqual({});
    });

    it("suspends and captures a link between two switches", async () => {
      const lab = await newLab(api);
      const sw1 = await lab.node("SW1", "ethernet_switch");
      const sw2 = await lab.node("SW2", "ethernet_switch");
      const link = await lab.link(sw1, sw2);
      const suspended = await api.put(`${lab.base}/links/${link.link_id}`, { suspend: true });
      expect(suspended.status).toBe(201);
      expect(suspended.body.suspend).toBe(true);
      const capture = await api.post(`${lab.base}/links/${link.link_id}/start_capture`, {});
      expect(capture.status).toBe(201);
      expect(capture.body).toMatchObject({ capturing: true, capture_compute_id: "local" });
    });
  },
  { workerd: true },
);
