import { describe, expect, it } from "vitest";
import { newProject, projectChanged, projectToWire, updatedProject } from "./projects";

const PROJECT = "11111111-1111-4111-8111-111111111111";

describe("newProject", () => {
  it("opens a new project with GNS3 2.2's default settings", () => {
    expect(newProject({ name: "lab" }, PROJECT, "/data/projects")).toEqual({
      project_id: PROJECT,
      name: "lab",
      path: `/data/projects/${PROJECT}`,
      filename: "lab.gns3",
      status: "opened",
      revision: 1,
      auto_close: true,
      auto_open: false,
      auto_start: false,
      scene_height: 1000,
      scene_width: 2000,
      zoom: 100,
      show_layers: false,
      snap_to_grid: false,
      show_grid: false,
      grid_size: 75,
      drawing_grid_size: 25,
      show_interface_labels: false,
      supplier: null,
      variables: null,
    });
  });

  it("keeps the settings and path the client sends", () => {
    const project = newProject(
      { name: "lab", path: "/elsewhere/lab", auto_close: false, scene_width: 3000, grid_size: 50, variables: [{ name: "ROLE", value: "core" }], supplier: { logo: "l.png", url: "https://x" } },
      PROJECT,
      "/data/projects",
    );
    expect(project).toMatchObject({
      path: "/elsewhere/lab", auto_close: false, scene_width: 3000, scene_height: 1000, grid_size: 50,
      variables: [{ name: "ROLE", value: "core" }], supplier: { logo: "l.png", url: "https://x" },
    });
  });

  it("uses the default folder when the path is null", () => {
    expect(newProject({ name: "lab", path: null }, PROJECT, "/p").path).toBe(`/p/${PROJECT}`);
  });

  it("does not take the id or status from the body", () => {
    const project = newProject({ name: "lab", project_id: "22222222-2222-4222-8222-222222222222" }, PROJECT, "/p");
    expect(project.project_id).toBe(PROJECT);
    expect(project.status).toBe("opened");
  });
});

describe("updatedProject", () => {
  const stored = () => newProject({ name: "lab" }, PROJECT, "/p");

  it("replaces the settings sent and keeps the others", () => {
    const after = updatedProject(stored(), { zoom: 150, show_grid: true, variables: [{ name: "A" }] });
    expect(after).toEqual({ ...stored(), zoom: 150, show_grid: true, variables: [{ name: "A" }] });
  });

  it("renames without renaming the .gns3 file, as GNS3 does", () => {
    const after = updatedProject(stored(), { name: "renamed" });
    expect(after.name).toBe("renamed");
    expect(after.filename).toBe("lab.gns3");
  });

  it("keeps the path when null is sent, moves it when a path is sent", () => {
    expect(updatedProject(stored(), { path: null }).path).toBe(`/p/${PROJECT}`);
    expect(updatedProject(stored(), { path: "/moved" }).path).toBe("/moved");
  });

  it("clears supplier and variables with null", () => {
    const withBoth = updatedProject(stored(), { supplier: { logo: "a", url: "b" }, variables: [{ name: "A", value: "1" }] });
    expect(updatedProject(withBoth, { supplier: null, variables: null })).toMatchObject({ supplier: null, variables: null });
  });

  it("leaves the stored record untouched", () => {
    const before = stored();
    const copy = structuredClone(before);
    updatedProject(before, { name: "x", zoom: 1 });
    expect(before).toEqual(copy);
  });
});

describe("projectChanged", () => {
  const stored = () => newProject({ name: "lab" }, PROJECT, "/p");

  it("is false when the update sets what is already there, so no project.updated is sent (GNS3 compares the JSON)", () => {
    expect(projectChanged(stored(), updatedProject(stored(), { name: "lab", zoom: 100, path: null }))).toBe(false);
  });

  it("is true when a visible field differs", () => {
    expect(projectChanged(stored(), updatedProject(stored(), { snap_to_grid: true }))).toBe(true);
  });

  it("ignores the revision, which clients never see", () => {
    expect(projectChanged(stored(), { ...stored(), revision: 9 })).toBe(false);
  });
});

describe("projectToWire", () => {
  it("answers GNS3's project fields in sorted key order, without the revision", () => {
    const wire = projectToWire(newProject({ name: "lab" }, PROJECT, "/p"));
    expect(Object.keys(wire)).toEqual([
      "auto_close", "auto_open", "auto_start", "drawing_grid_size", "filename", "grid_size", "name", "path", "project_id",
      "scene_height", "scene_width", "show_grid", "show_interface_labels", "show_layers", "snap_to_grid", "status",
      "supplier", "variables", "zoom",
    ]);
  });
});
