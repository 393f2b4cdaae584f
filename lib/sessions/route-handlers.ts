import "server-only";
import { APP_TIME_ZONE } from "@/lib/format";
import { isPlatformError, PlatformNotFoundError } from "@/lib/platform/errors";
import { platformErrorMessage } from "@/lib/platform-errors-to-messages";
import { sessionCsvChunks, sessionCsvFilename, sessionCsvHeader, sessionCsvRow } from "./csv";
import { defaultSessionDeps, logSessionError, type SessionDeps } from "./deps";
import { parseSessionFilter, type SessionRangeFilter } from "./filters";
import { toLiveSessionView, type LiveSessionsResponse } from "./live-view";
import { isPlatformId } from "./ownership";
import { getOwnedSession, iterateDriverSessionPages, listRunningSessions } from "./service";
import { zonedDate } from "./zoned-time";

/**
 * The session route handlers, built from their dependencies so integration tests run them against
 * the emulator and a test database; `app/api/sessions/**` only wires them to the real ones. Each one
 * authorizes itself and takes the driver from the sign-in session, never from a parameter.
 */

export type AuthorizeResult = { ok: true; platformUserId: number } | { ok: false; status: 401 | 403 };

export interface SessionRouteDeps {
  authorize: () => Promise<AuthorizeResult>;
  /** Lazily, so a refused request never opens the database or builds a platform client. */
  sessions?: () => SessionDeps;
}

const PRIVATE = { "cache-control": "private, no-store" };

function jsonError(status: number, error: string): Response {
  return Response.json({ error }, { status, headers: PRIVATE });
}

function denied(status: 401 | 403): Response {
  return jsonError(status, status === 401 ? "Sign in to continue." : "Your sign-in is not linked to a charging account yet.");
}

function failed(what: string, doing: string, error: unknown): Response {
  logSessionError(what, error);
  // The driver's own platform user is gone (deleted or unlinked on the platform): nothing to retry.
  if (error instanceof PlatformNotFoundError) return jsonError(404, "We could not find your charging account. Please contact support.");
  return isPlatformError(error)
    ? jsonError(503, platformErrorMessage(error, doing))
    : jsonError(500, `Something went wrong while we tried to ${doing}. Try again in a moment.`);
}

function csvHeaders(filename: string): HeadersInit {
  return {
    ...PRIVATE,
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${filename}"`,
    "x-content-type-options": "nosniff",
  };
}

/** Only the export's own filters are read: `userId`, `page` or anything else in the URL is ignored. */
export function exportFilterFrom(url: URL): { ok: true; filter: SessionRangeFilter } | { ok: false; error: string } {
  const own = new URLSearchParams();
  for (const name of ["status", "from", "to"]) {
    const value = url.searchParams.get(name);
    if (value !== null) own.set(name, value);
  }
  const { filter, messages } = parseSessionFilter(own);
  if (messages.length > 0) return { ok: false, error: messages.join(" ") };
  return { ok: true, filter: { status: filter.status, from: filter.from, to: filter.to } };
}

/**
 * A byte stream pulled from `chunks` (one platform page each): the next chunk is read only when the
 * client wants more (backpressure; with a high-water mark of one chunk, at most one page is fetched
 * ahead of the client), so a long history never sits in memory. The first chunk (header and first
 * platform page) is read before answering, so a platform that is down gives an error status instead
 * of a broken download. A later failure aborts the stream: a truncated file must not pass for a
 * complete one. Cancelling (the client went away) stops the walk over the platform's pages.
 */
export async function csvStream(chunks: AsyncGenerator<string, void, undefined>, onError: (error: unknown) => void): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  const first = await chunks.next();
  let pending = first.done ? "" : first.value;
  let finished = first.done === true;
  // Set when the client goes away while a page is being fetched: that page is then dropped unseen.
  let cancelled = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          let chunk = pending;
          pending = "";
          // A pull that enqueues nothing is not called again: read on past empty chunks.
          while (chunk === "" && !finished) {
            const next = await chunks.next();
            if (next.done) finished = true;
            else chunk = next.value;
          }
          if (cancelled) return;
          if (chunk !== "") controller.enqueue(encoder.encode(chunk));
          if (finished) controller.close();
        } catch (error) {
          if (cancelled) return;
          onError(error);
          controller.error(error);
        }
      },
      async cancel() {
        cancelled = true;
        await chunks.return(undefined);
      },
    },
    { highWaterMark: 1 },
  );
}

export function createSessionsExportHandler(deps: SessionRouteDeps) {
  return async function GET(request: Request): Promise<Response> {
    const auth = await deps.authorize();
    if (!auth.ok) return denied(auth.status);
    const parsed = exportFilterFrom(new URL(request.url));
    if (!parsed.ok) return jsonError(400, parsed.error);
    const sessionDeps = (deps.sessions ?? defaultSessionDeps)();
    try {
      const user = await sessionDeps.platform.users.getUser(auth.platformUserId);
      const chunks = sessionCsvChunks(iterateDriverSessionPages(auth.platformUserId, parsed.filter, sessionDeps), user.currency);
      const body = await csvStream(chunks, (error) => logSessionError("streaming the sessions export", error));
      const filename = sessionCsvFilename(zonedDate(sessionDeps.now(), APP_TIME_ZONE));
      return new Response(body, { status: 200, headers: csvHeaders(filename) });
    } catch (error) {
      return failed("starting the sessions export", "prepare your export", error);
    }
  };
}

/** One session as CSV (a receipt line for an expense claim); 404 unless it is the driver's own. */
export function createSessionExportHandler(deps: SessionRouteDeps) {
  return async function GET(_request: Request, id: string): Promise<Response> {
    const auth = await deps.authorize();
    if (!auth.ok) return denied(auth.status);
    const sessionId = /^\d{1,10}$/.test(id) ? Number(id) : NaN;
    if (!isPlatformId(sessionId)) return jsonError(404, "This charging session was not found in your account.");
    const sessionDeps = (deps.sessions ?? defaultSessionDeps)();
    try {
      // Ownership first; the user read (for the currency) only once the session is proven theirs.
      const session = await getOwnedSession(auth.platformUserId, sessionId, sessionDeps);
      if (!session) return jsonError(404, "This charging session was not found in your account.");
      const user = await sessionDeps.platform.users.getUser(auth.platformUserId);
      const body = sessionCsvHeader() + sessionCsvRow(session, user.currency);
      return new Response(body, { status: 200, headers: csvHeaders(`charging-session-${session.id}.csv`) });
    } catch (error) {
      return failed("exporting one session", "prepare this export", error);
    }
  };
}

export function createLiveSessionsHandler(deps: SessionRouteDeps) {
  return async function GET(): Promise<Response> {
    const auth = await deps.authorize();
    if (!auth.ok) return denied(auth.status);
    const sessionDeps = (deps.sessions ?? defaultSessionDeps)();
    try {
      const running = await listRunningSessions(auth.platformUserId, sessionDeps);
      const body: LiveSessionsResponse = { sessions: running.map(toLiveSessionView), checkedAt: sessionDeps.now().toISOString() };
      return Response.json(body, { headers: PRIVATE });
    } catch (error) {
      return failed("reading running sessions", "check your running session", error);
    }
  };
}
