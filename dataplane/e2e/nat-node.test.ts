/**
 * A NAT node as a user relies on it: a VPCS behind it gets an address by DHCP, pings its
 * gateway, reaches UDP and TCP servers on an address of the host (a dummy interface the test
 * makes), and reaches a machine beyond the host (a namespace behind a veth, which has no route
 * back to the lab: only the masquerade lets its answers return). Deleting the node removes
 * the bridge, the rule and dnsmasq, and puts IPv4 forwarding back; a daemon killed outright
 * leaves them, and the next one removes them before it makes the network again. The NAT
 * network is a scratch one (its bridge name and subnet passed to the local daemon through
 * its DATAPLANE_NAT_* variables), on a host without libvirt's virbr0. Run against both
 * controllers (`npm start` and the Worker).
 */
import { execFileSync } from "node:child_process";
import { createSocket } from "node:dgram";
import { readFileSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "@shared/testing/cleanups";
import { startControllerProcess, type ControllerProcess } from "../../controller/testing/controller-process";
import { interfaceExists, isBridge } from "../host-network/interfaces";
import { hostNetworkUnavailable, inNamespace, run, scratchName, scratchNetwork } from "../host-network/testing";
import { commandLine } from "../nodes/processes";
import type { VpcsConsole } from "../nodes/console";
import { apiAt, changeApplied, waitForApplied, type Api, type ApiAnswer } from "./cloud-lab";
import { endLeftoverVpcs } from "./daemon-process";
import { handStartedLab } from "./hand-started-lab";
import { configureConsole } from "./vpcs-lab";

const unavailable = hostNetworkUnavailable();
const third = 200 + (process.pid % 50);
const lab = `10.215.${third}`;
const hostAddress = `10.216.${third}.1`;
const beyond = `10.217.${third}`;
const bridge = scratchName("gtnat");
const table = `gns3_nat_${bridge.replace(/[^A-Za-z0-9_]/g, "_")}`;

/** The dnsmasq processes serving this test's bridge. */
function dnsmasqOfBridge(): number[] {
  const out = run("sh", "-c", "pgrep -x dnsmasq || true").trim();
  return out === "" ? [] : out.split("\n").map(Number).filter((pid) => commandLine(pid)?.includes(`--interface=${bridge}`));
}

const ruleExists = () => run("nft", "list", "tables").includes(table);
const forwarding = () => readFileSync("/proc/sys/net/ipv4/ip_forward", "utf8").trim();

describe.runIf(unavailable === null && !isBridge("virbr0")).each(["start", "start:worker"] as const)("a NAT node on a host without virbr0, controller %s", (script) => {
  const dataDir = mkdtempSync(join(tmpdir(), "e2e-nat-"));
  const network = scratchNetwork();
  const forwardingBefore = forwarding();
  let controller: ControllerProcess;
  let api: Api;
  let base: string;
  let console: VpcsConsole;
  let consolePort: number;
  let nat: { node_id: string };
  let tcp: Server;
  const udp = createSocket("udp4");
  const tcpPeers: string[] = [];
  const udpPeers: string[] = [];

  const settle = (change: () => Promise<ApiAnswer>, status: number) => changeApplied(api, "local", change, status);

  beforeAll(async () => {
    const dummy = network.dummy();
    run("ip", "addr", "add", `${hostAddress}/32`, "dev", dummy);
    tcp = createServer((socket) => {
      tcpPeers.push(socket.remoteAddress ?? "");
      socket.end();
    });
    await new Promise<void>((resolve) => tcp.listen(8808, hostAddress, resolve));
    udp.on("message", (message, peer) => {
      udpPeers.push(peer.address);
      udp.send(message, peer.port, peer.address);
    });
    await new Promise<void>((resolve) => udp.bind(7707, hostAddress, resolve));
    const outside = network.namespace();
    const veth = network.veth(outside);
    run("ip", "addr", "add", `${beyond}.1/24`, "dev", veth.outside);
    inNamespace(outside, "ip", "addr", "add", `${beyond}.2/24`, "dev", veth.inside);

    controller = await startControllerProcess(["--port", "0", "--data-dir", dataDir], { DATAPLANE_NAT_BRIDGE: bridge, DATAPLANE_NAT_NETWORK: `${lab}.1/24` }, script, {
      captureOutput: true,
    });
    api = apiAt(controller.url);
    await waitForApplied(api, "local");
    const project = (await api("POST", "/v2/projects", { name: "nat" })).body;
    base = `/v2/projects/${project.project_id}`;
    const pc = (await api("POST", `${base}/nodes`, { name: "PC1", node_type: "vpcs", compute_id: "local" })).body;
    nat = (await settle(() => api("POST", `${base}/nodes`, { name: "NAT1", node_type: "nat", compute_id: "local" }), 201)).body;
    await settle(() => api("POST", `${base}/links`, { nodes: [{ node_id: pc.node_id, adapter_number: 0, port_number: 0 }, { node_id: nat.node_id, adapter_number: 0, port_number: 0 }] }), 201);
    await settle(() => api("POST", `${base}/nodes/${pc.node_id}/start`, {}), 200);
    consolePort = pc.console;
    console = await configureConsole(consolePort, "dhcp");
  }, 90_000);

  afterAll(async () => {
    console?.close();
    await controller?.stop();
    await endLeftoverVpcs(dataDir);
    tcp?.close();
    udp.close();
    network.remove();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("gives the VPCS an address by DHCP from the NAT network, and answers its pings at the gateway", async () => {
    const shown = await console.command("show ip", 10_000);
    expect(shown).toMatch(new RegExp(`IP/MASK\\s*:\\s*${lab.replaceAll(".", "\\.")}\\.\\d+/24`));
    expect(shown).toMatch(new RegExp(`GATEWAY\\s*:\\s*${lab.replaceAll(".", "\\.")}\\.1`));
    expect(isBridge(bridge)).toBe(true);
    expect(dnsmasqOfBridge()).toHaveLength(1);
    // In the local daemon's data dir, wherever the controller puts it.
    const leases = run("find", dataDir, "-name", "dnsmasq.leases").trim();
    expect(readFileSync(leases, "utf8")).toContain(lab);
    const ping = await console.command(`ping ${lab}.1 -c 3`, 20_000);
    expect(ping.match(/icmp_seq=/g)?.length).toBe(3);
  }, 60_000);

  it("reaches UDP and TCP servers on an address of the host", async () => {
    const udpPing = await console.command(`ping ${hostAddress} -P 17 -p 7707 -c 2`, 20_000);
    expect(udpPing.match(/udp_seq=/g)?.length, udpPing).toBe(2);
    expect(udpPeers[0]).toMatch(new RegExp(`^${lab.replaceAll(".", "\\.")}\\.`));
    const tcpPing = await console.command(`ping ${hostAddress} -P 6 -p 8808 -c 2`, 20_000);
    expect(tcpPing, tcpPing).toMatch(/Connect\s+8808@/);
    expect(tcpPeers.length).toBeGreaterThan(0);
  }, 60_000);

  it("masquerades what leaves the host: a machine with no route to the lab answers its pings", async () => {
    expect(ruleExists()).toBe(true);
    expect(forwarding()).toBe("1");
    const ping = await console.command(`ping ${beyond}.2 -c 3`, 20_000);
    expect(ping.match(/icmp_seq=/g)?.length, ping).toBe(3);
  }, 60_000);

  it("is made again by a daemon started after one killed outright, which first removes what that one left", async () => {
    const [before] = dnsmasqOfBridge();
    const daemon = run("sh", "-c", `pgrep -f -- '--data-dir ${dataDir}' || true`)
      .trim()
      .split("\n")
      .map(Number)
      .find((pid) => commandLine(pid)?.includes("--exit-with-controller"));
    expect(daemon).toBeDefined();
    process.kill(daemon!, "SIGKILL");
    // The controller starts its daemon again, which ends the old dnsmasq and makes the network anew.
    await waitFor("a new dnsmasq for the NAT network", () => {
      const now = dnsmasqOfBridge();
      return now.length === 1 && now[0] !== before;
    }, 30_000);
    expect(isBridge(bridge)).toBe(true);
    // The new daemon also ended and restarted the VPCS the old one ran: its console is a new one.
    console.close();
    console = await waitFor("the restarted VPCS's console", () => configureConsole(consolePort, "dhcp").catch(() => undefined), 30_000);
    const ping = await console.command(`ping ${lab}.1 -c 2`, 20_000);
    expect(ping.match(/icmp_seq=/g)?.length, ping).toBe(2);
  }, 60_000);

  it("removes the bridge, the rule and dnsmasq with the node, and puts IPv4 forwarding back", async () => {
    await settle(() => api("DELETE", `${base}/nodes/${nat.node_id}`), 204);
    await waitFor("the NAT network gone", () => !interfaceExists(bridge) && dnsmasqOfBridge().length === 0 && !ruleExists(), 10_000);
    expect(forwarding()).toBe(forwardingBefore);
    expect(execFileSync("ip", ["-o", "link"], { encoding: "utf8" })).not.toMatch(/gns3tap\d+-0/);
  }, 30_000);
});

describe.runIf(unavailable === null && !isBridge("virbr0"))("a NAT node on a host whose daemon lacks CAP_NET_ADMIN", () => {
  const lab = handStartedLab("e2e-nat-cap-");

  it("is refused with 409, saying what is missing, and nothing is made", async () => {
    await lab.startController();
    await lab.startDaemon("h1", {
      hostId: "h1",
      token: lab.token,
      udpPorts: "47000-47100",
      wrapper: ["setpriv", "--inh-caps=-net_admin", "--bounding-set=-net_admin", "--"],
    });
    await waitForApplied(lab.api, "h1");
    const project = (await lab.api("POST", "/v2/projects", { name: "nat-cap" })).body;
    const refused = await lab.api("POST", `/v2/projects/${project.project_id}/nodes`, { name: "NAT1", node_type: "nat", compute_id: "h1" });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/NAT1 needs CAP_NET_ADMIN to make its network \(bridge gns3nat0, DHCP, masquerade\): run the dataplane daemon as root/);
    expect(interfaceExists("gns3nat0")).toBe(false);
  }, 60_000);
});
