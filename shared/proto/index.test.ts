import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  decodeControllerMessage,
  decodeDaemonMessage,
  decodeDesiredHostState,
  decodeStateChange,
  encodeControllerMessage,
  encodeDaemonMessage,
  encodeDesiredHostState,
  encodeStateChange,
  ItemErrorKind,
  Kvm,
  MalformedMessage,
  NodeKind,
  PortMode,
  type DesiredHostState,
} from "./index";

const root = join(import.meta.dirname, "../..");

describe("generated protobuf code", () => {
  it("is what `npm run proto` produces from proto/dataplane.proto", () => {
    const dir = mkdtempSync(join(tmpdir(), "proto-"));
    try {
      const script = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts.proto as string;
      const command = script.replaceAll("shared/proto/", `${dir}/`);
      execFileSync("sh", ["-c", command], { cwd: root, env: { ...process.env, PATH: `${root}/node_modules/.bin:${process.env.PATH}` } });
      for (const file of ["dataplane.js", "dataplane.d.ts"]) {
        expect(readFileSync(join(dir, file), "utf8"), file).toBe(readFileSync(join(root, "shared/proto", file), "utf8"));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("messages", () => {
  const state: DesiredHostState = {
    revision: 2 ** 40 + 7,
    nodes: [
      {
        nodeId: "n1",
        projectId: "p",
        name: "PC1",
        kind: NodeKind.VPCS,
        running: true,
        consolePort: 5000,
        ports: [],
        startupScript: "set pcname PC1\nip 10.0.0.1/24\n",
        restartGeneration: 3, suspended: false, qemu: null, docker: null, dynamips: null,
      },
      {
        nodeId: "n2",
        projectId: "p",
        name: "SW1",
        kind: NodeKind.ETHERNET_SWITCH,
        running: true,
        consolePort: 0,
        ports: [{ portNumber: 0, name: "Ethernet0", mode: PortMode.DOT1Q, vlan: 10, ethertype: 0x88a8, cloudUdp: null, cloudDevice: null, linked: false }],
        startupScript: "",
        restartGeneration: 0, suspended: false, qemu: null, docker: null, dynamips: null,
      },
    ],
    links: [
      {
        linkId: "l1",
        projectId: "p",
        a: { nodeId: "n1", adapterNumber: 0, portNumber: 0, local: true },
        b: { nodeId: "n9", adapterNumber: 0, portNumber: 3, local: false },
        filters: [
          { type: "delay", numbers: [50, 10], text: "" },
          { type: "bpf", numbers: [], text: "icmp\nudp" },
        ],
        suspended: true,
        tunnel: { localPort: 20001, remoteHost: "10.0.0.2", remotePort: 20002 },
        capture: { active: true, relativePath: "projects/p/project-files/captures/x.pcap", linkType: 0 },
      },
    ],
  };

  it("round-trip a desired state with every field, 64-bit revisions as numbers", () => {
    expect(decodeDesiredHostState(encodeDesiredHostState(state))).toEqual(state);
    expect(decodeControllerMessage(encodeControllerMessage({ state }))).toEqual({ state });
  });

  it("round-trip a change: items added or changed whole, keys of those removed", () => {
    const change = {
      revision: 2 ** 40 + 2,
      baseRevision: 2 ** 40 + 1,
      nodes: state.nodes,
      links: state.links,
      removedNodes: [{ projectId: "p1", id: "gone" }],
      removedLinks: [{ projectId: "p1", id: "l-gone" }],
    };
    expect(decodeStateChange(encodeStateChange(change))).toEqual(change);
    expect(decodeControllerMessage(encodeControllerMessage({ change }))).toEqual({ change });
    const empty = { revision: 3, baseRevision: 2, nodes: [], links: [], removedNodes: [], removedLinks: [] };
    expect(decodeControllerMessage(encodeControllerMessage({ change: empty }))).toEqual({ change: empty });
  });

  it("fill defaults for absent fields and leave optional messages null", () => {
    const bare = decodeDesiredHostState(
      encodeDesiredHostState({ revision: 0, nodes: [], links: [{ ...state.links[0]!, tunnel: null, capture: null, filters: [] }] }),
    );
    expect(bare.links[0]).toMatchObject({ tunnel: null, capture: null, filters: [], suspended: true });
    expect(bare.revision).toBe(0);
  });

  it("round-trip daemon messages", () => {
    const hello = {
      hostId: "h1",
      token: "t",
      lastAppliedRevision: 12,
      tunnelAddress: "10.0.0.1",
      udpPortMin: 20000,
      udpPortMax: 30000,
      daemonVersion: "0.1.0",
      name: "host one",
      instanceId: "3f2a9c1e",
    };
    expect(decodeDaemonMessage(encodeDaemonMessage({ hello }))).toEqual({ hello });
    const progress = { revision: 12, done: 40, total: 100 };
    expect(decodeDaemonMessage(encodeDaemonMessage({ progress }))).toEqual({ progress });
    // A ping's nonce starts at 1, but an empty one still decodes as a ping, not as nothing.
    expect(decodeDaemonMessage(encodeDaemonMessage({ pong: { nonce: 7 } }))).toEqual({ pong: { nonce: 7 } });
    expect(decodeControllerMessage(encodeControllerMessage({ ping: { nonce: 0 } }))).toEqual({ ping: { nonce: 0 } });
    expect(decodeControllerMessage(encodeControllerMessage({ dockerImagesQuery: { queryId: 0 } }))).toEqual({ dockerImagesQuery: { queryId: 0 } });
    const docker = { available: true, dockerHost: "unix:///d.sock", detail: "Docker Engine 28.2.2 (API 1.50)", images: ["frr:9"] };
    expect(decodeDaemonMessage(encodeDaemonMessage({ dockerImagesAnswer: { queryId: 4, docker } }))).toEqual({ dockerImagesAnswer: { queryId: 4, docker } });
    const ack = {
      revision: 3,
      errors: [
        { kind: ItemErrorKind.LINK, id: "l1", message: "port in use" },
        { kind: ItemErrorKind.NODE, id: "n1", message: "node PC1: console port 5000 is already in use on this host", consolePortTaken: 5000 },
      ],
      nodes: [
        { nodeId: "n1", projectId: "p1", commandLine: "qemu-system-x86_64 -m 256", idlepc: null },
        { nodeId: "r1", projectId: "p1", commandLine: "dynamips -H 127.0.0.1:40000", idlepc: { request: 2, proposals: ["0x60606f54 [37]"], chosen: "0x60606f54", error: "" } },
      ],
    };
    expect(decodeDaemonMessage(encodeDaemonMessage({ ack }))).toEqual({ ack });
    const hostFacts = { qemuBinaries: [{ path: "/usr/bin/qemu-system-x86_64", version: "7.2.0" }], kvm: Kvm.KVM_UNUSABLE, kvmDetail: "/dev/kvm hung", kvmPlatforms: [], busyConsolePorts: [5000, 9999], interfaces: [{ name: "eth0", type: "ethernet", macAddress: "02:00:00:00:00:01", ipAddress: "192.0.2.1", netmask: "255.255.255.0", special: false }], docker: { available: true, dockerHost: "unix:///var/run/docker.sock", detail: "Docker Engine 20.10.24 (API 1.41)", images: ["busybox:latest"] } };
    expect(decodeDaemonMessage(encodeDaemonMessage({ hostFacts }))).toEqual({ hostFacts });
    const sampledAtMs = 1_700_000_000_123;
    const decoded = decodeDaemonMessage(encodeDaemonMessage({ counters: { links: [{ linkId: "l1", aToB: { framesIn: 2 ** 33 } as never, bToA: null as never }], sampledAtMs } }));
    expect(decoded).toMatchObject({ counters: { links: [{ linkId: "l1", aToB: { framesIn: 2 ** 33, bytesOut: 0 }, bToA: { framesIn: 0 } }], sampledAtMs } });
    // A keepalive: no link changed, only the time.
    expect(decodeDaemonMessage(encodeDaemonMessage({ counters: { links: [], sampledAtMs } }))).toEqual({ counters: { links: [], sampledAtMs } });
  });

  it("round-trip capture streaming, 64-bit offsets as numbers and bytes as they were", () => {
    const captureFollow = { streamId: 7, relativePath: "projects/p/project-files/captures/x.pcap", offset: 2 ** 33 + 5, stop: false };
    expect(decodeControllerMessage(encodeControllerMessage({ captureFollow }))).toEqual({ captureFollow });
    const stop = decodeControllerMessage(encodeControllerMessage({ captureFollow: { streamId: 7, relativePath: "", offset: 0, stop: true } }));
    expect(stop).toEqual({ captureFollow: { streamId: 7, relativePath: "", offset: 0, stop: true } });
    const data = Uint8Array.from({ length: 300 }, (_, index) => index % 256);
    const chunk = decodeDaemonMessage(encodeDaemonMessage({ captureChunk: { streamId: 7, data, end: false, error: "" } }));
    expect("captureChunk" in chunk && [...chunk.captureChunk.data]).toEqual([...data]);
    expect(chunk).toMatchObject({ captureChunk: { streamId: 7, end: false, error: "" } });
    // The last chunk of a file that cannot be read carries no data.
    const failed = decodeDaemonMessage(encodeDaemonMessage({ captureChunk: { streamId: 8, data: new Uint8Array(), end: true, error: "no such file" } }));
    expect("captureChunk" in failed && failed.captureChunk).toMatchObject({ streamId: 8, end: true, error: "no such file" });
    expect("captureChunk" in failed && failed.captureChunk.data.length).toBe(0);
  });

  it("refuse bytes that are not a message, and messages with no body", () => {
    expect(() => decodeDaemonMessage(new Uint8Array([0x0a, 0xff]))).toThrow(MalformedMessage);
    expect(() => decodeDaemonMessage(new Uint8Array())).toThrow("none of hello, ack, counters, capture_chunk");
    expect(() => decodeControllerMessage(new Uint8Array())).toThrow("none of state, change, refused, capture_follow");
  });
});
