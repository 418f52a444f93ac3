import type { FileStore } from "./file-store";
import type { LoadableFolders, LocatedFile } from "./loadable-folders";

/**
 * The one loadable folder of a runtime without a disk (Workers): the projects folder of its
 * file store (R2), named by the path projects report (`/projects/{id}`). So the `path` and
 * `filename` of `GET /v2/projects/{id}` joined are what `POST /v2/projects/load` opens: the
 * R2 key `projects/{id}/{filename}`.
 */
export class StoreLoadableFolders implements LoadableFolders {
  readonly roots: readonly string[];

  constructor(
    private readonly files: FileStore,
    private readonly root: string,
    private readonly storeFolder: string,
  ) {
    this.roots = [root];
  }

  locate(path: string): LocatedFile | undefined {
    if (path.includes("\0") || !path.startsWith("/")) return undefined;
    const absolutePath = normalise(path);
    if (!absolutePath.startsWith(`${this.root}/`)) return undefined;
    return { files: this.files, relativePath: `${this.storeFolder}/${absolutePath.slice(this.root.length + 1)}`, absolutePath };
  }
}

/** A POSIX path with `.`, `..` and repeated slashes resolved away; `..` never climbs above `/`. */
function normalise(path: string): string {
  const segments: string[] = [];
  for (const segment of path.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join("/")}`;
}
