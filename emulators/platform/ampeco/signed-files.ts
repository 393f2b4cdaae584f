import { createHmac, timingSafeEqual } from "node:crypto";
import { HttpError } from "../http";
import type { RouteContext } from "../router";

/**
 * Download links the emulator signs (invoices, receipts): `<id>/<expires ms>-<HMAC-SHA256 hex>.pdf`, keyed with the
 * emulator's API key. The link is its own authority, like a storage URL: 403 when forged, 410 once expired.
 */
export const SIGNED_FILE = "(\\d{1,10})\\/(\\d{1,13})-([0-9a-f]{64})\\.pdf$";

type FileKind = "invoice" | "receipt";

const signature = (key: string, kind: FileKind, id: number, expiresMs: number) =>
  createHmac("sha256", key).update(`${kind}:${id}:${expiresMs}`).digest("hex");

/** The signed file name of a record, valid `ttlMs` from now on the emulator's clock. */
export function signedFileName(ctx: Pick<RouteContext, "now" | "options">, kind: FileKind, id: number, ttlMs: number) {
  const expiresMs = ctx.now.getTime() + ttlMs;
  return `${id}/${expiresMs}-${signature(ctx.options.apiKey, kind, id, expiresMs)}.pdf`;
}

/** The record id a link names (its path matched SIGNED_FILE), once its signature and time are checked. */
export function verifiedFileId(
  { params, now, options }: Pick<RouteContext, "params" | "now" | "options">,
  kind: FileKind,
) {
  const id = Number(params[0]);
  const expiresMs = Number(params[1]);
  const expected = Buffer.from(signature(options.apiKey, kind, id, expiresMs), "hex");
  const given = Buffer.from(params[2] ?? "", "hex");
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new HttpError(403, "This download link is not valid.");
  if (now.getTime() > expiresMs) throw new HttpError(410, "This download link has expired.");
  return id;
}
