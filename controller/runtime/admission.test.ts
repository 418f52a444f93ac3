import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startControllerProcess, type ControllerProcess } from "../testing/controller-process";
import { Admission, parseConcurrentRequests } from "./admission";

/** A handler that runs until told to end, recording when it started. */
function gate(started: string[], name: string) {
  let end!: () => void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  return { run: async () => (started.push(name), await ended, name), end: () => end() };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("Admission", () => {
  it("works on at most its number of requests, and lets the others in in the order they came", async () => {
    const admission = new Admission(2, 10_000);
    const started: string[] = [];
    const gates = ["a", "b", "c", "d"].map((name) => gate(started, name));
    const answers = gates.map((each) => admission.wrap(each.run)());
    await tick();
    expect(started).toEqual(["a", "b"]);
    gates[1]!.end();
    await tick();
    expect(started).toEqual(["a", "b", "c"]);
    gates[0]!.end();
    gates[2]!.end();
    gates[3]!.end();
    expect(await Promise.all(answers)).toEqual(["a", "b", "c", "d"]);
  });

  it("lets the next in when a request has held its place for the hold time, and counts it out once", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const admission = new Admission(1, 30);
      const started: string[] = [];
      const long = gate(started, "long");
      const next = gate(started, "next");
      const last = gate(started, "last");
      const answers = [admission.wrap(long.run)(), admission.wrap(next.run)()];
      await tick();
      vi.advanceTimersByTime(29);
      await tick();
      expect(started).toEqual(["long"]);
      vi.advanceTimersByTime(1);
      await tick();
      expect(started).toEqual(["long", "next"]);
      // The long one ending now gives back no second place: "last" waits for "next".
      long.end();
      answers.push(admission.wrap(last.run)());
      await tick();
      expect(started).toEqual(["long", "next"]);
      next.end();
      await tick();
      expect(started).toEqual(["long", "next", "last"]);
      last.end();
      await Promise.all(answers);
    } finally {
      vi.useRealTimers();
    }
  });

  it("gives the place back when a request fails", async () => {
    const admission = new Admission(1, 10_000);
    await expect(admission.wrap(async () => Promise.reject(new Error("refused")))()).rejects.toThrow("refused");
    expect(await admission.wrap(async () => "after")()).toBe("after");
  });

  it("reads --concurrent-requests as a whole number of at least 1", () => {
    expect(parseConcurrentRequests("24")).toBe(24);
    for (const text of ["0", "-1", "2.5", "", "many"]) expect(() => parseConcurrentRequests(text)).toThrow(`got '${text}'`);
  });
});

/** On the real server, with one request at a time: a slow client cannot hold back the others. */
describe("the Node server admitting one request at a time", () => {
  let dataDir: string;
  let server: ControllerProcess;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "admission-"));
    server = await startControllerProcess(["--port", "0", "--data-dir", dataDir, "--no-local-dataplane", "--concurrent-requests", "1"]);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers others while an upload trickles in, and takes the upload whole", async () => {
    const { body: project } = (await (await fetch(`${server.url}/v2/projects`, { method: "POST", body: JSON.stringify({ name: "admission" }) })).json().then((body) => ({ body }))) as { body: { project_id: string } };
    const path = `/v2/projects/${project.project_id}/files/slow.bin`;
    const socket = connect(Number(new URL(server.url).port), "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString("latin1")));
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 4096\r\n\r\n`);
    socket.write(Buffer.alloc(1024, 1));
    await new Promise((resolve) => setTimeout(resolve, 100));

    // The upload is being read (it took the only place) and waits for its client.
    const began = performance.now();
    const answers = await Promise.all(Array.from({ length: 5 }, () => fetch(`${server.url}/v2/version`).then((response) => response.status)));
    expect(answers).toEqual([200, 200, 200, 200, 200]);
    expect(performance.now() - began).toBeLessThan(1000);

    socket.write(Buffer.alloc(3072, 1));
    await new Promise<void>((resolve) => socket.once("close", () => resolve()));
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    expect((await (await fetch(`${server.url}${path}`)).arrayBuffer()).byteLength).toBe(4096);
  });
});
