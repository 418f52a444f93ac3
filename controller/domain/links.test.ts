import { describe, expect, it } from "vitest";
import type { NodeCreate } from "@shared/schemas/node";
import type { DataLinkType, LinkCreate } from "@shared/schemas/link";
import { FILTER_CATALOGUE } from "@shared/filters/catalogue";
import { refusal } from "./testing";
import {
  DEFAULT_LINK_LABEL_STYLE,
  availableFilters,
  newLink,
  startedCapture,
  stoppedCapture,
  updatedLink,
  type CaptureStartContext,
  type LinkCreationContext,
  type LinkRecord,
} from "./links";
import { newNode, type NodeRecord } from "./nodes";

const PROJECT = "11111111-1111-4111-8111-111111111111";
const LINK = "bbbbbbbb-0000-4000-8000-000000000001";
const PC1 = "aaaaaaaa-0000-4000-8000-000000000001";
const PC2 = "aaaaaaaa-0000-4000-8000-000000000002";
const SW1 = "aaaaaaaa-0000-4000-8000-000000000003";
const CLOUD1 = "aaaaaaaa-0000-4000-8000-000000000004";
const CLOUD2 = "aaaaaaaa-0000-4000-8000-000000000005";
const NAT1 = "aaaaaaaa-0000-4000-8000-000000000006";
const FR1 = "aaaaaaaa-0000-4000-8000-000000000007";
const HUB1 = "aaaaaaaa-0000-4000-8000-000000000008";
const MISSING = "dddddddd-0000-4000-8000-000000000000";


function node(nodeId: string, name: string, input: Omit<NodeCreate, "name" | "compute_id"> & { compute_id?: string }): NodeRecord {
  return newNode(
    { compute_id: "local", ...input, name },
    { nodeId, projectId: PROJECT, name, console: null, hostInterfaces: ["eth0", "eth1"] },
  );
}

const NODES: NodeRecord[] = [
  node(PC1, "PC1", { node_type: "vpcs" }),
  node(PC2, "PC2", { node_type: "vpcs" }),
  node(SW1, "SW1", { node_type: "ethernet_switch" }),
  node(CLOUD1, "Cloud1", { node_type: "cloud" }),
  node(CLOUD2, "Cloud2", { node_type: "cloud" }),
  node(NAT1, "NAT1", { node_type: "nat" }),
  node(FR1, "FR1", { node_type: "frame_relay_switch", properties: { mappings: { "1:101": "2:202" } } }),
  node(HUB1, "HUB1", { node_type: "ethernet_hub" }),
];
const BY_ID: ReadonlyMap<string, NodeRecord> = new Map(NODES.map((n) => [n.node_id, n]));
const byId = (id: string): NodeRecord => BY_ID.get(id)!;

function creation(overrides: Partial<LinkCreationContext> = {}): LinkCreationContext {
  return { linkId: LINK, projectId: PROJECT, nodes: BY_ID, portTaken: () => false, ...overrides };
}

const end = (node_id: string, port_number = 0, adapter_number = 0) => ({ node_id, adapter_number, port_number });

function link(input: Partial<LinkCreate> = {}): LinkRecord {
  return newLink({ nodes: [end(PC1), end(SW1, 1)], ...input }, creation());
}

