import "server-only";
import { and, count, desc, eq, gte, ilike, lt, type SQL } from "drizzle-orm";
import { getDb } from "@/lib/core/db/client";
import { auditLog, users } from "@/lib/core/db/schema";
import { APP_TIME_ZONE } from "@/lib/core/format";
import { nextDay, startOfZonedDay } from "@/lib/core/zoned-time";
import { AUDIT_PAGE_SIZE, type AuditFilter } from "./audit-filter";

export interface AuditEntryView {
  id: number;
  at: string;
  actorEmail: string;
  action: string;
  targetPlatformUserId: number | null;
  /** The driver's name as their portal account has it (null: no account, or none recorded). */
  targetName: string | null;
  targetCard: string | null;
  outcome: "success" | "failure";
  details: Record<string, unknown> | null;
  error: string | null;
  /** A refusal's reason code (lib/core/audit-reason.ts). */
  reason: string | null;
}

export interface AuditPage {
  entries: AuditEntryView[];
  page: number;
  lastPage: number;
  total: number;
}

/** `%` and `_` typed by staff are searched for literally. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Newest first, one page. Read-only: the portal never updates or deletes audit entries. */
export async function listAuditEntries(filter: AuditFilter, perPage = AUDIT_PAGE_SIZE): Promise<AuditPage> {
  const conditions: SQL[] = [];
  if (filter.actor) conditions.push(ilike(auditLog.actorEmail, likeContains(filter.actor)));
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.driver !== undefined) conditions.push(eq(auditLog.targetPlatformUserId, filter.driver));
  if (filter.outcome) conditions.push(eq(auditLog.outcome, filter.outcome));
  if (filter.from) conditions.push(gte(auditLog.at, startOfZonedDay(filter.from, APP_TIME_ZONE)));
  if (filter.to) conditions.push(lt(auditLog.at, startOfZonedDay(nextDay(filter.to), APP_TIME_ZONE)));
  const where = conditions.length > 0 ? and(...conditions) : undefined;

  const db = await getDb();
  const [counted] = await db.select({ total: count() }).from(auditLog).where(where);
  const total = counted?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(filter.page, lastPage);
  // The driver's name comes from their portal account at read time; the entry itself stays as stored.
  const rows = await db
    .select({ entry: auditLog, targetName: users.name })
    .from(auditLog)
    .leftJoin(users, eq(users.platformUserId, auditLog.targetPlatformUserId))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return {
    entries: rows.map(({ entry, targetName }) => ({
      ...entry,
      targetName,
      at: entry.at.toISOString(),
      outcome: entry.outcome,
    })),
    page,
    lastPage,
    total,
  };
}
