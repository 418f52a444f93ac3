import { seededRandom } from "@shared/testing/seeded-random";
import { answerStatus, type Ending, type Exchange, type ExchangeResult } from "./raw-connection";

/** What the cases address on the server under test: set up through the API before the run. */
export interface WireTarget {
  /** `Authorization` header value the server accepts. */
  authorization: string;
  projectId: string;
  /** A VPCS node that is not started: its console upgrades, then closes at once with 1000. */
  stoppedNodeId: string;
  /** A started node whose console answers, where the runtime runs one; its upgrades are accepted. */
  startedNodeId?: string;
  linkId: string;
  /** An image stored before the run, for slow downloads. */
  imageName: string;
  /**
   * Whether the server closes a refused upgrade's connection. Node must: the socket left its
   * HTTP parser when the upgrade began. workerd answers it as any GET and keeps it alive.
   */
  refusedUpgradesClose: boolean;
}

export interface WireCase {
  family: string;
  name: string;
  exchange: Exchange;
  /** What must hold of the answer when the client read it (undefined: anything but a crash goes). */
  check?(result: ExchangeResult): string | undefined;
}

/** Names of what cases upload, so the run can check none of it was kept half-written. */
export const FUZZ_IMAGE_PREFIX = "wire-fuzz-";

const ENDINGS: Ending[] = [
  { kind: "read" },
  { kind: "half-close" },
  { kind: "reset-before-answer" },
  { kind: "reset-during-answer" },
  { kind: "reset-after-answer" },
  { kind: "stop-reading", forMs: 100 },
];
const UNKNOWN_ID = "5e7a6d0e-3f5c-4a0e-9f4c-1d2b3c4d5e6f";
const KEY = "dGhlIHNhbXBsZSBub25jZQ==";

