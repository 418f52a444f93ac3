import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { nodeLocalHost } from "./local-host";

describe("the local host's statistics", () => {
  it("reads memory, swap, load and disk use from the OS, in GNS3's integers", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "local-host-"));
    const statistics = await nodeLocalHost({ port: 1, dataDir, usage: () => ({ cpu_usage_percent: 12.7 }) }).statistics();
    rmSync(dataDir, { recursive: true, force: true });
    expect(statistics.cpu_usage_percent).toBe(12);
    expect(statistics.memory_total).toBeGreaterThan(0);
    expect(statistics.swap_used).toBe(statistics.swap_total - statistics.swap_free);
    for (const value of Object.values(statistics).flat()) expect(Number.isInteger(value)).toBe(true);
    expect(statistics.disk_usage_percent).toBeGreaterThan(0);
  });
});
