import fc from "fast-check";
import { z } from "zod";
import { FILTER_CATALOGUE } from "@shared/filters/catalogue";
import { NODE_TYPES } from "@shared/schemas/node";
import { UUID_PATTERN } from "@shared/schemas/common";
import { ENDPOINTS, type Endpoint } from "../openapi/endpoints";
import { FUZZ_AUTH } from "./resolve";
import { Ref, describePlan, type BodyMutation, type BodyPlan, type BodyTree, type ParamPlan, type RefKind, type RequestPlan } from "./plans";

/**
 * Requests for every endpoint of the table in controller/openapi/endpoints.ts: mostly valid
 * (bodies derived from the endpoint's zod schema, ids of things that exist) so that deep code
 * paths are reached, mixed with mutations of every part of the request. A new endpoint is
 * covered without touching this file; `ENDPOINT_WEIGHTS` only makes building steps commoner.
 */

/** How much more often than others an endpoint is chosen: those that build the topology. */
const ENDPOINT_WEIGHTS: Record<string, number> = {
  "POST /v2/projects": 4,
  "POST /v2/projects/:project_id/nodes": 10,
  "POST /v2/projects/:project_id/links": 8,
  "PUT /v2/projects/:project_id/links/:link_id": 3,
  "POST /v2/projects/:project_id/drawings": 3,
  "POST /v2/projects/:project_id/files/:path{.+}": 2,
  "POST /v2/compute/projects": 3,
  "POST /v2/compute/projects/:project_id/files/:path{.+}": 2,
  "POST /v2/compute/emulator/images/:filename{.+}": 2,
  // Succeeds only after an upload of that very file to that emulator: rare unless commoner.
  "GET /v2/compute/:emulator{qemu|iou|dynamips}/images/:filename{.+}": 2,
  // Succeeds only for the one node the prologue wrote a file for, under that file's name.
  "GET /v2/projects/:project_id/nodes/:node_id/files/:path{.+}": 2,
  "POST /v2/templates": 2,
  // Succeeds only on the prologue's VM, with a size above its disk's.
  "POST /v2/projects/:project_id/nodes/:node_id/resize_disk": 2,
};

const endpointKey = (endpoint: Endpoint) => `${endpoint.method.toUpperCase()} ${endpoint.path}`;
for (const key of Object.keys(ENDPOINT_WEIGHTS)) {
  if (!ENDPOINTS.some((endpoint) => endpointKey(endpoint) === key)) throw new Error(`fuzz weight for unknown endpoint ${key}`);
}

/** Mostly the newest thing of its kind, so steps build on each other. */
const pick = fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, { weight: 2, arbitrary: fc.nat(3) }, { weight: 1, arbitrary: fc.nat(1000) });
const ref = (kind: RefKind) => fc.tuple(pick, fc.uuid()).map(([index, fallback]) => new Ref(kind, index, fallback));

// ---------------------------------------------------------------------------------------------
// Nasty values, used for path parameters, body mutations and headers.

const HUGE_STRING = "x".repeat(70_000);
const pollutingObjects = () => [
  JSON.parse('{"__proto__":{"polluted":"yes"}}'),
  JSON.parse('{"constructor":{"prototype":{"polluted":"yes"}}}'),
];

const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<unknown>(
    null, true, false, 0, -1, 1.5, -0.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 53) - 2, 1e308, -1e308,
    "", " ", "\u0000", "\ud800", "😀", "e\u0301", "a\u202eb", "名前", HUGE_STRING, "../../etc/passwd", "%00", "{0}",
    "__proto__", [], {}, [null], { "": "" }, [[[[[]]]]],
  ) },
  { weight: 1, arbitrary: fc.constantFrom(...pollutingObjects()) },
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }) },
);

// ---------------------------------------------------------------------------------------------
// Path parameters.

const FILE_PATHS = [
  "a.txt", "dir/b.bin", "project-files/captures/cap.pcap", "deep/er/still/c.cfg", "ünï cødé.txt", "x.ghost",
  "image.qcow2", "image.qcow2.md5sum", ".hidden", "a//b", "./a", "../escape", "/abs", "a\\b", "C:/win", "con",
  // Every VPCS node has one in its folder.
  "startup.vpc",
];
const RAW_SEGMENTS = [
  "..", ".", "%2e%2e", "..%2F..%2F..%2Fetc%2Fpasswd", "%00", "%zz", "%", "%2F", "a%2Fb", "%5C..%5C", "%C0%AE%C0%AE",
  "*", "null", "undefined", "__proto__", "constructor", "%F0%9F%98%80", "%E2%80%AE", "%20",
];

