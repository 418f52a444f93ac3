import type { MiddlewareHandler } from "hono";

/**
 * Hono answers HEAD with the GET route and drops the body it made without reading it. A body
 * that holds something open (a notification feed with its listener and ping timer, a followed
 * capture, a file on disk) would then stay open for good, so it is cancelled here.
 */
export function releaseHeadBodies(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.method === "HEAD") await c.res.body?.cancel();
  };
}
