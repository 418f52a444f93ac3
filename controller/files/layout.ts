/** Where each kind of blob lives in the file store; one place, like `store/keys.ts` for records. */
export const fileLayout = {
  /** A project's files; the controller project and the compute project share the folder, as in GNS3. */
  projectFolder: (projectId: string) => `projects/${projectId}`,
  /** Emulator disk images, as GNS3's `<images dir>/QEMU`. */
  emulatorImages: () => "images/QEMU",
  /** The checksum GNS3 keeps beside each image: 32 lowercase hex digits, no newline. */
  md5Sidecar: (imagePath: string) => `${imagePath}.md5sum`,
} as const;