/** Built-in ids old and new, a client's mangled one, a theme's, uploads (flat or not), unknown ones. */
const SYMBOL_IDS = [
  ":/symbols/classic/router.svg", ":/symbols/computer.svg", "/symbols/vpcs_guest.svg", ":/symbols/affinity/square/blue/switch.svg",
  "my-router.svg", "icons/x.png", ":/symbols/nope.svg", "../escape.svg", ".hidden.svg",
];

function validParam(name: string, endpointPath: string): fc.Arbitrary<ParamPlan> {
  const compute = endpointPath.startsWith("/v2/compute/");
  switch (name) {
    case "project_id":
      if (compute) return fc.oneof({ weight: 4, arbitrary: ref("computeProject") }, { weight: 1, arbitrary: ref("project") }).map((r) => ({ ref: r }));
      // An import creates the project named in the path: mostly a new id.
      if (endpointPath.endsWith("/import")) return fc.oneof({ weight: 4, arbitrary: ref("fresh") }, { weight: 1, arbitrary: ref("project") }).map((r) => ({ ref: r }));
      return ref("project").map((r) => ({ ref: r }));
    case "node_id":
    case "link_id":
    case "drawing_id":
    case "snapshot_id":
    case "template_id":
    case "compute_id":
    case "user_id":
      return ref(name.replace("_id", "") as RefKind).map((r) => ({ ref: r }));
    case "path":
      // A node's files are its folder's: the startup.vpc of every VPCS node, and what the prologue posts.
      if (endpointPath.includes("/nodes/:node_id/files/")) {
        return fc.oneof({ weight: 3, arbitrary: fc.constantFrom("startup.vpc", "a.txt") }, { weight: 1, arbitrary: fc.constantFrom(...FILE_PATHS) }).map((text) => ({ text }));
      }
      return fc.oneof(ref("projectFile").map((r) => ({ ref: r })), fc.constantFrom(...FILE_PATHS).map((text) => ({ text })));
    case "filename":
      return fc.oneof(ref("image").map((r) => ({ ref: r })), fc.constantFrom(...FILE_PATHS).map((text) => ({ text })));
    case "symbol_id":
      return fc.constantFrom(...SYMBOL_IDS).map((text) => ({ text }));
    case "emulator":
      return fc.constantFrom("qemu", "iou", "dynamips", "docker", "vpcs", "virtualbox").map((text) => ({ text }));
    case "engine":
      return fc.constantFrom("vmware", "virtualbox", "hyper-v", "remote", "parallels").map((text) => ({ text }));
    default:
      return fc.string({ minLength: 1, maxLength: 12 }).map((text) => ({ text }));
  }
}

const mutatedParam: fc.Arbitrary<ParamPlan> = fc.oneof(
  { weight: 3, arbitrary: fc.uuid().map((text) => ({ text })) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 16 }).map((text) => ({ text })) },
  { weight: 1, arbitrary: fc.constant({ text: "x".repeat(5000) }) },
  { weight: 3, arbitrary: fc.constantFrom(...RAW_SEGMENTS).map((raw) => ({ raw })) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(ref("project"), fc.constantFrom(["nodes", "node"], ["links", "link"], ["drawings", "drawing"], ["node-names", "node"], ["ports", "node"]), pick, fc.uuid())
      .map(([parent, [collection, kind], index, fallback]) => ({ nested: { parent, collection: collection!, child: new Ref(kind as RefKind, index, fallback) } })),
  },
);

const param = (name: string, endpointPath: string) =>
  fc.oneof({ weight: 17, arbitrary: validParam(name, endpointPath) }, { weight: 3, arbitrary: mutatedParam });

// ---------------------------------------------------------------------------------------------
// JSON bodies from the endpoint's schema, with hints for fields whose good values are few.

type JsonSchema = Record<string, any>;

const BPF_LINES = [
  "tcp", "udp port 53", "icmp", "host 10.0.0.1", "ether proto 0x0806", "ip[0] & 0xf != 5", "vlan 100",
  "src net 10.0.0.0/8", "tcp[tcpflags] & tcp-syn != 0", "((((((tcp))))))", "tcp and", "not", "", "ether[0:4] = 0xffffffff",
  "portrange 1-65535", "ip6 and udp", "len > 1500", "host",
];

