/**
 * Clients that write to a controller over HTTP and keep a ledger of what it answered 2xx to,
 * so that a test can kill the controller at any moment and check, after a restart, that the
 * store holds exactly what was acknowledged. Each client works on its own objects, one
 * request at a time, so at most one of its requests is in doubt when the server dies: the
 * store must then match the ledger either without or with that request.
 *
 * Objects are named after their client (`c3-p1` a project, `c3-n4` a VPCS node, `c3-s5` a
 * switch, `c3-d7` a drawing) and the ledger is keyed by those names, never by ids, so an
 * object whose creation was in doubt is recognised when it turns up.
 */

import { seededRandom } from "@shared/testing/seeded-random";

/** Canonical key → canonical value of every object a client owns (see `Observed`). */
export type Ledger = Map<string, string>;

export const SHARED_PROJECT = "shared";

interface Reply {
  status: number;
  body: any;
}

export async function request(url: string, method: string, path: string, body?: unknown): Promise<Reply> {
  const response = await fetch(`${url}${path}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await response.text();
  return { status: response.status, body: text === "" ? null : JSON.parse(text) };
}

/** Everything the controller holds, per client, plus the ids to address it. */
export interface Observed {
  ledgers: Map<number, Ledger>;
  /** `c3-p1` → project id; `c3-p1/c3-n4` → node id; link key → link id; `c3-p1/c3-d7` → drawing id. */
  ids: Map<string, string>;
  projects: Array<{ project_id: string; name: string }>;
  nodes: Map<string, any[]>;
  links: Map<string, any[]>;
  drawings: Map<string, any[]>;
}

const PROJECT_NAME = /^(c(\d+)-p\d+)(-r\d+)?$/;
const OWNER = /^c(\d+)-/;
const DRAWING_TAG = /^<svg><text>(c\d+-d\d+)<\/text><\/svg>$/;

const nodeKey = (project: string, node: string) => `node ${project}/${node}`;
const linkKey = (project: string, ends: string[]) => `link ${project}/${[...ends].sort().join("|")}`;
const drawingKey = (project: string, drawing: string) => `drawing ${project}/${drawing}`;
const canonicalFilters = (filters: Record<string, unknown>) => JSON.stringify(Object.fromEntries(Object.entries(filters).sort()));

/** Reads every project, node, link and drawing; every read must answer 200. */
export async function observe(url: string): Promise<Observed> {
  const read = async (path: string) => {
    const reply = await request(url, "GET", path);
    if (reply.status !== 200) throw new Error(`GET ${path} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
    return reply.body;
  };
  const observed: Observed = { ledgers: new Map(), ids: new Map(), projects: await read("/v2/projects"), nodes: new Map(), links: new Map(), drawings: new Map() };
  const ledgerOf = (client: number) => observed.ledgers.get(client) ?? observed.ledgers.set(client, new Map()).get(client)!;
  for (const project of observed.projects) {
    const base = `/v2/projects/${project.project_id}`;
    const [nodes, links, drawings] = await Promise.all([read(`${base}/nodes`), read(`${base}/links`), read(`${base}/drawings`)]);
    observed.nodes.set(project.project_id, nodes);
    observed.links.set(project.project_id, links);
    observed.drawings.set(project.project_id, drawings);
    const named = PROJECT_NAME.exec(project.name);
    const tag = named ? named[1]! : project.name;
    if (named) ledgerOf(Number(named[2])).set(`project ${tag}`, project.name);
    observed.ids.set(tag, project.project_id);
    const nodeNames = new Map<string, string>(nodes.map((node: { node_id: string; name: string }) => [node.node_id, node.name]));
    for (const node of nodes) {
      const owner = OWNER.exec(node.name);
      if (owner) ledgerOf(Number(owner[1])).set(nodeKey(tag, node.name), `${node.x},${node.y}`);
      observed.ids.set(`${tag}/${node.name}`, node.node_id);
    }
    for (const link of links) {
      const ends = link.nodes.map((end: any) => `${nodeNames.get(end.node_id) ?? end.node_id}:${end.adapter_number}:${end.port_number}`);
      const key = linkKey(tag, ends);
      const owner = OWNER.exec(ends[0]);
      if (owner) ledgerOf(Number(owner[1])).set(key, canonicalFilters(link.filters));
      observed.ids.set(key, link.link_id);
    }
    for (const drawing of drawings) {
      const named = DRAWING_TAG.exec(drawing.svg);
      if (!named) continue;
      ledgerOf(Number(OWNER.exec(named[1]!)![1])).set(drawingKey(tag, named[1]!), `${drawing.x},${drawing.y}`);
      observed.ids.set(`${tag}/${named[1]}`, drawing.drawing_id);
    }
  }
  return observed;
}

/** A write and what it does to the ledger when it is acknowledged. */
interface Operation {
  method: string;
  path: string;
  body?: unknown;
  /** The status that means done; anything else fails the test. */
  expect: number;
  apply(ledger: Ledger, ids: Map<string, string>, reply: Reply | undefined): void;
}

