/**
 * A trunk from the host into the lab: VLAN-tagged frames on a host interface (one end of a
 * veth pair the test makes; the test writes and reads the other end) reach an Ethernet
 * switch's dot1q port through a cloud's `ethernet` port with their tag, so the switch sorts
 * them into their VLAN; what the switch sends back out of that port leaves the interface
 * tagged. The switch's other ports are cloud UDP ports whose peers are the test's sockets.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "@shared/testing/cleanups";
import { startControllerProcess, type ControllerProcess } from "../../controller/testing/controller-process";
import { DeviceEndpoint } from "../forwarding/device-endpoint";
import { udpPath } from "../forwarding/native-udp";
import { hostNetworkUnavailable, scratchNetwork } from "../host-network/testing";
import { apiAt, changeApplied, waitForApplied, type Api } from "./cloud-lab";
import { freeUdpPort, UdpPeer } from "./udp-traffic";

const EXPERIMENTAL = 0x88b5;

/** A broadcast frame (the switch floods it) carrying `marker`, tagged with `vlan` when given. */
function frame(marker: number, vlan?: number): Buffer {
  const header = Buffer.from("ffffffffffff020000000042", "hex");
  const tag = vlan === undefined ? Buffer.alloc(0) : Buffer.from([0x81, 0x00, vlan >> 8, vlan & 0xff]);
  const body = Buffer.alloc(48);
  body.writeUInt16BE(EXPERIMENTAL, 0);
  body.writeUInt32BE(marker, 2);
  return Buffer.concat([header, tag, body]);
}

/** The marker and VLAN of a frame of ours; undefined for anything else the link carries. */
function read(bytes: Buffer): { marker: number; vlan?: number } | undefined {
  const tagged = bytes.readUInt16BE(12) === 0x8100;
  const at = tagged ? 16 : 12;
  if (bytes.length < at + 6 || bytes.readUInt16BE(at) !== EXPERIMENTAL) return undefined;
  return tagged ? { marker: bytes.readUInt32BE(at + 2), vlan: bytes.readUInt16BE(14) & 0x0fff } : { marker: bytes.readUInt32BE(at + 2) };
}

describe.runIf(hostNetworkUnavailable() === null && udpPath().kind === "native")("VLAN tags between a host interface and a switch's dot1q port", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "e2e-cloud-vlan-"));
  const network = scratchNetwork();
  let controller: ControllerProcess;
  let api: Api;
  let wire: DeviceEndpoint;
  const fromWire: Array<{ marker: number; vlan?: number }> = [];
  let access42: UdpPeer;
  let trunk: UdpPeer;
  const seen = new Map<UdpPeer, Array<{ marker: number; vlan?: number }>>();
  let accessPort = 0;

  beforeAll(async () => {
    const veth = network.veth();
    ({ endpoint: wire } = DeviceEndpoint.openInterface(veth.inside));
    wire.onFrame((bytes) => {
      const ours = read(Buffer.from(bytes));
      if (ours) fromWire.push(ours);
    });
    access42 = await UdpPeer.open();
    trunk = await UdpPeer.open();
    for (const peer of [access42, trunk]) {
      seen.set(peer, []);
      peer.onOther = (datagram) => {
        const ours = read(datagram);
        if (ours) seen.get(peer)!.push(ours);
      };
    }
    controller = await startControllerProcess(["--port", "0", "--data-dir", dataDir], {}, "start", { captureOutput: true });
    api = apiAt(controller.url);
    await waitForApplied(api, "local");
    const base = `/v2/projects/${(await api("POST", "/v2/projects", { name: "vlan" })).body.project_id}`;
    const sw = (await api("POST", `${base}/nodes`, {
      name: "SW1",
      node_type: "ethernet_switch",
      compute_id: "local",
      properties: {
        ports_mapping: [
          { name: "Ethernet0", port_number: 0, type: "dot1q", vlan: 1 },
          { name: "Ethernet1", port_number: 1, type: "access", vlan: 42 },
          { name: "Ethernet2", port_number: 2, type: "dot1q", vlan: 1 },
        ],
      },
    })).body;
    accessPort = await freeUdpPort();
    const trunkPort = await freeUdpPort();
    const cloud = (await api("POST", `${base}/nodes`, {
      name: "Cloud1",
      node_type: "cloud",
      compute_id: "local",
      properties: {
        ports_mapping: [
          { name: veth.outside, port_number: 0, type: "ethernet", interface: veth.outside },
          { name: "access42", port_number: 1, type: "udp", lport: accessPort, rhost: "127.0.0.1", rport: access42.port },
          { name: "trunk", port_number: 2, type: "udp", lport: trunkPort, rhost: "127.0.0.1", rport: trunk.port },
        ],
      },
    })).body;
    for (const port of [0, 1, 2]) {
      const ends = [{ node_id: cloud.node_id, adapter_number: 0, port_number: port }, { node_id: sw.node_id, adapter_number: 0, port_number: port }];
      await changeApplied(api, "local", () => api("POST", `${base}/links`, { nodes: ends }), 201);
    }
  }, 60_000);

  afterAll(async () => {
    await wire?.close();
    await access42?.close();
    await trunk?.close();
    await controller?.stop();
    network.remove();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("sorts tagged frames from the host interface into their VLAN, the tag kept on the other trunk", async () => {
    wire.send(frame(1, 42));
    wire.send(frame(2, 43));
    await waitFor("both frames on the other trunk", () => seen.get(trunk)!.length === 2);
    expect(seen.get(trunk)).toEqual([{ marker: 1, vlan: 42 }, { marker: 2, vlan: 43 }]);
    // VLAN 42's access port gets its frame untagged, and never VLAN 43's.
    expect(seen.get(access42)).toEqual([{ marker: 1 }]);
  }, 30_000);

  it("sends what VLAN 42's access port receives out of the host interface tagged 42", async () => {
    access42.sendFrame(accessPort, frame(3));
    await waitFor("the frame on the host interface", () => fromWire.some((each) => each.marker === 3));
    expect(fromWire.filter((each) => each.marker === 3)).toEqual([{ marker: 3, vlan: 42 }]);
  }, 30_000);
});