const filters: fc.Arbitrary<BodyTree> = fc.record(
  Object.fromEntries(
    FILTER_CATALOGUE.map((descriptor) => {
      const values: fc.Arbitrary<BodyTree> =
        descriptor.type === "bpf"
          ? fc.array(fc.constantFrom(...BPF_LINES), { minLength: 1, maxLength: 2 })
          : fc.integer({ min: descriptor.requiredValues, max: descriptor.parameters.length }).chain((count) =>
              fc.tuple(
                ...descriptor.parameters.slice(0, count).map((parameter) =>
                  parameter.type === "int"
                    ? fc.oneof(
                        { weight: 4, arbitrary: fc.integer({ min: parameter.minimum, max: parameter.maximum }) },
                        { weight: 1, arbitrary: fc.integer({ min: parameter.minimum - 3, max: parameter.maximum + 3 }) },
                      )
                    : fc.constantFrom(...BPF_LINES),
                ),
              ),
            );
      return [descriptor.type, values];
    }),
  ),
  { requiredKeys: [] },
) as fc.Arbitrary<BodyTree>;

const smallInt = (min = -100, max = 100) => fc.oneof({ weight: 6, arbitrary: fc.integer({ min, max }) }, { weight: 1, arbitrary: fc.integer() });

const HINTS: Record<string, fc.Arbitrary<BodyTree>> = {
  node_id: fc.oneof({ weight: 3, arbitrary: ref("node") }, { weight: 1, arbitrary: ref("fresh") }),
  project_id: fc.oneof(ref("project"), ref("fresh")),
  link_id: ref("link"),
  drawing_id: fc.oneof({ weight: 3, arbitrary: ref("fresh") }, { weight: 1, arbitrary: ref("drawing") }),
  template_id: fc.oneof(ref("template"), fc.constant(null)),
  compute_id: fc.oneof({ weight: 8, arbitrary: fc.constant("local") }, { weight: 1, arbitrary: fc.constantFrom("vm", "nope", "") }),
  name: fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom("PC1", "PC2", "R1", "Switch1", "lab", "lab 2", "名前", "e\u0301", "PC{0}", "a/b") },
    { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 12 }) },
  ),
  node_type: fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom("vpcs", "ethernet_switch", "ethernet_hub", "cloud") },
    { weight: 2, arbitrary: fc.constantFrom(...NODE_TYPES) },
  ),
  adapter_number: fc.oneof({ weight: 8, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.nat(3) }),
  port_number: fc.oneof({ weight: 4, arbitrary: fc.nat(2) }, { weight: 2, arbitrary: fc.nat(8) }),
  filters,
  link_style: fc.oneof(fc.constant({}), fc.record({ color: fc.constantFrom("#ff0000", "blue"), width: fc.nat(5), type: fc.nat(3) }, { requiredKeys: [] })),
  properties: fc.oneof({ weight: 6, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }) as fc.Arbitrary<BodyTree> }),
  console: fc.oneof(fc.constant(null), fc.integer({ min: 5000, max: 5004 }), fc.integer({ min: 1, max: 65535 })),
  svg: fc.constantFrom('<svg height="10" width="10"></svg>', "", "<svg><text>é</text></svg>", "<not svg"),
  // A project's path, or the `.gns3` file a load opens: mostly one the controller may load.
  path: fc.oneof({ weight: 2, arbitrary: ref("topologyFile") }, { weight: 1, arbitrary: fc.constantFrom("/tmp/x.gns3", "relative/x.gns3", "/etc/passwd", "") }),
  capture_file_name: fc.constantFrom("cap.pcap", "a b.pcap", "../x.pcap", ".hidden", "a/b.pcap", "x".repeat(300), "", "ü.pcap"),
  version: fc.oneof({ weight: 4, arbitrary: fc.constant("2.2.59") }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }) }),
  symbol: fc.constantFrom(":/symbols/computer.svg", ":/symbols/ethernet_switch.svg", ":/symbols/classic/router.svg", "nope.svg", ""),
  port_name_format: fc.constantFrom("Ethernet{0}", "eth{port0}", "Gi{segment0}/{port0}", "{", "{9}", "e{0}{0}"),
  x: smallInt(),
  y: smallInt(),
  z: smallInt(),
};

