import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";

/**
 * The token of a link the portal mails (an e-mail change, an app-password link, a sign-up): 32 random
 * bytes, base64url, so exactly 43 characters; anything else is not a token the portal made. Only its
 * SHA-256 is stored, so the database alone opens no link.
 */
export const LinkToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

export function hashLinkToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A fresh token for a link, and the hash to store. */
export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashLinkToken(token) };
}
