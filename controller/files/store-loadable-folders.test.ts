import { describe, expect, it } from "vitest";
import type { FileStore } from "./file-store";
import { StoreLoadableFolders } from "./store-loadable-folders";

describe("the projects folder of a file store, as a loadable folder", () => {
  const files = {} as FileStore;
  const folders = new StoreLoadableFolders(files, "/projects", "projects");

  it("maps a path under its root to the store's key", () => {
    expect(folders.roots).toEqual(["/projects"]);
    expect(folders.locate("/projects/p1/lab.gns3")).toEqual({ files, relativePath: "projects/p1/lab.gns3", absolutePath: "/projects/p1/lab.gns3" });
    expect(folders.locate("/projects//p1/./x/../lab.gns3")?.relativePath).toBe("projects/p1/lab.gns3");
  });

  it.each(["/projects", "/projects/", "/etc/passwd", "/projects/../etc/passwd", "/projects/../../projects-evil/x.gns3", "projects/p1/lab.gns3", "/projects/p1/\0.gns3"])(
    "locates nothing for %j",
    (path) => {
      expect(folders.locate(path)).toBeUndefined();
    },
  );
});