const ABSENT = Symbol("absent");

function fromSchema(schema: JsonSchema, key: string | undefined, depth: number): fc.Arbitrary<BodyTree> {
  const generic = genericFromSchema(schema, depth);
  const hint = key === undefined ? undefined : HINTS[key];
  return hint ? fc.oneof({ weight: 9, arbitrary: hint }, { weight: 1, arbitrary: generic }) : generic;
}

function genericFromSchema(schema: JsonSchema, depth: number): fc.Arbitrary<BodyTree> {
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return fc.oneof(...(options as JsonSchema[]).map((option) => genericFromSchema(option, depth)));
  if (schema.enum) return fc.constantFrom(...(schema.enum as BodyTree[]));
  if ("const" in schema) return fc.constant(schema.const as BodyTree);
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type: string) => genericFromSchema({ ...schema, type }, depth)));
  switch (schema.type) {
    case "object":
      return objectFromSchema(schema, depth);
    case "array":
      return fc.array(depth > 4 ? fc.constant(null) : fromSchema(schema.items ?? {}, undefined, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, (schema.minItems ?? 0) + 3),
      });
    case "string":
      if (schema.pattern === UUID_PATTERN.source) return fc.uuid();
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      return fc.oneof(
        { weight: 4, arbitrary: fc.string({ minLength: schema.minLength ?? 0, maxLength: 12 }) },
        { weight: 1, arbitrary: fc.string({ unit: "grapheme", minLength: schema.minLength ?? 0, maxLength: 12 }) },
      );
    case "integer": {
      const min = schema.minimum ?? Number.MIN_SAFE_INTEGER;
      const max = schema.maximum ?? Number.MAX_SAFE_INTEGER;
      return fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min: Math.max(min, -3), max: Math.max(Math.min(max, 20), Math.max(min, -3)) }) },
        { weight: 1, arbitrary: fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) }) },
      );
    }
    case "number":
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<BodyTree>;
  }
}

function objectFromSchema(schema: JsonSchema, depth: number): fc.Arbitrary<BodyTree> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  if (Object.keys(properties).length === 0) {
    return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }) as fc.Arbitrary<BodyTree>;
  }
  const required = new Set<string>(schema.required ?? []);
  // About three optional fields a body: one with every field set is rarely valid.
  const optional = Object.keys(properties).length - required.size;
  const absentWeight = Math.max(2, Math.round(optional / 3) - 1);
  const fields = Object.entries(properties).map(([key, property]) => {
    const value = fromSchema(property, key, depth + 1);
    const field = required.has(key) ? value : fc.oneof({ weight: absentWeight, arbitrary: fc.constant<typeof ABSENT>(ABSENT) }, { weight: 1, arbitrary: value });
    return field.map((chosen) => [key, chosen] as const);
  });
  return fc.tuple(...fields).map((entries) => Object.fromEntries(entries.filter(([, value]) => value !== ABSENT)) as BodyTree);
}

const schemaArbitraries = new Map<z.ZodType, fc.Arbitrary<BodyTree>>();
function bodyFor(schema: z.ZodType): fc.Arbitrary<BodyTree> {
  let arbitrary = schemaArbitraries.get(schema);
  if (!arbitrary) {
    arbitrary = fromSchema(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema, undefined, 0);
    schemaArbitraries.set(schema, arbitrary);
  }
  return arbitrary;
}

// ---------------------------------------------------------------------------------------------
// Bodies as a whole.

const mutation: fc.Arbitrary<BodyMutation> = fc.record({
  at: fc.nat(50),
  op: fc.constantFrom("delete", "replace", "replace", "addKey", "wrap"),
  key: fc.oneof(fc.constantFrom("unknown", "__proto__", "constructor", "nodes", "filters", ""), fc.string({ maxLength: 6 })),
  value: nastyValue,
});

const BAD_JSON = [
  "{", "[", "nul", "{'a': 1}", '{"a":1}x', "\uFEFF{}", "\u0000", "[1,]", '{"a":1,"a":2}', "1e999", '"text"', "[]", "null",
  "true", "-0", "  \n  ", '{"a":"\\ud800"}', '{"a":"\\u0000"}', "[".repeat(5000) + "]".repeat(5000),
];
const OVERSIZED = [" ".repeat(1024 * 1024 + 1), `{"name":"${"x".repeat(1024 * 1024)}"}`];

