import { expect, it } from "vitest";
import { waitFor } from "@shared/testing/cleanups";
import { fileLayout } from "../files/layout";
import { describeApi } from "../testing/api-targets";

/**
 * The `.gns3` file GNS3 users back up, diff and commit: where `GET /v2/projects/{id}` says it is
 * (`path` and `filename`; on Workers the R2 key under `/projects`), in GNS3's format, current a
 * moment after each change and at once after a close, and what `load` opens.
 */
describeApi("the project's .gns3 file", (api) => {
  it("is kept where the project says, in GNS3's format, and loads", async () => {
    const name = `on-disk-${crypto.randomUUID().slice(0, 8)}`;
    const project = (await api.post("/v2/projects", { name })).body;
    expect(project.filename).toBe(`${name}.gns3`);
    const base = `/v2/projects/${project.project_id}`;
    const pc1 = (await api.post(`${base}/nodes`, { name: "PC1", node_type: "vpcs", compute_id: "local" })).body;
    const pc2 = (await api.post(`${base}/nodes`, { name: "PC2", node_type: "vpcs", compute_id: "local" })).body;
    const link = (await api.post(`${base}/links`, { nodes: [{ node_id: pc1.node_id, adapter_number: 0, port_number: 0 }, { node_id: pc2.node_id, adapter_number: 0, port_number: 0 }] })).body;
    const file = `${fileLayout.projectFolder(project.project_id)}/${project.filename}`;

    const text = await waitFor("the file with both nodes and the link", async () => {
      const current = (await api.files.exists(file)) ? ((await api.files.text(file)) ?? "") : "";
      return current.includes(link.link_id) ? current : undefined;
    });
    const topology = JSON.parse(text!);
    expect(topology).toMatchObject({ type: "topology", revision: 9, project_id: project.project_id, name });
    expect(topology.topology.nodes.map((node: { name: string }) => node.name).sort()).toEqual(["PC1", "PC2"]);
    expect(topology.topology.links.map((stored: { link_id: string }) => stored.link_id)).toEqual([link.link_id]);
    // GNS3 writes it with json.dump(indent=4).
    expect(text!.split("\n")[1]).toMatch(/^ {4}"/);

    // A close writes it at once: the change just before is in it when the close answers.
    expect((await api.put(`${base}/nodes/${pc1.node_id}`, { name: "Renamed" })).status).toBe(200);
    expect((await api.post(`${base}/close`)).status).toBe(204);
    expect(JSON.parse((await api.files.text(file))!).topology.nodes.map((node: { name: string }) => node.name).sort()).toEqual(["PC2", "Renamed"]);

    const loaded = await api.post("/v2/projects/load", { path: `${project.path}/${project.filename}` });
    expect(loaded.status).toBe(201);
    expect(loaded.body).toMatchObject({ project_id: project.project_id, status: "opened" });

    expect((await api.delete(base)).status).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await api.files.exists(file)).toBe(false);
  });
}, { workerd: true });
