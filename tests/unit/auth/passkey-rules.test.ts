import { describe, expect, it } from "vitest";
import { challengeUsable, CHALLENGE_TTL_MS, type StoredChallenge } from "@/lib/features/passkeys/challenges";
import { signCountAccepted } from "@/lib/features/passkeys/counter";

const issuedAt = new Date("2026-06-01T08:00:00Z");
const stored: StoredChallenge = {
  challenge: "abc",
  purpose: "sign-in",
  userId: null,
  expiresAt: new Date(issuedAt.getTime() + CHALLENGE_TTL_MS),
};
const signIn = { purpose: "sign-in" as const, userId: null };

describe("challenge expiry", () => {
  it("answers within five minutes, not at or after the expiry", () => {
    expect(CHALLENGE_TTL_MS).toBe(5 * 60 * 1000);
    expect(challengeUsable(stored, signIn, issuedAt)).toBe(true);
    expect(challengeUsable(stored, signIn, new Date(stored.expiresAt.getTime() - 1))).toBe(true);
    expect(challengeUsable(stored, signIn, stored.expiresAt)).toBe(false);
    expect(challengeUsable(stored, signIn, new Date(stored.expiresAt.getTime() + 60_000))).toBe(false);
  });

  it("answers only the purpose and account it was issued for", () => {
    expect(challengeUsable(stored, { purpose: "register", userId: null }, issuedAt)).toBe(false);
    const registrationOfU1 = { ...stored, purpose: "register" as const, userId: "u-1" };
    expect(challengeUsable(registrationOfU1, { purpose: "register", userId: "u-2" }, issuedAt)).toBe(false);
    expect(challengeUsable(registrationOfU1, { purpose: "register", userId: "u-1" }, issuedAt)).toBe(true);
  });
});

describe("signature counter", () => {
  it("must move up on every use of a counting authenticator", () => {
    expect(signCountAccepted(0, 1)).toBe(true);
    expect(signCountAccepted(5, 6)).toBe(true);
    expect(signCountAccepted(5, 500)).toBe(true);
  });

  it("refuses a lower or equal count: a cloned authenticator", () => {
    expect(signCountAccepted(5, 4)).toBe(false);
    expect(signCountAccepted(5, 5)).toBe(false);
    expect(signCountAccepted(5, 0)).toBe(false);
  });

  it("allows authenticators that never count (synced passkeys send 0 each time)", () => {
    expect(signCountAccepted(0, 0)).toBe(true);
  });
});
