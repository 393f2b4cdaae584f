/**
 * Integration suites that cannot open a database (the emulators over HTTP, process and bundle checks): the
 * Postgres pass leaves them out, as it would run them unchanged. tests/unit/suite-map.test.ts fails if one of
 * them can reach a database module.
 */
export const WITHOUT_DATABASE: readonly string[] = [
  "tests/integration/ampeco-emulator/**",
  "tests/integration/platform-emulator/**",
  "tests/integration/auth/client-peer-address.test.ts",
  "tests/integration/graceful-shutdown.test.ts",
  "tests/integration/map/check-bundle-secrets.test.ts",
];
