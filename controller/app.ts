import { Hono, type MiddlewareHandler } from "hono";
import { TopologyFileSaver, writeTopologyFile } from "./services/topology-file";
import { HTTPException } from "hono/http-exception";
import { createLogger } from "@shared/logging/logger";
import type { ControllerDeps } from "./deps";
import { FileWriteFailed, PathEscape } from "./files/file-store";
import { asApiError } from "./http/api-error";
import { basicAuth } from "./http/basic-auth";
import { bearerAuth } from "./http/bearer-auth";
import { crossOrigin } from "./http/cors";
import { GNS3_WEB_UI_ORIGINS } from "./http/cors-origins";
import { releaseHeadBodies } from "./http/head-requests";
import { errorBody, jsonResponse } from "./http/responses";
import { registerDataplaneRoutes } from "./dataplane/route";
import { registerDrawingRoutes } from "./routes/drawings";
import { registerLinkCounterRoutes } from "./routes/link-counters";
import { registerLinkRoutes } from "./routes/links";
import { registerNodeConsoleRoutes } from "./routes/node-console";
import { registerNodeRoutes } from "./routes/nodes";
import { registerTemplateRoutes } from "./routes/templates";
import { registerComputeRoutes } from "./routes/computes";
import { registerDashboardRoutes } from "./routes/dashboard";
import { registerGns3VmRoutes } from "./routes/gns3vm";
import { registerApplianceRoutes } from "./routes/appliances";
import { registerNotificationRoutes } from "./routes/notifications";
import { registerComputeProjectRoutes } from "./routes/compute-projects";
import { registerImageRoutes } from "./routes/images";
import { registerDataplaneImageRoutes } from "./routes/dataplane-images";
import { registerProjectFileRoutes } from "./routes/project-files";
import { registerProjectRoutes } from "./routes/projects";
import { registerServerRoutes } from "./routes/server";
import { registerSnapshotRoutes } from "./routes/snapshots";
import { registerSymbolRoutes } from "./routes/symbols";
import { registerUserRoutes } from "./routes/users";
import { registerTopologyRoutes } from "./routes/topology";
import { storeUnavailable } from "./services/change";
import { fileWriteFailure } from "./services/uploads";
import { KvUnavailable } from "./store/kv";

export type ControllerApp = Hono;

const log = createLogger("controller.http");

export interface AppOptions {
  /**
   * Whether daemons dial in here (`/v2/dataplane/ws`). On Workers they dial their host's own
   * object, and the objects serving the API must not run a hub of their own.
   */
  dataplaneChannel?: boolean;
  /** What the runtime runs before everything else on every request (the access log). */
  middleware?: MiddlewareHandler[];
  /** `/` leads to the link dashboard unless false (Node's `--web-ui` sends it to the GNS3 web UI instead). */
  dashboardAtRoot?: boolean;
}

/** The whole `/v2` interface over the given runtime services; the same on Node and Workers. */
export function createApp(deps: ControllerDeps, options: AppOptions = {}): ControllerApp {
  deps.topologyFiles ??= new TopologyFileSaver((projectId) => writeTopologyFile(deps, projectId));
  const app = new Hono();
  for (const handler of options.middleware ?? []) app.use("*", handler);
  app.use("*", crossOrigin(deps.config.corsOrigins ?? GNS3_WEB_UI_ORIGINS));
  app.use("*", basicAuth(deps.config));
  app.use("/v3/*", bearerAuth(deps));
  app.use("*", releaseHeadBodies());
  registerServerRoutes(app, deps);
  registerProjectRoutes(app, deps);
  registerProjectFileRoutes(app, deps);
  registerTopologyRoutes(app, deps);
  registerSnapshotRoutes(app, deps);
  registerComputeProjectRoutes(app, deps);
  registerImageRoutes(app, deps);
  registerDataplaneImageRoutes(app, deps);
  registerSymbolRoutes(app, deps);
  registerNodeRoutes(app, deps);
  registerNodeConsoleRoutes(app, deps);
  registerLinkRoutes(app, deps);
  registerLinkCounterRoutes(app, deps);
  registerTemplateRoutes(app, deps);
  registerComputeRoutes(app, deps);
  registerGns3VmRoutes(app, deps);
  registerApplianceRoutes(app);
  registerDrawingRoutes(app, deps);
  registerNotificationRoutes(app, deps);
  registerDashboardRoutes(app, { atRoot: options.dashboardAtRoot !== false });
  registerUserRoutes(app, deps);
  // The hub answers the requests of this app: a write waits for the hosts it changes.
  if (options.dataplaneChannel !== false) deps.dataplane ??= registerDataplaneRoutes(app, deps);

  // GNS3 3.x answers an unknown route in FastAPI's own words.
  app.notFound((c) => (isV3(c.req.path) ? jsonResponse(404, { detail: "Not Found" }) : jsonResponse(404, errorBody(404, "404: Not Found"))));
  app.onError((thrown, c) => {
    const v3 = isV3(c.req.path);
    // Writes outside the services' own mapping (a bare commit, the debug dump) still say why they failed.
    const error = thrown instanceof KvUnavailable ? storeUnavailable(thrown) : thrown instanceof FileWriteFailed ? fileWriteFailure(thrown) : thrown;
    const refusal = asApiError(error);
    // GNS3 2.2's error bodies carry the status too; 3.x's only the message.
    const answer = (status: number, message: string) => jsonResponse(status, v3 ? { message } : errorBody(status, message));
    if (refusal) return answer(refusal.status, refusal.message);
    if (error instanceof PathEscape) return answer(403, "403: Forbidden");
    if (error instanceof HTTPException) return answer(error.status, error.message || `${error.status}`);
    // Reaching here is a bug; the log line carries what is needed to fix it.
    log.error("unhandled error", { error: String(error), stack: (error as Error).stack });
    return answer(500, "Internal server error");
  });
  return app;
}

function isV3(path: string): boolean {
  return path.startsWith("/v3/");
}
