import { describe, expect, it } from "vitest";
import { currentAssetsModule, dashboardAssetsModule } from "./build-assets";

describe("the dashboard's generated assets", () => {
  it("hold the current static/ and client/ files (else: npm run dashboard)", async () => {
    expect(currentAssetsModule() === (await dashboardAssetsModule()), "controller/dashboard/assets.ts is stale: run `npm run dashboard`").toBe(true);
  });
});