describe("newLink", () => {
  it("joins two ports with GNS3's default labels, no filters, not suspended", () => {
    expect(link()).toEqual({
      link_id: LINK,
      project_id: PROJECT,
      nodes: [
        { node_id: PC1, adapter_number: 0, port_number: 0, label: { text: "0/0", style: DEFAULT_LINK_LABEL_STYLE } },
        { node_id: SW1, adapter_number: 0, port_number: 1, label: { text: "0/1", style: DEFAULT_LINK_LABEL_STYLE } },
      ],
      filters: {},
      suspend: false,
      link_style: {},
      link_type: "ethernet",
      capturing: false,
      capture_file_name: null,
      capture_file_path: null,
      capture_compute_id: null,
      revision: 1,
    });
  });

  it("keeps a label, suspend and style the client sends", () => {
    const label = { text: "uplink", style: "fill: #ff0000;", x: 5, y: -3 };
    const made = newLink(
      { nodes: [{ ...end(PC1), label }, end(SW1, 1)], suspend: true, link_style: { color: "#00ff00", width: 2 } },
      creation(),
    );
    expect(made.nodes[0]!.label).toEqual(label);
    expect(made.nodes[1]!.label.text).toBe("0/1");
    expect(made).toMatchObject({ suspend: true, link_style: { color: "#00ff00", width: 2 } });
  });

  it("refuses a node that is not in the project (404, GNS3's message)", () => {
    expect(refusal(() => newLink({ nodes: [end(PC1), end(MISSING)] }, creation()))).toEqual({
      violation: "not_found",
      message: `Node ID ${MISSING} doesn't exist`,
    });
  });

  it("refuses a port the node does not have (404, GNS3's message)", () => {
    expect(refusal(() => newLink({ nodes: [end(PC1), end(SW1, 8)] }, creation()))).toEqual({
      violation: "not_found",
      message: "Port 0/8 for SW1 not found",
    });
    expect(refusal(() => newLink({ nodes: [end(PC1, 0, 1), end(SW1)] }, creation())).message).toBe("Port 1/0 for PC1 not found");
  });

  it("refuses a port already used by another link (409), asking about the exact port", () => {
    const asked: string[] = [];
    const portTaken = (nodeId: string, adapter: number, port: number) => {
      asked.push(`${nodeId} ${adapter}/${port}`);
      return nodeId === SW1 && port === 1;
    };
    expect(refusal(() => newLink({ nodes: [end(PC1), end(SW1, 1)] }, creation({ portTaken })))).toEqual({
      violation: "conflict",
      message: "Port is already used",
    });
    expect(asked).toEqual([`${PC1} 0/0`, `${SW1} 0/1`]);
  });

  it("refuses a link from a node to itself (409, GNS3's message)", () => {
    expect(refusal(() => newLink({ nodes: [end(SW1, 1), end(SW1, 2)] }, creation()))).toEqual({
      violation: "conflict",
      message: "Cannot connect to itself",
    });
  });

  it.each([
    [CLOUD1, NAT1, "Connecting a cloud to a nat is not allowed"],
    [NAT1, CLOUD1, "Connecting a nat to a cloud is not allowed"],
    [CLOUD1, CLOUD2, "Connecting a cloud to a cloud is not allowed"],
  ])("refuses linking two host bridges as GNS3 does: %s ↔ %s", (first, second, message) => {
    expect(refusal(() => newLink({ nodes: [end(first), end(second)] }, creation()))).toEqual({ violation: "conflict", message });
  });

  it("links a cloud to an ordinary node through its host interface port", () => {
    expect(newLink({ nodes: [end(CLOUD1, 1), end(PC1)] }, creation()).link_type).toBe("ethernet");
  });

  it("refuses joining an ethernet port to a serial port, naming the first end's type first (GNS3's message)", () => {
    expect(refusal(() => newLink({ nodes: [end(PC1), end(FR1, 1)] }, creation()))).toEqual({
      violation: "conflict",
      message: "Connecting a ethernet interface to a serial interface is not allowed",
    });
    expect(refusal(() => newLink({ nodes: [end(FR1, 2), end(PC1)] }, creation())).message).toBe(
      "Connecting a serial interface to a ethernet interface is not allowed",
    );
  });

  it("gives a serial link the serial type", () => {
    const IOU = "aaaaaaaa-0000-4000-8000-000000000009";
    const nodes = new Map(BY_ID).set(IOU, node(IOU, "IOU1", { node_type: "iou" }));
    expect(newLink({ nodes: [end(IOU, 0, 2), end(FR1, 1)] }, creation({ nodes })).link_type).toBe("serial");
  });

  describe("checks in GNS3's order: each end fully (node, port, port free), then against the first end", () => {
    it("a used port on the first end wins over a missing second node", () => {
      const portTaken = (nodeId: string) => nodeId === PC1;
      expect(refusal(() => newLink({ nodes: [end(PC1), end(MISSING)] }, creation({ portTaken }))).message).toBe("Port is already used");
    });

    it("a missing port wins over linking a node to itself", () => {
      expect(refusal(() => newLink({ nodes: [end(SW1, 1), end(SW1, 9)] }, creation())).message).toBe("Port 0/9 for SW1 not found");
    });

    it("a used port wins over linking a node to itself", () => {
      const portTaken = (_nodeId: string, _adapter: number, port: number) => port === 2;
      expect(refusal(() => newLink({ nodes: [end(SW1, 1), end(SW1, 2)] }, creation({ portTaken }))).message).toBe("Port is already used");
    });

    it("linking a cloud to itself is 'itself', not the cloud pair rule", () => {
      expect(refusal(() => newLink({ nodes: [end(CLOUD1, 0), end(CLOUD1, 1)] }, creation())).message).toBe("Cannot connect to itself");
    });

    it("filters are checked before the ends, as GNS3 applies them before adding nodes", () => {
      expect(refusal(() => newLink({ nodes: [end(PC1), end(MISSING)], filters: { jitter: [1] } }, creation())).violation).toBe("invalid");
    });
  });

  describe("filters", () => {
    it("stores filters normalised, in the order sent: numeric strings become numbers, bpf text is trimmed", () => {
      const made = link({ filters: { delay: [50, 5], packet_loss: ["10"], bpf: [" icmp \n"] } });
      expect(made.filters).toEqual({ delay: [50, 5], packet_loss: [10], bpf: ["icmp"] });
      expect(Object.keys(made.filters)).toEqual(["delay", "packet_loss", "bpf"]);
    });

    it("drops entries whose first value is 0 or that have no values, as GNS3 does", () => {
      expect(link({ filters: { packet_loss: [0], corrupt: [], delay: [0, 10] } }).filters).toEqual({});
    });

    it("accepts GNS3's old key 'latency' for delay, under that key", () => {
      expect(link({ filters: { latency: [20] } }).filters).toEqual({ latency: [20] });
    });

    it.each([
      [{ packet_loss: [150] }, "Filter 'packet_loss' Chance must be between 0 and 100 %, got 150"],
      [{ frequency_drop: [-2] }, "Filter 'frequency_drop' Frequency must be between -1 and 32767 th packet, got -2"],
      [{ delay: [32768] }, "Filter 'delay' Latency must be between 0 and 32767 ms, got 32768"],
      [{ packet_loss: [1.5] }, "Filter 'packet_loss' Chance must be an integer, got 1.5"],
      [{ delay: [50, 5, 1] }, "Filter 'delay' takes 1 to 2 values (Latency, Jitter (-/+)), got 3"],
      [{ delay: 100 }, 'Filter \'delay\' must be a list of values, e.g. {"delay": [10]}, got 100'],
      [
        { jitter: [1] },
        "Unknown filter 'jitter': expected one of frequency_drop, packet_loss, delay, corrupt, bpf, latency, rate, duplicate, reorder, loss_burst, " +
          "each also for one direction with :a_to_b or :b_to_a (a is the link's first node), suspend:a_to_b, suspend:b_to_a",
      ],
      [{ latency: [10], delay: [5] }, "Filters 'latency' and 'delay' are the same filter: send only one of them"],
      [{ bpf: ["icmp\n\nudp"] }, "Filter 'bpf' line 2 is empty: put one expression per line"],
    ])("refuses %j (invalid, saying why)", (filters, message) => {
      expect(refusal(() => link({ filters }))).toEqual({ violation: "invalid", message });
    });

    it("refuses a BPF line that does not compile, naming the line", () => {
      const { violation, message } = refusal(() => link({ filters: { bpf: ["icmp\nicmp and"] } }));
      expect(violation).toBe("invalid");
      expect(message).toMatch(/^Filter 'bpf' line 2 \('icmp and'\): /);
    });
  });
});

