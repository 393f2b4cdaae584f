import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { lintFixtures, REPO_ROOT, type LintFinding } from "@/tests/support/lint-fixtures";

// Issue 35: services return data or throw codes, words are made at the edge; pages take the language one way.
// Planted files in tests/fixtures/lint, linted through the gate's own config, as in gate.test.ts.
const root = REPO_ROOT;

let findings: LintFinding[] = [];
const rulesIn = (file: string) => findings.filter((f) => f.file === file).map((f) => f.rule);

describe("words at the edge, one locale call", () => {
  beforeAll(async () => {
    findings = await lintFixtures(["lib/features/cards", "app/planted"]);
  }, 300_000);

  it("refuses a translator in a feature's service, and names the way out", () => {
    expect(findings.filter((f) => f.file === "lib/features/cards/words-in-service.ts")).toEqual([
      expect.objectContaining({
        rule: "words/wordless-services",
        message: expect.stringContaining("word it at the edge"),
      }),
    ]);
  });

  it("lets a service name a catalogue key, and an action make the words", () => {
    expect(rulesIn("lib/features/cards/key-in-service.ts")).not.toContain("words/wordless-services");
    expect(rulesIn("lib/features/cards/actions/word-refusal.ts")).not.toContain("words/wordless-services");
  });

  it("refuses currentLocale() in app/, where getLocale() is the one call", () => {
    expect(rulesIn("app/planted/current-locale.ts")).toContain("words/one-locale-call");
    expect(rulesIn("app/planted/get-locale.ts")).not.toContain("words/one-locale-call");
  });

  it("leaves no service an exception: every feature file outside the edges is linted for words", async () => {
    const config = (await import(path.join(root, "eslint.config.mjs"))) as {
      default: { name?: string; ignores?: string[] }[];
      WORD_EDGES: string[];
    };
    const rule = config.default.find((entry) => entry.name === "portal/words-at-the-edge");
    expect(rule?.ignores).toEqual(config.WORD_EDGES);
  });
});