const textBody: fc.Arbitrary<BodyPlan> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...BAD_JSON) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(...OVERSIZED) },
  // Nesting this deep is sent as text: the client's own JSON.stringify could not build it.
  {
    weight: 2,
    arbitrary: fc.tuple(fc.constantFrom("link_style", "properties", "filters", "nodes", "label"), fc.integer({ min: 100, max: 50_000 })).map(
      ([key, depth]) => `{"${key}":${'{"a":'.repeat(depth)}1${"}".repeat(depth)}, "nodes": []}`,
    ),
  },
).map((text) => ({ kind: "text", text }));

function jsonBody(schema: z.ZodType | undefined): fc.Arbitrary<BodyPlan> {
  const tree = schema ? bodyFor(schema) : (fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<BodyTree>);
  const mutations = fc.oneof({ weight: 3, arbitrary: fc.constant<BodyMutation[]>([]) }, { weight: 1, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 2 }) });
  return fc.record({ kind: fc.constant("json" as const), tree, mutations }) as fc.Arbitrary<BodyPlan>;
}

const EMPTY_ZIP = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);
const rawBytes: fc.Arbitrary<BodyPlan> = fc.oneof(
  fc.uint8Array({ maxLength: 64 }),
  fc.constant(EMPTY_ZIP),
  fc.uint8Array({ maxLength: 40 }).map((tail) => new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...tail])),
  fc.constant(new TextEncoder().encode('{"topology": {"nodes": [], "links": []}, "name": "imported", "project_id": "not-a-uuid"}')),
).map((bytes) => ({ kind: "bytes", bytes }));

function bodyPlan(endpoint: Endpoint): fc.Arbitrary<BodyPlan> {
  const none = fc.constant<BodyPlan>({ kind: "none" });
  if (endpoint.rawBody) {
    if (endpoint.path.endsWith("/import")) {
      const exported = fc.record({ kind: fc.constant("export" as const), project: ref("project"), compression: fc.constantFrom("zip" as const, "none" as const) });
      return fc.oneof({ weight: 4, arbitrary: exported }, { weight: 1, arbitrary: rawBytes }, { weight: 1, arbitrary: textBody }, { weight: 1, arbitrary: none });
    }
    return fc.oneof({ weight: 4, arbitrary: rawBytes }, { weight: 1, arbitrary: textBody }, { weight: 1, arbitrary: none });
  }
  if (endpoint.body) return fc.oneof({ weight: 18, arbitrary: jsonBody(endpoint.body) }, { weight: 2, arbitrary: textBody }, { weight: 1, arbitrary: none });
  if (endpoint.method === "get") return none;
  // GNS3 reads a JSON body on every route; most callers send none.
  return fc.oneof({ weight: 8, arbitrary: none }, { weight: 1, arbitrary: jsonBody(undefined) }, { weight: 1, arbitrary: textBody });
}

// ---------------------------------------------------------------------------------------------
// Method, query, headers.

const ODD_METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS", "PROPFIND"];
const method = (own: string) => fc.oneof({ weight: 19, arbitrary: fc.constant(own.toUpperCase()) }, { weight: 1, arbitrary: fc.constantFrom(...ODD_METHODS) });

const QUERIES = [
  "?a=1", "?name=imported", "?name=", "?compression=none", "?compression=gz", "?include_images=yes&keep_compute_ids=yes&reset_mac_addresses=yes",
  "?path=/tmp/x", "?%zz=1", "?a=%00", `?${"a=1&".repeat(500)}`, "?name=%F0%9F%98%80", "?compression=zip&compression=none",
];
const query = fc.oneof({ weight: 12, arbitrary: fc.constant("") }, { weight: 1, arbitrary: fc.constantFrom(...QUERIES) });
/** An import needs a project name of its own, or it meets the exported project's name. */
const importQuery = fc.oneof({ weight: 4, arbitrary: fc.nat().map((n) => `?name=copy-${n}`) }, { weight: 1, arbitrary: query });