describe("updatedLink", () => {
  const PROJECT_NODES: ReadonlySet<string> = new Set(NODES.map((n) => n.node_id));
  const stored = () => link({ filters: { delay: [50, 5], packet_loss: [10] }, link_style: { color: "#f00", width: 2 } });

  it("reports no change when nothing differs, comparing filters regardless of order (GNS3 compares them so)", () => {
    const before = stored();
    const result = updatedLink(before, { filters: { packet_loss: [10], delay: [50, 5] }, suspend: false, link_style: { width: 2, color: "#f00" } }, PROJECT_NODES);
    expect(result.changed).toBe(false);
    expect(result.link).toEqual(before);
    expect(Object.keys(result.link.filters)).toEqual(["delay", "packet_loss"]);
  });

  it("reports no change for an empty update", () => {
    const before = stored();
    expect(updatedLink(before, {}, PROJECT_NODES)).toEqual({ link: before, changed: false });
  });

  it("compares filters after normalising them", () => {
    expect(updatedLink(stored(), { filters: { delay: ["50", 5], packet_loss: [10], corrupt: [0] } }, PROJECT_NODES).changed).toBe(false);
  });

  it("replaces filters that differ and bumps the revision", () => {
    const result = updatedLink(stored(), { filters: { corrupt: [5] } }, PROJECT_NODES);
    expect(result.changed).toBe(true);
    expect(result.link.filters).toEqual({ corrupt: [5] });
    expect(result.link.revision).toBe(2);
  });

  it("clears filters with an empty object", () => {
    expect(updatedLink(stored(), { filters: {} }, PROJECT_NODES).link.filters).toEqual({});
  });

  it("refuses bad filters even when the rest of the update is good", () => {
    expect(refusal(() => updatedLink(stored(), { filters: { packet_loss: [101] }, suspend: true }, PROJECT_NODES))).toEqual({
      violation: "invalid",
      message: "Filter 'packet_loss' Chance must be between 0 and 100 %, got 101",
    });
  });

  it("suspends and resumes", () => {
    const suspended = updatedLink(stored(), { suspend: true }, PROJECT_NODES);
    expect(suspended).toMatchObject({ changed: true, link: { suspend: true, revision: 2 } });
    const resumed = updatedLink(suspended.link, { suspend: false }, PROJECT_NODES);
    expect(resumed).toMatchObject({ changed: true, link: { suspend: false, revision: 3 } });
  });

  it("replaces the link style when it differs, ignoring key order", () => {
    expect(updatedLink(stored(), { link_style: { width: 2, color: "#f00" } }, PROJECT_NODES).changed).toBe(false);
    const result = updatedLink(stored(), { link_style: { color: "#0f0" } }, PROJECT_NODES);
    expect(result).toMatchObject({ changed: true, link: { link_style: { color: "#0f0" }, revision: 2 } });
  });

  it("relabels an end; adapter and port in the entry are ignored, ends never move", () => {
    const label = { text: "to switch", style: null, x: 1, y: 2, rotation: 0 };
    const result = updatedLink(stored(), { nodes: [{ node_id: PC1, adapter_number: 3, port_number: 7, label }] }, PROJECT_NODES);
    expect(result.changed).toBe(true);
    expect(result.link.nodes[0]).toEqual({ node_id: PC1, adapter_number: 0, port_number: 0, label });
    expect(result.link.nodes[1]!.label.text).toBe("0/1");
  });

  it("counts any `nodes` entry as a change, as GNS3 announces link.updated for it", () => {
    expect(updatedLink(stored(), { nodes: [] }, PROJECT_NODES)).toMatchObject({ changed: true, link: { revision: 2 } });
    // A node of the project that is not on this link: nothing to relabel, still an update.
    expect(updatedLink(stored(), { nodes: [end(PC2)] }, PROJECT_NODES).changed).toBe(true);
  });

  it("refuses `nodes` naming a node that is not in the project (404, GNS3's message)", () => {
    expect(refusal(() => updatedLink(stored(), { nodes: [end(MISSING)] }, PROJECT_NODES))).toEqual({
      violation: "not_found",
      message: `Node ID ${MISSING} doesn't exist`,
    });
  });

  it("leaves the stored record untouched", () => {
    const before = stored();
    const copy = structuredClone(before);
    updatedLink(before, { filters: { corrupt: [1] }, suspend: true, nodes: [{ ...end(PC1), label: { text: "x" } }] }, PROJECT_NODES);
    expect(before).toEqual(copy);
  });
});

