import { ApiError, call } from "./api";
import { html } from "./elements";
import { HostView } from "./host-view";
import type { Project } from "./model";
import { ProjectView } from "./project-view";

const byId = <E extends Element>(id: string) => document.getElementById(id) as unknown as E;
const banner = byId<HTMLElement>("banner");
const listSection = byId<HTMLElement>("projects");
const projectSection = byId<HTMLElement>("project");
const hostsSection = byId<HTMLElement>("hosts");
const title = byId<HTMLElement>("project-name");
let view: ProjectView | HostView | undefined;

/** `#/projects/{id}` shows a project, `#/hosts` the emulation hosts, anything else the project list: links and the back button work. */
async function route(): Promise<void> {
  view?.close();
  view = undefined;
  const projectId = /^#\/projects\/([^/]+)$/.exec(location.hash)?.[1];
  const hosts = location.hash === "#/hosts";
  banner.hidden = true;
  listSection.hidden = projectId !== undefined || hosts;
  projectSection.hidden = projectId === undefined;
  hostsSection.hidden = !hosts;
  title.textContent = "";
  try {
    if (hosts) {
      view = new HostView({ table: byId("host-list"), banner });
      view.start();
    } else if (projectId === undefined) await showProjects();
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
  if (event.key === "Escape" && view instanceof ProjectView) view.closePanel();
});
window.addEventListener("hashchange", () => void route());
void route();
