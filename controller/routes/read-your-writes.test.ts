import { expect, it } from "vitest";
import { describeApi, type ApiClient } from "../testing/api-targets";
import { ReadHistory, type ItemState } from "../testing/read-history";

/** Rounds of the race a web UI ran into; `READ_YOUR_WRITES_ROUNDS=10000` for the proof. */
const RACE_ROUNDS = Number(process.env.READ_YOUR_WRITES_ROUNDS ?? 100);
const CLIENTS = 8;
const OPERATIONS = 3_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function fromTemplate(api: ApiClient, projectId: string, type: string, x: number) {
  const templates = (await api.get("/v2/templates")).body as Array<{ template_id: string; template_type: string; builtin: boolean }>;
  const template = templates.find((candidate) => candidate.builtin && candidate.template_type === type)!;
  const reply = await api.post(`/v2/projects/${projectId}/templates/${template.template_id}`, { x, y: 0 });
  expect(reply.status).toBe(201);
  return reply.body as { node_id: string };
}

type Kind = "nodes" | "links" | "drawings";

/** One client's own items, which only it writes, so each item's writes are serial. */
interface Owned {
  kind: Kind;
  id: string;
  /** The link's switch port, free again once the link is deleted. */
  port?: number;
  /** The `x` (a link's style width) of its last update. */
  version: number;
}

describeApi(
  "read your writes",
  (api) => {
    it(
      "never loses a link whose POST answered, however close a list read races it",
      async () => {
        const { body: project } = await api.post("/v2/projects", { name: `race-${Math.random().toString(36).slice(2)}` });
        const links = `/v2/projects/${project.project_id}/links`;
        const vpcs = await fromTemplate(api, project.project_id, "vpcs", 0);
        const switchNode = await fromTemplate(api, project.project_id, "ethernet_switch", 100);
        for (let round = 0; round < RACE_ROUNDS; round++) {
          const made = api.post(links, {
            nodes: [
              { node_id: vpcs.node_id, adapter_number: 0, port_number: 0 },
              { node_id: switchNode.node_id, adapter_number: 0, port_number: round % 8 },
            ],
          });
          await pause(round % 4);
          const racing = api.get(links);
          const [created] = await Promise.all([made, racing]);
          expect(created.status).toBe(201);
          const listed = await api.get(links);
          expect(listed.body.map((link: { link_id: string }) => link.link_id), `round ${round}`).toEqual([created.body.link_id]);
          expect((await api.delete(`${links}/${created.body.link_id}`)).status).toBe(204);
        }
      },
      60_000 + RACE_ROUNDS * 100,
    );

    it(
      "shows every answered write to every read that starts after it, among many interleaved clients",
      async () => {
        const { body: project } = await api.post("/v2/projects", { name: `interleaved-${Math.random().toString(36).slice(2)}` });
        const base = `/v2/projects/${project.project_id}`;
        const history = new ReadHistory();
        const owned: Owned[][] = [];
        const switches: Array<[string, string]> = [];
        for (let client = 0; client < CLIENTS; client++) {
          owned.push([]);
          const made = await Promise.all([0, 1].map(async (side) => (await api.post(`${base}/nodes`, { name: `S${client}-${side}`, node_type: "ethernet_switch", compute_id: "local" })).body.node_id as string));
          switches.push([made[0]!, made[1]!]);
        }

        const stateOf = (kind: Kind, record: Record<string, any>): ItemState => ({ value: kind === "links" ? (record.link_style?.width ?? 0) : record.x });
        const itemKey = (kind: Kind, id: string) => `${kind}/${id}`;
        const idField = { nodes: "node_id", links: "link_id", drawings: "drawing_id" } as const;

        const write = async (client: number) => {
          const mine = owned[client]!;
          const choice = Math.random();
          if (mine.length < 3 || choice < 0.3) {
            const kind: Kind = (["nodes", "links", "drawings"] as const)[Math.floor(Math.random() * 3)]!;
            let body: object;
            let port: number | undefined;
            if (kind === "nodes") body = { name: `N${client}-${Math.random().toString(36).slice(2, 8)}`, node_type: "vpcs", compute_id: "local", x: 0 };
            else if (kind === "drawings") body = { svg: "<svg height=\"10\" width=\"10\"></svg>", x: 0, y: 0 };
            else {
              const taken = new Set(mine.filter((item) => item.kind === "links").map((item) => item.port));
              port = [0, 1, 2, 3, 4, 5, 6, 7].find((candidate) => !taken.has(candidate));
              if (port === undefined) return;
              const [a, b] = switches[client]!;
              body = { nodes: [{ node_id: a, adapter_number: 0, port_number: port }, { node_id: b, adapter_number: 0, port_number: port }] };
            }
            const reply = await api.post(`${base}/${kind}`, body);
            expect(reply.status, reply.text).toBe(201);
            const id = reply.body[idField[kind]] as string;
            history.learned(itemKey(kind, id), stateOf(kind, reply.body));
            mine.push({ kind, id, port, version: 0 });
            return;
          }
          const index = Math.floor(Math.random() * mine.length);
          const item = mine[index]!;
          const key = itemKey(item.kind, item.id);
          if (choice < 0.45) {
            const sent = history.sent(key, { absent: true });
            const reply = await api.delete(`${base}/${item.kind}/${item.id}`);
            expect(reply.status, reply.text).toBe(204);
            history.answered(sent);
            mine.splice(index, 1);
            return;
          }
          item.version += 1;
          const change = item.kind === "links" ? { link_style: { width: item.version } } : { x: item.version };
          const sent = history.sent(key, { value: item.version });
          const reply = await api.put(`${base}/${item.kind}/${item.id}`, change);
          // GNS3 answers a node's update with 200, a link's and a drawing's with 201.
          expect(reply.status, reply.text).toBe(item.kind === "nodes" ? 200 : 201);
          history.answered(sent);
        };

        const read = async () => {
          const kind: Kind = (["nodes", "links", "drawings"] as const)[Math.floor(Math.random() * 3)]!;
          const known = history.items().filter((key) => key.startsWith(`${kind}/`));
          if (Math.random() < 0.5 && known.length > 0) {
            const key = known[Math.floor(Math.random() * known.length)]!;
            const startedAt = history.now();
            const reply = await api.get(`${base}/${key}`);
            const endedAt = history.now();
            expect([200, 404], reply.text).toContain(reply.status);
            history.check(key, startedAt, endedAt, reply.status === 404 ? { absent: true } : stateOf(kind, reply.body), `GET ${key}`);
            return;
          }
          const startedAt = history.now();
          const reply = await api.get(`${base}/${kind}`);
          const endedAt = history.now();
          expect(reply.status).toBe(200);
          const listed = new Map<string, Record<string, any>>(reply.body.map((record: Record<string, any>) => [itemKey(kind, record[idField[kind]]), record]));
          for (const key of known) {
            const record = listed.get(key);
            history.check(key, startedAt, endedAt, record ? stateOf(kind, record) : { absent: true }, `GET ${kind}`);
          }
        };

        let left = OPERATIONS;
        await Promise.all(
          Array.from({ length: CLIENTS }, async (_, client) => {
            while (left-- > 0) {
              await pause(Math.floor(Math.random() * 3));
              if (Math.random() < 0.5) await write(client);
              else await read();
            }
          }),
        );
        expect(history.staleReads()).toEqual([]);
      },
      240_000,
    );
  },
  { workerd: true },
);
