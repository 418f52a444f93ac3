import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { seededRandom } from "@shared/testing/seeded-random";
import { PythonFormatError, pythonFormat, type PythonValue } from "./python-format";

/**
 * pythonFormat against CPython itself, the way the BPF compiler is held to tcpdump: thousands
 * of seeded templates built from the pieces GNS3 users write in node names and port name
 * formats (and the mistakes they make), each formatted by both, with the same values. Every
 * answer must be the same string, or the same exception class and message.
 */
const POSITIONAL: PythonValue[] = [3, 7, 12];
const NAMED: Record<string, PythonValue> = { adapter: 2, port0: 3, segment0: 0, name: "Node", port: 15 };
const TEMPLATES = 4000;

/** Runs every template through `str.format` in one python3, answering JSON: ["ok", text] or [exception class, str(exception)]. */
const PYTHON = `
import json, sys
positional, named, templates = json.load(sys.stdin)
answers = []
for template in templates:
    try:
        answers.append(["ok", template.format(*positional, **named)])
    except Exception as error:
        answers.append([type(error).__name__, str(error)])
json.dump(answers, sys.stdout)
`;

/** A method as an attribute (`{name.upper}`) prints its address in Python: no two runs agree, so none is asked. */
const PIECES = [
  "eth", "Gi", "/", "PC", "-", " ", "x", "{", "}", "{{", "}}", "{}", "{0}", "{1}", "{2}", "{3}", "{adapter}", "{port0}", "{segment0}",
  "{name}", "{port}", "{missing}", "{0:02d}", "{1:>4}", "{name:.2}", "{0:x}", "{0:#o}", "{port:b}", "{0:+}", "{1:,}", "{0:_}", "{0:e}",
  "{1:.3f}", "{0:%}", "{name!r}", "{0!s}", "{name!a}", "{0!x}", "{name[1]}", "{0[0]}", "{0.real}", "{0.imag}", "{0.foo}", "{name:d}",
  "{name:^9}", "{0:*<6}", "{0:=5}", "{name:=5}", "{1:{0}}", "{0:.{1}f}", "{0:c}", "{adapter:03}", "{0:.2d}", "{0:,,}", "{0", "{0!",
  "{0:", "{:}", "{!r}", "{0]", "{0[}", "{0.}", "{a{b}", "{0.numerator}", "{1.denominator}",
];

function generatedTemplates(seed: number, count: number): string[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const length = 1 + Math.floor(random() * 4);
    return Array.from({ length }, () => PIECES[Math.floor(random() * PIECES.length)]!).join("");
  });
}

function ours(template: string): [string, string] {
  try {
    return ["ok", pythonFormat(template, POSITIONAL, NAMED)];
  } catch (error) {
    if (!(error instanceof PythonFormatError)) throw error;
    return [error.kind, error.pythonText()];
  }
}

const python = spawnSync("python3", ["--version"], { encoding: "utf8" });

describe.runIf(python.status === 0)("pythonFormat against CPython's str.format", () => {
  it(`answers as ${python.stdout.trim() || "python3"} does for ${TEMPLATES} generated templates`, () => {
    const templates = generatedTemplates(20261127, TEMPLATES);
    const run = spawnSync("python3", ["-c", PYTHON], { input: JSON.stringify([POSITIONAL, NAMED, templates]), encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    expect(run.status, run.stderr).toBe(0);
    const answers = JSON.parse(run.stdout) as Array<[string, string]>;
    const differences = templates.flatMap((template, index) => {
      const theirs = answers[index]!;
      const mine = ours(template);
      return mine[0] === theirs[0] && mine[1] === theirs[1] ? [] : [{ template, python: theirs, ours: mine }];
    });
    expect(differences.slice(0, 10)).toEqual([]);
  });
});