const CONTENT_TYPES = ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/json; charset=utf-16", "", "application/octet-stream", "application/json;;;"];
const ODD_HEADERS: Array<[string, string]> = [
  ["content-length", "99999999999"], ["content-length", "-1"], ["content-length", "abc"], ["content-length", "1e400"], ["content-length", "0"],
  ["accept", "text/html"], ["accept-encoding", "gzip, br"], ["x-forwarded-for", "1.1.1.1"], ["host", "evil.example"],
  ["origin", "http://gns3.github.io"], ["upgrade", "websocket"], ["connection", "upgrade"], ["transfer-encoding", "chunked"],
  ["expect", "100-continue"], ["range", "bytes=0-1"], ["if-none-match", "*"], ["x-http-method-override", "DELETE"],
  ["authorization", "Basic !!!"], ["authorization", "Bearer x"], ["authorization", `Basic ${"A".repeat(10_000)}`],
  ["cookie", "a=b; ".repeat(200)],
];
const headerName = fc.stringMatching(/^[a-z][a-z0-9-]{0,15}$/);
const headerValue = fc.string({ maxLength: 40 }).map((value) => value.replace(/[^\x20-\x7e]/g, "").trim());
const headers = fc.oneof(
  { weight: 8, arbitrary: fc.constant<Array<[string, string]>>([]) },
  {
    weight: 2,
    arbitrary: fc.array(
      fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...ODD_HEADERS) },
        { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES).map((value): [string, string] => ["content-type", value]) },
        { weight: 1, arbitrary: fc.tuple(headerName, headerValue) },
      ),
      { minLength: 1, maxLength: 3 },
    ),
  },
);
const authorised = fc.oneof({ weight: 59, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) });

// ---------------------------------------------------------------------------------------------

function segments(endpoint: Endpoint): fc.Arbitrary<Array<string | ParamPlan>> {
  const parts = endpoint.path.split("/").filter((part) => part !== "");
  return fc.tuple(
    ...parts.map((part): fc.Arbitrary<string | ParamPlan> =>
      part.startsWith(":") ? param(part.slice(1).replace(/\{.*\}$/, ""), endpoint.path) : fc.constant(part),
    ),
  );
}

/** Counterexamples print one line per request rather than megabytes of body. */
function printable(plan: RequestPlan): RequestPlan {
  return Object.defineProperty(plan, fc.toStringMethod, { value: () => describePlan(plan) });
}

function endpointRequest(endpoint: Endpoint, index: number): fc.Arbitrary<RequestPlan> {
  return fc.record({
    endpoint: fc.constant(index),
    method: method(endpoint.method),
    segments: segments(endpoint),
    query: endpoint.path.endsWith("/import") ? importQuery : query,
    headers,
    body: bodyPlan(endpoint),
    authorised,
  }).map(printable);
}

/** Paths no endpoint serves: the answer must still be a JSON 404 (or 405). */
const STRAY_PATHS = ["v2", "v2/", "v3/version", "v2/projects/", "v2//projects", "v2/unknown", "v2/projects/x/nodes/y/z/w", "", "V2/VERSION", "v2/version/", "v2/projects/x/links/y/available_filters/z"];
const strayRequest: fc.Arbitrary<RequestPlan> = fc.record({
  endpoint: fc.constant(-1),
  method: fc.constantFrom(...ODD_METHODS),
  segments: fc.constantFrom(...STRAY_PATHS).map((path) => [path] as Array<string | ParamPlan>),
  query,
  headers,
  body: fc.oneof(fc.constant<BodyPlan>({ kind: "none" }), textBody),
  authorised,
}).map(printable);

export const requestPlan: fc.Arbitrary<RequestPlan> = fc.oneof(
  ...ENDPOINTS.map((endpoint, index) => ({ weight: ENDPOINT_WEIGHTS[endpointKey(endpoint)] ?? 1, arbitrary: endpointRequest(endpoint, index) })),
  { weight: 2, arbitrary: strayRequest },
);

const README = new TextEncoder().encode("fuzz\n");
const LOGIN_FORM = new TextEncoder().encode(new URLSearchParams({ username: FUZZ_AUTH.user, password: FUZZ_AUTH.password }).toString());

/**
 * A client's first steps, always valid: a project, a few nodes of kinds with several ports, a
 * link, a drawing, a file and a snapshot, so that the generated requests after them find
 * something to act on.
 */
