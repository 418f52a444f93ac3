import { ApiError, call } from "./api";
import { html } from "./elements";
import type { Project } from "./model";
import { ProjectView } from "./project-view";

const byId = <E extends Element>(id: string) => document.getElementById(id) as unknown as E;
const banner = byId<HTMLElement>("banner");
const listSection = byId<HTMLElement>("projects");
const projectSection = byId<HTMLElement>("project");
const title = byId<HTMLElement>("project-name");
let view: ProjectView | undefined;

/** `#/projects/{id}` shows a project, anything else the project list: links and the back button work. */
async function route(): Promise<void> {
  view?.close();
  view = undefined;
  const projectId = /^#\/projects\/([^/]+)$/.exec(location.hash)?.[1];
  banner.hidden = true;
  listSection.hidden = projectId !== undefined;
  projectSection.hidden = projectId === undefined;
  title.textContent = "";
  try {
    if (projectId === undefined) await showProjects();
    else {
      view = new ProjectView(decodeURIComponent(projectId), { title, canvas: byId("topology"), panel: byId("panel"), banner });
      await view.start();
    }
  } catch (error) {
    banner.textContent = error instanceof ApiError ? error.message : String(error);
    banner.hidden = false;
  }
}

async function showProjects(): Promise<void> {
  document.title = "Link dashboard";
  const projects = await call<Project[]>("GET", "/v2/projects");
  const items = projects
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((project) => html("li", {}, html("a", { href: `#/projects/${encodeURIComponent(project.project_id)}` }, project.name), ` ${project.status}`));
  byId<HTMLElement>("project-list").replaceChildren(...(items.length > 0 ? items : [html("li", {}, "No projects yet: create one with any GNS3 client or the API.")]));
}

document.addEventListener("keydown", (event) => {
  if (event.key === "Escape") view?.closePanel();
});
window.addEventListener("hashchange", () => void route());
void route();
