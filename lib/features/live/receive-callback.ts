import "server-only";
import { pruneSchedule } from "@/lib/features/live/prune-schedule";
import { createHash } from "node:crypto";
import { after } from "next/server";
import { getDb, type Database } from "@/lib/core/db/client";
import { platformCallbacks } from "@/lib/core/db/schema";
import { logger } from "@/lib/core/log";
import { countCallback, type CallbackOutcome } from "@/lib/core/observability/metrics";
import { PRIVATE_NO_STORE } from "@/lib/core/route-handlers/route-handler";
import { readNotification } from "@/lib/platform/client";
import type { PlatformEvent } from "@/lib/platform/notification-types";
import { isNotificationKind, isValidSignature, notificationKindOf, signatureForm } from "@/lib/platform/notifications";
import { lt } from "drizzle-orm";
import { SELF_TEST_KIND } from "./callback-check";
import { callbackFreshness } from "./callback-freshness";
import { deliverPlatformEvent } from "./deliver";
import { callbacksConfigured, webhookKeys } from "./webhook-keys";

/** The platform's callbacks: 413, 401, 400 in that order without detail; unknown kinds and repeats 202 and dropped. */
// The order and the reasons: docs/design-notes.md#libfeatureslive
const log = logger("live");

/**
 * AMPECO states no size; a session update with a day of clock-aligned figures or charging periods passes 64 KB
 * (about 200 bytes a minute), so the cap is far above that and still bounds what one request can make the portal hold.
 */
export const MAX_CALLBACK_BYTES = 1024 * 1024;
/** Keys are read again at most this often, and after a refusal at most once a second (a new subscription's key). */
const KEYS_HOLD_MS = 60_000;
const KEYS_RELOAD_MIN_MS = 1_000;
/** How long a taken callback's digest is kept against replays and retries. */
const DIGEST_RETENTION_MS = 7 * 24 * 3_600_000;
const digestPruneDue = pruneSchedule(60_000);
const LOGGED_KINDS_LIMIT = 200;
const loggedKinds = new Set<string>();

export interface CallbackDeps {
  db: () => Promise<Database>;
  /** The keys the platform may sign with (null: callbacks are off, the portal polls); `fresh` after a refusal. */
  keys: (fresh: boolean) => Promise<readonly string[] | null>;
  /** Runs after the answer is sent. */
  later: (task: () => Promise<void>) => void;
  deliver: (event: PlatformEvent) => Promise<unknown>;
  now: () => Date;
}

/** The keys from the database and configuration, held for a while so a callback costs no read. */
function heldKeys(load: () => Promise<string[]>, nowMs: () => number = Date.now) {
  let held: { keys: string[]; at: number } | null = null;
  return async (fresh: boolean): Promise<string[]> => {
    const now = nowMs();
    const age = held === null ? Number.POSITIVE_INFINITY : now - held.at;
    if (age > KEYS_HOLD_MS || (fresh && age > KEYS_RELOAD_MIN_MS)) held = { keys: await load(), at: now };
    return held!.keys;
  };
}

const configuredKeys = heldKeys(async () => webhookKeys(await getDb()));

const defaultDeps: CallbackDeps = {
  db: getDb,
  keys: async (fresh) => (callbacksConfigured() ? configuredKeys(fresh) : null),
  later: (task) => after(task),
  deliver: deliverPlatformEvent,
  now: () => new Date(),
};

const answer = (status: number) => new Response(null, { status, headers: PRIVATE_NO_STORE });

/** The body, or null once it is longer than `limit` (then no more is read). */
async function readCapped(request: Request, limit: number): Promise<Buffer | null> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (!Number.isFinite(declared) || declared > limit) return null;
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function logKindOnce(kind: string, why: string) {
  if (loggedKinds.has(kind) || loggedKinds.size >= LOGGED_KINDS_LIMIT) return;
  loggedKinds.add(kind);
  log.warn(`platform callback dropped: ${why}`, { kind });
}

const loggedForms = new Set<string>();

