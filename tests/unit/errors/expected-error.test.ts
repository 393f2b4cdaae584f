import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ERROR_STATUS, ExpectedError, hasErrorCode } from "@/lib/core/errors";
import { CardCodeTakenError, CardNotOwnedError, CardStatusRefusedError } from "@/lib/features/cards/card-errors";

describe("ExpectedError: a code, and the words as a catalogue key", () => {
  it("a feature's error is told apart by its code, not its class", () => {
    const notOwned = new CardNotOwnedError(7);
    expect(hasErrorCode(notOwned, "not-owned")).toBe(true);
    expect(hasErrorCode(notOwned, "refused", "taken")).toBe(false);
    expect(hasErrorCode(new TypeError("x"))).toBe(false);
    expect(notOwned).toBeInstanceOf(ExpectedError);
    expect({ code: "not-owned", key: "cards.errors.notOwned" }).not.toBeInstanceOf(ExpectedError);
  });

  it("a subclass still matches only its own instances inside its feature", () => {
    expect(new CardNotOwnedError(7)).not.toBeInstanceOf(CardStatusRefusedError);
    expect(new CardStatusRefusedError("cards.errors.blockedNothingToPause")).toBeInstanceOf(CardStatusRefusedError);
    expect(new CardCodeTakenError("elsewhere")).not.toBeInstanceOf(CardNotOwnedError);
  });

  it("every code has a 4xx, 501 or (a platform that did not answer a voucher) 503 status in the one table", () => {
    for (const status of Object.values(ERROR_STATUS))
      expect([400, 403, 404, 409, 422, 429, 501, 503]).toContain(status);
  });
});

const FEATURES = join(process.cwd(), "lib/features");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Names a file imports from another feature's modules. */
function namesFromOtherFeatures(path: string, text: string): string[] {
  const own = relative(FEATURES, path).split("/")[0];
  const names: string[] = [];
  for (const match of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+"@\/lib\/features\/([^/"]+)/g)) {
    if (match[2] === own) continue;
    for (const part of (match[1] ?? "").split(",")) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) names.push(name);
    }
  }
  return names;
}

describe("no instanceof across feature folders", () => {
  it("a feature tests another feature's errors by code (hasErrorCode)", () => {
    const crossings = sourceFiles(FEATURES).flatMap((path) => {
      const text = readFileSync(path, "utf8");
      return namesFromOtherFeatures(path, text)
        .filter((name) => new RegExp(`instanceof\\s+${name}\\b`).test(text))
        .map((name) => `${relative(process.cwd(), path)}: instanceof ${name}`);
    });
    expect(crossings).toEqual([]);
  });

  it("the check sees a crossing when there is one", () => {
    const planted = `import { CardNotOwnedError } from "@/lib/features/cards";\nif (e instanceof CardNotOwnedError) {}`;
    const names = namesFromOtherFeatures(join(FEATURES, "admin/planted.ts"), planted);
    expect(names).toContain("CardNotOwnedError");
    expect(namesFromOtherFeatures(join(FEATURES, "cards/planted.ts"), planted)).toEqual([]);
  });
});
