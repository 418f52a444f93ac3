import { execFile } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");

/** The three commands as `npm start`, `npm run start:worker` and `npm run dataplane` run them, with the flags each must document. */
const COMMANDS = [
  {
    entry: "controller/runtime/cli.ts",
    usage: "usage: npm start -- [options]",
    flags: [
      ...["host", "port", "data-dir", "user", "password", "allow-unauthenticated", "dataplane-token", "no-local-dataplane"],
      ...["udp-ports", "dataplane-metrics-port", "access-log", "max-upload-size", "max-nodes", "max-links", "max-drawings"],
      ...["max-notification-listeners", "max-notification-listeners-per-project", "cors-origin", "web-ui", "gns3-version"],
    ],
  },
  {
    entry: "controller/runtime/worker-cli.ts",
    usage: "usage: npm run start:worker -- [options]",
    flags: ["host", "port", "data-dir", "user", "password", "dataplane-token", "no-local-dataplane", "udp-ports", "dataplane-metrics-port"],
  },
  {
    entry: "dataplane/cli.ts",
    usage: "usage: npm run dataplane -- [options]",
    flags: ["controller", "host-id", "token", "tunnel-address", "udp-ports", "data-dir", "metrics-port", "name"],
  },
];

function run(entry: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [join(ROOT, "scripts/run-bundled.mjs"), entry, "--", ...args], { cwd: ROOT, timeout: 30_000 }, (_error, stdout, stderr) =>
      resolve({ code: child.exitCode, stdout, stderr }),
    );
  });
}

describe.each(COMMANDS)("$entry", ({ entry, usage, flags }) => {
  it("--help prints every flag with its description, default and variable, and exits 0", async () => {
    const { code, stdout, stderr } = await run(entry, ["--help"]);
    expect(code).toBe(0);
    expect(stderr).toBe("");
    expect(stdout.startsWith(`${usage}\n`)).toBe(true);
    // A long flag's description is on the next line: joined here, one row per flag.
    const rows = stdout.replaceAll(/\n {20,}/g, "  ");
    for (const flag of flags) expect(rows, flag).toMatch(new RegExp(`^  --${flag}(?: [A-Z-]+)? {2,}\\S.* \\(default: [^;]+; env: [^)]+\\)$`, "m"));
  });

  it("an unknown flag is one line of error, then the usage, and exit 2: no stack trace", async () => {
    const { code, stdout, stderr } = await run(entry, ["--bogus"]);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr.startsWith(`error: unknown option '--bogus'\n\n${usage}\n`)).toBe(true);
    expect(stderr).not.toMatch(/^\s+at /m);
  });
});
