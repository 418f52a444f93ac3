import { describe, expect, it } from "vitest";
import { parseFlags, usageText, type FlagDefinition } from "./flags";

const FLAGS = [
  { name: "port", type: "string", value: "PORT", default: "3080", env: "TEST_PORT", description: "port to listen on" },
  { name: "token", type: "string", env: "TEST_TOKEN", defaultText: "a random one", description: "shared secret" },
  { name: "user", type: "string", description: "who may log in" },
  { name: "quiet", type: "boolean", env: "TEST_QUIET", description: "say less" },
  { name: "no-daemon", type: "boolean", env: "TEST_DAEMON", envOn: "0", description: "run no daemon" },
  { name: "a-flag-with-a-name-too-long-for-its-column", type: "string", value: "N", default: "1", description: "on a line of its own" },
] as const satisfies readonly FlagDefinition[];

const values = (args: string[], env: Record<string, string> = {}) => {
  const parsed = parseFlags(FLAGS, args, env);
  if (parsed.outcome !== "run") throw new Error(`expected values, got ${JSON.stringify(parsed)}`);
  return parsed.values;
};

describe("parseFlags", () => {
  it("takes the flag, else its environment variable, else the default", () => {
    expect(values([])).toEqual({ port: "3080", token: undefined, user: undefined, quiet: false, "no-daemon": false, "a-flag-with-a-name-too-long-for-its-column": "1" });
    expect(values([], { TEST_PORT: "80", TEST_TOKEN: "t" })).toMatchObject({ port: "80", token: "t" });
    expect(values(["--port", "81", "--token=u"], { TEST_PORT: "80", TEST_TOKEN: "t" })).toMatchObject({ port: "81", token: "u" });
  });

  it("turns a boolean on by the flag or by its variable's own value", () => {
    expect(values(["--quiet", "--no-daemon"])).toMatchObject({ quiet: true, "no-daemon": true });
    expect(values([], { TEST_QUIET: "1", TEST_DAEMON: "0" })).toMatchObject({ quiet: true, "no-daemon": true });
    expect(values([], { TEST_QUIET: "0", TEST_DAEMON: "1" })).toMatchObject({ quiet: false, "no-daemon": false });
  });

  it("answers --help and -h, even beside a mistake", () => {
    for (const args of [["--help"], ["-h"], ["--port", "1", "-h"], ["--bogus", "--help"]]) expect(parseFlags(FLAGS, args, {}), args.join(" ")).toEqual({ outcome: "help" });
  });

  it("says in one line what is wrong with the command line", () => {
    const error = (args: string[]) => parseFlags(FLAGS, args, {});
    expect(error(["--bogus"])).toEqual({ outcome: "error", message: "unknown option '--bogus'" });
    expect(error(["-x"])).toEqual({ outcome: "error", message: "unknown option '-x'" });
    expect(error(["--port"])).toEqual({ outcome: "error", message: "option '--port <value>' argument missing" });
    expect(error(["--quiet=yes"])).toEqual({ outcome: "error", message: "option '--quiet' does not take an argument" });
    expect(error(["stray"])).toEqual({ outcome: "error", message: "unexpected argument 'stray'" });
    expect(error(["--port", "--quiet"])).toEqual({ outcome: "error", message: "option '--port' argument is ambiguous" });
  });
});

describe("a flag given more than once", () => {
  const LISTS = [{ name: "origin", type: "string", multiple: true, value: "ORIGIN", env: "TEST_ORIGINS", description: "an origin" }] as const satisfies readonly FlagDefinition[];
  const origins = (args: string[], env: Record<string, string> = {}) => {
    const parsed = parseFlags(LISTS, args, env);
    if (parsed.outcome !== "run") throw new Error(`expected values, got ${JSON.stringify(parsed)}`);
    return parsed.values.origin;
  };

  it("keeps every value, else its variable's comma-separated ones, else none", () => {
    expect(origins([])).toEqual([]);
    expect(origins(["--origin", "a", "--origin=b"])).toEqual(["a", "b"]);
    expect(origins([], { TEST_ORIGINS: " a, b,,c " })).toEqual(["a", "b", "c"]);
    expect(origins(["--origin", "x"], { TEST_ORIGINS: "a,b" })).toEqual(["x"]);
  });

  it("says so in --help, with how its variable lists them", () => {
    expect(usageText({ usage: "test", summary: "", flags: LISTS })).toContain("  --origin ORIGIN               an origin (default: none; env: TEST_ORIGINS, comma-separated)");
  });
});

describe("usageText", () => {
  const text = usageText({ usage: "test -- [options]", summary: "Tests the flags.", flags: FLAGS });

  it("gives every flag with its description, default and environment variable", () => {
    const lines = text.split("\n");
    expect(lines.slice(0, 3)).toEqual(["usage: test -- [options]", "", "Tests the flags."]);
    expect(lines).toContain("  --port PORT                   port to listen on (default: 3080; env: TEST_PORT)");
    expect(lines).toContain("  --token VALUE                 shared secret (default: a random one; env: TEST_TOKEN)");
    expect(lines).toContain("  --user VALUE                  who may log in (default: none; env: none)");
    expect(lines).toContain("  --quiet                       say less (default: off; env: TEST_QUIET=1)");
    expect(lines).toContain("  --no-daemon                   run no daemon (default: off; env: TEST_DAEMON=0)");
    expect(lines).toContain("  -h, --help                    print this help and exit");
    expect(text).toContain("LOG_LEVEL");
  });

  it("puts the description of a long flag on the next line, in the same column", () => {
    const lines = text.split("\n");
    const at = lines.indexOf("  --a-flag-with-a-name-too-long-for-its-column N");
    expect(lines[at + 1]).toBe(`${" ".repeat(32)}on a line of its own (default: 1; env: none)`);
  });
});
