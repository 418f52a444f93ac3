import { readdir, readFile, stat } from "node:fs/promises";
import { networkInterfaces } from "node:os";
import { join } from "node:path";

/** A network interface of a host, with the fields GNS3's compute lists (`GET …/network/interfaces`). */
export interface HostNetworkInterface {
  name: string;
  /** `tap` for a TUN/TAP device, else `ethernet` (bridges, veths and VLAN devices included, as GNS3 lists them). */
  type: "ethernet" | "tap";
  mac_address: string;
  /** The first IPv4 address and its netmask; empty when it has none. */
  ip_address: string;
  netmask: string;
  /** Loopback, virtualisation and container plumbing, which a cloud node does not offer by default. */
  special: boolean;
}

/**
 * GNS3's list of interfaces a cloud leaves out of its default ports (utils/interfaces.py). Its
 * `-nic` suffix check loops over the characters of a string, making any name ending in n, i,
 * c or - special by accident; only the prefixes are kept here.
 */
const SPECIAL_PREFIXES = ["lo", "vmnet", "vboxnet", "docker", "lxcbr", "virbr", "ovs-system", "veth", "fw", "p2p", "bridge", "vmware", "virtualbox", "gns3"];

const SYS_CLASS_NET = "/sys/class/net";

/**
 * Every interface of this machine, sorted by name, down ones and ones without an address
 * included (a bridge or a TAP with no address is still something a cloud plugs into). A TAP is
 * told by the kernel (`tun_flags`), not by its name as GNS3 guesses. Empty where /sys cannot
 * be read.
 */
export async function hostNetworkInterfaces(): Promise<HostNetworkInterface[]> {
  const names = await readdir(SYS_CLASS_NET).catch(() => [] as string[]);
  const addresses = networkInterfaces();
  const listed = await Promise.all(
    names.sort().map(async (name): Promise<HostNetworkInterface> => {
      const ipv4 = (addresses[name] ?? []).find((address) => address.family === "IPv4");
      const folder = join(SYS_CLASS_NET, name);
      const [mac, tap] = await Promise.all([
        readFile(join(folder, "address"), "utf8").then((text) => text.trim(), () => ""),
        stat(join(folder, "tun_flags")).then(() => true, () => false),
      ]);
      return {
        name,
        type: tap ? "tap" : "ethernet",
        mac_address: mac,
        ip_address: ipv4?.address ?? "",
        netmask: ipv4?.netmask ?? "",
        special: SPECIAL_PREFIXES.some((prefix) => name.toLowerCase().startsWith(prefix)),
      };
    }),
  );
  return listed;
}
