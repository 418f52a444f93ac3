import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");

/** Every controller module (tests, test helpers and the browser's code apart) with the controller modules it imports at run time. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder)) {
      const path = join(folder, entry);
      if (statSync(path).isDirectory()) {
        if (!/dashboard\/client$|\/testing$|\/fuzz$/.test(path)) walk(path);
      } else if (path.endsWith(".ts") && !path.endsWith(".test.ts") && !path.endsWith(".d.ts")) {
        const imports: string[] = [];
        // Type-only imports vanish at run time: they make no cycle.
        for (const match of readFileSync(path, "utf8").matchAll(/^import\s+(type\s+)?[^;]*?from\s+"(\.[^"]+)"/gms)) {
          if (!match[1]) imports.push(relative(ROOT, resolve(dirname(path), match[2]!)).replace(/(\.ts)?$/, ".ts"));
        }
        graph.set(relative(ROOT, path), imports);
      }
    }
  };
  walk(join(ROOT, "controller"));
  return graph;
}

function importers(graph: Map<string, string[]>, from: RegExp, to: RegExp): string[] {
  return [...graph].flatMap(([module, imports]) => (from.test(module) ? imports.filter((target) => to.test(target)).map((target) => `${module} → ${target}`) : []));
}

describe("the controller's layers", () => {
  const graph = importGraph();

  it("has no import cycle between modules", () => {
    const cycles: string[][] = [];
    const state = new Map<string, "open" | "done">();
    const path: string[] = [];
    const visit = (module: string): void => {
      state.set(module, "open");
      path.push(module);
      for (const target of graph.get(module) ?? []) {
        if (!graph.has(target)) continue;
        if (state.get(target) === "open") cycles.push(path.slice(path.indexOf(target)));
        else if (!state.has(target)) visit(target);
      }
      path.pop();
      state.set(module, "done");
    };
    for (const module of graph.keys()) if (!state.has(module)) visit(module);
    expect(cycles).toEqual([]);
  });

  it("keeps the domain free of HTTP, services and runtimes", () => {
    expect(importers(graph, /^controller\/domain\//, /^controller\/(http|services|dataplane|routes|runtime)\//)).toEqual([]);
  });

  it("keeps services below the control channel and above HTTP: they read its records, the hub commits through them, refusals are DomainErrors", () => {
    expect(importers(graph, /^controller\/services\//, /^controller\/(dataplane|routes|runtime|http)\//)).toEqual([]);
    expect(importers(graph, /^controller\/dataplane\//, /^controller\/(routes|runtime|http)\/|^controller\/dataplane\/route\.ts$/).filter((line) => !line.startsWith("controller/dataplane/route.ts"))).toEqual([]);
  });
});
