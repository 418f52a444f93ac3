import type { Hono } from "hono";
import { z } from "zod";
import { autoIdlePcRequest, computeCreate, computeUpdate, QEMU_PLATFORMS } from "@shared/schemas/compute";
import type { ControllerDeps } from "../deps";
import { declaredLength } from "../http/content-length";
import { emptyResponse, jsonResponse } from "../http/responses";
import { parseJsonBody, validate } from "../http/validation";
import { LOCAL_COMPUTE_ID } from "../domain/computes";
import { computeNetworkInterfaces, computePorts, listComputeImages, qemuBinaries, qemuCapabilitiesOf, uploadComputeImage } from "../services/compute-resources";
import { deleteCompute, registerCompute, updateCompute } from "../services/compute-registry";
import { computeEndpointOf, getCompute, listComputes } from "../services/computes";
import { autoIdlePcOnCompute } from "../services/compute-idle-pc";

const binariesQuery = z.object({ archs: z.array(z.enum(QEMU_PLATFORMS)).optional() });

export function registerComputeRoutes(app: Hono, deps: ControllerDeps): void {
  app.get("/v2/computes", async () => jsonResponse(200, await listComputes(deps)));

  app.post("/v2/computes", async (c) => jsonResponse(201, await registerCompute(deps, await parseJsonBody(c.req.raw, computeCreate))));

  app.get("/v2/computes/endpoint/:compute_id/:emulator/:action{.+}", async (c) =>
    jsonResponse(200, { endpoint: await computeEndpointOf(deps, c.req.param("compute_id"), c.req.param("emulator"), c.req.param("action")) }),
  );

  app.get("/v2/computes/:compute_id", async (c) => jsonResponse(200, await getCompute(deps, c.req.param("compute_id"))));

  app.post("/v2/computes/:compute_id/auto_idlepc", async (c) =>
    jsonResponse(200, await autoIdlePcOnCompute(deps, c.req.param("compute_id"), await parseJsonBody(c.req.raw, autoIdlePcRequest))),
  );

  app.put("/v2/computes/:compute_id", async (c) =>
    jsonResponse(200, await updateCompute(deps, c.req.param("compute_id"), await parseJsonBody(c.req.raw, computeUpdate))),
  );

  app.delete("/v2/computes/:compute_id", async (c) => {
    await deleteCompute(deps, c.req.param("compute_id"));
    return emptyResponse(204);
  });

  app.get("/v2/computes/:compute_id/network/interfaces", async (c) => jsonResponse(200, await computeNetworkInterfaces(deps, c.req.param("compute_id"))));
  // The controller is the `local` compute too.
  app.get("/v2/compute/network/interfaces", async () => jsonResponse(200, await computeNetworkInterfaces(deps, LOCAL_COMPUTE_ID)));

  app.get("/v2/computes/:compute_id/ports", async (c) => jsonResponse(200, await computePorts(deps, c.req.param("compute_id"))));

  // The GUI sends the architectures it wants as a body on this GET, which GNS3's controller drops (and so does this
  // server: GET bodies never reach a route); `?archs=x86_64,i386` (or repeated) filters, our addition.
  app.get("/v2/computes/:compute_id/qemu/binaries", async (c) => {
    const { archs } = validate(binariesQuery, { archs: c.req.queries("archs")?.flatMap((value) => value.split(",")) }, c.req.path);
    return jsonResponse(200, await qemuBinaries(deps, c.req.param("compute_id"), archs));
  });

  app.get("/v2/computes/:compute_id/qemu/capabilities", async (c) => jsonResponse(200, await qemuCapabilitiesOf(deps, c.req.param("compute_id"))));
  // The controller is the `local` compute too.
  app.get("/v2/compute/qemu/capabilities", async () => jsonResponse(200, await qemuCapabilitiesOf(deps, LOCAL_COMPUTE_ID)));

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
