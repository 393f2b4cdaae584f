import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));

const PROPERTIES = "tests/integration/properties";

export default defineConfig({
  resolve: {
    alias: [
      { find: /^server-only$/, replacement: `${root}tests/support/server-only-stub.ts` },
      { find: /^@\//, replacement: root },
    ],
  },
  test: {
    environment: "node",
    // The server logger's JSON lines would drown the reporter; tests that check logging capture them.
    env: { LOG_LEVEL: "warn" },
    // next-auth imports "next/server" without an extension, which Node's ESM loader cannot resolve
    // (next has no exports map): let Vite resolve it, for tests that run Auth.js itself.
    server: { deps: { inline: ["next-auth"] } },
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Integration tests start loopback servers and PGlite instances; two cores go further one file at a time each.
    // One pool for both projects (they share this limit).
    maxWorkers: 2,
    // Each project inherits everything above (`extends: true`); `include` is set per project only,
    // because inherited arrays are concatenated, not replaced.
    projects: [
      {
        extends: true,
        test: {
          name: "unit+integration",
          include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
          exclude: [...configDefaults.exclude, `${PROPERTIES}/**`],
        },
      },
      {
        extends: true,
        test: {
          name: "properties",
          include: [`${PROPERTIES}/**/*.test.ts`],
          // The faked Next request context (vi.mock) and the per-file world (emulator, test database).
          setupFiles: [`${PROPERTIES}/setup.ts`],
        },
      },
    ],
  },
});
