import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["controller/**/*.test.ts", "dataplane/**/*.test.ts", "shared/**/*.test.ts"],
    // Several suites start real servers and child processes; two cores are shared between them.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
