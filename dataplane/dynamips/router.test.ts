import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createLogger } from "@shared/logging/logger";
import type { DynamipsSpec } from "@shared/proto";
import { cleanupAfterEach } from "@shared/testing/cleanups";
import { processesWorkingIn } from "../e2e/daemon-process";
import { DynamipsRouter } from "./router";
import { routerSpec } from "./testing";

const { later, tempDir } = cleanupAfterEach();
const log = createLogger("test.dynamips");

/** A router whose image store holds `images` (name → bytes). */
function router(images: Record<string, string>, spec: DynamipsSpec): { router: DynamipsRouter; workDir: string } {
  const root = tempDir("router-");
  const imageDir = join(root, "images");
  mkdirSync(imageDir);
  for (const [name, bytes] of Object.entries(images)) writeFileSync(join(imageDir, name), bytes);
  const workDir = join(root, "node");
  const device = new DynamipsRouter({ nodeId: "r1", name: "R1", consolePort: 0 }, { workDir, sharedDir: root, imageDir, log });
  device.configure(spec, "!\nhostname R1\n!\nend\n");
  later(() => device.dispose());
  return { router: device, workDir };
}

describe("a Dynamips router without a real IOS image", () => {
  it("refuses to start without its image, naming it", async () => {
    const { router: device, workDir } = router({}, routerSpec({ image: { name: "c7200-adventerprisek9-mz.124-24.T5.image", md5: "" } }));
    await expect(device.start()).rejects.toThrow(/^the IOS image c7200-adventerprisek9-mz\.124-24\.T5\.image cannot be used: image c7200-adventerprisek9-mz\.124-24\.T5\.image is not on this host/);
    expect(processesWorkingIn(workDir)).toEqual([]);
  });

  it("refuses to start on a console port another program holds, saying which", async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "0.0.0.0", resolve));
    later(() => new Promise((resolve) => holder.close(resolve)));
    const port = (holder.address() as { port: number }).port;
    const root = tempDir("router-console-");
    mkdirSync(join(root, "images"));
    writeFileSync(join(root, "images", "c7200.image"), "MZIP");
    const device = new DynamipsRouter({ nodeId: "r1", name: "R1", consolePort: port }, { workDir: join(root, "node"), sharedDir: root, imageDir: join(root, "images"), log });
    device.configure(routerSpec(), "");
    later(() => device.dispose());
    await expect(device.start()).rejects.toThrow(`console port ${port} is already in use on this host`);
  });

  it("refuses an image whose md5 is not the controller's", async () => {
    const { router: device } = router({ "c7200.image": "not this one" }, routerSpec({ image: { name: "c7200.image", md5: "0123456789abcdef0123456789abcdef" } }));
    await expect(device.start()).rejects.toThrow(/has md5 [0-9a-f]{32}, not 0123456789abcdef0123456789abcdef/);
  });

  it.each([
    ["c7200 with an FE I/O card and a PA-4T+", routerSpec()],
    [
      "c3725 with an NM-4T and a WIC-2T",
      routerSpec({ platform: "c3725", npe: "", midplane: "", iomemPercent: 5, macAddress: "", cards: [{ slot: 1, subslot: 0, name: "NM-4T" }, { slot: 0, subslot: 16, name: "WIC-2T" }], ports: [{ slot: 0, port: 0 }, { slot: 1, port: 3 }, { slot: 0, port: 17 }] }),
    ],
    ["c2600 2621 chassis", routerSpec({ platform: "c2600", chassis: "2621", npe: "", midplane: "", iomemPercent: 15, macAddress: "", sparsemem: false, cards: [], ports: [{ slot: 0, port: 1 }] })],
  ])("takes every setting of a %s, then passes on Dynamips' refusal of a file that is no IOS", async (_platform, spec) => {
    const { router: device, workDir } = router({ "c7200.image": "MZIP not an ELF file" }, spec);
    const failure = await device.start().then(
      () => undefined,
      (error: Error) => error.message,
    );
    expect(failure).toMatch(/^Dynamips could not start the router from the image c7200\.image: unable to start VM instance 'i1' \(209\): load_elf_image: invalid ELF file \| C\d+ 'i1': failed to load Cisco IOS image '.*c7200\.image'/);
    expect(processesWorkingIn(workDir)).toEqual([]);
    expect(device.argv).toBeUndefined();
    // The startup config was handed to Dynamips, but never booted: the next start pushes it again.
    expect(existsSync(join(workDir, "configs", "i1_startup-config.cfg"))).toBe(false);
  });
});
