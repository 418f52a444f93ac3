/**
 * The addresses of a NAT network from its gateway in CIDR form (`192.168.122.1/24`, libvirt's
 * default network, which GNS3's NAT node expects): the subnet it masquerades and the range it
 * leases by DHCP (every other host address, as libvirt leases .2 to .254).
 */
export interface NatAddressing {
  gateway: string;
  prefixLength: number;
  /** `192.168.122.0/24` */
  subnet: string;
  netmask: string;
  dhcpFirst: string;
  dhcpLast: string;
}

const toNumber = (octets: number[]) => octets.reduce((value, octet) => value * 256 + octet, 0);
const toText = (value: number) => [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join(".");

/** Parses `A.B.C.D/N` (N from 8 to 29, A.B.C.D a host address of its subnet); throws saying what is wrong. */
export function natAddressing(cidr: string): NatAddressing {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/.exec(cidr);
  const octets = match?.slice(1, 5).map(Number) ?? [];
  const prefixLength = Number(match?.[5]);
  if (!match || octets.some((octet) => octet > 255) || prefixLength < 8 || prefixLength > 29) {
    throw new Error(`a NAT network is its gateway's address and prefix length from 8 to 29, such as 192.168.122.1/24; got '${cidr}'`);
  }
  const size = 2 ** (32 - prefixLength);
  const gateway = toNumber(octets);
  const network = gateway - (gateway % size);
  const broadcast = network + size - 1;
  if (gateway === network || gateway === broadcast) throw new Error(`the NAT gateway must be a host address of its subnet, not ${toText(gateway)} in ${toText(network)}/${prefixLength}`);
  // The range leased: the host addresses on the larger side of the gateway.
  const [first, last] = gateway - network - 1 >= broadcast - gateway - 1 ? [network + 1, gateway - 1] : [gateway + 1, broadcast - 1];
  return {
    gateway: toText(gateway),
    prefixLength,
    subnet: `${toText(network)}/${prefixLength}`,
    netmask: toText(2 ** 32 - size),
    dhcpFirst: toText(first),
    dhcpLast: toText(last),
  };
}
