/**
 * What the fuzzer sends, as data that fast-check can generate, print and shrink. Ids that only
 * exist at run time (the project a POST created a moment ago) appear as `Ref`s, resolved
 * against the store just before the request goes out (see `resolve.ts`).
 */

/** Things a request can name; `pick` chooses among those that exist, `fallback` is used when none do. */
export type RefKind =
  | "project"
  | "node"
  | "link"
  | "drawing"
  | "computeProject"
  | "template"
  | "compute"
  | "projectFile"
  | "image"
  | "snapshot"
  /** A `/v3` user. */
  | "user"
  /** A `.gns3` file the controller may load, as an absolute path on its disk. */
  | "topologyFile"
  | "fresh";

export class Ref {
  constructor(
    readonly kind: RefKind,
    readonly pick: number,
    readonly fallback: string,
  ) {}

  toString(): string {
    return `Ref(${this.kind}#${this.pick})`;
  }
}

/** A JSON body before its refs are resolved. */
export type BodyTree = null | boolean | number | string | Ref | BodyTree[] | { [key: string]: BodyTree };

/** One path parameter: a ref, text to percent-encode, raw URL text, or an id smuggled into a sub-record. */
export type ParamPlan =
  | { ref: Ref }
  | { text: string }
  | { raw: string }
  /** `{project}%2F{collection}%2F{child}`: a project id that names one of its own records. */
  | { nested: { parent: Ref; collection: string; child: Ref } };

/** A mutation applied to the JSON body after resolution, at the `at`-th value of a depth-first walk. */
export interface BodyMutation {
  at: number;
  op: "delete" | "replace" | "addKey" | "wrap";
  key: string;
  value: unknown;
}

export type BodyPlan =
  | { kind: "none" }
  | { kind: "json"; tree: BodyTree; mutations: BodyMutation[] }
  /** Exactly these characters (bad JSON, a BOM, a megabyte of spaces). */
  | { kind: "text"; text: string }
  | { kind: "bytes"; bytes: Uint8Array }
  /** The export of an existing project, fetched through the API just before sending (an import's best input). */
  | { kind: "export"; project: Ref; compression: "zip" | "none" };

export interface RequestPlan {
  /** Index in ENDPOINTS of the endpoint this request was made for. */
  endpoint: number;
  method: string;
  /** Path segments after the leading `/`: literal text, or a parameter. */
  segments: Array<string | ParamPlan>;
  query: string;
  headers: Array<[string, string]>;
  body: BodyPlan;
  /** Whether to send the right Basic credentials (the fuzzed app has auth on). */
  authorised: boolean;
}

/** One line per request in fast-check's counterexamples: bodies of a megabyte are clipped. */
export function describePlan(plan: RequestPlan): string {
  const path = plan.segments.map((segment) => (typeof segment === "string" ? segment : describeParam(segment))).join("/");
  const headers = plan.headers.map(([name, value]) => ` ${name}: ${clip(value, 40)}`).join(";");
  return `${plan.method} /${path}${clip(plan.query, 60)}${headers}${plan.authorised ? "" : " (no credentials)"} ${describeBody(plan.body)}`;
}

function describeParam(param: ParamPlan): string {
  if ("ref" in param) return `{${param.ref}}`;
  if ("text" in param) return `{text ${JSON.stringify(clip(param.text, 40))}}`;
  if ("raw" in param) return `{raw ${param.raw}}`;
  return `{${param.nested.parent}%2F${param.nested.collection}%2F${param.nested.child}}`;
}

function describeBody(body: BodyPlan): string {
  switch (body.kind) {
    case "none":
      return "";
    case "json":
      return `json ${clip(JSON.stringify(body.tree, (_key, value) => (value instanceof Ref ? String(value) : value)), 200)}${body.mutations.map((mutation) => ` then ${mutation.op}@${mutation.at} ${clip(JSON.stringify(mutation.value) ?? "", 40)}`).join("")}`;
    case "text":
      return `text ${JSON.stringify(clip(body.text, 100))}`;
    case "bytes":
      return `${body.bytes.length} bytes`;
    case "export":
      return `export of ${body.project} (${body.compression})`;
  }
}

function clip(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length)}…(${text.length} chars)` : text;
}
