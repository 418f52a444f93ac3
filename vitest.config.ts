import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      // The same alias as tsconfig.json's `paths`; esbuild, wrangler and tsx read it from there.
      "@shared": fileURLToPath(new URL("./shared", import.meta.url)),
      // workerd's own module, for the Worker's objects run in Node tests.
      "cloudflare:workers": fileURLToPath(new URL("./controller/testing/cloudflare-workers.node.ts", import.meta.url)),
    },
  },
  test: {
    include: ["controller/**/*.test.ts", "dataplane/**/*.test.ts", "shared/**/*.test.ts"],
    // Several suites start real servers and child processes; two cores are shared between them.
    maxWorkers: 2,
    // Labs a failed or timed-out test left running are ended after its file.
    setupFiles: ["./shared/testing/lab-cleanup.setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
