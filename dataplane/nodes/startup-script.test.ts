import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { placeStartupScript } from "./startup-script";

const root = mkdtempSync(join(tmpdir(), "startup-script-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let folders = 0;
const workDir = () => mkdtempSync(join(root, `node${++folders}-`));
const script = (dir: string) => (existsSync(join(dir, "startup.vpc")) ? readFileSync(join(dir, "startup.vpc"), "utf8") : undefined);

describe("placeStartupScript", () => {
  it("puts the controller's script in the working folder for VPCS to run", async () => {
    const dir = workDir();
    expect(await placeStartupScript(dir, "set pcname PC1\n")).toBe(true);
    expect(script(dir)).toBe("set pcname PC1\n");
  });

  it("keeps what the PC saved over the script while the controller's script stays the same", async () => {
    const dir = workDir();
    await placeStartupScript(dir, "set pcname PC1\n");
    writeFileSync(join(dir, "startup.vpc"), "set pcname PC1\nip 10.0.0.1 255.255.255.0\n");
    expect(await placeStartupScript(dir, "set pcname PC1\n")).toBe(true);
    expect(script(dir)).toBe("set pcname PC1\nip 10.0.0.1 255.255.255.0\n");
  });

  it("replaces the saved script once the controller's changes", async () => {
    const dir = workDir();
    await placeStartupScript(dir, "set pcname PC1\n");
    writeFileSync(join(dir, "startup.vpc"), "saved\n");
    expect(await placeStartupScript(dir, "set pcname PC2\n")).toBe(true);
    expect(script(dir)).toBe("set pcname PC2\n");
  });

  it("runs what the PC saved when the controller never gave a script, and nothing when there is none", async () => {
    const saved = workDir();
    writeFileSync(join(saved, "startup.vpc"), "ip dhcp\n");
    expect(await placeStartupScript(saved, "")).toBe(true);
    expect(script(saved)).toBe("ip dhcp\n");
    expect(await placeStartupScript(workDir(), "")).toBe(false);
  });

  it("removes the script the controller gave once it gives none", async () => {
    const dir = workDir();
    await placeStartupScript(dir, "set pcname PC1\n");
    expect(await placeStartupScript(dir, "")).toBe(false);
    expect(script(dir)).toBeUndefined();
  });
});
