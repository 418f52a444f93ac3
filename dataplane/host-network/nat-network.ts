/**
 * The network a NAT node plugs the lab into, GNS3's way where the host allows it: libvirt's
 * `virbr0` when the host has it (its DHCP and NAT are libvirt's). Otherwise the daemon makes
 * one like it, shared by every NAT node of the host while one exists: a bridge holding the
 * gateway address, dnsmasq leasing the rest of the subnet, a masquerade rule, and IPv4
 * forwarding on (put back as it was when the network goes). What it made is written down
 * first, in the data dir, so that a daemon killed outright removes it at its next start.
 */
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createLogger } from "@shared/logging/logger";
import { runTool } from "./commands";
import { DhcpServer, endLeftoverDhcp } from "./dhcp-server";
import { interfaceExists, isBridge } from "./interfaces";
import { addMasquerade, removeMasquerade, type MasqueradeRule } from "./masquerade";
import { natAddressing, type NatAddressing } from "./nat-addressing";

const log = createLogger("dataplane.nat");
const LIBVIRT_BRIDGE = "virbr0";
const IP_FORWARD = "/proc/sys/net/ipv4/ip_forward";
/** CAP_NET_ADMIN's bit in /proc/PID/status's CapEff. */
const CAP_NET_ADMIN = 12;

export interface NatNetworkOptions {
  dataDir: string;
  /** The bridge the daemon makes when the host has no virbr0. */
  bridge: string;
  /** Its gateway address and prefix, as `192.168.122.1/24`. */
  gateway: string;
}

/** What a made network consists of, as written to the data dir before it is made. */
interface MadeNetwork {
  bridge: string;
  masquerade?: MasqueradeRule;
  /** IPv4 forwarding was off before: turned off again with the network. */
  forwardingWasOff?: boolean;
}

/** Whether the effective capabilities in a /proc/PID/status text include CAP_NET_ADMIN. */
export function hasNetAdmin(status: string): boolean {
  const effective = /^CapEff:\s*([0-9a-f]+)$/m.exec(status)?.[1];
  return effective !== undefined && (BigInt(`0x${effective}`) & (1n << BigInt(CAP_NET_ADMIN))) !== 0n;
}

export class NatNetworks {
  private users = 0;
  private made: { record: MadeNetwork; dhcp: DhcpServer | undefined } | undefined;
  /** One change at a time: two NAT nodes starting together make one network. */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly addressing: NatAddressing;
  private readonly folder: string;

  constructor(private readonly options: NatNetworkOptions) {
    this.addressing = natAddressing(options.gateway);
    this.folder = join(options.dataDir, "nat");
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private get recordFile(): string {
    return join(this.folder, "network.json");
  }

  /** The bridge for a NAT node to plug into, making the network if it is the first; throws with what is missing. */
  acquire(nodeName: string): Promise<string> {
    return this.serially(async () => {
      if (isBridge(LIBVIRT_BRIDGE)) {
        this.users += 1;
        return LIBVIRT_BRIDGE;
      }
      if (!this.made) await this.make(nodeName);
      this.users += 1;
      return this.made!.record.bridge;
    });
  }

  /** A NAT node is gone: the last one takes the network with it. */
  release(): Promise<void> {
    return this.serially(async () => {
      this.users = Math.max(0, this.users - 1);
      if (this.users === 0) await this.unmake();
    });
  }

  /** At the daemon's start: removes what an earlier daemon, killed outright, made and left. */
  clearLeftovers(): Promise<void> {
    return this.serially(async () => {
      const left = await readRecord(this.recordFile);
      const dhcp = await endLeftoverDhcp(this.folder);
      if (!left) return;
      await this.remove(left);
      log.warn("removed the NAT network an earlier run left", { bridge: left.bridge, dnsmasq: dhcp.map((each) => each.pid) });
    });
  }

  /** At the daemon's exit, after every node closed. */
  close(): Promise<void> {
    return this.serially(async () => {
      this.users = 0;
      await this.unmake();
    });
  }

  private async make(nodeName: string): Promise<void> {
    const { bridge } = this.options;
    const status = await readFile("/proc/self/status", "utf8").catch(() => "");
    if (!hasNetAdmin(status)) {
      throw new Error(`${nodeName} needs CAP_NET_ADMIN to make its network (bridge ${bridge}, DHCP, masquerade): run the dataplane daemon as root, or install libvirt for its virbr0`);
    }
    if (interfaceExists(bridge)) throw new Error(`${nodeName} cannot make bridge ${bridge}: an interface of that name exists and is not this daemon's (give the daemon another --nat-bridge)`);
    const record: MadeNetwork = { bridge };
    await mkdir(this.folder, { recursive: true });
    await writeRecord(this.recordFile, record);
    try {
      await runTool("ip", ["link", "add", bridge, "type", "bridge"]);
      await runTool("ip", ["addr", "add", `${this.addressing.gateway}/${this.addressing.prefixLength}`, "dev", bridge]);
      await runTool("ip", ["link", "set", bridge, "up"]);
      if ((await readFile(IP_FORWARD, "utf8")).trim() === "0") {
        record.forwardingWasOff = true;
        await writeRecord(this.recordFile, record);
        await writeFile(IP_FORWARD, "1");
      }
      record.masquerade = await addMasquerade(bridge, this.addressing.subnet);
      await writeRecord(this.recordFile, record);
      const dhcp = await DhcpServer.start(bridge, this.addressing, this.folder);
      this.made = { record, dhcp };
      log.info("made the NAT network", { bridge, subnet: this.addressing.subnet, masquerade: record.masquerade.backend });
    } catch (error) {
      await this.remove(record);
      throw new Error(`${nodeName} could not make its network: ${(error as Error).message}`, { cause: error });
    }
  }

  private async unmake(): Promise<void> {
    const made = this.made;
    this.made = undefined;
    if (!made) return;
    await made.dhcp?.stop();
    await this.remove(made.record);
    log.info("removed the NAT network", { bridge: made.record.bridge });
  }

  /** Removes each part of `record` that exists, then the record. */
  private async remove(record: MadeNetwork): Promise<void> {
    if (record.masquerade) await removeMasquerade(record.masquerade);
    if (interfaceExists(record.bridge)) await runTool("ip", ["link", "delete", record.bridge]).catch((error) => log.warn("could not remove the NAT bridge", { error: (error as Error).message }));
    if (record.forwardingWasOff) await writeFile(IP_FORWARD, "0").catch(() => undefined);
    await rm(this.recordFile, { force: true });
  }
}

async function readRecord(path: string): Promise<MadeNetwork | undefined> {
  try {
    const parsed = JSON.parse(await readFile(path, "utf8")) as MadeNetwork;
    return typeof parsed.bridge === "string" ? parsed : undefined;
  } catch {
    return undefined;
  }
}

async function writeRecord(path: string, record: MadeNetwork): Promise<void> {
  await writeFile(path, JSON.stringify(record));
}