/** The request line and headers, then the body, as a client writes them. */
function request(method: string, path: string, headers: Record<string, string>, body: Buffer = Buffer.alloc(0)): Buffer {
  const lines = [`${method} ${path} HTTP/1.1`, "Host: 127.0.0.1", ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
  if (!("Content-Length" in headers) && (body.length > 0 || method === "POST" || method === "PUT")) lines.push(`Content-Length: ${body.length}`);
  return Buffer.concat([Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1"), body]);
}

function upgradeHeaders(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const headers: Record<string, string | undefined> = {
    Connection: "Upgrade",
    Upgrade: "websocket",
    "Sec-WebSocket-Version": "13",
    "Sec-WebSocket-Key": KEY,
    ...overrides,
  };
  return Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** A refusal read whole: its status, a `{message, status}` body, and the connection closed by the server. */
function refusedWith(status: number | readonly number[], mustClose: boolean) {
  const allowed = typeof status === "number" ? [status] : status;
  return (result: ExchangeResult): string | undefined => {
    const got = answerStatus(result.received);
    if (got === undefined || !allowed.includes(got)) {
      return `expected ${allowed.join(" or ")}, got ${got ?? "no answer"}: ${JSON.stringify(result.received.subarray(0, 300).toString("latin1"))}`;
    }
    const body = result.received.subarray(result.received.indexOf("\r\n\r\n") + 4).toString("utf8");
    try {
      const parsed = JSON.parse(body) as { message?: unknown; status?: unknown };
      if (typeof parsed.message !== "string" || parsed.status !== got) return `the ${got} body is not {message, status}: ${body.slice(0, 200)}`;
    } catch {
      return `the ${got} body is not JSON: ${body.slice(0, 200)}`;
    }
    if (mustClose && result.end !== "server-closed") return `the server kept the refused upgrade's connection open (${result.end})`;
    return undefined;
  };
}

/** A refusal as `refusedWith` says, or an upgrade where 101 is among the statuses allowed. */
function refusedOrAccepted(statuses: number | number[], mustClose: boolean) {
  const refused = refusedWith(statuses, mustClose);
  const mayAccept = Array.isArray(statuses) && statuses.includes(101);
  return (result: ExchangeResult) => (mayAccept && answerStatus(result.received) === 101 ? undefined : refused(result));
}

function accepted(result: ExchangeResult): string | undefined {
  const got = answerStatus(result.received);
  return got === 101 ? undefined : `expected 101, got ${got ?? "no answer"}: ${result.received.subarray(0, 200).toString("latin1")}`;
}

/**
 * An upgrade whose first frame is a close with code 1000: how GNS3 tells a console client the
 * node cannot be had (the reason says why), so the client knows not to wait for bytes.
 */
function acceptedThenClosed(result: ExchangeResult): string | undefined {
  const notAccepted = accepted(result);
  if (notAccepted) return notAccepted;
  const frame = result.received.subarray(result.received.indexOf("\r\n\r\n") + 4);
  if (frame.length < 4) return `expected a close frame after the 101, got ${JSON.stringify(frame.toString("latin1"))}`;
  const [head, length] = [frame[0]!, frame[1]! & 0x7f];
  if (head !== 0x88 || length < 2 || frame.readUInt16BE(2) !== 1000) {
    return `expected a close frame with 1000 after the 101, got ${JSON.stringify(frame.subarray(0, 40).toString("latin1"))}`;
  }
  return undefined;
}

/**
 * Every WebSocket route × every way it can be refused (or accepted) × every way the client
 * can leave. `read` endings check the answer too: a refusal is whole and closes the connection.
 */
function webSocketCases(target: WireTarget): WireCase[] {
  const auth = { Authorization: target.authorization };
  const project = `/v2/projects/${target.projectId}`;
  const routes: Array<{ route: string; path: string; authExempt?: boolean; closesAtOnce?: boolean; busy?: number }> = [
    { route: "controller notifications", path: "/v2/notifications/ws" },
    { route: "project notifications", path: `${project}/notifications/ws` },
    { route: "console of a stopped node", path: `${project}/nodes/${target.stoppedNodeId}/console/ws`, authExempt: true, closesAtOnce: true },
    { route: "dataplane channel", path: "/v2/dataplane/ws?host_id=wire-fuzz", authExempt: true },
    // VPCS serves one console client at a time: while a case holds it, another's upgrade is refused with 409.
    ...(target.startedNodeId ? [{ route: "console of a started node", path: `${project}/nodes/${target.startedNodeId}/console/ws`, authExempt: true, busy: 409 }] : []),
  ];
  const ways: Array<{
    way: string;
    build(route: (typeof routes)[number]): { path: string; headers: Record<string, string>; status: number | number[] | "accepted" | "accepted then closed" } | undefined;
  }> = [
    { way: "valid", build: (r) => ({ path: r.path, headers: { ...auth, ...upgradeHeaders() }, status: r.busy ? [101, r.busy] : r.closesAtOnce ? "accepted then closed" : "accepted" }) },
    { way: "404 unknown project", build: (r) => (r.path.includes(target.projectId) ? { path: r.path.replace(target.projectId, UNKNOWN_ID), headers: { ...auth, ...upgradeHeaders() }, status: 404 } : undefined) },
    { way: "404 unknown route", build: (r) => ({ path: r.path.replace("/ws", "/wsx/ws"), headers: { ...auth, ...upgradeHeaders() }, status: 404 }) },
    { way: "401 no credentials", build: (r) => (r.authExempt ? undefined : { path: r.path, headers: upgradeHeaders(), status: 401 }) },
    { way: "401 wrong credentials", build: (r) => (r.authExempt ? undefined : { path: r.path, headers: { Authorization: "Basic d3Jvbmc6d3Jvbmc=", ...upgradeHeaders() }, status: 401 }) },
    { way: "400 bad Sec-WebSocket-Version", build: (r) => ({ path: r.path, headers: { ...auth, ...upgradeHeaders({ "Sec-WebSocket-Version": "12" }) }, status: 400 }) },
    { way: "400 no Sec-WebSocket-Key", build: (r) => ({ path: r.path, headers: { ...auth, ...upgradeHeaders({ "Sec-WebSocket-Key": undefined }) }, status: 400 }) },
    { way: "400 bad Sec-WebSocket-Key", build: (r) => ({ path: r.path, headers: { ...auth, ...upgradeHeaders({ "Sec-WebSocket-Key": "short" }) }, status: 400 }) },
    // Checked by `ws` itself on Node, past our own checks.
    {
      way: "bad Sec-WebSocket-Extensions",
      build: (r) => ({ path: r.path, headers: { ...auth, ...upgradeHeaders({ "Sec-WebSocket-Extensions": "permessage-deflate; ;;=" }) }, status: [101, 400] }),
    },
  ];
  const cases: WireCase[] = [];
  for (const route of routes) {
    for (const way of ways) {
      const built = way.build(route);
      if (!built) continue;
      for (const ending of ENDINGS) {
        const check =
          ending.kind !== "read"
            ? undefined
            : built.status === "accepted"
              ? accepted
              : built.status === "accepted then closed"
                ? acceptedThenClosed
                : refusedOrAccepted(built.status, target.refusedUpgradesClose);
        cases.push({
          family: "websocket",
          name: `${route.route}, ${way.way}, ${ending.kind}`,
          exchange: { chunks: [request("GET", built.path, built.headers)], ending },
          ...(check ? { check } : {}),
        });
      }
      // Frames (or junk) right behind the handshake, in the same packet.
      cases.push({
        family: "websocket",
        name: `${route.route}, ${way.way}, with bytes after the head`,
        exchange: { chunks: [Buffer.concat([request("GET", built.path, built.headers), Buffer.from([0x81, 0x85, 1, 2, 3, 4, 0x69, 0x67, 0x6f, 0x68, 0x6e, 0xff, 0x00])])], ending: { kind: "read" } },
      });
    }
  }
  return cases;
}

/** Real requests of every kind a client sends, each to be cut short at every byte. */
export function sampleRequests(target: WireTarget): Array<{ name: string; bytes: Buffer }> {
  const auth = { Authorization: target.authorization };
  const json = (value: unknown) => Buffer.from(JSON.stringify(value));
  const project = `/v2/projects/${target.projectId}`;
  const boundary = "----wirefuzz7MA4YWxkTrZu0gW";
  const form = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="lab.gns3project"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    Buffer.from("PK\x03\x04 not quite a zip, and cut anyway ".repeat(8)),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return [
    { name: "JSON project create", bytes: request("POST", "/v2/projects", { ...auth, "Content-Type": "application/json" }, json({ name: "wire fuzz lab", auto_close: false })) },
    {
      name: "JSON node create",
      bytes: request("POST", `${project}/nodes`, { ...auth, "Content-Type": "application/json" }, json({ name: "PC9", node_type: "vpcs", compute_id: "local", x: 10, y: -20 })),
    },
    {
      name: "JSON link filters",
      bytes: request("PUT", `${project}/links/${target.linkId}`, { ...auth, "Content-Type": "application/json" }, json({ filters: { delay: [20, 5], packet_loss: [10] } })),
    },
    {
      name: "multipart project import",
      bytes: request("POST", `/v2/projects/${UNKNOWN_ID}/import?name=wire`, { ...auth, "Content-Type": `multipart/form-data; boundary=${boundary}` }, form),
    },
    {
      name: "image upload",
      bytes: request("POST", `/v2/compute/qemu/images/${FUZZ_IMAGE_PREFIX}cut.qcow2`, { ...auth, "Content-Type": "application/octet-stream" }, Buffer.alloc(700, 0x51)),
    },
    { name: "console upgrade", bytes: request("GET", `${project}/nodes/${target.stoppedNodeId}/console/ws`, upgradeHeaders()) },
    { name: "notifications upgrade", bytes: request("GET", "/v2/notifications/ws", { ...auth, ...upgradeHeaders() }) },
  ];
}

/**
 * Each sample cut after every byte (never whole, so nothing is created), the client then
 * half-closing or resetting: a server must drop what it half-read and never keep it.
 */
function truncationCases(target: WireTarget): WireCase[] {
  const cases: WireCase[] = [];
  for (const sample of sampleRequests(target)) {
    for (let cut = 1; cut < sample.bytes.length; cut++) {
      const ending: Ending = cut % 2 === 0 ? { kind: "half-close" } : { kind: "reset-before-answer" };
      cases.push({ family: "truncated", name: `${sample.name} cut at byte ${cut} of ${sample.bytes.length}, ${ending.kind}`, exchange: { chunks: [sample.bytes.subarray(0, cut)], ending } });
    }
  }
  return cases;
}

/** An upload the client resets in the middle of its body, after the server began to store it. */
function resetInBodyCases(target: WireTarget): WireCase[] {
  const size = 256 * 1024;
  const cases: WireCase[] = [];
  for (const fraction of [0.1, 0.5, 0.9, 0.999]) {
    for (const route of ["image", "import"] as const) {
      const path = route === "image" ? `/v2/compute/qemu/images/${FUZZ_IMAGE_PREFIX}reset.qcow2` : `/v2/projects/${UNKNOWN_ID}/import?name=wire-reset`;
      const head = request("POST", path, { Authorization: target.authorization, "Content-Type": "application/octet-stream", "Content-Length": String(size) });
      const sent = Math.floor(size * fraction);
      const chunks = [head, ...Array.from({ length: 4 }, () => Buffer.alloc(Math.ceil(sent / 4), 0x42))];
      cases.push({ family: "reset in body", name: `${route} upload reset after ${sent} of ${size} bytes`, exchange: { chunks, pauseMs: 5, ending: { kind: "reset-before-answer" } } });
    }
  }
  return cases;
}

/** Several requests in one write; the server answers each in order, or closes after a refusal. */
function pipelinedCases(target: WireTarget): WireCase[] {
  const auth = { Authorization: target.authorization };
  const version = request("GET", "/v2/version", auth);
  const upgrade = request("GET", "/v2/notifications/ws", { ...auth, ...upgradeHeaders() });
  const refusedUpgrade = request("GET", `/v2/projects/${target.projectId}/nodes/${target.stoppedNodeId}/console/ws`, upgradeHeaders());
  const badJson = request("PUT", `/v2/projects/${target.projectId}`, { ...auth, "Content-Type": "application/json" }, Buffer.from("{not json"));
  const groups: Array<[string, Buffer[]]> = [
    ["three versions", [version, version, version]],
    ["version then bad JSON then version", [version, badJson, version]],
    ["version then upgrade", [version, upgrade]],
    ["refused upgrade then version", [refusedUpgrade, version]],
    ["upgrade then version", [upgrade, version]],
    ["twenty versions", Array.from({ length: 20 }, () => version)],
  ];
  return groups.flatMap(([name, requests]) =>
    (["read", "reset-during-answer", "half-close"] as const).map((kind) => ({ family: "pipelined", name: `${name}, ${kind}`, exchange: { chunks: [Buffer.concat(requests)], ending: { kind } } })),
  );
}

/** Bytes no client should send: random, almost-HTTP, and the classic parser traps. */
function garbageCases(target: WireTarget, seed: number, count: number): WireCase[] {
  const random = seededRandom(seed);
  const auth = `Authorization: ${target.authorization}\r\n`;
  const fixed: Array<[string, string]> = [
    ["HTTP/0.9", "GET /v2/version\r\n\r\n"],
    ["no Host", `GET /v2/version HTTP/1.1\r\n${auth}\r\n`],
    ["bad method", `FROB /v2/version HTTP/1.1\r\nHost: x\r\n${auth}\r\n`],
    ["CONNECT", `CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n`],
    ["absolute URI", `GET http://127.0.0.1/v2/version HTTP/1.1\r\nHost: x\r\n${auth}\r\n`],
    ["header without colon", `GET /v2/version HTTP/1.1\r\nHost: x\r\nnocolon\r\n\r\n`],
    ["space before colon", `GET /v2/version HTTP/1.1\r\nHost : x\r\n\r\n`],
    ["two Content-Lengths", `POST /v2/projects HTTP/1.1\r\nHost: x\r\n${auth}Content-Length: 5\r\nContent-Length: 7\r\n\r\n{}{}{}{`],
    ["Content-Length and chunked", `POST /v2/projects HTTP/1.1\r\nHost: x\r\n${auth}Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`],
    ["negative Content-Length", `POST /v2/projects HTTP/1.1\r\nHost: x\r\n${auth}Content-Length: -1\r\n\r\n`],
    ["huge Content-Length", `POST /v2/projects HTTP/1.1\r\nHost: x\r\n${auth}Content-Length: 99999999999999999999\r\n\r\n{}`],
    ["bad chunk size", `POST /v2/projects HTTP/1.1\r\nHost: x\r\n${auth}Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`],
    ["chunk longer than said", `POST /v2/projects HTTP/1.1\r\nHost: x\r\n${auth}Transfer-Encoding: chunked\r\n\r\n2\r\n{"name":"x"}\r\n0\r\n\r\n`],
    ["header of 64 KiB", `GET /v2/version HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(65536)}\r\n\r\n`],
    ["10,000 headers", `GET /v2/version HTTP/1.1\r\nHost: x\r\n${"X-A: b\r\n".repeat(10_000)}\r\n`],
    ["NUL in the path", `GET /v2/ver\0sion HTTP/1.1\r\nHost: x\r\n\r\n`],
    ["LF only", `GET /v2/version HTTP/1.1\nHost: x\n${auth.replace("\r\n", "\n")}\n`],
    ["upgrade to h2c", `GET /v2/version HTTP/1.1\r\nHost: x\r\n${auth}Connection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\n\r\n`],
    ["HTTP/2 preface", "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"],
    ["TLS hello", "\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03"],
    ["Expect 100-continue, no body", `POST /v2/projects HTTP/1.1\r\nHost: x\r\n${auth}Expect: 100-continue\r\nContent-Length: 20\r\n\r\n`],
  ];
  const cases: WireCase[] = fixed.flatMap(([name, text]) =>
    (["read", "reset-before-answer", "half-close"] as const).map((kind) => ({ family: "garbage", name: `${name}, ${kind}`, exchange: { chunks: [Buffer.from(text, "latin1")], ending: { kind } } })),
  );
  const alphabet = "GETPOSTHTP/1.0 \r\n:;,=\"{}[]/?%\0\xff\x80Upgrade: websocket\r\nContent-Length: 9\r\nTransfer-Encoding: chunked\r\n";
  for (let index = 0; index < count; index++) {
    const length = 1 + Math.floor(random() * 600);
    const bytes = Buffer.alloc(length);
    const almostText = random() < 0.6;
    for (let at = 0; at < length; at++) bytes[at] = almostText ? alphabet.charCodeAt(Math.floor(random() * alphabet.length)) & 0xff : Math.floor(random() * 256);
    // Half of them start as a plausible request, so the parser gets past the first line.
    const chunk = random() < 0.5 ? Buffer.concat([Buffer.from(`POST /v2/projects HTTP/1.1\r\nHost: x\r\n${auth}`, "latin1"), bytes]) : bytes;
    const ending = ENDINGS[Math.floor(random() * 3)]!;
    cases.push({ family: "garbage", name: `random bytes #${index} (seed ${seed})`, exchange: { chunks: [chunk], ending } });
  }
  return cases;
}

/** Clients that stop reading a stream that goes on (notifications, a download) and then leave. */
function slowReaderCases(target: WireTarget): WireCase[] {
  const auth = { Authorization: target.authorization };
  const paths = [
    "/v2/notifications",
    `/v2/projects/${target.projectId}/notifications`,
    `/v2/projects/${target.projectId}/export`,
    `/v2/compute/qemu/images/${target.imageName}`,
  ];
  const cases: WireCase[] = [];
  for (const path of paths) {
    for (const forMs of [50, 500, 2000]) {
      cases.push({ family: "slow reader", name: `${path} unread for ${forMs} ms`, exchange: { chunks: [request("GET", path, auth)], ending: { kind: "stop-reading", forMs } } });
    }
  }
  cases.push({
    family: "slow reader",
    name: "notifications WebSocket unread",
    exchange: { chunks: [request("GET", "/v2/notifications/ws", { ...auth, ...upgradeHeaders() })], ending: { kind: "stop-reading", forMs: 1000 } },
  });
  return cases;
}

/**
 * The whole catalogue, once. A run repeats it (in a seeded order) until it has made the
 * connections it was asked for; the random garbage differs in each round.
 */
export function wireCases(target: WireTarget, round: number): WireCase[] {
  return [
    ...webSocketCases(target),
    ...truncationCases(target),
    ...resetInBodyCases(target),
    ...pipelinedCases(target),
    ...garbageCases(target, 1000 + round, 400),
    ...slowReaderCases(target),
  ];
}
