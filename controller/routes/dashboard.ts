import type { Hono } from "hono";
import { DASHBOARD_ASSETS } from "../dashboard/assets";

export const DASHBOARD_PATH = "/dashboard/";

/**
 * The page's own resources only: its script, its style sheets, images from the API and
 * data: icons; the API and its WebSockets on this origin (CSP's 'self' covers ws: and wss:).
 * Inline styles are allowed because xterm.js (the node console) sets its theme and glyph
 * sizes with <style> elements and style attributes, which have no nonce to carry; scripts
 * stay 'self' only.
 */
const CONTENT_SECURITY_POLICY = "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export interface DashboardRouteOptions {
  /** `/` leads to the dashboard; not when `/` leads to a GNS3 web UI (`--web-ui`). */
  atRoot: boolean;
}

/**
 * The link dashboard at `/dashboard/`: fixed files held in memory (controller/dashboard/
 * assets.ts), the same on Node and Workers, behind the same Basic auth as the API. They
 * change with the server, so browsers revalidate them instead of keeping an old page.
 */
export function registerDashboardRoutes(app: Hono, options: DashboardRouteOptions): void {
  for (const asset of DASHBOARD_ASSETS) {
    const body = new TextEncoder().encode(asset.body);
    app.get(asset.path, () =>
      new Response(body, {
        headers: {
          "content-type": asset.contentType,
          "cache-control": "no-cache",
          "x-content-type-options": "nosniff",
          "content-security-policy": CONTENT_SECURITY_POLICY,
        },
      }),
    );
  }
  if (options.atRoot) app.get("/", (c) => c.redirect(DASHBOARD_PATH, 302));
}
