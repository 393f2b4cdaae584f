import "server-only";
import { downloadFilterFrom, downloadHeaders, streamedDownload } from "@/lib/core/route-handlers/download";
import { CSV_CONTENT_TYPE } from "@/lib/core/csv";
import { countedPages, openDownloadJob } from "@/lib/core/route-handlers/download-job";
import { APP_TIME_ZONE } from "@/lib/core/format";
import { z } from "zod";
import { sessionIdPathParam } from "@/lib/platform/platform-id";
import { DRIVER_ACCOUNT_GONE, type DriverRouteAccess } from "@/lib/core/route-handlers/access";
import { foundOrNotFound, paramsOrNotFound } from "@/lib/core/route-handlers/route-error";
import { PRIVATE_NO_STORE, routeHandler, type RouteHandler } from "@/lib/core/route-handlers/route-handler";
import { sessionCsvChunks, sessionCsvFilename, sessionCsvHeader, sessionCsvRow, sessionCsvWords } from "./csv";
import { defaultSessionDeps, logSessionError, type SessionDeps } from "./deps";
import { parseSessionFilter } from "./filters";
import { toLiveSessionView, type LiveSessionsResponse } from "./live-view";
import { SessionPlaces } from "./places";
import { getOwnedSession, iterateDriverSessionPages, listRunningSessions } from "./service";
import { currentLocale } from "@/lib/core/auth/current-locale";
import { translatorFor } from "@/lib/core/i18n/translator";
import { zonedDate } from "@/lib/core/zoned-time";

/**
 * Session route handlers built from their dependencies (for tests). The driver comes from the session, never a param.
 */

export interface SessionRouteDeps extends DriverRouteAccess {
  /** Lazily, so a refused request never opens the database or builds a platform client. */
  sessions?: () => SessionDeps;
}

const SCOPE = "sessions";
const SESSION_NOT_FOUND = "sessionsCsv.errors.sessionNotFound";
const SessionIdParams = z.object({ id: sessionIdPathParam() });

export function createSessionsExportHandler(deps: SessionRouteDeps): RouteHandler {
  return routeHandler({
    scope: SCOPE,
    words: { doing: "sessionsCsv.doing.exportAll", notFound: DRIVER_ACCOUNT_GONE },
    access: deps.authorize,
    async run({ request, actor }) {
      // The file is in the driver's language: header, status cells and location names.
      const locale = await currentLocale();
      const t = translatorFor(locale);
      // Only the export's own filters: `userId`, `page` or anything else in the URL is ignored; a bad one is a 400.
      const filter = await downloadFilterFrom(
        new URL(request.url),
        ["status", "from", "to"],
        parseSessionFilter,
        "sessionsCsv.errors.badFilters",
      );
      const sessionDeps = (deps.sessions ?? defaultSessionDeps)();
      // Followed by the page (`?progress=`): rows written so far, and a cancel that stops the platform reads.
      const job = await openDownloadJob(request, actor, "sessions-csv");
      const user = await job.run(() => sessionDeps.platform.users.getUser(actor.platformUserId));
      const places = new SessionPlaces(locale, sessionDeps);
      const chunks = sessionCsvChunks(
        countedPages(iterateDriverSessionPages(actor.platformUserId, filter, sessionDeps), job, "rows"),
        user.currency,
        sessionCsvWords(t),
        places,
      );
      const filename = sessionCsvFilename(zonedDate(sessionDeps.now(), APP_TIME_ZONE));
      return streamedDownload(job.stream(chunks), { contentType: CSV_CONTENT_TYPE, filename }, (error) =>
        logSessionError("streaming the sessions export", error),
      );
    },
  });
}

/** One session as CSV (a receipt line for an expense claim); 404 unless it is the driver's own. */
export function createSessionExportHandler(deps: SessionRouteDeps): RouteHandler {
  return routeHandler({
    scope: SCOPE,
    words: { doing: "sessionsCsv.doing.exportOne", notFound: DRIVER_ACCOUNT_GONE },
    access: deps.authorize,
    params: paramsOrNotFound(SessionIdParams, SESSION_NOT_FOUND),
    async run({ actor, params }) {
      const sessionDeps = (deps.sessions ?? defaultSessionDeps)();
      // Ownership first; the user read (for the currency) only once the session is proven theirs.
      const session = await foundOrNotFound(
        getOwnedSession(actor.platformUserId, params.id, sessionDeps),
        SESSION_NOT_FOUND,
      );
      const user = await sessionDeps.platform.users.getUser(actor.platformUserId);
      const locale = await currentLocale();
      const words = sessionCsvWords(translatorFor(locale));
      const places = new SessionPlaces(locale, sessionDeps);
      await places.learn([session]);
      const body = sessionCsvHeader(words) + sessionCsvRow(session, user.currency, words, places.label);
      return new Response(body, {
        status: 200,
        headers: downloadHeaders(CSV_CONTENT_TYPE, `charging-session-${session.id}.csv`),
      });
    },
  });
}

export function createLiveSessionsHandler(deps: SessionRouteDeps): RouteHandler {
  return routeHandler({
    scope: SCOPE,
    words: { doing: "sessions.doing.checkLive", notFound: DRIVER_ACCOUNT_GONE },
    access: deps.authorize,
    async run({ actor }) {
      const sessionDeps = (deps.sessions ?? defaultSessionDeps)();
      const running = await listRunningSessions(actor.platformUserId, sessionDeps);
      const body: LiveSessionsResponse = {
        sessions: running.map(toLiveSessionView),
        checkedAt: sessionDeps.now().toISOString(),
      };
      return Response.json(body, { headers: PRIVATE_NO_STORE });
    },
  });
}
