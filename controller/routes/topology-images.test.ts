import { createHash } from "node:crypto";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { beforeAll, expect, it } from "vitest";
import { fileLayout } from "../files/layout";
import { describeApi, type ApiClient } from "../testing/api-targets";

const md5Of = (data: Uint8Array | string) => createHash("md5").update(data).digest("hex");
const image = (name: string) => `${fileLayout.emulatorImages()}/${name}`;
const bytesOf = (seed: number, length: number) => Uint8Array.from({ length }, (_, i) => (i * seed + 7) % 256);

interface Lab {
  projectId: string;
  /** Image name → bytes, as uploaded. */
  images: Record<string, Uint8Array>;
  missing: string;
}

/**
 * Two VMs sharing a disk image, one booting a kernel and initrd, one naming an image the
 * store lacks, one naming files outside the store, and a VPCS; every image name is this lab's own.
 */
async function buildLab(api: ApiClient): Promise<Lab> {
  const tag = crypto.randomUUID().slice(0, 8);
  const images = { [`disk-${tag}.qcow2`]: bytesOf(13, 300_000), [`vmlinuz-${tag}`]: bytesOf(31, 5_000), [`initrd-${tag}.img`]: bytesOf(7, 4_000) };
  for (const [name, bytes] of Object.entries(images)) {
    expect((await api.fetch(`/v2/compute/qemu/images/${name}`, { method: "POST", body: bytes })).status).toBe(204);
  }
  const [disk, kernel, initrd] = Object.keys(images) as [string, string, string];
  const missing = `missing-${tag}.qcow2`;
  const { body: project } = await api.post("/v2/projects", { name: `images-${tag}` });
  const base = `/v2/projects/${project.project_id}`;
  const vm = async (name: string, properties: Record<string, unknown>, node_type = "qemu") =>
    expect((await api.post(`${base}/nodes`, { name, node_type, compute_id: "local", properties })).status).toBe(201);
  await vm("VM1", { hda_disk_image: disk });
  await vm("VM2", { hda_disk_image: disk, hdb_disk_image: missing });
  await vm("VM3", { kernel_image: kernel, initrd, kernel_command_line: "console=ttyS0" });
  // The same image by another spelling, and names no image of the store has: never read.
  await vm("VM4", { hda_disk_image: `./${disk}`, bios_image: "/etc/passwd", cdrom_image: "../projects/x.iso", hdb_disk_image: ".hidden.img" });
  await vm("PC1", {}, "vpcs");
  return { projectId: project.project_id, images, missing };
}

