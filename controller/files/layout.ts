/** Where each kind of blob lives in the file store; one place, like `store/keys.ts` for records. */
export const fileLayout = {
  /** A project's files; the controller project and the compute project share the folder, as in GNS3. */
  projectFolder: (projectId: string) => `projects/${projectId}`,
  /** A node's own files (a VPCS `startup.vpc`), where GNS3 keeps its working folder inside the project. */
  nodeFolder: (projectId: string, nodeType: string, nodeId: string) => `projects/${projectId}/project-files/${nodeType}/${nodeId}`,
  /**
   * A link's capture file: the dataplane writes it here (relative to the data dir it shares
   * with the controller) and `GET …/pcap` streams it from here.
   */
  capture: (projectId: string, fileName: string) => `projects/${projectId}/project-files/captures/${fileName}`,
  /** Emulator disk images, as GNS3's `<images dir>/QEMU`. */
  emulatorImages: () => "images/QEMU",
  /** The checksum GNS3 keeps beside each image: 32 lowercase hex digits, no newline. */
  md5Sidecar: (imagePath: string) => `${imagePath}.md5sum`,
  /** Uploaded (custom) node symbols, as GNS3's `symbols_path`. */
  symbols: () => "symbols",
} as const;
