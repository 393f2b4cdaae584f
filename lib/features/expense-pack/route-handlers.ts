import "server-only";
import { streamedDownload } from "@/lib/core/route-handlers/download";
import { z } from "zod";
import { recordAudit } from "@/lib/core/audit";
import type { Viewer } from "@/lib/core/auth/viewer";
import { zipChunks } from "@/lib/core/route-handlers/zip";
import { openDownloadJob } from "@/lib/core/route-handlers/download-job";
import { APP_TIME_ZONE } from "@/lib/core/format";
import { currentLocale } from "@/lib/core/auth/current-locale";
import { translatorFor, type Translator } from "@/lib/core/i18n/translator";
import { platformIdPathParam, PlatformUserIdSchema } from "@/lib/platform/platform-id";
import { DRIVER_ACCOUNT_GONE, driverAudit, type DriverRouteAccess } from "@/lib/core/route-handlers/access";
import { RouteError } from "@/lib/core/route-handlers/route-error";
import { routeHandler, type RouteHandler } from "@/lib/core/route-handlers/route-handler";
import { defaultSessionDeps, logSessionError, type SessionDeps } from "@/lib/features/sessions";
import { zonedDate } from "@/lib/core/zoned-time";
import { prepareExpensePack } from "./pack";
import { packFilename, parsePackPeriod, type PackPeriod } from "./period";

/**
 * GET the expense pack ZIP, the driver's own or (staff, audited) a driver's; the driver is never a `userId` parameter.
 * Statuses: 400 bad period, 404 nothing finished, 429/503/502 platform.
 */

interface PackDeps {
  /** Lazily, so a refused request never builds a platform client. */
  sessions?: () => SessionDeps;
}

const SCOPE = "expense-pack";
const PACK_AUDIT = "driver.expense-pack.download";

function packQuery(url: URL): URLSearchParams {
  const own = new URLSearchParams();
  for (const name of ["period", "from", "to", "status"]) {
    const value = url.searchParams.get(name);
    if (value !== null) own.set(name, value);
  }
  return own;
}

function periodOf(request: Request, now: Date, t: Translator): PackPeriod {
  const parsed = parsePackPeriod(packQuery(new URL(request.url)), now);
  if (parsed.ok) return parsed.period;
  const errors = Object.fromEntries(
    Object.entries(parsed.errors).map(([field, keys]) => [field, keys.map((k) => t(k))]),
  );
  throw new RouteError(400, "expensePack.errors.badPeriod", errors);
}

/** The pack as a streamed download, or a RouteError(404) with the empty period's message. */
async function packResponse(
  request: Request,
  caller: { userId?: string },
  platformUserId: number,
  sessionDeps: SessionDeps,
  onReady?: (period: PackPeriod, sessions: number) => Promise<void>,
): Promise<Response> {
  const now = sessionDeps.now();
  const locale = await currentLocale();
  const t = translatorFor(locale);
  const period = periodOf(request, now, t);
  // The browser follows the pack (`?progress=`): sessions read, receipts written, and a cancel from any instance.
  const job = await openDownloadJob(request, caller, "expense-pack");
  const pack = await job.run(() =>
    prepareExpensePack({ platformUserId, period, language: { t, locale }, progress: job }, sessionDeps),
  );
  if (pack.kind === "empty") {
    throw new RouteError(404, "expensePack.errors.empty", undefined, {
      period: pack.periodText,
      setAside: pack.setAside,
    });
  }
  await onReady?.(period, pack.sessions);
  const filename = packFilename(period, zonedDate(now, APP_TIME_ZONE));
  return streamedDownload(job.stream(zipChunks(pack.entries)), { contentType: "application/zip", filename }, (error) =>
    logSessionError("streaming the expense pack", error),
  );
}

export function createExpensePackHandler(deps: PackDeps & DriverRouteAccess): RouteHandler {
  return routeHandler({
    scope: SCOPE,
    words: { doing: "expensePack.doing.prepare", notFound: DRIVER_ACCOUNT_GONE },
    access: deps.authorize,
    run: ({ request, actor }) =>
      packResponse(request, actor, actor.platformUserId, (deps.sessions ?? defaultSessionDeps)()),
  });
}

const DriverParams = z.object({ id: platformIdPathParam(PlatformUserIdSchema) });

/** Staff download a driver's pack; each download (and each failed one) is in the audit log. */
export function createStaffExpensePackHandler(deps: PackDeps & { authorize: () => Promise<Viewer> }): RouteHandler {
  return routeHandler({
    scope: SCOPE,
    words: { doing: "expensePack.doing.prepareForDriver", notFound: "expensePack.errors.noDriver" },
    access: deps.authorize,
    params: { schema: DriverParams, invalid: () => new RouteError(400, "expensePack.errors.badDriverId") },
    // Every refusal (a bad period, no staff role) or failure is an entry with its reason; a download its own entry.
    audit: driverAudit(PACK_AUDIT),
    async run({ request, actor, params }) {
      const audit = { actor, action: PACK_AUDIT, targetPlatformUserId: params.id } as const;
      return packResponse(request, actor, params.id, (deps.sessions ?? defaultSessionDeps)(), (period, sessions) =>
        recordAudit({ ...audit, outcome: "success", details: { ...period, sessions } }),
      );
    },
  });
}