async function exportOf(api: ApiClient, projectId: string, query = "") {
  const response = await api.fetch(`/v2/projects/${projectId}/export${query}`);
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

async function importOf(api: ApiClient, archive: Uint8Array) {
  const projectId = crypto.randomUUID();
  const response = await api.fetch(`/v2/projects/${projectId}/import?name=imported-${projectId}`, { method: "POST", body: archive });
  return { projectId, status: response.status, body: await response.json() };
}

const imageEntries = (archive: Uint8Array) => Object.keys(unzipSync(archive)).filter((name) => name.startsWith("images/")).sort();

describeApi("project archives with images", (api) => {
  let lab: Lab;
  beforeAll(async () => {
    lab = await buildLab(api);
  });

  it("carry no image unless include_images is yes, in any case, as GNS3 reads it", async () => {
    for (const query of ["", "?include_images=no", "?include_images=true", "?include_images=1", "?include_images="]) {
      expect(imageEntries(await exportOf(api, lab.projectId, query)), query).toEqual([]);
    }
  });

  it("carry every image the project's VMs use under images/QEMU/, each once, and leave out one the store lacks", async () => {
    for (const query of ["?include_images=yes", "?include_images=YES&compression=none"]) {
      const entries = unzipSync(await exportOf(api, lab.projectId, query));
      expect(Object.keys(entries).filter((name) => name.startsWith("images/")).sort(), query).toEqual(
        Object.keys(lab.images).map((name) => `images/QEMU/${name}`).sort(),
      );
      for (const [name, bytes] of Object.entries(lab.images)) expect(entries[`images/QEMU/${name}`], name).toEqual(bytes);
      const topology = JSON.parse(strFromU8(entries["project.gns3"]!));
      expect(topology.topology.nodes.find((node: any) => node.name === "VM2").properties).toMatchObject({ hdb_disk_image: lab.missing });
    }
  });

  it("round-trip: an image deleted from the store comes back with its checksum, one still there is kept as it is", async () => {
    const archive = await exportOf(api, lab.projectId, "?include_images=yes");
    const [disk, kernel] = Object.keys(lab.images) as [string, string];
    await api.files.remove(image(disk));
    await api.files.remove(image(`${disk}.md5sum`));
    const replaced = strToU8("a kernel uploaded since");
    expect((await api.fetch(`/v2/compute/qemu/images/${kernel}`, { method: "POST", body: replaced })).status).toBe(204);

    const imported = await importOf(api, archive);
    expect(imported.status).toBe(201);
    expect(await api.files.read(image(disk))).toEqual(lab.images[disk]);
    expect(await api.files.text(image(`${disk}.md5sum`))).toBe(md5Of(lab.images[disk]!));
    const listed = (await api.get("/v2/compute/qemu/images")).body as any[];
    expect(listed).toContainEqual({ filename: disk, filesize: lab.images[disk]!.length, md5sum: md5Of(lab.images[disk]!), path: disk });
    expect(await api.files.read(image(kernel))).toEqual(replaced);
    expect(await api.files.text(image(`${kernel}.md5sum`))).toBe(md5Of(replaced));
    // The images are the store's, not the project's.
    const projectFiles = await api.files.list(fileLayout.projectFolder(imported.projectId));
    expect(projectFiles.filter((path) => path.includes("/images/"))).toEqual([]);
    expect((await api.post(`/v2/projects/${imported.projectId}/open`)).status).toBe(201);
    const nodes = (await api.get(`/v2/projects/${imported.projectId}/nodes`)).body as any[];
    expect(nodes.find((node) => node.name === "VM1").properties.hda_disk_image).toBe(disk);
  });

  it("take from a GNS3 archive only QEMU images: not other emulators', checksum sidecars or hidden files", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const topology = unzipSync(await exportOf(api, lab.projectId))["project.gns3"]!;
    const imported = await importOf(
      api,
      zipSync({
        "project.gns3": topology,
        [`images/QEMU/vendor/router-${tag}.img`]: strToU8("router"),
        [`images/QEMU/router-${tag}.img.md5sum`]: strToU8("0".repeat(32)),
        [`images/QEMU/.hidden-${tag}`]: strToU8("hidden"),
        [`images/IOU/iou-${tag}.bin`]: strToU8("iou"),
        "images/QEMU/": new Uint8Array(0),
      }),
    );
    expect(imported.status).toBe(201);
    const stored = (await api.files.list(fileLayout.emulatorImages())).filter((path) => path.includes(tag));
    expect(stored).toEqual([image(`vendor/router-${tag}.img`), image(`vendor/router-${tag}.img.md5sum`)]);
    expect(await api.files.text(image(`vendor/router-${tag}.img.md5sum`))).toBe(md5Of("router"));
    expect(await api.files.exists(`${fileLayout.projectFolder(imported.projectId)}/images`)).toBe(false);
  });

  it("store no image from an archive refused as damaged", async () => {
    const name = `damaged-${crypto.randomUUID().slice(0, 8)}.img`;
    const topology = unzipSync(await exportOf(api, lab.projectId))["project.gns3"]!;
    const archive = zipSync({ "project.gns3": topology, [`images/QEMU/${name}`]: strToU8("0123456789") }, { level: 0 });
    const imported = await importOf(api, withDeclaredSize(archive, `images/QEMU/${name}`, 4));
    expect(imported).toMatchObject({ status: 409, body: { message: `Cannot import project, the archive is damaged: images/QEMU/${name} holds more data than its declared 4 bytes` } });
    expect(await api.files.exists(image(name))).toBe(false);
  });
}, { workerd: true });

/** Rewrites an entry's uncompressed size in the central directory, as a hostile archive would. */
function withDeclaredSize(archive: Uint8Array, name: string, size: number): Uint8Array {
  const copy = archive.slice();
  const view = new DataView(copy.buffer);
  for (let offset = 0; offset + 46 < copy.length; offset++) {
    if (view.getUint32(offset, true) !== 0x02014b50) continue;
    const nameLength = view.getUint16(offset + 28, true);
    if (strFromU8(copy.subarray(offset + 46, offset + 46 + nameLength)) === name) {
      view.setUint32(offset + 24, size, true);
      return copy;
    }
  }
  throw new Error(`${name} not in the archive`);
}
