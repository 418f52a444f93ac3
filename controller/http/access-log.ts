import type { MiddlewareHandler } from "hono";
import type { Logger } from "@shared/logging/logger";

/**
 * One line per request (`--access-log`): method, path, status, how long until the answer
 * started, and its size when the answer states it. A stream that follows (a notification feed,
 * a file) is not waited for, so the line is written when the answer starts, not when it ends.
 * Put in front of everything else, so refusals (401, 404) and errors are logged too.
 */
export function accessLog(log: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const length = c.res.headers.get("content-length");
    log.info("request", {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      duration_ms: Math.round((performance.now() - started) * 10) / 10,
      ...(length === null ? {} : { bytes: Number(length) }),
    });
  };
}
