import { isAbsolute, relative, resolve, sep } from "node:path";
import { DiskFileStore } from "./disk-file-store";
import type { LoadableFolders, LocatedFile } from "./loadable-folders";

/** Loadable folders on the local disk, each read through a store rooted at it. */
export class DiskLoadableFolders implements LoadableFolders {
  readonly roots: readonly string[];
  private readonly stores: ReadonlyMap<string, DiskFileStore>;

  constructor(roots: readonly string[]) {
    this.roots = [...new Set(roots.map((root) => resolve(root)))];
    this.stores = new Map(this.roots.map((root) => [root, new DiskFileStore(root)]));
  }

  /** `..` is resolved away before the folders are compared, so it cannot climb out of one. */
  locate(path: string): LocatedFile | undefined {
    if (path.includes("\0")) return undefined;
    const absolutePath = resolve(path);
    for (const root of this.roots) {
      const inside = relative(root, absolutePath);
      if (inside === "" || inside === ".." || inside.startsWith(`..${sep}`) || isAbsolute(inside)) continue;
      return { files: this.stores.get(root)!, relativePath: inside.split(sep).join("/"), absolutePath };
    }
    return undefined;
  }
}
