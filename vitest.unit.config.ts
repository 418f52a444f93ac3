import { configDefaults, defineConfig, mergeConfig } from "vitest/config";
import base from "./vitest.config";

/**
 * `npm run test:unit`: the tests that need no server, daemon, emulator or workerd to be started,
 * with every endpoint suite run in process only (`app.request`). Under a minute, for the edit-
 * test loop; `npm test` remains the whole suite that CI runs.
 */
const PROCESS_TESTS = [
  "dataplane/e2e/**",
  "dataplane/nodes/vpcs.test.ts",
  "controller/runtime/crash-safety.test.ts",
  "controller/runtime/durability.test.ts",
  "controller/runtime/full-disk.test.ts",
  "controller/runtime/load.test.ts",
  "controller/runtime/node-connections.test.ts",
  "controller/runtime/worker-cli.test.ts",
  "controller/runtime/wrangler-deploy.test.ts",
  "controller/store/kv.test.ts",
  "controller/files/r2-file-store.test.ts",
  "controller/http/basic-auth.test.ts",
  "controller/runtime/client-flags.test.ts",
  "controller/runtime/web-ui.test.ts",
  "controller/runtime/browser-cors.test.ts",
  "controller/runtime/projects-path.test.ts",
  "controller/routes/images.test.ts",
  "shared/bpf/differential.test.ts",
  "shared/proto/index.test.ts",
  "shared/cli/commands.test.ts",
  "shared/cli/operator-mistakes.test.ts",
  "controller/runtime/operator-log.test.ts",
  // In process, but a property run of thousands of generated requests.
  "controller/fuzz/**",
];

export default mergeConfig(
  base,
  defineConfig({
    test: {
      exclude: [...configDefaults.exclude, ...PROCESS_TESTS],
      env: { TEST_API_TARGETS: "app.request" },
    },
  }),
);
