import { expect, it } from "vitest";
import { drawingWire } from "@shared/schemas/drawing";
import { describeApi, type ApiClient } from "../testing/api-targets";

const UNKNOWN_PROJECT = "00000000-0000-4000-8000-000000000000";
const UNKNOWN_DRAWING = "11111111-1111-4111-8111-111111111111";

async function newProject(api: ApiClient, name: string): Promise<string> {
  const reply = await api.post("/v2/projects", { name });
  expect(reply.status).toBe(201);
  return reply.body.project_id;
}

describeApi("drawings", (api) => {
  it("creates a drawing with GNS3's defaults, keys sorted, and lists it", async () => {
    const projectId = await newProject(api, "draw-defaults");
    const created = await api.post(`/v2/projects/${projectId}/drawings`, {});
    expect(created.status).toBe(201);
    expect(created.headers.get("content-type")).toBe("application/json");
    expect(Object.keys(created.body)).toEqual(["drawing_id", "locked", "project_id", "rotation", "svg", "x", "y", "z"]);
    expect(drawingWire.strict().parse(created.body)).toEqual({
      drawing_id: created.body.drawing_id, locked: false, project_id: projectId, rotation: 0, svg: "<svg></svg>", x: 0, y: 0, z: 2,
    });
    const listed = await api.get(`/v2/projects/${projectId}/drawings`);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([created.body]);
    const fetched = await api.get(`/v2/projects/${projectId}/drawings/${created.body.drawing_id}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(created.body);
  });

  it("stores every field given on create", async () => {
    const projectId = await newProject(api, "draw-fields");
    const drawingId = "22222222-2222-4222-8222-222222222222";
    const body = { drawing_id: drawingId, x: -10, y: 20, z: 5, locked: true, rotation: -359, svg: "<svg><rect/></svg>" };
    const created = await api.post(`/v2/projects/${projectId}/drawings`, body);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ ...body, project_id: projectId });
    expect((await api.get(`/v2/projects/${projectId}/stats`)).body).toMatchObject({ drawings: 1 });
  });

  it("returns the existing drawing, unchanged, when its drawing_id is sent again", async () => {
    const projectId = await newProject(api, "draw-same-id");
    const drawingId = "33333333-3333-4333-8333-333333333333";
    const first = await api.post(`/v2/projects/${projectId}/drawings`, { drawing_id: drawingId, x: 1 });
    const again = await api.post(`/v2/projects/${projectId}/drawings`, { drawing_id: drawingId, x: 99 });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect((await api.get(`/v2/projects/${projectId}/drawings`)).body).toEqual([first.body]);
  });

  it.each([
    [{ colour: "red" }, "Additional properties are not allowed ('colour' was unexpected)"],
    [{ x: 1.5 }, "1.5 is not of type 'integer' (at x)"],
    [{ y: "1" }, "'1' is not of type 'number' (at y)"],
    [{ z: null }, "null is not of type 'number' (at z)"],
    [{ locked: "yes" }, "'yes' is not of type 'boolean' (at locked)"],
    [{ rotation: -360 }, "-360 is less than the minimum of -359 (at rotation)"],
    [{ rotation: 361 }, "361 is greater than the maximum of 360 (at rotation)"],
    [{ svg: 5 }, "5 is not of type 'string' (at svg)"],
    [{ drawing_id: "nope" }, "'nope' does not match '^[a-fA-F0-9]{8}-"],
    [{ project_id: UNKNOWN_PROJECT }, "'project_id' cannot be set: a drawing belongs to the project in the URL (at project_id)"],
    [[1], "is not of type 'object'"],
  ])("rejects the create body %j with a 400 naming the problem", async (body, reason) => {
    const projectId = await newProject(api, `draw-bad-create-${JSON.stringify(body)}`);
    const reply = await api.post(`/v2/projects/${projectId}/drawings`, body);
    expect(reply.status).toBe(400);
    expect(reply.body.status).toBe(400);
    expect(reply.body.message).toContain(`JSON schema error with API request '/v2/projects/${projectId}/drawings': `);
    expect(reply.body.message).toContain(reason);
    expect((await api.get(`/v2/projects/${projectId}/drawings`)).body).toEqual([]);
  });

  it("rejects a body that is not JSON", async () => {
    const projectId = await newProject(api, "draw-bad-json");
    const reply = await api.post(`/v2/projects/${projectId}/drawings`, "{x:");
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/^Invalid JSON /);
  });

  it("updates the given fields, ignores drawing_id, and answers 201", async () => {
    const projectId = await newProject(api, "draw-update");
    const { body: drawing } = await api.post(`/v2/projects/${projectId}/drawings`, { x: 5, svg: "<svg>a</svg>" });
    const url = `/v2/projects/${projectId}/drawings/${drawing.drawing_id}`;
    const reply = await api.put(url, { drawing_id: UNKNOWN_DRAWING, y: 7, rotation: 360, locked: true });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({ ...drawing, y: 7, rotation: 360, locked: true });
    expect((await api.get(url)).body).toEqual(reply.body);
    const unchanged = await api.put(url, {});
    expect(unchanged.status).toBe(201);
    expect(unchanged.body).toEqual(reply.body);
    const moved = await api.put(url, { x: 100 });
    expect(moved.body).toEqual({ ...reply.body, x: 100 });
  });

  it.each([
    [{ rotation: 400 }, "400 is greater than the maximum of 360 (at rotation)"],
    [{ project_id: UNKNOWN_PROJECT }, "'project_id' cannot be set: a drawing belongs to the project in the URL"],
    [{ foo: 1, bar: 2 }, "Additional properties are not allowed ('foo', 'bar' were unexpected)"],
  ])("rejects the update body %j with a 400 and changes nothing", async (body, reason) => {
    const projectId = await newProject(api, `draw-bad-update-${JSON.stringify(body)}`);
    const { body: drawing } = await api.post(`/v2/projects/${projectId}/drawings`, {});
    const url = `/v2/projects/${projectId}/drawings/${drawing.drawing_id}`;
    const reply = await api.put(url, body);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain(reason);
    expect((await api.get(url)).body).toEqual(drawing);
  });

  it("deletes a drawing with 204 and then knows nothing of it", async () => {
    const projectId = await newProject(api, "draw-delete");
    const { body: drawing } = await api.post(`/v2/projects/${projectId}/drawings`, {});
    const url = `/v2/projects/${projectId}/drawings/${drawing.drawing_id}`;
    const deleted = await api.delete(url);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    const gone = await api.get(url);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: `Drawing ID ${drawing.drawing_id} doesn't exist`, status: 404 });
    expect((await api.get(`/v2/projects/${projectId}/drawings`)).body).toEqual([]);
  });

  it("refuses to delete a locked drawing until it is unlocked", async () => {
    const projectId = await newProject(api, "draw-locked");
    const { body: drawing } = await api.post(`/v2/projects/${projectId}/drawings`, { locked: true });
    const url = `/v2/projects/${projectId}/drawings/${drawing.drawing_id}`;
    const refused = await api.delete(url);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: `Drawing ID ${drawing.drawing_id} cannot be deleted because it is locked`, status: 409 });
    expect((await api.get(url)).body).toEqual(drawing);
    expect((await api.put(url, { locked: false })).status).toBe(201);
    expect((await api.delete(url)).status).toBe(204);
  });

  it.each(["get", "put", "delete"] as const)("answers 404 to %s on an unknown drawing", async (method) => {
    const projectId = await newProject(api, `draw-unknown-${method}`);
    const reply = await api[method](`/v2/projects/${projectId}/drawings/${UNKNOWN_DRAWING}`);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ message: `Drawing ID ${UNKNOWN_DRAWING} doesn't exist`, status: 404 });
  });

  it.each([
    ["GET", ""],
    ["POST", ""],
    ["GET", `/${UNKNOWN_DRAWING}`],
    ["PUT", `/${UNKNOWN_DRAWING}`],
    ["DELETE", `/${UNKNOWN_DRAWING}`],
  ])("answers 404 to %s drawings%s on an unknown project", async (method, suffix) => {
    const reply = await api.request(method, `/v2/projects/${UNKNOWN_PROJECT}/drawings${suffix}`);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ message: `Project ID ${UNKNOWN_PROJECT} doesn't exist`, status: 404 });
  });

  it("lists a closed project's drawings but refuses everything else with 403", async () => {
    const projectId = await newProject(api, "draw-closed");
    const { body: drawing } = await api.post(`/v2/projects/${projectId}/drawings`, { x: 3 });
    expect((await api.post(`/v2/projects/${projectId}/close`)).status).toBe(204);
    const listed = await api.get(`/v2/projects/${projectId}/drawings`);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([drawing]);
    const url = `/v2/projects/${projectId}/drawings/${drawing.drawing_id}`;
    const forbidden = { message: "The project is not opened", status: 403 };
    for (const reply of [
      await api.post(`/v2/projects/${projectId}/drawings`, {}),
      await api.get(url),
      await api.put(url, { x: 4 }),
      await api.delete(url),
    ]) {
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual(forbidden);
    }
    expect((await api.post(`/v2/projects/${projectId}/open`)).status).toBe(201);
    expect((await api.get(url)).body).toEqual(drawing);
  });

  it("forgets a project's drawings when the project is deleted", async () => {
    const projectId = await newProject(api, "draw-project-deleted");
    await api.post(`/v2/projects/${projectId}/drawings`, {});
    expect((await api.delete(`/v2/projects/${projectId}`)).status).toBe(204);
    const reply = await api.get(`/v2/projects/${projectId}/drawings`);
    expect(reply.status).toBe(404);
  });
}, { workerd: true });
