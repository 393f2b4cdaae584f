import "server-only";
import { and, eq, lt, sql } from "drizzle-orm";
import { getConfig, type AppConfig } from "@/lib/core/config";
import { getDb, type Database } from "@/lib/core/db/client";
import { rateLimitCounters } from "@/lib/core/db/schema";
import { countLimitRefusal } from "@/lib/core/observability/metrics";

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

/**
 * Fixed-window counter kept in the database, so limits hold across restarts and across
 * several portal instances sharing one Postgres. Every call counts, allowed or not.
 */
export async function consumeRateLimit(
  bucket: string,
  subject: string,
  rule: RateLimitRule,
  now = new Date(),
): Promise<RateLimitResult> {
  return countAttempt(await getDb(), bucket, subject, rule, now);
}

/**
 * One upsert returning the new count, so concurrent instances each see their own increment. Clean-up keeps the previous
 * window: a lagging clock may still count there.
 */
export async function countAttempt(
  db: Database,
  bucket: string,
  subject: string,
  rule: RateLimitRule,
  now: Date,
): Promise<RateLimitResult> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ bucket, subject: subject.toLowerCase(), windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.bucket, rateLimitCounters.subject, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
    })
    .returning({ count: rateLimitCounters.count });
  const count = row?.count ?? 1;
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
  // The first count of a subject in a window trims the bucket: the table stays small without a scheduler.
  if (count === 1)
    await db
      .delete(rateLimitCounters)
      .where(
        and(
          eq(rateLimitCounters.bucket, bucket),
          lt(rateLimitCounters.windowStart, new Date(windowStart.getTime() - windowMs)),
        ),
      );
  if (count > rule.limit) countLimitRefusal(bucket);
  return { allowed: count <= rule.limit, remaining: Math.max(0, rule.limit - count), retryAfterSeconds };
}

const FIFTEEN_MINUTES = 15 * 60;
const HOUR = 60 * 60;

/** A bucket's rule as the table below writes it: a limit named in configuration (LIMIT_* variables) or fixed. */
interface RuleSource {
  limit: keyof AppConfig["limits"] | number;
  windowSeconds: number;
}

const RULE_SOURCES = {
  signInMailPerEmail: { limit: "signInPerEmail", windowSeconds: FIFTEEN_MINUTES },
  signInMailPerClient: { limit: "signInPerClient", windowSeconds: FIFTEEN_MINUTES },
  signUpPerClient: { limit: "signUpPerClientPerHour", windowSeconds: HOUR },
  voucherPerDriver: { limit: "voucherPerDriver", windowSeconds: FIFTEEN_MINUTES },
  chargeStartPerDriver: { limit: "chargeStartPerDriver", windowSeconds: FIFTEEN_MINUTES },
  passwordResetPerDriver: { limit: "passwordResetPerDriver", windowSeconds: FIFTEEN_MINUTES },
  /** Per staff member and driver: staff can help, not flood a driver's mailbox. */
  passwordResetByStaffPerDriver: { limit: "passwordResetByStaffPerDriver", windowSeconds: FIFTEEN_MINUTES },
  /** Passkey sign-in ceremonies per client address: each stores a challenge. Generous: a page load starts one. */
  passkeySignInPerClient: { limit: 60, windowSeconds: 60 },
  /** The platform's own data export (ampeco), per driver: each asks the platform to build one. */
  platformExportPerDriver: { limit: 5, windowSeconds: HOUR },
  /** The map's data routes per client address, signed-out visitors included: the map is public by default. */
  mapPerClient: { limit: "mapPerClientPerMinute", windowSeconds: 60 },
  /** Confirmation mails for e-mail changes, per portal account. */
  emailChangePerAccount: { limit: "emailChangePerAccount", windowSeconds: FIFTEEN_MINUTES },
} satisfies Record<string, RuleSource>;

/** The portal's abuse limits; a configured number is read from configuration each time its rule is asked for. */
export const RATE_LIMITS: Readonly<Record<keyof typeof RULE_SOURCES, RateLimitRule>> = Object.defineProperties(
  {} as Record<keyof typeof RULE_SOURCES, RateLimitRule>,
  Object.fromEntries(
    Object.entries(RULE_SOURCES).map(([name, { limit, windowSeconds }]: [string, RuleSource]) => [
      name,
      {
        enumerable: true,
        get: (): RateLimitRule => ({
          limit: typeof limit === "number" ? limit : getConfig().limits[limit],
          windowSeconds,
        }),
      },
    ]),
  ),
);
