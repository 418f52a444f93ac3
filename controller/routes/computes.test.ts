import { createHash } from "node:crypto";
import { expect, it } from "vitest";
import { describeApi, type ApiClient } from "../testing/api-targets";
import { rawRequest } from "../testing/raw-request";

const md5Of = (data: string) => createHash("md5").update(data).digest("hex");

let counter = 0;
async function newProject(api: ApiClient): Promise<string> {
  return (await api.post("/v2/projects", { name: `computes-${++counter}-${Math.random().toString(36).slice(2, 8)}` })).body.project_id;
}

describeApi("computes", (api) => {
  it("has the local compute, reporting the port the server listens on", async () => {
    const reply = await api.get("/v2/computes");
    expect(reply.body[0]).toMatchObject({ compute_id: "local", connected: true, protocol: "http" });
    const local = await api.get("/v2/computes/local");
    // In process no server listens, and a Worker cannot tell: GNS3's port is reported there.
    expect(local.body.port).toBe(api.baseUrl && api.fileBackend === "disk" ? Number(new URL(api.baseUrl).port) : 3080);
    expect((await api.get("/v2/computes/elsewhere")).body).toEqual({ message: "Compute ID elsewhere doesn't exist", status: 404 });
  });

  it("tells where a compute's own API serves an action, as GNS3's endpoint route does", async () => {
    const local = (await api.get("/v2/computes/local")).body;
    const host = local.host === "0.0.0.0" ? "127.0.0.1" : local.host.includes(":") ? `[${local.host}]` : local.host;
    expect(await api.get("/v2/computes/endpoint/local/vpcs/images")).toMatchObject({
      status: 200,
      body: { endpoint: `http://${host}:${local.port}/v2/compute/vpcs/images` },
    });
    expect((await api.get("/v2/computes/endpoint/local/qemu/images/disks/a.qcow2")).body.endpoint).toMatch(/\/v2\/compute\/qemu\/images\/disks\/a\.qcow2$/);
    expect((await api.get("/v2/computes/endpoint/elsewhere/vpcs/images")).body).toEqual({ message: "Compute ID elsewhere doesn't exist", status: 404 });
  });

  it("reports GNS3's port ranges and the console ports its nodes hold", async () => {
    const empty = await api.get("/v2/computes/local/ports");
    expect(empty.status).toBe(200);
    expect(Object.keys(empty.body)).toEqual(["console_port_range", "console_ports", "udp_port_range", "udp_ports"]);
    expect(empty.body.console_port_range).toEqual([5000, 10000]);
    const projectId = await newProject(api);
    const pc = await api.post(`/v2/projects/${projectId}/nodes`, { name: "PC1", node_type: "vpcs", compute_id: "local", console: 5123 });
    expect(pc.body.console).toBe(5123);
    const ports = await api.get("/v2/computes/local/ports");
    expect(ports.body.console_ports).toContain(5123);
    expect(ports.body.udp_port_range).toHaveLength(2);
    expect(ports.body.udp_ports).toEqual([]);
    expect((await api.get("/v2/computes/nowhere/ports")).body).toEqual({ message: "Compute ID nowhere doesn't exist", status: 404 });
  });

  it("lists and takes images per emulator from the one image store", async () => {
    const uploaded = await api.fetch("/v2/computes/local/qemu/images/disks/alpine.qcow2", { method: "POST", body: "alpine disk image" });
    expect(uploaded.status).toBe(200);
    expect(await uploaded.json()).toEqual({});
    await api.fetch("/v2/computes/local/iou/images/a-first.bin", { method: "POST", body: "iou image" });
    const listed = await api.get("/v2/computes/local/qemu/images");
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      { filename: "a-first.bin", filesize: 9, md5sum: md5Of("iou image"), path: "a-first.bin" },
      { filename: "alpine.qcow2", filesize: 17, md5sum: md5Of("alpine disk image"), path: "disks/alpine.qcow2" },
    ]);
    expect((await api.get("/v2/computes/local/dynamips/images")).body).toEqual(listed.body);
    expect((await api.get("/v2/compute/qemu/images")).body).toEqual(listed.body);
    expect(await (await api.fetch("/v2/compute/iou/images/alpine.qcow2")).text()).toBe("alpine disk image");
    expect((await api.get("/v2/computes/local/docker/images")).body).toEqual([]);
  });

  it("answers 404 for an emulator without images and for an unknown compute, as GNS3 forwards them", async () => {
    expect((await api.get("/v2/computes/local/vpcs/images")).body).toEqual({ message: "GET /vpcs/images not found", status: 404 });
    expect((await api.get("/v2/computes/nowhere/qemu/images")).body).toEqual({ message: "Compute ID nowhere doesn't exist", status: 404 });
    expect((await api.get("/v2/computes/vm/qemu/images")).status).toBe(404);
    const upload = await rawRequest(api, "POST", "/v2/computes/local/docker/images/alpine.tar", "image");
    expect(upload.json).toEqual({ message: "POST /docker/images/alpine.tar not found", status: 404 });
    expect((await rawRequest(api, "POST", "/v2/computes/local/qemu/images/../escape.img", "x")).status).not.toBe(200);
  });

  it("lists the QEMU binaries of the controller's machine, none for an unknown compute", async () => {
    const reply = await api.get("/v2/computes/local/qemu/binaries");
    expect(reply.status).toBe(200);
    expect(Array.isArray(reply.body)).toBe(true);
    for (const binary of reply.body) expect(Object.keys(binary).sort()).toEqual(["path", "version"]);
    expect((await api.get("/v2/computes/nowhere/qemu/binaries")).body).toEqual({ message: "Compute ID nowhere doesn't exist", status: 404 });
  });

  it("lists a compute's network interfaces with GNS3's fields, for the cloud node's ports", async () => {
    const listed = await api.get("/v2/computes/local/network/interfaces");
    expect(listed.status).toBe(200);
    // Workers have no machine of their own: their local compute lists none until a daemon reports.
    if (api.fileBackend === "disk") {
      expect(listed.body.find((entry: { name: string }) => entry.name === "lo")).toEqual({
        id: "lo", name: "lo", ip_address: "127.0.0.1", netmask: "255.0.0.0", mac_address: "00:00:00:00:00:00", type: "ethernet", special: true,
      });
      expect((await api.get("/v2/compute/network/interfaces")).body).toEqual(listed.body);
    } else {
      expect(listed.body).toEqual([]);
    }
    expect((await api.get("/v2/computes/nowhere/network/interfaces")).body).toEqual({ message: "Compute ID nowhere doesn't exist", status: 404 });
  });
}, { workerd: true });
