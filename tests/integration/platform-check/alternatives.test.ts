import { describe, expect, it } from "vitest";
import type { EmulatorSettingsInput } from "@/emulators/platform";
import { platformCheckCommand } from "@/lib/features/platform-check/command";
import { checkRun, rowsOf, text } from "./harness";

/**
 * Issue 34: with each tenant alternative the emulator plays (emulators/platform/settings.ts), `platform:check` either
 * passes (the portal copes) or names the problem with what to do.
 */
const copes: Array<[string, EmulatorSettingsInput, RegExp | null]> = [
  ["session ids that are not digits", { sessionIds: "uuid" }, /^sessions\.list\s+ok\s+.*ids are not digits/m],
  [
    "UIDs kept in lower case",
    { idTagUids: "lower" },
    /^idTags\.list\s+ok\s+.*lower case, which the portal copes with/m,
  ],
  ["roaming partners' sites listed", { roamingLocations: true }, /^locations\.list\s+ok\s+lists own locations/m],
  ["a network of 1,200 own sites", { generatedLocations: 1_196 }, /^locations\.get\s+ok\s+reads location 501/m],
  ["a charge point per EVSE", { chargePoints: "one-per-evse" }, /^chargePoints\.evses\s+ok\s+lists 1 EVSE/m],
  ["429s with Laravel's Retry-After", { rateLimitHeaders: "retry-after" }, null],
  ["429s with the reset in seconds left", { rateLimitHeaders: "reset-seconds-left" }, null],
  ["429s without a reset", { rateLimitHeaders: "none" }, null],
  [
    "a tight rate limit",
    { rateLimit: { limit: 5_000, windowMs: 60_000 } },
    /^rate limit\s+info\s+X-RateLimit-Limit 5000/m,
  ],
];

describe("platform:check against each tenant alternative", () => {
  it.each(copes)("passes with %s (exit 0)", async (_name, settings, row) => {
    const run = checkRun({ settings });
    expect(await platformCheckCommand([], run.commandDeps)).toBe(0);
    expect(rowsOf(run.out, "BLOCKER")).toEqual([]);
    expect(rowsOf(run.out, "WARNING")).toEqual([]);
    if (row) expect(text(run.out)).toMatch(row);
  });

  it("names a base currency other than PLATFORM_CURRENCY and the setting that fixes it (exit 1)", async () => {
    const run = checkRun({ settings: { baseCurrency: "GBP" } });
    expect(await platformCheckCommand([], run.commandDeps)).toBe(1);
    expect(rowsOf(run.out, "BLOCKER")).toEqual([
      expect.stringMatching(
        /^currencies\.get\s+BLOCKER\s+the base currency is GBP, PLATFORM_CURRENCY is EUR: .* Set PLATFORM_CURRENCY=GBP$/,
      ),
    ]);
    const fixed = checkRun({ settings: { baseCurrency: "GBP" }, currency: "GBP" });
    expect(await platformCheckCommand([], fixed.commandDeps)).toBe(0);
  });

  it("names a user group of another partner (exit 1), and warns of one that belongs to none", async () => {
    const other = checkRun({ settings: { userGroups: [{ id: 257, name: "Fleet", partnerId: 1117 }] } });
    expect(await platformCheckCommand([], other.commandDeps)).toBe(1);
    expect(rowsOf(other.out, "BLOCKER")).toEqual([
      expect.stringMatching(
        /^userGroups\.get\s+BLOCKER\s+group 257 belongs to partner 1117, not PLATFORM_PARTNER_ID 1116: set PLATFORM_USER_GROUP_ID to a group of partner 1116$/,
      ),
    ]);
    const none = checkRun({ settings: { userGroups: [{ id: 257, name: "Everyone", partnerId: null }] } });
    expect(await platformCheckCommand([], none.commandDeps)).toBe(0);
    expect(rowsOf(none.out, "WARNING")).toEqual([
      expect.stringMatching(/^userGroups\.get\s+WARNING\s+group 257 belongs to no partner: check that it is the group/),
    ]);
  });

  it("names each call a key without the rights to a resource cannot make (403)", async () => {
    // evses.list: the charge point page reads the charge point its QR code's EVSE is on (issue 38).
    const run = checkRun({ settings: { forbiddenResources: ["charge-points", "sessions"] } });
    expect(await platformCheckCommand([], run.commandDeps)).toBe(1);
    const blocked = rowsOf(run.out, "BLOCKER").map((line) => line.split(/\s+/)[0]);
    expect(blocked.sort()).toEqual(["chargePoints.list", "evses.list", "locations.get", "sessions.list"]);
  });
});
