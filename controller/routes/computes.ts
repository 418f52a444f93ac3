import type { Hono } from "hono";
import type { ControllerDeps } from "../deps";
import { loadDataplaneStatus } from "../dataplane/status";
import { computeToWire } from "../domain/computes";
import { declaredLength } from "../http/content-length";
import { jsonResponse } from "../http/responses";
import { computePorts, listComputeImages, qemuBinaries, uploadComputeImage } from "../services/compute-resources";
import { listComputeRecords, loadComputeRecord } from "../services/computes";

export function registerComputeRoutes(app: Hono, deps: ControllerDeps): void {
  app.get("/v2/computes", async () =>
    jsonResponse(200, (await listComputeRecords(deps)).map((compute) => computeToWire(compute, deps.config.version, deps.usage()))),
  );

  app.get("/v2/computes/:compute_id", async (c) => {
    const compute = await loadComputeRecord(deps, c.req.param("compute_id"));
    const dataplane = await loadDataplaneStatus(deps, compute.compute_id);
    return jsonResponse(200, computeToWire(compute, deps.config.version, deps.usage(), dataplane));
  });

  app.get("/v2/computes/:compute_id/ports", async (c) => jsonResponse(200, await computePorts(deps, c.req.param("compute_id"))));

  // The GUI may send the architectures it wants as a body on this GET; GET bodies never reach a route here, so the list is whole.
  app.get("/v2/computes/:compute_id/qemu/binaries", async (c) => jsonResponse(200, await qemuBinaries(deps, c.req.param("compute_id"))));

  app.get("/v2/computes/:compute_id/:emulator/images", async (c) =>
    jsonResponse(200, await listComputeImages(deps, c.req.param("compute_id"), c.req.param("emulator"))),
  );

  // GNS3 forwards the upload to the compute and answers with the compute's empty answer as `{}`.
  app.post("/v2/computes/:compute_id/:emulator/images/:filename{.+}", async (c) => {
    const upload = { body: c.req.raw.body, declaredLength: declaredLength(c.req.raw) };
    await uploadComputeImage(deps, c.req.param("compute_id"), c.req.param("emulator"), c.req.param("filename"), upload);
    return jsonResponse(200, {});
  });
}