describe("availableFilters", () => {
  it("offers GNS3's five filters when an end can filter (VPCS, cloud, NAT…)", () => {
    const offered = availableFilters([byId(PC1), byId(SW1)], false) as Array<{ type: string }>;
    expect(offered.map((filter) => filter.type)).toEqual(["frequency_drop", "packet_loss", "delay", "corrupt", "bpf"]);
    expect(offered).toHaveLength(FILTER_CATALOGUE.filter((descriptor) => !descriptor.extended).length);
    expect(availableFilters([byId(SW1), byId(CLOUD1)], false)).toHaveLength(5);
    expect(availableFilters([byId(NAT1), byId(HUB1)], false)).toHaveLength(5);
  });

  it("offers none between Ethernet switches and hubs, as GNS3 does, and all on a serial link between Frame Relay switches", () => {
    expect(availableFilters([byId(SW1), byId(HUB1)], false)).toEqual([]);
    expect((availableFilters([byId(FR1), byId(FR1)], false) as Array<{ type: string }>).map((filter) => filter.type)).toContain("packet_loss");
  });

  it("with --extended-filters offers every filter on every link, then each once per direction naming the ends", () => {
    const offered = availableFilters([byId(SW1), byId(HUB1)], true) as Array<{ type: string; name: string; description: string }>;
    const types = offered.map((filter) => filter.type);
    expect(types.slice(0, 9)).toEqual(["frequency_drop", "packet_loss", "delay", "corrupt", "bpf", "rate", "duplicate", "reorder", "loss_burst"]);
    expect(types.slice(9, 13)).toEqual(["frequency_drop:a_to_b", "frequency_drop:b_to_a", "packet_loss:a_to_b", "packet_loss:b_to_a"]);
    expect(types.slice(-2)).toEqual(["suspend:a_to_b", "suspend:b_to_a"]);
    expect(types).toHaveLength(9 + 10 * 2);
    const sw1 = byId(SW1).name;
    const hub1 = byId(HUB1).name;
    expect(offered.find((filter) => filter.type === "delay:b_to_a")!.name).toBe(`Delay, ${hub1} → ${sw1} only`);
    expect(offered.find((filter) => filter.type === "delay:a_to_b")!.description).toContain(`Only packets from ${sw1} to ${hub1}`);
  });

  it("describes each filter with its bounds, keys sorted as GNS3 answers", () => {
    const [frequencyDrop] = availableFilters([byId(PC1)], false) as Array<Record<string, unknown>>;
    expect(frequencyDrop).toEqual({
      description: "It will drop everything with a -1 frequency, drop every Nth packet with a positive frequency, or drop nothing",
      name: "Frequency drop",
      parameters: [{ maximum: 32767, minimum: -1, name: "Frequency", type: "int", unit: "th packet" }],
      type: "frequency_drop",
    });
  });
});