/** The first refusal of each signature form, at warn: its form and how many keys were tried, never its value. */
function logRefusalOnce(signature: string | null, keys: number) {
  const form = signatureForm(signature);
  if (loggedForms.has(form) || loggedForms.size >= LOGGED_KINDS_LIMIT) return;
  loggedForms.add(form);
  const hint = keys === 0 ? "no webhook key yet: run npm run platform:subscribe" : "run npm run platform:check";
  log.warn(`platform callback refused (401): the signature matches no webhook key; ${hint}`, { form, keys });
}

/** Whether one of the keys signed the body; after a refusal the keys are read again once (a new subscription). */
async function signedByPlatform(raw: Buffer, signature: string | null, deps: CallbackDeps): Promise<boolean> {
  if (isValidSignature(raw, signature, (await deps.keys(false)) ?? [])) return true;
  const fresh = (await deps.keys(true)) ?? [];
  if (isValidSignature(raw, signature, fresh)) return true;
  logRefusalOnce(signature, fresh.length);
  return false;
}

/** Refusals logged per outcome and minute, at most; the rest are counted in the metrics only. */
const REFUSAL_LINES_PER_MINUTE = 10;
const refusalLines = new Map<string, { minute: number; lines: number }>();

/** Counts the callback (kind and outcome); a refusal is logged too, with its status and never its body. */
function noted(kind: string, outcome: CallbackOutcome, status: number, nowMs: number): Response {
  countCallback(kind, outcome);
  if (status === 401 || status === 400 || status === 413) {
    const minute = Math.floor(nowMs / 60_000);
    const seen = refusalLines.get(outcome);
    const lines = seen && seen.minute === minute ? seen.lines + 1 : 1;
    refusalLines.set(outcome, { minute, lines });
    if (lines <= REFUSAL_LINES_PER_MINUTE) log.warn(`callback refused: ${outcome} (${status})`, { outcome, kind });
  }
  return answer(status);
}

export async function receivePlatformCallback(request: Request, deps: CallbackDeps = defaultDeps): Promise<Response> {
  if ((await deps.keys(false)) === null) return answer(404);
  const nowMs = () => deps.now().getTime();
  let raw: Buffer | null;
  try {
    raw = await readCapped(request, MAX_CALLBACK_BYTES);
  } catch {
    return noted("unknown", "bad_body", 400, nowMs());
  }
  if (raw === null) return noted("unknown", "too_large", 413, nowMs());
  if (!(await signedByPlatform(raw, request.headers.get("x-signature"), deps)))
    return noted("unknown", "bad_signature", 401, nowMs());
  const freshness = callbackFreshness(request.headers.get("x-timestamp"), deps.now());
  if (freshness !== "fresh") return noted("unknown", "stale", freshness === "stale" ? 401 : 400, nowMs());

  let body: unknown;
  try {
    body = JSON.parse(raw.toString("utf8"));
  } catch {
    return noted("unknown", "bad_body", 400, nowMs());
  }
  const kind = notificationKindOf(body);
  if (kind === SELF_TEST_KIND) return noted("self-test", "self_test", 204, nowMs());
  if (kind === null || !isNotificationKind(kind)) {
    logKindOnce(kind ?? "(none)", "not a kind the portal subscribes to");
    // An unknown kind is the sender's word: it never becomes a label.
    return noted("other", "ignored", 202, nowMs());
  }
  const parsed = readNotification(kind, body);
  if (!parsed) {
    logKindOnce(`${kind} (unreadable)`, "does not read as its kind");
    return noted(kind, "bad_body", 202, nowMs());
  }

  const db = await deps.db();
  const digest = createHash("sha256").update(raw).digest("hex");
  const taken = await db
    .insert(platformCallbacks)
    .values({ digest, kind, receivedAt: deps.now() })
    .onConflictDoNothing()
    .returning({ digest: platformCallbacks.digest });
  if (taken.length === 0) return noted(kind, "repeat", 202, nowMs());

  deps.later(async () => {
    try {
      await deps.deliver(parsed.event);
      const nowMs = deps.now().getTime();
      if (digestPruneDue(nowMs))
        await db
          .delete(platformCallbacks)
          .where(lt(platformCallbacks.receivedAt, new Date(nowMs - DIGEST_RETENTION_MS)));
    } catch (error) {
      log.error("handling a platform callback failed", error);
    }
  });
  return noted(kind, "taken", 202, nowMs());
}
