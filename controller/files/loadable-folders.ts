import type { FileStore } from "./file-store";

/**
 * Folders of the server's own disk that `POST /v2/projects/load` may read a `.gns3` file and
 * its project's files from: the data dir's projects folder and those given with
 * `--projects-path`. Only a runtime with a disk of its own (Node) has them.
 */
export interface LoadableFolders {
  /** Absolute paths, as refusals name them. */
  readonly roots: readonly string[];
  /**
   * The file at `path` (absolute, or relative to the working directory) as a path in the store
   * of the folder holding it; undefined when it lies in none of them. The store refuses what
   * would leave its folder through a symlink (`PathEscape`).
   */
  locate(path: string): LocatedFile | undefined;
}

export interface LocatedFile {
  files: FileStore;
  /** Inside `files`; never empty. */
  relativePath: string;
  /** The absolute path of the file, normalised. */
  absolutePath: string;
}
