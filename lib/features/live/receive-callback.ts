import "server-only";
import { pruneSchedule } from "@/lib/core/db/prune-schedule";
import { createHash } from "node:crypto";
import { after } from "next/server";
import { getConfig } from "@/lib/core/config";
import { getDb, type Database } from "@/lib/core/db/client";
import { platformCallbacks } from "@/lib/core/db/schema";
import { logger } from "@/lib/core/log";
import { PRIVATE_NO_STORE } from "@/lib/core/route-handlers/route-handler";
import {
  isNotificationKind,
  isValidSignature,
  notificationKindOf,
  readNotification,
  type PlatformEvent,
} from "@/lib/platform/notifications";
import { desc, lt } from "drizzle-orm";
import { callbackFreshness } from "./callback-freshness";
import { deliverPlatformEvent } from "./deliver";

/** The platform's callbacks: 413, 401, 400 in that order without detail; unknown kinds and repeats 202 and dropped. */
// The order and the reasons: docs/design-notes.md#libfeatureslive
const log = logger("live");

/** Far above any callback of the six kinds (a session update is ~2 KB). */
export const MAX_CALLBACK_BYTES = 64 * 1024;
/** How long a taken callback's digest is kept against replays and retries. */
const DIGEST_RETENTION_MS = 7 * 24 * 3_600_000;
const digestPruneDue = pruneSchedule(60_000);
const LOGGED_KINDS_LIMIT = 200;
const loggedKinds = new Set<string>();

export interface CallbackDeps {
  db: () => Promise<Database>;
  /** The key the platform signs with (null: callbacks are off, the portal polls). */
  key: () => string | null;
  /** Runs after the answer is sent. */
  later: (task: () => Promise<void>) => void;
  deliver: (event: PlatformEvent) => Promise<unknown>;
  now: () => Date;
}

export function webhookKey(): string | null {
  const { platform } = getConfig();
  return platform.dialect === "ampeco" && platform.webhookKey !== "" ? platform.webhookKey : null;
}

const defaultDeps: CallbackDeps = {
  db: getDb,
  key: webhookKey,
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

export async function receivePlatformCallback(request: Request, deps: CallbackDeps = defaultDeps): Promise<Response> {
  const key = deps.key();
  if (key === null) return answer(404);
  let raw: Buffer | null;
  try {
    raw = await readCapped(request, MAX_CALLBACK_BYTES);
  } catch {
    return answer(400);
  }
  if (raw === null) return answer(413);
  if (!isValidSignature(raw, request.headers.get("x-signature"), key)) return answer(401);
  const freshness = callbackFreshness(request.headers.get("x-timestamp"), deps.now());
  if (freshness !== "fresh") return answer(freshness === "stale" ? 401 : 400);

  let body: unknown;
  try {
    body = JSON.parse(raw.toString("utf8"));
  } catch {
    return answer(400);
  }
  const kind = notificationKindOf(body);
  if (kind === null || !isNotificationKind(kind)) {
    logKindOnce(kind ?? "(none)", "not a kind the portal subscribes to");
    return answer(202);
  }
  const parsed = readNotification(kind, body);
  if (!parsed) {
    logKindOnce(`${kind} (unreadable)`, "does not read as its kind");
    return answer(202);
  }

  const db = await deps.db();
  const digest = createHash("sha256").update(raw).digest("hex");
  const taken = await db
    .insert(platformCallbacks)
    .values({ digest, kind, receivedAt: deps.now() })
    .onConflictDoNothing()
    .returning({ digest: platformCallbacks.digest });
  if (taken.length === 0) return answer(202);

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
  return answer(202);
}

/** When the last callback was taken (for /api/health), or null when none ever came. */
export async function lastCallbackAt(db: Database): Promise<Date | null> {
  const [row] = await db
    .select({ at: platformCallbacks.receivedAt })
    .from(platformCallbacks)
    .orderBy(desc(platformCallbacks.receivedAt))
    .limit(1);
  return row?.at ?? null;
}