const portsOf = (nodeName: string) => (/-s\d+$/.test(nodeName) ? Array.from({ length: 8 }, (_, i) => `0:${i}`) : ["0:0"]);

export interface ClientRun {
  acknowledged: number;
  /** 409 "Port is already used" answers to links asked on purpose for a taken port. */
  deliberateConflicts: number;
  /** The write whose answer never came (the server died meanwhile). */
  inDoubt?: { before: Ledger; after: Ledger; description: string };
  /** Writes answered with an unexpected status. */
  failures: string[];
}

/**
 * One client: `ledger` and `ids` are what the controller holds of its objects (from
 * `observe`). Writes until `stopped()` says so or a request fails to get an answer.
 */
export class LedgerClient {
  private counter = 0;

  constructor(
    readonly client: number,
    public ledger: Ledger,
    private ids: Map<string, string>,
    private readonly seed: number,
  ) {
    for (const key of ledger.keys()) {
      const number = /c\d+-[pnsd](\d+)/g;
      for (const match of key.matchAll(number)) this.counter = Math.max(this.counter, Number(match[1]));
    }
  }

  /** `acknowledged` is told of every write answered as expected, as it happens. */
  async run(url: string, stopped: () => boolean, maxWrites: number, acknowledged: () => void = () => undefined): Promise<ClientRun> {
    const next = seededRandom(this.seed);
    const run: ClientRun = { acknowledged: 0, deliberateConflicts: 0, failures: [] };
    for (let i = 0; i < maxWrites && !stopped(); i++) {
      const operation = this.pick(next);
      let reply: Reply;
      try {
        reply = await request(url, operation.method, operation.path, operation.body);
      } catch {
        const after = new Map(this.ledger);
        operation.apply(after, new Map(this.ids), undefined);
        run.inDoubt = { before: new Map(this.ledger), after, description: `${operation.method} ${operation.path} ${JSON.stringify(operation.body)}` };
        return run;
      }
      if (reply.status !== operation.expect) {
        run.failures.push(`${operation.method} ${operation.path} ${JSON.stringify(operation.body)} → ${reply.status} ${JSON.stringify(reply.body)}`);
        continue;
      }
      if (reply.status === 409) run.deliberateConflicts++;
      else {
        operation.apply(this.ledger, this.ids, reply);
        run.acknowledged++;
      }
      acknowledged();
    }
    return run;
  }

  private entries(kind: string): Array<[string, string]> {
    return [...this.ledger].filter(([key]) => key.startsWith(`${kind} `));
  }

  private pick(next: () => number): Operation {
    const choose = <T>(items: T[]) => items[Math.floor(next() * items.length)]!;
    const projects = [SHARED_PROJECT, ...this.entries("project").map(([key]) => key.slice("project ".length))];
    const roll = next();
    const ownProjects = projects.length - 1;
    if (ownProjects === 0 || (ownProjects < 2 && roll < 0.05)) return this.createProject();
    if (roll < 0.03) return this.renameProject(choose(projects.slice(1)));
    if (roll < 0.05 && ownProjects > 1) return this.deleteProject(choose(projects.slice(1)));
    const project = choose(projects);
    const nodes = this.entries("node").filter(([key]) => key.startsWith(`node ${project}/`)).map(([key]) => key.slice(`node ${project}/`.length));
    const links = this.entries("link").filter(([key]) => key.startsWith(`link ${project}/`));
    const drawings = this.entries("drawing").filter(([key]) => key.startsWith(`drawing ${project}/`));
    const kind = next();
    if (kind < 0.35 || nodes.length < 2) {
      if (nodes.length < 2 || next() < 0.4) return this.createNode(project, next() < 0.3);
      if (next() < 0.8) return this.moveNode(project, choose(nodes), next);
      return this.deleteNode(project, choose(nodes));
    }
    if (kind < 0.7) {
      const used = new Set(links.flatMap(([key]) => key.slice(`link ${project}/`.length).split("|")));
      const free = nodes.flatMap((node) => portsOf(node).map((port) => `${node}:${port}`)).filter((end) => !used.has(end));
      if (used.size > 0 && next() < 0.1) return this.createLink(project, [choose([...used]), choose(free.length > 0 ? free : [...used])], 409);
      const [a, b] = [choose(free), choose(free)];
      if (a && b && a.split(":")[0] !== b.split(":")[0] && links.length < 40) return this.createLink(project, [a, b], 201);
      if (links.length > 0) return next() < 0.7 ? this.updateLink(choose(links)[0], next) : this.deleteLink(choose(links)[0]);
      return this.createNode(project, true);
    }
    if (drawings.length < 3 || next() < 0.35) return this.createDrawing(project, next);
    const [key] = choose(drawings);
    return next() < 0.7 ? this.moveDrawing(key, next) : this.deleteDrawing(key);
  }

  private name(kind: string): string {
    return `c${this.client}-${kind}${++this.counter}`;
  }

  private base(project: string): string {
    return `/v2/projects/${this.ids.get(project)}`;
  }

