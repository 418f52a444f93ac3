import { strFromU8, unzipSync } from "fflate";
import { expect, it } from "vitest";
import { describeApi, type ApiClient } from "../testing/api-targets";

const MAX_NODES = 6;
const MAX_LINKS = 4;
const MAX_DRAWINGS = 5;

const nodeLimit = (count: number) =>
  `Cannot add a node: the project holds ${count} nodes and may hold at most ${MAX_NODES} (the controller's --max-nodes)`;
const linkLimit = (count: number) =>
  `Cannot add a link: the project holds ${count} links and may hold at most ${MAX_LINKS} (the controller's --max-links)`;
const drawingLimit = (count: number) =>
  `Cannot add a drawing: the project holds ${count} drawings and may hold at most ${MAX_DRAWINGS} (the controller's --max-drawings)`;

async function newProject(api: ApiClient): Promise<string> {
  const reply = await api.post("/v2/projects", { name: `limits-${crypto.randomUUID()}` });
  expect(reply.status).toBe(201);
  return reply.body.project_id;
}

const switchNode = (api: ApiClient, projectId: string, name = "SW") =>
  api.post(`/v2/projects/${projectId}/nodes`, { name, node_type: "ethernet_switch", compute_id: "local" });

const link = (api: ApiClient, projectId: string, a: string, b: string, port: number) =>
  api.post(`/v2/projects/${projectId}/links`, {
    nodes: [
      { node_id: a, adapter_number: 0, port_number: port },
      { node_id: b, adapter_number: 0, port_number: port },
    ],
  });

/** Of concurrent answers: how many were created, and the distinct refusals. */
function tally(replies: Array<{ status: number; body: any }>): { created: number; refusals: unknown[] } {
  const refusals = new Map<string, unknown>();
  for (const reply of replies) if (reply.status !== 201) refusals.set(JSON.stringify(reply.body), { status: reply.status, body: reply.body });
  return { created: replies.filter((reply) => reply.status === 201).length, refusals: [...refusals.values()] };
}