describe("startedCapture", () => {
  const CAPTURES = "/p/project/project-files/captures";
  const started = (record: NodeRecord, compute_id = record.compute_id): NodeRecord => ({ ...record, status: "started", compute_id });
  const stopped = (record: NodeRecord): NodeRecord => ({ ...record, status: "stopped" });

  function capture(first: NodeRecord, second: NodeRecord, requestedName?: string, from: Partial<LinkRecord> = {}): LinkRecord {
    const nodes = new Map([first, second].map((n) => [n.node_id, n]));
    const record: LinkRecord = { ...link(), nodes: [{ ...link().nodes[0]!, node_id: first.node_id }, { ...link().nodes[1]!, node_id: second.node_id }], ...from };
    const context: CaptureStartContext = { nodes, capturesDir: CAPTURES, requestedName };
    return startedCapture(record, context);
  }
  const side = (first: NodeRecord, second: NodeRecord) => capture(first, second).capture_compute_id;

  it("captures on a running built-in device on the local compute first (GNS3's choice)", () => {
    expect(side(started(byId(SW1), "host-a"), started(byId(HUB1), "local"))).toBe("local");
    expect(side(started(byId(PC1), "host-a"), started(byId(SW1), "local"))).toBe("local");
  });

  it("then on any running built-in device, even off the local compute and with a local emulator", () => {
    expect(side(started(byId(PC1), "local"), started(byId(SW1), "host-b"))).toBe("host-b");
  });

  it("skips a built-in device that is not running", () => {
    expect(side(started(byId(PC1), "host-a"), stopped({ ...byId(SW1), compute_id: "local" }))).toBe("host-a");
  });

  it("then on any running end on the local compute", () => {
    expect(side(started(byId(PC1), "host-a"), started(byId(PC2), "local"))).toBe("local");
  });

  it("writes what the client asks, else the first data link type the capturing port offers: Frame Relay on a serial port", () => {
    const fr = started(byId(FR1));
    const serial = (dataLinkType?: DataLinkType) => {
      const record: LinkRecord = { ...link(), link_type: "serial", nodes: [{ ...link().nodes[0]!, node_id: FR1, port_number: 1 }, { ...link().nodes[1]!, node_id: FR1, port_number: 2 }] };
      return startedCapture(record, { nodes: new Map([[FR1, fr]]), capturesDir: CAPTURES, requestedName: undefined, dataLinkType }).capture_data_link_type;
    };
    expect(serial()).toBe("DLT_FRELAY");
    expect(serial("DLT_C_HDLC")).toBe("DLT_C_HDLC");
    expect(capture(started(byId(PC1)), started(byId(SW1))).capture_data_link_type).toBe("DLT_EN10MB");
  });

  it("then on the first running end", () => {
    expect(side(started(byId(PC1), "host-a"), started(byId(PC2), "host-b"))).toBe("host-a");
    expect(side(stopped({ ...byId(PC1), compute_id: "local" }), started(byId(PC2), "host-b"))).toBe("host-b");
  });

  it("refuses when no end is running (409, GNS3's message)", () => {
    expect(refusal(() => capture(stopped(byId(PC1)), stopped(byId(PC2))))).toEqual({
      violation: "conflict",
      message: "Cannot capture because there is no running device on this link",
    });
  });

  it("refuses a second capture on the same link (409)", () => {
    expect(refusal(() => capture(started(byId(PC1)), started(byId(PC2)), undefined, { capturing: true }))).toEqual({
      violation: "conflict",
      message: `Packet capture is already active on link ${LINK}`,
    });
  });

  it("names the file after both ends as GNS3 does, keeping only letters, digits, '_' and '-'", () => {
    const renamed = { ...started(byId(PC1)), name: "R-1.lab" };
    const record = capture(renamed, started(byId(SW1)));
    expect(record).toMatchObject({
      capturing: true,
      capture_file_name: "R-1lab_0-0_to_SW1_0-1.pcap",
      capture_file_path: `${CAPTURES}/R-1lab_0-0_to_SW1_0-1.pcap`,
      capture_compute_id: "local",
      revision: 2,
    });
  });

  it("uses the default name for an empty requested name, as GNS3 does", () => {
    expect(capture(started(byId(PC1)), started(byId(PC2)), "").capture_file_name).toBe("PC1_0-0_to_PC2_0-1.pcap");
  });

  it("keeps a requested plain file name", () => {
    expect(capture(started(byId(PC1)), started(byId(PC2)), "my capture.pcap")).toMatchObject({
      capture_file_name: "my capture.pcap",
      capture_file_path: `${CAPTURES}/my capture.pcap`,
    });
  });

  it.each([[".."], ["."], ["a/b.pcap"], ["../../etc/passwd"], ["a\\b.pcap"], [".hidden.pcap"], ["a\0b"], ["x".repeat(256)]])(
    "refuses the capture name %j, which could leave the captures folder (deliberately stricter than GNS3)",
    (name) => {
      expect(refusal(() => capture(started(byId(PC1)), started(byId(PC2)), name))).toEqual({
        violation: "invalid",
        message: `capture_file_name '${name}' must be a plain file name (no '/', '\\', leading '.' or NUL, at most 255 characters)`,
      });
    },
  );

  it("accepts a name of exactly 255 characters", () => {
    expect(capture(started(byId(PC1)), started(byId(PC2)), "x".repeat(255)).capture_file_name).toHaveLength(255);
  });

  it("stops keeping the file's name and path, as GNS3 does, so the file can still be fetched", () => {
    const record = stoppedCapture(capture(started(byId(PC1)), started(byId(PC2))));
    expect(record).toMatchObject({
      capturing: false,
      capture_compute_id: null,
      capture_file_name: "PC1_0-0_to_PC2_0-1.pcap",
      capture_file_path: `${CAPTURES}/PC1_0-0_to_PC2_0-1.pcap`,
      revision: 3,
    });
  });
});
