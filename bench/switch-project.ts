/** A project of Ethernet switches on one host, and the links between their ports: what the controller benchmarks load a host with. */
import { inParallel } from "../controller/testing/in-parallel";

const PORTS_PER_SWITCH = 100;

export async function call(url: string, method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${url}${path}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

export interface SwitchProject {
  projectId: string;
  /** The body of link `index` (of `links`), joining two ports no other link uses. */
  linkBody(index: number): { nodes: Array<{ node_id: string; adapter_number: number; port_number: number }> };
}

/** Switches of 100 ports each on `computeId`, enough for `links` links, with none made yet. */
export async function switchProject(url: string, name: string, links: number, computeId = "local"): Promise<SwitchProject> {
  const { project_id: projectId } = await call(url, "POST", "/v2/projects", { name });
  const ports_mapping = Array.from({ length: PORTS_PER_SWITCH }, (_, i) => ({ name: `Ethernet${i}`, port_number: i, type: "access", vlan: 1 }));
  // Two halves of switches, each with a port for every link: a link joins its port in the
  // first half to the same port in the second, so it never joins a switch to itself.
  const half = Math.ceil(links / PORTS_PER_SWITCH);
  const switches = await inParallel(2 * half, 4, (i) =>
    call(url, "POST", `/v2/projects/${projectId}/nodes`, { name: `SW${i}`, node_type: "ethernet_switch", compute_id: computeId, properties: { ports_mapping } }),
  );
  const ends: Array<[string, number]> = [];
  for (const node of switches) for (let port = 0; port < PORTS_PER_SWITCH; port++) ends.push([node.node_id, port]);
  return {
    projectId,
    linkBody: (index) => ({
      nodes: [ends[index]!, ends[half * PORTS_PER_SWITCH + index]!].map(([node_id, port_number]) => ({ node_id, adapter_number: 0, port_number })),
    }),
  };
}

/** Makes all `links` links of the project, `inFlight` requests at a time. */
export async function createLinks(url: string, project: SwitchProject, links: number, inFlight = 10): Promise<void> {
  await inParallel(links, inFlight, (index) => call(url, "POST", `/v2/projects/${project.projectId}/links`, project.linkBody(index)));
}
