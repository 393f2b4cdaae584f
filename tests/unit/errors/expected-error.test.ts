import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { SHARED_ERROR_STATUS, ExpectedError, hasErrorCode } from "@/lib/core/errors";
import { ACCOUNT_ERROR_STATUS } from "@/lib/features/accounts/shared";
import { ROLE_CHANGE_STATUS } from "@/lib/features/admin/shared";
import { PASSKEY_ERROR_STATUS } from "@/lib/features/passkeys/shared";
import { VOUCHER_ERROR_STATUS } from "@/lib/features/vouchers/shared";
import { VOUCHER_MESSAGES, VoucherError } from "@/lib/features/vouchers/errors";
import { CARD_ERROR_STATUS } from "@/lib/features/cards/shared";
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

  it("every code has a 4xx, 501 or (a platform that did not answer a voucher) 503 status, in the shared table or its feature's", () => {
    const tables = [
      SHARED_ERROR_STATUS,
      ACCOUNT_ERROR_STATUS,
      ROLE_CHANGE_STATUS,
      PASSKEY_ERROR_STATUS,
      VOUCHER_ERROR_STATUS,
      CARD_ERROR_STATUS,
    ];
    for (const table of tables)
      for (const status of Object.values(table)) expect([400, 403, 404, 409, 422, 429, 501, 503]).toContain(status);
  });

  it("an error carries its status: a shared code's from the shared table, a feature's own code's as declared", () => {
    expect(new CardNotOwnedError(7).status).toBe(404);
    expect(new CardStatusRefusedError("cards.errors.blockedNothingToPause").status).toBe(409);
    expect(new ExpectedError("unavailable", "billing.unsupported").status).toBe(501);
    expect(
      new ExpectedError("staff", "profile.emailChange.staff", {}, undefined, ACCOUNT_ERROR_STATUS.staff).status,
    ).toBe(403);
    expect(new VoucherError("unavailable", VOUCHER_MESSAGES.unavailable).status).toBe(503);
    expect(new VoucherError("invalid", VOUCHER_MESSAGES.invalidFromPlatform, {}, { field: "code" }).blame).toEqual({
      field: "code",
    });
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
