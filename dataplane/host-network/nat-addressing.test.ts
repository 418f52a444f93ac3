import { describe, expect, it } from "vitest";
import { natAddressing } from "./nat-addressing";

describe("a NAT network's addresses", () => {
  it("is libvirt's default network from 192.168.122.1/24: .2 to .254 leased", () => {
    expect(natAddressing("192.168.122.1/24")).toEqual({
      gateway: "192.168.122.1",
      prefixLength: 24,
      subnet: "192.168.122.0/24",
      netmask: "255.255.255.0",
      dhcpFirst: "192.168.122.2",
      dhcpLast: "192.168.122.254",
    });
  });

  it("leases the larger side of a gateway placed elsewhere in its subnet", () => {
    expect(natAddressing("10.8.1.254/23")).toMatchObject({ subnet: "10.8.0.0/23", netmask: "255.255.254.0", dhcpFirst: "10.8.0.1", dhcpLast: "10.8.1.253" });
    expect(natAddressing("172.16.5.9/29")).toMatchObject({ subnet: "172.16.5.8/29", dhcpFirst: "172.16.5.10", dhcpLast: "172.16.5.14" });
  });

  it.each(["192.168.122.1", "192.168.122.0/24", "192.168.122.255/24", "300.1.1.1/24", "10.0.0.1/30", "10.0.0.1/7", "eth0"])("refuses %s, saying what a NAT network is", (cidr) => {
    expect(() => natAddressing(cidr)).toThrow(/NAT/);
  });
});
