import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";

/** A mailed link's token: 32 random bytes, base64url. Only its SHA-256 is stored, so the db alone opens no link. */
export const LinkToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

export function hashLinkToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A fresh token for a link, and the hash to store. */
export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashLinkToken(token) };
}
