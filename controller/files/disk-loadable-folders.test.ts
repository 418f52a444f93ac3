import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DiskLoadableFolders } from "./disk-loadable-folders";
import { PathEscape } from "./file-store";

describe("DiskLoadableFolders", () => {
  const base = mkdtempSync(join(tmpdir(), "gns3-loadable-"));
  afterAll(() => rmSync(base, { recursive: true, force: true }));
  const projects = join(base, "projects");
  const extra = join(base, "extra");
  for (const folder of [projects, extra, join(base, "projects2")]) mkdirSync(folder, { recursive: true });
  const folders = new DiskLoadableFolders([projects, `${extra}/`, projects]);

  it("lists each folder once, resolved", () => {
    expect(folders.roots).toEqual([projects, extra]);
  });

  it("finds a file in whichever folder holds it, as a path inside that folder", () => {
    expect(folders.locate(join(projects, "lab", "lab.gns3"))).toMatchObject({ relativePath: "lab/lab.gns3", absolutePath: join(projects, "lab", "lab.gns3") });
    expect(folders.locate(join(extra, "x.gns3"))).toMatchObject({ relativePath: "x.gns3" });
    expect(folders.locate(`${projects}/a/../b/./c.gns3`)).toMatchObject({ relativePath: "b/c.gns3" });
  });

  it("finds nothing outside them: siblings sharing a prefix, climbs, the folders themselves", () => {
    for (const path of [join(base, "projects2", "x.gns3"), `${projects}/../extra/../outside.gns3`, projects, "/etc/passwd", `${projects}/a\0b`]) {
      expect(folders.locate(path), path).toBeUndefined();
    }
  });

  it("reads through a store that refuses symlinks leaving the folder", async () => {
    writeFileSync(join(base, "secret.gns3"), "{}");
    symlinkSync(join(base, "secret.gns3"), join(projects, "link.gns3"));
    const located = folders.locate(join(projects, "link.gns3"))!;
    await expect(located.files.read(located.relativePath)).rejects.toBeInstanceOf(PathEscape);
  });
});
