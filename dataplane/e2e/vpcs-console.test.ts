import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { startVpcsLab, type VpcsLab } from "./vpcs-lab";

/**
 * A VPCS console in a browser, as the GNS3 web UI opens it: a WebSocket on
 * `…/nodes/{id}/console/ws` that carries the telnet bytes, Enter sent as "\r" in text frames.
 */
class WebConsole {
  private text = "";
  private waiter: (() => void) | undefined;
  readonly closed: Promise<void>;

  private constructor(private readonly socket: WebSocket) {
    socket.on("message", (data: Buffer) => {
      this.text += data.toString("latin1");
      this.waiter?.();
    });
    this.closed = new Promise((resolve) => socket.once("close", () => resolve()));
  }

  static async open(url: string): Promise<WebConsole> {
    const socket = new WebSocket(url);
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    return new WebConsole(socket);
  }

  /**
   * Waits for the first prompt after VPCS has run its startup script, which it does for the
   * first client to connect: what is typed meanwhile is lost.
   */
  async ready(prompt: string, timeoutMs = 15_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const seen = this.text.length;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      if (this.text.endsWith(`${prompt}> `) && this.text.length === seen) return this.text;
      if (Date.now() > deadline) throw new Error(`no '${prompt}> ' prompt; got ${JSON.stringify(this.text.slice(-300))}`);
      if (this.text.length === seen) this.socket.send("\r");
    }
  }

  /** Types a line and resolves with what came back after its echo, up to the next `prompt`. */
  async type(line: string, prompt: string, timeoutMs = 15_000): Promise<string> {
    this.text = "";
    this.socket.send(`${line}\r`);
    const deadline = Date.now() + timeoutMs;
    const answered = () => {
      const echo = this.text.indexOf(line);
      return echo >= 0 && this.text.endsWith(`${prompt}> `) && this.text.length - `${prompt}> `.length > echo + line.length;
    };
    while (!answered()) {
      if (Date.now() > deadline) throw new Error(`no '${prompt}> ' prompt after ${JSON.stringify(line)}; got ${JSON.stringify(this.text.slice(-300))}`);
      await new Promise<void>((resolve) => {
        this.waiter = resolve;
        setTimeout(resolve, 100);
      });
    }
    return this.text;
  }

  close(): Promise<void> {
    this.socket.close();
    return this.closed;
  }
}

/**
 * What a user with only a browser does, end to end with real VPCS processes: opens a node's
 * console from the web UI, edits its startup script and restarts it. The controller runs as
 * `npm start` and as `npm run start:worker` (the console then goes from a project's Durable
 * Object to VPCS over `connect()`), each with its local daemon.
 */