  private createProject(): Operation {
    const tag = this.name("p");
    return {
      method: "POST", path: "/v2/projects", body: { name: tag }, expect: 201,
      apply: (ledger, ids, reply) => {
        ledger.set(`project ${tag}`, tag);
        if (reply) ids.set(tag, reply.body.project_id);
      },
    };
  }

  private renameProject(tag: string): Operation {
    const name = `${tag}-r${++this.counter}`;
    return { method: "PUT", path: this.base(tag), body: { name }, expect: 200, apply: (ledger) => void ledger.set(`project ${tag}`, name) };
  }

  private deleteProject(tag: string): Operation {
    return {
      method: "DELETE", path: this.base(tag), expect: 204,
      apply: (ledger) => {
        for (const key of [...ledger.keys()]) if (key === `project ${tag}` || key.includes(` ${tag}/`)) ledger.delete(key);
      },
    };
  }

  private createNode(project: string, isSwitch: boolean): Operation {
    const name = this.name(isSwitch ? "s" : "n");
    return {
      method: "POST", path: `${this.base(project)}/nodes`, expect: 201,
      body: { name, node_type: isSwitch ? "ethernet_switch" : "vpcs", compute_id: "local" },
      apply: (ledger, ids, reply) => {
        ledger.set(nodeKey(project, name), "0,0");
        if (reply) ids.set(`${project}/${name}`, reply.body.node_id);
      },
    };
  }

  private moveNode(project: string, name: string, next: () => number): Operation {
    const [x, y] = [Math.floor(next() * 1000), Math.floor(next() * 1000)];
    return {
      method: "PUT", path: `${this.base(project)}/nodes/${this.ids.get(`${project}/${name}`)}`, body: { x, y }, expect: 200,
      apply: (ledger) => void ledger.set(nodeKey(project, name), `${x},${y}`),
    };
  }

  private deleteNode(project: string, name: string): Operation {
    return {
      method: "DELETE", path: `${this.base(project)}/nodes/${this.ids.get(`${project}/${name}`)}`, expect: 204,
      apply: (ledger) => {
        ledger.delete(nodeKey(project, name));
        for (const key of [...ledger.keys()]) {
          if (key.startsWith(`link ${project}/`) && key.slice(`link ${project}/`.length).split("|").some((end) => end.startsWith(`${name}:`))) ledger.delete(key);
        }
      },
    };
  }

  private createLink(project: string, ends: string[], expect: 201 | 409): Operation {
    const filters = { frequency_drop: [1 + this.counter++] };
    const body = {
      filters,
      nodes: ends.map((end) => {
        const [node, adapter, port] = end.split(":");
        return { node_id: this.ids.get(`${project}/${node}`), adapter_number: Number(adapter), port_number: Number(port) };
      }),
    };
    const key = linkKey(project, ends);
    return {
      method: "POST", path: `${this.base(project)}/links`, body, expect,
      apply: (ledger, ids, reply) => {
        ledger.set(key, canonicalFilters(filters));
        if (reply) ids.set(key, reply.body.link_id);
      },
    };
  }

  private updateLink(key: string, next: () => number): Operation {
    const project = key.slice("link ".length).split("/")[0]!;
    const filters = next() < 0.5 ? { packet_loss: [1 + Math.floor(next() * 99)] } : { delay: [1 + Math.floor(next() * 100), 0], frequency_drop: [2] };
    return {
      method: "PUT", path: `${this.base(project)}/links/${this.ids.get(key)}`, body: { filters }, expect: 201,
      apply: (ledger) => void ledger.set(key, canonicalFilters(filters)),
    };
  }

  private deleteLink(key: string): Operation {
    const project = key.slice("link ".length).split("/")[0]!;
    return { method: "DELETE", path: `${this.base(project)}/links/${this.ids.get(key)}`, expect: 204, apply: (ledger) => void ledger.delete(key) };
  }

  private createDrawing(project: string, next: () => number): Operation {
    const tag = this.name("d");
    const [x, y] = [Math.floor(next() * 1000), Math.floor(next() * 1000)];
    return {
      method: "POST", path: `${this.base(project)}/drawings`, body: { svg: `<svg><text>${tag}</text></svg>`, x, y }, expect: 201,
      apply: (ledger, ids, reply) => {
        ledger.set(drawingKey(project, tag), `${x},${y}`);
        if (reply) ids.set(`${project}/${tag}`, reply.body.drawing_id);
      },
    };
  }

  private moveDrawing(key: string, next: () => number): Operation {
    const [project, tag] = key.slice("drawing ".length).split("/") as [string, string];
    const [x, y] = [Math.floor(next() * 1000), Math.floor(next() * 1000)];
    return {
      method: "PUT", path: `${this.base(project)}/drawings/${this.ids.get(`${project}/${tag}`)}`, body: { x, y }, expect: 201,
      apply: (ledger) => void ledger.set(key, `${x},${y}`),
    };
  }

  private deleteDrawing(key: string): Operation {
    const [project, tag] = key.slice("drawing ".length).split("/") as [string, string];
    return { method: "DELETE", path: `${this.base(project)}/drawings/${this.ids.get(`${project}/${tag}`)}`, expect: 204, apply: (ledger) => void ledger.delete(key) };
  }
}