describeApi(
  "records per project",
  (api) => {
    it("refuses the node past the limit with a 409 naming it, and takes one again once a node is gone", async () => {
      const projectId = await newProject(api);
      const ids: string[] = [];
      for (let i = 0; i < MAX_NODES; i++) ids.push((await switchNode(api, projectId)).body.node_id);
      expect(await switchNode(api, projectId)).toMatchObject({ status: 409, body: { message: nodeLimit(MAX_NODES), status: 409 } });
      const duplicate = await api.post(`/v2/projects/${projectId}/nodes/${ids[0]}/duplicate`, { x: 10, y: 10 });
      expect(duplicate).toMatchObject({ status: 409, body: { message: nodeLimit(MAX_NODES), status: 409 } });
      expect((await api.delete(`/v2/projects/${projectId}/nodes/${ids[0]}`)).status).toBe(204);
      expect((await switchNode(api, projectId)).status).toBe(201);
      expect((await switchNode(api, projectId)).status).toBe(409);
      expect((await api.get(`/v2/projects/${projectId}/nodes`)).body).toHaveLength(MAX_NODES);
    });

    it("lets exactly the limit through when creations race, and refuses the rest with the limit", async () => {
      const projectId = await newProject(api);
      const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => switchNode(api, projectId, `SW${i}`)));
      expect(tally(replies)).toEqual({ created: MAX_NODES, refusals: [{ status: 409, body: { message: nodeLimit(MAX_NODES), status: 409 } }] });
      expect((await api.get(`/v2/projects/${projectId}/nodes`)).body).toHaveLength(MAX_NODES);
      expect((await api.get(`/v2/projects/${projectId}/stats`)).body).toMatchObject({ nodes: MAX_NODES });
    });

    it("bounds links the same way, racing too; deleting a node gives back the links it carried", async () => {
      const projectId = await newProject(api);
      const [a, b, c] = await Promise.all([switchNode(api, projectId, "A"), switchNode(api, projectId, "B"), switchNode(api, projectId, "C")]);
      const racing = await Promise.all(Array.from({ length: 6 }, (_, port) => link(api, projectId, a.body.node_id, b.body.node_id, port)));
      expect(tally(racing)).toEqual({ created: MAX_LINKS, refusals: [{ status: 409, body: { message: linkLimit(MAX_LINKS), status: 409 } }] });
      expect((await link(api, projectId, a.body.node_id, c.body.node_id, 6)).body).toEqual({ message: linkLimit(MAX_LINKS), status: 409 });
      expect((await api.delete(`/v2/projects/${projectId}/nodes/${b.body.node_id}`)).status).toBe(204);
      const after = await Promise.all(Array.from({ length: 6 }, (_, port) => link(api, projectId, a.body.node_id, c.body.node_id, port)));
      expect(tally(after).created).toBe(MAX_LINKS);
      const links = (await api.get(`/v2/projects/${projectId}/links`)).body;
      expect(links).toHaveLength(MAX_LINKS);
      expect((await api.delete(`/v2/projects/${projectId}/links/${links[0].link_id}`)).status).toBe(204);
      expect((await link(api, projectId, a.body.node_id, c.body.node_id, 7)).status).toBe(201);
    });

    it("bounds drawings, racing too", async () => {
      const projectId = await newProject(api);
      const draw = (i: number) => api.post(`/v2/projects/${projectId}/drawings`, { svg: `<svg>${i}</svg>`, x: i, y: i });
      const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => draw(i)));
      expect(tally(replies)).toEqual({ created: MAX_DRAWINGS, refusals: [{ status: 409, body: { message: drawingLimit(MAX_DRAWINGS), status: 409 } }] });
      const drawings = (await api.get(`/v2/projects/${projectId}/drawings`)).body;
      expect(drawings).toHaveLength(MAX_DRAWINGS);
      expect((await api.delete(`/v2/projects/${projectId}/drawings/${drawings[0].drawing_id}`)).status).toBe(204);
      expect((await draw(99)).status).toBe(201);
      expect((await draw(100)).body).toEqual({ message: drawingLimit(MAX_DRAWINGS), status: 409 });
    });

    it("refuses an import holding more than the limits, creating nothing, and counts what an import brings", async () => {
      const source = await newProject(api);
      const [a, b] = await Promise.all([switchNode(api, source, "A"), switchNode(api, source, "B")]);
      for (let port = 0; port < 3; port++) expect((await link(api, source, a.body.node_id, b.body.node_id, port)).status).toBe(201);
      const topology = await topologyOf(api, source);

      const crowded = structuredClone(topology);
      const template = crowded.topology.nodes[0];
      for (let i = 0; i < MAX_NODES - 1; i++) crowded.topology.nodes.push({ ...template, node_id: crypto.randomUUID(), name: `extra${i}` });
      const refusedId = crypto.randomUUID();
      const refused = await api.fetch(`/v2/projects/${refusedId}/import?name=crowded-${refusedId}`, { method: "POST", body: JSON.stringify(crowded) });
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual({
        message: `Cannot import project: it has ${MAX_NODES + 1} nodes, more than the ${MAX_NODES} a project may hold (the controller's --max-nodes)`,
        status: 409,
      });
      expect((await api.get(`/v2/projects/${refusedId}`)).status).toBe(404);

      const copyId = crypto.randomUUID();
      const imported = await api.fetch(`/v2/projects/${copyId}/import?name=copy-${copyId}`, { method: "POST", body: JSON.stringify(topology) });
      expect(imported.status).toBe(201);
      expect((await api.post(`/v2/projects/${copyId}/open`)).status).toBe(201);
      const nodes = (await api.get(`/v2/projects/${copyId}/nodes`)).body;
      expect((await link(api, copyId, nodes[0].node_id, nodes[1].node_id, 5)).status).toBe(201);
      expect((await link(api, copyId, nodes[0].node_id, nodes[1].node_id, 6)).body).toEqual({ message: linkLimit(MAX_LINKS), status: 409 });
      for (let i = 2; i < MAX_NODES; i++) expect((await switchNode(api, copyId)).status).toBe(201);
      expect((await switchNode(api, copyId)).body).toEqual({ message: nodeLimit(MAX_NODES), status: 409 });
    });
  },
  { limits: { maxNodesPerProject: MAX_NODES, maxLinksPerProject: MAX_LINKS, maxDrawingsPerProject: MAX_DRAWINGS } },
);

/** The project's `.gns3` document, as its export carries it. */
async function topologyOf(api: ApiClient, projectId: string): Promise<any> {
  const response = await api.fetch(`/v2/projects/${projectId}/export`);
  expect(response.status).toBe(200);
  return JSON.parse(strFromU8(unzipSync(new Uint8Array(await response.arrayBuffer()))["project.gns3"]!));
}
