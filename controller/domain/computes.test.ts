import { describe, expect, it } from "vitest";
import { computeEndpoint } from "./computes";

describe("a compute's endpoint", () => {
  it("is its own API's URL, with a wildcard address made loopback and IPv6 short and bracketed, as GNS3 gives it", () => {
    expect(computeEndpoint({ protocol: "http", host: "192.0.2.7", port: 3080 }, "vpcs", "images")).toBe("http://192.0.2.7:3080/v2/compute/vpcs/images");
    expect(computeEndpoint({ protocol: "https", host: "0.0.0.0", port: 443 }, "qemu", "images/disks/a.qcow2")).toBe("https://127.0.0.1:443/v2/compute/qemu/images/disks/a.qcow2");
    expect(computeEndpoint({ protocol: "http", host: "2001:db8:0:0:0:0:0:1", port: 3080 }, "docker", "images")).toBe("http://[2001:db8::1]:3080/v2/compute/docker/images");
    expect(computeEndpoint({ protocol: "http", host: "::", port: 3080 }, "vpcs", "images")).toBe("http://[::1]:3080/v2/compute/vpcs/images");
  });
});
