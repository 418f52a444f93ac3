/**
 * Two hosts for real: two daemons, each in a network namespace of its own standing for a
 * machine, joined by a veth pair that carries their link tunnels (each daemon's
 * --tunnel-address is its end of it). The controller listens on every address of the test's
 * own namespace, with a password as it then requires, and each daemon dials it over a veth of
 * its own. A cross-host link between VPCS nodes then travels between the namespaces, as on
 * two machines, and the veth's counters show it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VpcsConsole, parsePing } from "../nodes/console";
import { hostNetworkUnavailable, inNamespace, run, scratchNetwork } from "../host-network/testing";
import { apiAt, waitForApplied, type Api } from "./cloud-lab";
import { handStartedLab } from "./hand-started-lab";
import { configureConsole } from "./vpcs-lab";

const third = 200 + (process.pid % 50);

describe.runIf(hostNetworkUnavailable() === null)("a link between two daemons in two network namespaces", () => {
  const lab = handStartedLab("e2e-two-namespaces-");
  const network = scratchNetwork();
  const consoles: VpcsConsole[] = [];
  let api: Api;
  let base: string;
  let tunnelLink: { a: string; b: string };
  let hostA: string;

  /** Packets the namespace's end of the tunnel veth has sent. */
  const sentOverTunnel = () => Number(inNamespace(hostA, "cat", `/sys/class/net/${tunnelLink.a}/statistics/tx_packets`).trim());

  beforeAll(async () => {
    hostA = network.namespace();
    const hostB = network.namespace();
    tunnelLink = network.link(hostA, hostB);
    inNamespace(hostA, "ip", "addr", "add", `10.219.${third}.1/24`, "dev", tunnelLink.a);
    inNamespace(hostB, "ip", "addr", "add", `10.219.${third}.2/24`, "dev", tunnelLink.b);
    // Each machine reaches the controller over a veth of its own.
    const uplinks = [hostA, hostB].map((namespace, index) => {
      const veth = network.veth(namespace);
      const subnet = `10.${220 + index}.${third}`;
      run("ip", "addr", "add", `${subnet}.1/24`, "dev", veth.outside);
      inNamespace(namespace, "ip", "addr", "add", `${subnet}.2/24`, "dev", veth.inside);
      return { namespace, controllerAddress: `${subnet}.1`, address: `${subnet}.2`, tunnelAddress: `10.219.${third}.${index + 1}` };
    });
    const controller = await lab.startController(["--host", "0.0.0.0", "--user", "admin", "--password", "lab"]);
    const port = new URL(controller.url).port;
    api = apiAt(`http://127.0.0.1:${port}`, { authorization: `Basic ${Buffer.from("admin:lab").toString("base64")}` });
    for (const [index, uplink] of uplinks.entries()) {
      const hostId = `ns${index + 1}`;
      await lab.startDaemon(hostId, {
        hostId,
        token: lab.token,
        udpPorts: "20000-20999",
        controllerUrl: `http://${uplink.controllerAddress}:${port}`,
        tunnelAddress: uplink.tunnelAddress,
        wrapper: ["ip", "netns", "exec", uplink.namespace],
      });
    }
    await Promise.all(["ns1", "ns2"].map((hostId) => waitForApplied(api, hostId)));
    base = `/v2/projects/${(await api("POST", "/v2/projects", { name: "two machines" })).body.project_id}`;
    const pcs = [];
    for (const hostId of ["ns1", "ns2"]) pcs.push((await api("POST", `${base}/nodes`, { name: `PC-${hostId}`, node_type: "vpcs", compute_id: hostId })).body);
    expect((await api("POST", `${base}/links`, { nodes: pcs.map((pc) => ({ node_id: pc.node_id, adapter_number: 0, port_number: 0 })) })).status).toBe(201);
    for (const pc of pcs) expect((await api("POST", `${base}/nodes/${pc.node_id}/start`, {})).status).toBe(200);
    for (const [index, pc] of pcs.entries()) consoles.push(await configureConsole(pc.console, `10.0.0.${index + 1}/24`, uplinks[index]!.address));
  }, 120_000);

  afterAll(() => {
    consoles.forEach((console) => console.close());
    network.remove();
  });

  it("pings across the tunnel, which crosses the veth between the namespaces", async () => {
    const before = sentOverTunnel();
    const result = parsePing(await consoles[0]!.command("ping 10.0.0.2 -c 5", 30_000));
    expect(result.received, JSON.stringify(result)).toBe(5);
    // Five requests leave host A by its tunnel veth (ARP and the replies' acks aside).
    expect(sentOverTunnel() - before).toBeGreaterThanOrEqual(5);
  }, 60_000);
});
