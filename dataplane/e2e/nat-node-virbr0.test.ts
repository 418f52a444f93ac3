/**
 * A NAT node on a host with libvirt: the daemon plugs the node's port into libvirt's `virbr0`
 * (GNS3's way) and makes no network of its own. The host is a network namespace holding a
 * bridge named virbr0 with libvirt's gateway address, standing for a machine with libvirt; the
 * daemon runs there (`ip netns exec`) and dials the controller over a veth.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { VpcsConsole } from "../nodes/console";
import { hostNetworkUnavailable, inNamespace, run, scratchNetwork } from "../host-network/testing";
import { apiAt, revisionOf, waitForApplied, type Api } from "./cloud-lab";
import { handStartedLab } from "./hand-started-lab";
import { configureConsole } from "./vpcs-lab";

const third = 200 + (process.pid % 50);

describe.runIf(hostNetworkUnavailable() === null)("a NAT node on a host with libvirt's virbr0", () => {
  const lab = handStartedLab("e2e-nat-virbr0-");
  const network = scratchNetwork();
  let console: VpcsConsole | undefined;
  let api: Api;
  let host: string;

  beforeAll(async () => {
    host = network.namespace();
    inNamespace(host, "ip", "link", "add", "virbr0", "type", "bridge");
    inNamespace(host, "ip", "addr", "add", "192.168.122.1/24", "dev", "virbr0");
    inNamespace(host, "ip", "link", "set", "virbr0", "up");
    const uplink = network.veth(host);
    run("ip", "addr", "add", `10.222.${third}.1/24`, "dev", uplink.outside);
    inNamespace(host, "ip", "addr", "add", `10.222.${third}.2/24`, "dev", uplink.inside);
    const controller = await lab.startController(["--host", "0.0.0.0", "--user", "admin", "--password", "lab"]);
    const port = new URL(controller.url).port;
    api = apiAt(`http://127.0.0.1:${port}`, { authorization: `Basic ${Buffer.from("admin:lab").toString("base64")}` });
    await lab.startDaemon("libvirt-host", {
      hostId: "libvirt-host",
      token: lab.token,
      udpPorts: "20000-20999",
      controllerUrl: `http://10.222.${third}.1:${port}`,
      wrapper: ["ip", "netns", "exec", host],
    });
    await waitForApplied(api, "libvirt-host");
  }, 60_000);

  afterAll(() => {
    console?.close();
    network.remove();
  });

  it("puts the node's port in virbr0: a PC behind it reaches libvirt's gateway, and nothing else is made", async () => {
    const base = `/v2/projects/${(await api("POST", "/v2/projects", { name: "libvirt" })).body.project_id}`;
    const nat = await api("POST", `${base}/nodes`, { name: "NAT1", node_type: "nat", compute_id: "libvirt-host" });
    expect(nat.status, JSON.stringify(nat.body)).toBe(201);
    const pc = (await api("POST", `${base}/nodes`, { name: "PC1", node_type: "vpcs", compute_id: "libvirt-host" })).body;
    const link = await api("POST", `${base}/links`, { nodes: [{ node_id: pc.node_id, adapter_number: 0, port_number: 0 }, { node_id: nat.body.node_id, adapter_number: 0, port_number: 0 }] });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    expect((await api("POST", `${base}/nodes/${pc.node_id}/start`, {})).status).toBe(200);

    const ports = inNamespace(host, "ip", "-o", "link", "show", "master", "virbr0");
    expect(ports).toMatch(/gns3tap\d+-0/);
    expect(inNamespace(host, "ip", "-o", "link")).not.toContain("gns3nat0");
    expect(run("sh", "-c", "pgrep -af dnsmasq || true")).not.toContain("virbr0");

    console = await configureConsole(pc.console, "192.168.122.50/24", `10.222.${third}.2`);
    const ping = await console.command("ping 192.168.122.1 -c 3", 20_000);
    expect(ping.match(/icmp_seq=/g)?.length, ping).toBe(3);

    // Deleting the node takes its TAP out of virbr0 and leaves virbr0 as libvirt made it.
    const before = await revisionOf(api, "libvirt-host");
    expect((await api("DELETE", `${base}/nodes/${nat.body.node_id}`)).status).toBe(204);
    await waitForApplied(api, "libvirt-host", before);
    expect(inNamespace(host, "ip", "-o", "link", "show", "master", "virbr0")).not.toMatch(/gns3tap/);
    expect(inNamespace(host, "ip", "-o", "addr", "show", "virbr0")).toContain("192.168.122.1/24");
  }, 60_000);
});