describe.each([
  { runtime: "Node", script: "start" as const },
  { runtime: "Workers (workerd)", script: "start:worker" as const },
])("VPCS consoles and startup scripts through the API, controller on $runtime", ({ script }) => {
  const dataDir = mkdtempSync(join(tmpdir(), "e2e-console-"));
  let lab: VpcsLab;
  const nodePath = (nodeId: string) => `/v2/projects/${lab.projectId}/nodes/${nodeId}`;
  const consoleUrl = (nodeId: string) => `${lab.controller.url.replace(/^http/, "ws")}${nodePath(nodeId)}/console/ws`;
  /** Runs the action and waits until the local daemon applied the revision it caused. */
  const applied = async (action: () => Promise<{ status: number }>) => {
    const before = await lab.revision();
    const reply = await action();
    expect(reply.status, JSON.stringify((reply as { body?: unknown }).body)).toBeLessThan(300);
    await lab.settled(before);
  };

  beforeAll(async () => {
    lab = await startVpcsLab(dataDir, { script });
  }, 120_000);
  afterAll(async () => {
    await lab?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("opens PC1's console in a WebSocket: its prompt is PC1 and its address survived a restart", async () => {
    const pc1 = lab.nodes[0]!;
    // The lab configured PC1 (ip, save) through its telnet console; VPCS serves one console
    // client at a time, and a restart ends that one.
    await applied(() => lab.api("POST", `${nodePath(pc1.node_id)}/stop`));
    await applied(() => lab.api("POST", `${nodePath(pc1.node_id)}/start`));
    const web = await WebConsole.open(consoleUrl(pc1.node_id));
    try {
      expect(await web.ready("PC1")).toContain("PC1> ");
      const shown = await web.type("show ip", "PC1");
      expect(shown).toMatch(/NAME\s+: PC1/);
      expect(shown).toMatch(/IP\/MASK\s+: 10\.0\.0\.1\/24/);
    } finally {
      await web.close();
    }
    // Closing the WebSocket hung up the telnet connection: VPCS, which serves one client at a
    // time, answers the next.
    const next = await WebConsole.open(consoleUrl(pc1.node_id));
    try {
      expect(await next.ready("PC1")).toContain("PC1> ");
    } finally {
      await next.close();
    }
  }, 60_000);

  it("runs the startup script a node was created with, and the one written through its files at the next start", async () => {
    const created = await lab.api("POST", `/v2/projects/${lab.projectId}/nodes`, {
      name: "PC3",
      node_type: "vpcs",
      compute_id: "local",
      properties: { startup_script: "set pcname %h\nip 10.0.0.3/24 10.0.0.254\n" },
    });
    expect(created.status).toBe(201);
    const pc3 = created.body as { node_id: string };
    await applied(() => lab.api("POST", `${nodePath(pc3.node_id)}/start`));
    let web = await WebConsole.open(consoleUrl(pc3.node_id));
    try {
      await web.ready("PC3");
      const shown = await web.type("show ip", "PC3");
      expect(shown).toMatch(/IP\/MASK\s+: 10\.0\.0\.3\/24/);
      expect(shown).toMatch(/GATEWAY\s+: 10\.0\.0\.254/);
    } finally {
      await web.close();
    }

    // The web UI's "Edit config": the file is read, changed and posted back; it runs at the next start.
    const file = await fetch(`${lab.controller.url}${nodePath(pc3.node_id)}/files/startup.vpc`);
    expect(await file.text()).toBe("set pcname PC3\nip 10.0.0.3/24 10.0.0.254\n");
    const posted = await fetch(`${lab.controller.url}${nodePath(pc3.node_id)}/files/startup.vpc`, { method: "POST", body: "set pcname PC3\nip 10.0.0.33/24\n" });
    expect(posted.status).toBe(201);
    await applied(() => lab.api("POST", `${nodePath(pc3.node_id)}/stop`));
    expect((await lab.api("PUT", nodePath(pc3.node_id), { name: "Web" })).status).toBe(200);
    await applied(() => lab.api("POST", `${nodePath(pc3.node_id)}/start`));
    web = await WebConsole.open(consoleUrl(pc3.node_id));
    try {
      await web.ready("Web");
      expect(await web.type("show ip", "Web")).toMatch(/IP\/MASK\s+: 10\.0\.0\.33\/24/);
    } finally {
      await web.close();
    }
  }, 90_000);

  it("runs an edited script at a reload, as the web UI's \"Edit config\" then \"Reload\" expects", async () => {
    const created = await lab.api("POST", `/v2/projects/${lab.projectId}/nodes`, {
      name: "PC4",
      node_type: "vpcs",
      compute_id: "local",
      properties: { startup_script: "set pcname %h\nip 10.0.0.4/24\n" },
    });
    const pc4 = created.body as { node_id: string };
    await applied(() => lab.api("POST", `${nodePath(pc4.node_id)}/start`));
    const posted = await fetch(`${lab.controller.url}${nodePath(pc4.node_id)}/files/startup.vpc`, { method: "POST", body: "set pcname PC4\nip 10.0.0.44/24\n" });
    expect(posted.status).toBe(201);
    await applied(() => lab.api("POST", `${nodePath(pc4.node_id)}/reload`));
    const web = await WebConsole.open(consoleUrl(pc4.node_id));
    try {
      await web.ready("PC4");
      expect(await web.type("show ip", "PC4")).toMatch(/IP\/MASK\s+: 10\.0\.0\.44\/24/);
    } finally {
      await web.close();
    }
  }, 90_000);

  it("answers a plain GET for the console of a stopped node with 409 and GNS3's message", async () => {
    const pc2 = lab.nodes[1]!;
    await applied(() => lab.api("POST", `${nodePath(pc2.node_id)}/stop`));
    const reply = await lab.api("GET", `${nodePath(pc2.node_id)}/console/ws`);
    expect(reply).toEqual({ status: 409, body: { message: "Node PC2 is not started", status: 409 } });
  });
});
