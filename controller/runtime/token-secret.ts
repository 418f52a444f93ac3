import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The secret `/v3`'s bearer tokens are signed with, kept in the data dir as GNS3 3.x keeps its
 * `gns3_jwt_secret_key`: made at first start (32 random bytes as hex, readable by the server's
 * user only) and read after, so tokens outlive a restart. Deleting the file signs everyone out.
 */
export function tokenSecretIn(dataDir: string): string {
  const path = join(dataDir, "token-secret");
  try {
    writeFileSync(path, randomBytes(32).toString("hex"), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return readFileSync(path, "utf8").trim();
}
