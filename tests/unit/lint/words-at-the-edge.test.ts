import { readFileSync } from "node:fs";
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

  it("keeps the list of services not yet wordless shrinking: each entry still imports a translator", async () => {
    const stillMaking =
      /from "(@\/lib\/core\/i18n\/translator|@\/lib\/core\/auth\/request-translator|next-intl(\/server)?)"/;
    const config = (await import(path.join(root, "eslint.config.mjs"))) as { WORDS_NOT_YET_AT_THE_EDGE: string[] };
    expect(config.WORDS_NOT_YET_AT_THE_EDGE.length).toBeGreaterThan(0);
    for (const file of config.WORDS_NOT_YET_AT_THE_EDGE) {
      const source = readFileSync(path.join(root, file), "utf8");
      const lines = source.split("\n").filter((line) => stillMaking.test(line));
      const makesWords = lines.some((line) => !/^import type \{ MessageKey \} from/.test(line));
      expect(makesWords, `${file} makes no words any more: remove it from WORDS_NOT_YET_AT_THE_EDGE`).toBe(true);
    }
  });
});
