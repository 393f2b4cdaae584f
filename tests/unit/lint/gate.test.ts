import { readdirSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";
import { LINT_FIXTURES_DIR, lintFixtures, REPO_ROOT, type LintFinding } from "@/tests/support/lint-fixtures";

// The lint gate of `npm test`, run through ESLint's Node API on planted violations in tests/fixtures/lint
// (a small lib/ + components/ tree that the gate itself ignores). Each rule must report its plant, and
// the control file, which stays within the rules, must stay clean.
const root = REPO_ROOT;
const fixtures = LINT_FIXTURES_DIR;

let findings: LintFinding[] = [];

const findingsIn = (file: string) => findings.filter((f) => f.file === file);
/** The file has exactly one finding: of `rule`, its message holding `message`. */
const expectOneFinding = (file: string, rule: string, message: string) =>
  expect(findingsIn(file)).toEqual([expect.objectContaining({ rule, message: expect.stringContaining(message) })]);

describe("lint gate", () => {
  beforeAll(async () => {
    findings = await lintFixtures(["lib", "components"]);
  }, 300_000);

  it("refuses a process.env read in lib/", () => {
    expectOneFinding("lib/reads-environment.ts", "no-restricted-syntax", "lib/core/config.ts");
  });

  it("refuses a lib → components import", () => {
    expectOneFinding("lib/imports-component.ts", "no-restricted-imports", "lib/ is below components/");
  });

  it("refuses the foundation importing a feature, from lib/core and lib/platform", () => {
    for (const file of ["lib/core/imports-feature.ts", "lib/platform/imports-feature.ts"])
      expectOneFinding(
        file,
        "no-restricted-imports",
        "The foundation (lib/core, lib/platform) never imports a feature",
      );
  });

  it("refuses a feature importing another feature's files, and lets it use the public module", () => {
    expectOneFinding(
      "lib/features/admin/imports-card-internals.ts",
      "no-restricted-imports",
      "only through its public modules",
    );
    expect(findingsIn("lib/features/admin/within-the-layers.ts")).toEqual([]);
  });

  it("refuses the emulators outside the two seams", () => {
    expectOneFinding("lib/features/cards/reaches-emulator.ts", "no-restricted-imports", "only through its two seams");
  });

  it("refuses a component taking the platform client instead of a feature's service", () => {
    expectOneFinding("components/calls-platform.tsx", "no-restricted-imports", "call a feature's service");
  });

  it("refuses a component importing a feature's own file, and lets it use the public modules and actions", () => {
    expectOneFinding(
      "components/imports-feature-file.ts",
      "no-restricted-imports",
      "or @/lib/features/<feature>/shared (browser-safe)",
    );
    expect(findingsIn("components/uses-feature-modules.ts")).toEqual([]);
  });

  const platformRule = "@typescript-eslint/no-restricted-imports";

  it("refuses a dialect named outside the client and the registry, by a type-only import too", () => {
    for (const file of ["lib/features/cards/reaches-dialect.ts", "lib/platform/generic-names-dialect.ts"])
      expectOneFinding(file, platformRule, "Only lib/platform/client.ts and the registry");
  });

  it("refuses a dialect importing another dialect", () => {
    expectOneFinding("lib/platform/dialects/ampeco/reaches-sibling.ts", platformRule, "never another dialect");
  });

  it("lets the client and the registry name dialects, and a dialect use its own files", () => {
    for (const file of [
      "lib/platform/client.ts",
      "lib/platform/dialects/index.ts",
      "lib/platform/dialects/ampeco/index.ts",
    ])
      expect(findingsIn(file)).toEqual([]);
  });

  it("refuses lib/platform importing lib/core above its bottom floor, by alias and by relative path", () => {
    for (const file of [
      "lib/platform/reaches-core-above-floor.ts",
      "lib/platform/dialects/ampeco/reaches-core-above-floor.ts",
    ])
      expectOneFinding(file, platformRule, "lib/platform imports only lib/core's bottom floor");
  });

  it("refuses lib/core's bottom floor importing the platform", () => {
    expectOneFinding("lib/core/log.ts", platformRule, "never imports the platform");
  });

  it("refuses an import cycle", () => {
    expect(findingsIn("lib/cycle-first.ts").map((f) => f.rule)).toEqual(["import/no-cycle"]);
    expect(findingsIn("lib/cycle-second.ts").map((f) => f.rule)).toEqual(["import/no-cycle"]);
  });

  it("refuses a client component importing a server-only module, directly or through another module", () => {
    expectOneFinding(
      "components/client-imports-server-only.tsx",
      "local/no-server-only-in-client",
      "lib/planted-secret.ts",
    );
    expectOneFinding(
      "components/client-imports-server-only-indirectly.tsx",
      "local/no-server-only-in-client",
      "lib/passes-secret-on.ts → lib/planted-secret.ts",
    );
  });

  it("lets a client component import server actions, types and pure modules", () => {
    expect(findingsIn("components/client-within-the-rules.tsx")).toEqual([]);
    expect(findingsIn("lib/planted-secret.ts")).toEqual([]);
  });

  it("refuses interface text written into a component: between tags, in a text prop, chosen in children", () => {
    const refused = findingsIn("components/literal-text.tsx").map((f) => `${f.rule}: ${f.message}`);
    // aria-label, the heading's text, both words of the condition, the template and the placeholder.
    expect(refused).toHaveLength(6);
    expect(refused).toContainEqual(
      expect.stringContaining('react/jsx-no-literals: Strings not allowed in JSX files: "Charging cards"'),
    );
    expect(refused).toContainEqual(
      expect.stringContaining('react/jsx-no-literals: Strings not allowed in JSX files: "`${count} cards`"'),
    );
    expect(refused.filter((r) => r.includes("catalogues (a feature's words/*.json"))).toHaveLength(4);
  });

  it("lets a component take its words from the catalogue, with class names, types and symbols left as they are", () => {
    expect(findingsIn("components/translated-text.tsx")).toEqual([]);
  });

  it("refuses lib/core importing a floor above its own, type-only and relative imports included", () => {
    const planted = {
      "lib/core/i18n/reads-the-viewer.ts": "lib/core/i18n (floor 1) imports lib/core/auth on floor 3",
      "lib/core/db/sends-mail.ts": "lib/core/db (floor 2) imports lib/core/mail on floor 3",
      "lib/core/auth/answers-an-action.ts": "lib/core/auth (floor 3) imports lib/core/actions on floor 4",
    };
    for (const [file, message] of Object.entries(planted)) expectOneFinding(file, "portal-core/floors", message);
  });

  it("refuses an import back along a floor of lib/core, so no two of its folders import each other", () => {
    const planted = {
      "lib/core/mail/names-the-device.ts": "lib/core/mail imports lib/core/auth, which stands after it on floor 3",
      "lib/core/i18n/formats-a-date.ts": "lib/core/i18n imports lib/core/format, which stands after it on floor 1",
    };
    for (const [file, message] of Object.entries(planted)) expectOneFinding(file, "portal-core/floors", message);
  });

  it("lets lib/core import down its floors", () => {
    expect(findingsIn("lib/core/actions/within-the-floors.ts")).toEqual([]);
    expect(findingsIn("lib/core/mail/outbox-note.ts")).toEqual([]);
  });

  it("places every entry of lib/core on exactly one floor, and names none that is gone", async () => {
    // The floors as the main run applies them to lib/core.
    const config = (await new ESLint({ cwd: root }).calculateConfigForFile(path.join(root, "lib/core/format.ts"))) as {
      rules: Record<string, [unknown, string[][]]>;
    };
    const placed = config.rules["portal-core/floors"]![1].flat();
    const entries = readdirSync(path.join(root, "lib/core")).map((name) => name.replace(/(\.d)?\.tsx?$/, ""));
    expect([...placed].sort()).toEqual([...new Set(entries)].sort());
    expect(new Set(placed).size).toBe(placed.length);
  });

  it("ignores the planted fixtures in the main run", async () => {
    const eslint = new ESLint({ cwd: root });
    expect(await eslint.isPathIgnored(path.join(fixtures, "lib/reads-environment.ts"))).toBe(true);
  });
});
