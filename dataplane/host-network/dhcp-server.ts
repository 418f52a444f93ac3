/**
 * A NAT network's DHCP server (and DNS forwarder): Debian's dnsmasq, started and supervised by
 * the daemon, bound to the network's bridge and gateway address only, its leases in the data
 * dir. A crash is followed by a restart a second later (at most five within a minute); the
 * process is recorded so that one left by a daemon killed outright is ended at the next start.
 */
import { basename, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { createLogger } from "@shared/logging/logger";
import { endRecordedProcesses, recordProcesses } from "../nodes/pid-file";
import { spawnEmulator, type SpawnedEmulator } from "../nodes/process-supervisor";
import { commandLine, identify, isAlive, signal, type ProcessIdentity } from "../nodes/processes";
import type { NatAddressing } from "./nat-addressing";

const log = createLogger("dataplane.nat");
const RESTARTS_PER_MINUTE = 5;
const STOP_WAIT_MS = 3000;
/** How long a start is watched for dnsmasq refusing its configuration (it exits at once). */
const START_CHECK_MS = 300;

const pidFile = (folder: string) => join(folder, "dnsmasq.pids");

export function dnsmasqArguments(bridge: string, addressing: NatAddressing, folder: string): string[] {
  return [
    "--keep-in-foreground",
    "--conf-file=/dev/null",
    "--log-facility=-",
    "--bind-interfaces",
    `--interface=${bridge}`,
    "--except-interface=lo",
    `--listen-address=${addressing.gateway}`,
    `--dhcp-range=${addressing.dhcpFirst},${addressing.dhcpLast},${addressing.netmask},12h`,
    "--dhcp-authoritative",
    `--dhcp-leasefile=${join(folder, "dnsmasq.leases")}`,
    `--pid-file=${join(folder, "dnsmasq.pid")}`,
  ];
}

export class DhcpServer {
  private current: { spawned: SpawnedEmulator; identity: ProcessIdentity } | undefined;
  private stopped = false;
  private restarts: number[] = [];

  private constructor(private readonly args: string[], private readonly folder: string) {}

  /** Starts dnsmasq; rejects with what it said when it refuses to run. */
  static async start(bridge: string, addressing: NatAddressing, folder: string): Promise<DhcpServer> {
    const server = new DhcpServer(dnsmasqArguments(bridge, addressing, folder), folder);
    await server.launch();
    return server;
  }

  private async launch(): Promise<void> {
    let spawned: SpawnedEmulator;
    try {
      spawned = await spawnEmulator("dnsmasq", this.args, this.folder);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new Error(code === "ENOENT" ? "dnsmasq is not installed (apt-get install dnsmasq-base)" : `dnsmasq did not start: ${(error as Error).message}`);
    }
    const identity = identify(spawned.child.pid!);
    if (identity) await recordProcesses(pidFile(this.folder), [identity]);
    const exited = new Promise<number | null>((resolve) => spawned.child.once("exit", (code) => resolve(code)));
    const early = await Promise.race([exited, sleep(START_CHECK_MS).then(() => "running" as const)]);
    if (early !== "running") throw new Error(`dnsmasq exited with ${early}: ${spawned.output().trim().split("\n").slice(-2).join(" ")}`);
    this.current = identity ? { spawned, identity } : undefined;
    void exited.then((code) => this.exited(spawned, code));
  }

  private exited(spawned: SpawnedEmulator, code: number | null): void {
    if (this.stopped || this.current?.spawned !== spawned) return;
    this.current = undefined;
    const now = Date.now();
    this.restarts = [...this.restarts.filter((at) => now - at < 60_000), now];
    const said = spawned.output().trim().split("\n").slice(-2).join(" ");
    if (this.restarts.length > RESTARTS_PER_MINUTE) {
      log.error("dnsmasq keeps exiting: the NAT network serves no DHCP until its node starts again", { code, said });
      return;
    }
    log.warn("dnsmasq exited, starting it again", { code, said });
    setTimeout(() => {
      if (!this.stopped) this.launch().catch((error) => log.error("dnsmasq did not start again", { error: (error as Error).message }));
    }, 1000).unref();
  }

  /** Ends dnsmasq (SIGTERM, then SIGKILL after 3 s) and forgets it. */
  async stop(): Promise<void> {
    this.stopped = true;
    const current = this.current;
    this.current = undefined;
    if (current) {
      signal(current.identity, "SIGTERM");
      const deadline = Date.now() + STOP_WAIT_MS;
      while (isAlive(current.identity) && Date.now() < deadline) await sleep(20);
      if (isAlive(current.identity)) signal(current.identity, "SIGKILL");
    }
    await endLeftoverDhcp(this.folder);
  }
}

/** Ends a dnsmasq an earlier daemon left running for a NAT network in `folder`. */
export async function endLeftoverDhcp(folder: string): Promise<ProcessIdentity[]> {
  return endRecordedProcesses(pidFile(folder), (pid) => basename(commandLine(pid)?.[0] ?? "") === "dnsmasq");
}
