import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");

/** Every folder git tracks, to two levels deep: what a newcomer must be able to place. */
function trackedFolders(): string[] {
  const files = execFileSync("git", ["ls-files"], { cwd: ROOT, encoding: "utf8" }).split("\n").filter(Boolean);
  const folders = new Set<string>();
  for (const file of files) {
    const parts = file.split("/");
    if (parts.length > 1) folders.add(parts[0]!);
    if (parts.length > 2) folders.add(`${parts[0]}/${parts[1]}`);
  }
  // Test data and test helpers sit beside the code they serve, and say so by their names.
  return [...folders].filter((folder) => !/\/(testdata|testing)$/.test(folder) || folder === "controller/testing" || folder === "shared/testing").sort();
}

function section(text: string, heading: string): string {
  const start = text.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`no "${heading}" in the text`);
  const next = text.indexOf("\n## ", start + heading.length + 2);
  return text.slice(start, next < 0 ? undefined : next);
}

describe("the docs name every folder", () => {
  const folders = trackedFolders();

  it("in the README's layout table", () => {
    const layout = section(readFileSync(join(ROOT, "README.md"), "utf8"), "## Layout");
    expect(folders.filter((folder) => !layout.includes(`\`${folder}/\``))).toEqual([]);
  });

  it("in docs/architecture.md", () => {
    const architecture = readFileSync(join(ROOT, "docs", "architecture.md"), "utf8");
    expect(folders.filter((folder) => !architecture.includes(`${folder}/`))).toEqual([]);
  });

  it("and the README stays a front door: at most 160 lines, no figures of past runs", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    expect(readme.split("\n").length).toBeLessThanOrEqual(160);
    expect(readme).not.toMatch(/\bbefore the\b|\bthe run before\b|\bearlier run\b/i);
  });
});