const prologue: fc.Arbitrary<RequestPlan[]> = fc
  .tuple(fc.array(fc.constantFrom("vpcs", "ethernet_switch", "ethernet_hub", "cloud", "qemu"), { minLength: 2, maxLength: 4 }), fc.nat(3), fc.uuid(), fc.nat(3).map((draw) => draw === 0))
  .map(([nodeTypes, port, fallback, withUsers]) => [
    clean("POST /v2/projects", [], { name: "lab" }),
    ...nodeTypes.map((nodeType, index) => clean("POST /v2/projects/:project_id/nodes", [new Ref("project", 0, fallback)], { name: `N${index + 1}`, node_type: nodeType, compute_id: "local" })),
    clean("POST /v2/projects/:project_id/links", [new Ref("project", 0, fallback)], {
      nodes: [
        { node_id: new Ref("node", 0, fallback), adapter_number: 0, port_number: nodeTypes.at(-1) === "vpcs" ? 0 : port },
        { node_id: new Ref("node", 1, fallback), adapter_number: 0, port_number: 0 },
      ],
    }),
    // A VM with a disk, whose disk can grow.
    clean("POST /v2/projects/:project_id/nodes", [new Ref("project", 0, fallback)], { name: "VM", node_type: "qemu", compute_id: "local", properties: { hda_disk_image: "disk.qcow2" } }),
    clean("POST /v2/projects/:project_id/drawings", [new Ref("project", 0, fallback)], { svg: "<svg></svg>", x: 10 }),
    clean("POST /v2/projects/:project_id/files/:path{.+}", [new Ref("project", 0, fallback)], { kind: "bytes", bytes: README }, "notes/readme.txt"),
    clean("POST /v2/projects/:project_id/nodes/:node_id/files/:path{.+}", [new Ref("project", 0, fallback), new Ref("node", 0, fallback)], { kind: "bytes", bytes: README }, "a.txt"),
    // Something to restore or delete for the snapshot endpoints that name one.
    clean("POST /v2/projects/:project_id/snapshots", [new Ref("project", 0, fallback)], { name: "first" }),
    // The compute side of the same project: it shares the project's folder.
    clean("POST /v2/compute/projects", [], { name: "lab", project_id: new Ref("project", 0, fallback) }),
    // A host registered ahead of its daemon, which unlike local can be changed and deleted.
    clean("POST /v2/computes", [], { compute_id: "rack", protocol: "http", host: "192.0.2.1", port: 3080 }),
    // A template of the client's own, which unlike the built-ins can be changed, copied and deleted.
    clean("POST /v2/templates", [], { name: "lab-vm", template_type: "qemu", compute_id: "local" }),
    // GNS3 3.x's sign-ins, and a user who unlike the superadmin can be deleted; in one session
    // in four, as each costs a password hash (tens of milliseconds, by design).
    ...(withUsers
      ? [
          clean("POST /v3/access/users/login", [], { kind: "bytes", bytes: LOGIN_FORM }),
          clean("POST /v3/access/users/authenticate", [], { username: FUZZ_AUTH.user, password: FUZZ_AUTH.password }),
          clean("POST /v3/access/users", [], { username: "student", password: "student-password", email: "student@example.com" }),
        ]
      : []),
  ]);

/** A well-formed request for an endpoint of the table: its id parameters in order, then a file path. */
function clean(key: string, refs: Ref[], body: BodyTree | { kind: "bytes"; bytes: Uint8Array }, filePath?: string): RequestPlan {
  const index = ENDPOINTS.findIndex((endpoint) => endpointKey(endpoint) === key);
  if (index < 0) throw new Error(`fuzz prologue names unknown endpoint ${key}`);
  const parameters: ParamPlan[] = [...refs.map((ref) => ({ ref })), ...(filePath ? [{ text: filePath }] : [])];
  const segments = ENDPOINTS[index]!.path.split("/").filter((part) => part !== "").map((part) => (part.startsWith(":") ? parameters.shift()! : part));
  const bodyPlan: BodyPlan = body !== null && typeof body === "object" && "kind" in body ? (body as BodyPlan) : { kind: "json", tree: body as BodyTree, mutations: [] };
  return printable({ endpoint: index, method: key.split(" ")[0]!, segments, query: "", headers: [], body: bodyPlan, authorised: true });
}

/** A client session against one fresh controller: the prologue, then generated requests. */
export const requestSequence = (maxLength: number) =>
  fc.tuple(prologue, fc.array(requestPlan, { minLength: 1, maxLength, size: "max" })).map(([first, rest]) => [...first, ...rest]);
