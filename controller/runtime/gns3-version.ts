export class InvalidGns3Version extends Error {}

/**
 * The GNS3 version to answer as (`--gns3-version`): clients compare it with their own, so it
 * is a release number, X.Y.Z, and nothing else (no suffix such as `dev1` or `rc2`).
 */
export function parseGns3Version(text: string): string {
  if (!/^(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)$/.test(text)) {
    throw new InvalidGns3Version(`'${text}' is not a GNS3 version: give X.Y.Z, such as 2.2.59`);
  }
  return text;
}
