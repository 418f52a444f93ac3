/**
 * The requests gns3fy (the Python client behind GNS3's Ansible modules) sent through its
 * documented workflow, recorded against this server and replayed here on every runtime:
 * computes, ports, images, templates and nodes made from them. Each answer must have the status
 * gns3fy got and the fields it reads (its pydantic models refuse a node whose type, console type
 * or status it does not know). Ids in the recording are placeholders (`{template:NAME}`,
 * `{project:NAME}`, `{node:N}`), bound to what this run's answers hold.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { NODE_TYPES, CONSOLE_TYPES } from "@shared/schemas/node";
import { describeApi, type ApiReply } from "../testing/api-targets";

interface RecordedRequest {
  step: string;
  method: string;
  path: string;
  body?: unknown;
  /** Bytes of a raw upload, in place of a JSON body. */
  upload?: number;
  status: number;
  reads: keyof typeof READS;
  capture?: Record<string, string>;
}

const RECORDING: RecordedRequest[] = JSON.parse(readFileSync(join(import.meta.dirname, "testdata", "gns3fy-requests.json"), "utf8"));

const isPortList = (value: unknown) => Array.isArray(value) && value.every((item) => Number.isInteger(item));

/** What gns3fy reads from each kind of answer. */
const READS = {
  version: (body: any) => expect(body).toMatchObject({ version: expect.any(String), local: expect.any(Boolean) }),
  "compute-list": (body: any) => {
    expect(body[0]).toMatchObject({ compute_id: "local", name: expect.any(String), connected: true });
  },
  compute: (body: any) => expect(body).toMatchObject({ compute_id: "local", cpu_usage_percent: expect.any(Number), memory_usage_percent: expect.any(Number) }),
  ports: (body: any) => {
    expect(Object.keys(body)).toEqual(["console_port_range", "console_ports", "udp_port_range", "udp_ports"]);
    for (const value of Object.values(body)) expect(isPortList(value)).toBe(true);
  },
  "image-list": (body: any) => {
    for (const image of body) expect(image).toEqual({ filename: expect.any(String), filesize: expect.any(Number), md5sum: expect.any(String), path: expect.any(String) });
  },
  "template-list": (body: any) => {
    expect(body.length).toBeGreaterThanOrEqual(7);
    for (const template of body) {
      expect(template).toMatchObject({ name: expect.any(String), template_id: expect.any(String), template_type: expect.any(String), builtin: expect.any(Boolean), category: expect.any(String) });
    }
  },
  template: (body: any) => expect(body).toMatchObject({ template_id: expect.any(String), name: expect.any(String), builtin: false, compute_id: "local" }),
  project: (body: any) => expect(body).toMatchObject({ project_id: expect.any(String), name: expect.any(String), status: expect.stringMatching(/^(opened|closed)$/) }),
  "node-list": (body: any) => expect(Array.isArray(body)).toBe(true),
  node: (body: any) => {
    expect(body).toMatchObject({ node_id: expect.any(String), name: expect.any(String), status: expect.stringMatching(/^(stopped|started|suspended)$/) });
    expect(NODE_TYPES).toContain(body.node_type);
    if (body.console_type !== null) expect(CONSOLE_TYPES).toContain(body.console_type);
    for (const port of body.ports) expect(port).toMatchObject({ name: expect.any(String), adapter_number: expect.any(Number), port_number: expect.any(Number) });
  },
  error: (body: any) => expect(body).toEqual({ message: expect.any(String), status: expect.any(Number) }),
  nothing: () => {},
} satisfies Record<string, (body: any) => void>;

function bind(text: string, bound: Map<string, string>): string {
  return text.replace(/\{(?:template|project|node):[^}]+\}/g, (placeholder) => {
    const id = bound.get(placeholder);
    if (id === undefined) throw new Error(`the recording uses ${placeholder} before an answer gave it`);
    return id;
  });
}

describeApi("gns3fy's requests, as recorded", (api) => {
  it(`answers all ${RECORDING.length} with gns3fy's statuses and the fields it reads`, async () => {
    const bound = new Map<string, string>();
    for (const recorded of RECORDING) {
      const path = bind(recorded.path, bound);
      let reply: ApiReply;
      if (recorded.upload !== undefined) {
        const response = await api.fetch(path, { method: recorded.method, body: new Uint8Array(recorded.upload).fill(7) });
        const text = await response.text();
        reply = { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null, text };
      } else {
        const body = recorded.body === undefined ? undefined : JSON.parse(bind(JSON.stringify(recorded.body), bound));
        reply = await api.request(recorded.method, path, body);
      }
      const where = `${recorded.step}: ${recorded.method} ${path} → ${reply.text.slice(0, 300)}`;
      expect(reply.status, where).toBe(recorded.status);
      READS[recorded.reads](reply.body);
      for (const [placeholder, field] of Object.entries(recorded.capture ?? {})) bound.set(placeholder, reply.body[field]);
    }
    expect(bound.size).toBe(8);
  });
}, { workerd: true });
