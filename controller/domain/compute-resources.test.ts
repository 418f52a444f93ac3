import { describe, expect, it } from "vitest";
import { assertImageUploads, computePortsToWire, imageListSource } from "./compute-resources";

describe("images per emulator", () => {
  it("serves QEMU, IOU and Dynamips from the image store and Docker from the host's engine", () => {
    expect(["qemu", "iou", "dynamips", "docker"].map(imageListSource)).toEqual(["image-store", "image-store", "image-store", "engine"]);
  });

  it("answers other emulators as GNS3 forwards its compute's 404", () => {
    expect(() => imageListSource("vpcs")).toThrow("GET /vpcs/images not found");
    expect(() => imageListSource("constructor")).toThrow("GET /constructor/images not found");
    expect(() => assertImageUploads("docker", "a.tar")).toThrow("POST /docker/images/a.tar not found");
    expect(() => assertImageUploads("qemu", "a.qcow2")).not.toThrow();
  });
});

describe("computePortsToWire", () => {
  it("lists taken ports lowest first, with GNS3's UDP range until the host says its own", () => {
    const claims = { consoleRange: [5000, 10000] as const, consolePorts: [5002, 5000], udpRange: undefined, udpPorts: [] };
    expect(computePortsToWire(claims)).toEqual({ console_port_range: [5000, 10000], console_ports: [5000, 5002], udp_port_range: [10000, 20000], udp_ports: [] });
    expect(computePortsToWire({ ...claims, udpRange: [20000, 30000], udpPorts: [20001, 20000] })).toMatchObject({ udp_port_range: [20000, 30000], udp_ports: [20000, 20001] });
  });
});
