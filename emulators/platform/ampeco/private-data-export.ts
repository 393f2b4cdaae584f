import { createHmac, timingSafeEqual } from "node:crypto";
import { HttpError, json, parseId } from "../http";
import type { Route, RouteContext } from "../router";
import { findUser } from "../user-records";
import { idTagOfSession } from "./sessions";
import { ampecoSessionView, ampecoUserView, idTagView } from "./views";

/**
 * The GDPR export of the real platform: `export-all-private-data` answers a download URL valid for
 * 24 hours (platform-real-api-facts.md). The emulator's link is signed with its key instead of
 * stored, so it stays valid across restarts and needs no state; the file is the user's profile,
 * id tags and sessions as the API shows them, in one JSON document.
 */
export const EXPORT_LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const EXPORT_FILE_PREFIX = "/exports/";

const EXPORT_LINK = /^\/public-api\/actions\/users\/v2\.0\/([^/]+)\/export-all-private-data$/;
const EXPORT_FILE = /^\/exports\/users\/([^/]+)\/(\d{1,13})-([0-9a-f]{64})\.json$/;

function signature(key: string, userId: number, expiresMs: number): string {
  return createHmac("sha256", key).update(`export:${userId}:${expiresMs}`).digest("hex");
}

function exportLink({ params, state, url, now, options }: RouteContext) {
  const user = findUser(state, params[0]);
  const expiresMs = now.getTime() + EXPORT_LINK_TTL_MS;
  const base = (options.downloadOrigin ?? url.origin).replace(/\/+$/, "");
  const file = `users/${user.id}/${expiresMs}-${signature(options.apiKey, user.id, expiresMs)}.json`;
  return json(200, { downloadUrl: `${base}${EXPORT_FILE_PREFIX}${file}` });
}

/** The signed file: 403 for a link the emulator did not sign, 410 once it has expired. */
function exportFile({ params, state, now, options, runtime }: RouteContext) {
  const userId = parseId(params[0], "User");
  const expiresMs = Number(params[1]);
  const expected = Buffer.from(signature(options.apiKey, userId, expiresMs), "hex");
  const given = Buffer.from(params[2] ?? "", "hex");
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new HttpError(403, "This download link is not valid.");
  if (now.getTime() > expiresMs) throw new HttpError(410, "This download link has expired.");
  const user = findUser(state, String(userId));
  const document = {
    exportedAt: now.toISOString(),
    user: ampecoUserView(user, runtime.settings),
    idTags: state.tokens.filter((t) => t.userId === user.id).map((t) => idTagView(t, runtime.settings)),
    sessions: state.sessions
      .filter((s) => s.userId === user.id)
      .map((s) => ampecoSessionView(s, now, idTagOfSession(state, s, runtime.settings), runtime.settings)),
  };
  return json(200, document, {
    "content-disposition": `attachment; filename="private-data-${user.id}.json"`,
    "cache-control": "private, no-store",
  });
}

/** The API operation (behind the key). */
export const exportLinkRoutes: Route[] = [{ method: "GET", pattern: EXPORT_LINK, handler: exportLink }];
/** The download itself: reached by the link alone, like a signed storage URL. */
export const exportFileRoutes: Route[] = [{ method: "GET", pattern: EXPORT_FILE, handler: exportFile }];
