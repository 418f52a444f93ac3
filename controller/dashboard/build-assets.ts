/**
 * Writes assets.ts, the dashboard's files as strings: the page, its style sheet, and its
 * browser code bundled into one ES module. The Worker cannot read files at run time, so Node
 * and Workers both serve these strings. assets.ts is not kept in git: `npm ci` builds it (the
 * package's install script), and `npm run dashboard` after a change under static/ or client/;
 * assets.test.ts fails while it does not hold the current sources.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const HERE = import.meta.dirname;
const ROOT = resolve(HERE, "../..");
export const ASSETS_MODULE = join(HERE, "assets.ts");

/** The text assets.ts must hold for the current sources. */
export async function dashboardAssetsModule(): Promise<string> {
  const bundled = await build({
    entryPoints: [join(HERE, "client/main.ts")],
    tsconfig: join(HERE, "client/tsconfig.json"),
    absWorkingDir: ROOT,
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    target: "es2022",
    charset: "utf8",
    legalComments: "none",
    logLevel: "silent",
  });
  const assets = [
    { path: "/dashboard/", contentType: "text/html; charset=utf-8", body: readFileSync(join(HERE, "static/index.html"), "utf8") },
    { path: "/dashboard/dashboard.css", contentType: "text/css; charset=utf-8", body: readFileSync(join(HERE, "static/dashboard.css"), "utf8") },
    // xterm.js's own style sheet, for the node console's terminal.
    { path: "/dashboard/xterm.css", contentType: "text/css; charset=utf-8", body: readFileSync(join(ROOT, "node_modules/@xterm/xterm/css/xterm.css"), "utf8") },
    { path: "/dashboard/dashboard.js", contentType: "text/javascript; charset=utf-8", body: bundled.outputFiles[0]!.text },
  ];
  return [
    "// Built by `npm ci` and `npm run dashboard` (controller/dashboard/build-assets.ts) from static/ and client/: do not edit.",
    "",
    "export interface DashboardAsset {",
    "  path: string;",
    "  contentType: string;",
    "  body: string;",
    "}",
    "",
    "export const DASHBOARD_ASSETS: readonly DashboardAsset[] = [",
    ...assets.map((asset) => `  { path: ${JSON.stringify(asset.path)}, contentType: ${JSON.stringify(asset.contentType)}, body: ${JSON.stringify(asset.body)} },`),
    "];",
    "",
  ].join("\n");
}

/** What assets.ts holds now. */
export const currentAssetsModule = () => readFileSync(ASSETS_MODULE, "utf8");

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(ASSETS_MODULE, await dashboardAssetsModule());
  console.log(`wrote ${ASSETS_MODULE}`);
}
