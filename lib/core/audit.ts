import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { getDb } from "@/lib/core/db/client";
import { auditLog } from "@/lib/core/db/schema";
import { isPlatformError } from "@/lib/platform/errors";
import { logger } from "@/lib/core/log";
import { auditReasonOf } from "./audit-reason";

const log = logger("audit");

/**
 * The staff audit trail. The portal only ever appends to it (and reads it on /admin/audit):
 * nothing here or anywhere else updates or deletes an entry.
 */

export type AuditOutcome = "success" | "failure";

export interface AuditTarget {
  targetPlatformUserId?: number | null;
  /** Card code (UID) or a short card description such as "2001 (04A1B2C3D4E5F6)". */
  targetCard?: string | null;
}

/** Who did it: the signed-in staff member (a Viewer fits). */
export interface AuditActor {
  userId: string;
  email: string;
}

export interface AuditEntryInput extends AuditTarget {
  actor: AuditActor;
  action: string;
  outcome: AuditOutcome;
  details?: Record<string, unknown>;
  error?: string;
  /** A refusal's reason as a code (audit-reason.ts). */
  reason?: string;
}

const MAX_ERROR_LENGTH = 500;
const MAX_DEPTH = 5;

/** Anything named like a password or secret never reaches the log, however deep it sits. */
const SECRET_KEY = /passw(or)?d|secret/i;

export function redactDetails(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) return "[too deep]";
  if (Array.isArray(value)) return value.map((item) => redactDetails(item, depth + 1));
  if (value && typeof value === "object") {
    const result: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      if (SECRET_KEY.test(key)) continue;
      result[key] = redactDetails(inner, depth + 1);
    }
    return result;
  }
  if (typeof value === "string" && value.length > 1000) return `${value.slice(0, 1000)}…`;
  return value;
}

/**
 * What the log keeps of a failure. Platform errors name the endpoint and status only (never the
 * platform's own text, which may echo personal data); other errors keep their name and message.
 */
export function auditErrorText(error: unknown): string {
  if (isPlatformError(error)) return error.message.slice(0, MAX_ERROR_LENGTH);
  if (error instanceof Error) return `${error.name}: ${error.message}`.slice(0, MAX_ERROR_LENGTH);
  return "Unknown error";
}

/** Whether a task appended an entry (runNotingAudits). */
export interface AuditNotes {
  recorded: boolean;
}
const scopes = new AsyncLocalStorage<AuditNotes>();

/** Runs `task`, noting in `notes` whether it appended an entry: a staff action then records no refusal of its own. */
export function runNotingAudits<T>(notes: AuditNotes, task: () => Promise<T>): Promise<T> {
  return scopes.run(notes, task);
}

/**
 * Appends one entry. A failed write is logged and swallowed: the mutation it describes has already
 * happened (or failed) on the platform, and the staff member must still see that outcome.
 */
export async function recordAudit(entry: AuditEntryInput): Promise<void> {
  const scope = scopes.getStore();
  if (scope) scope.recorded = true;
  try {
    const db = await getDb();
    await db.insert(auditLog).values({
      actorUserId: entry.actor.userId,
      actorEmail: entry.actor.email.toLowerCase(),
      action: entry.action,
      targetPlatformUserId: entry.targetPlatformUserId ?? null,
      targetCard: entry.targetCard ?? null,
      outcome: entry.outcome,
      details: entry.details ? (redactDetails(entry.details) as Record<string, unknown>) : null,
      error: entry.error ? entry.error.slice(0, MAX_ERROR_LENGTH) : null,
      reason: entry.reason ?? null,
    });
  } catch (error) {
    log.error("could not record an entry", { action: entry.action, error });
  }
}

export interface AuditedMutation<T> extends AuditTarget {
  actor: AuditActor;
  action: string;
  run: () => Promise<T>;
  /** Kept whatever the outcome. */
  details?: Record<string, unknown>;
  /** What only a success knows (e.g. the new card id), added to `details`. */
  resultDetails?: (result: T) => Record<string, unknown>;
}

/**
 * Runs a staff mutation and records its outcome either way; the mutation's error is rethrown
 * unchanged so the caller can map it to plain words.
 */
export async function withAudit<T>(mutation: AuditedMutation<T>): Promise<T> {
  const { actor, action, run, details = {}, resultDetails, targetPlatformUserId, targetCard } = mutation;
  const target = { targetPlatformUserId, targetCard };
  let result: T;
  try {
    result = await run();
  } catch (error) {
    const reason = auditReasonOf(error);
    await recordAudit({ actor, action, ...target, outcome: "failure", details, error: auditErrorText(error), reason });
    throw error;
  }
  await recordAudit({
    actor,
    action,
    ...target,
    outcome: "success",
    details: { ...details, ...resultDetails?.(result) },
  });
  return result;
}
