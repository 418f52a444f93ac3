import type { Context, Hono } from "hono";
import type { ControllerDeps } from "../deps";
import { DEFAULT_SYMBOLS, builtinSymbolSvg } from "../domain/symbols";
import { declaredLength } from "../http/content-length";
import { fileResponse } from "../http/file-response";
import { emptyResponse, jsonResponse } from "../http/responses";
import { findSymbol, listSymbols, symbolDimensions, uploadSymbol } from "../services/symbols";

/**
 * Node symbols, as GNS3 2.2 serves them. A symbol id holds slashes (`:/symbols/classic/router.svg`)
 * and clients send it percent-encoded or not, so the id is everything between `/symbols/` and
 * the last segment, and is decoded once more after routing, as GNS3 does.
 */
export function registerSymbolRoutes(app: Hono, deps: ControllerDeps): void {
  app.get("/v2/symbols", async () => jsonResponse(200, await listSymbols(deps)));

  app.get("/v2/default_symbols", () => jsonResponse(200, DEFAULT_SYMBOLS));

  app.get("/v2/symbols/:symbol_id{.+}/dimensions", async (c) => jsonResponse(200, await symbolDimensions(deps, symbolId(c))));

  app.get("/v2/symbols/:symbol_id{.+}/raw", async (c) => {
    const found = await findSymbol(deps, symbolId(c));
    if ("custom" in found) return fileResponse(found.file, found.custom);
    const svg = new TextEncoder().encode(builtinSymbolSvg(found.builtin));
    return new Response(svg, { status: 200, headers: { "content-type": "image/svg+xml", "content-length": String(svg.byteLength) } });
  });

  // Raw endpoint: the body is the image's bytes and streams straight to the store.
  app.post("/v2/symbols/:symbol_id{.+}/raw", async (c) => {
    await uploadSymbol(deps, symbolId(c), { body: c.req.raw.body, declaredLength: declaredLength(c.req.raw) });
    return emptyResponse(204);
  });
}

function symbolId(c: Context): string {
  return unquote(c.req.param("symbol_id")!);
}

/** Python's `urllib.parse.unquote`: valid `%XX` runs decoded as UTF-8 (bad bytes become U+FFFD), anything else kept. */
function unquote(text: string): string {
  return text.replace(/(?:%[0-9a-fA-F]{2})+/g, (run) =>
    new TextDecoder().decode(Uint8Array.from(run.slice(1).split("%"), (hex) => parseInt(hex, 16))),
  );
}
