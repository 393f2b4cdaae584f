import "server-only";
import { and, asc, eq, gt, gte, inArray, lt, max } from "drizzle-orm";
import { sql } from "drizzle-orm";
import { SESSIONS_ENDED_CHANNEL, sessionsEndedHere } from "@/lib/core/auth/sessions-ended";
import { getConfig } from "@/lib/core/config";
import type { Database } from "@/lib/core/db/client";
import { pruneSchedule } from "@/lib/features/live/prune-schedule";
import { liveEvents } from "@/lib/core/db/schema";
import { logger } from "@/lib/core/log";
import { countBus } from "@/lib/core/observability/metrics";
import { onShutdown } from "@/lib/core/shutdown";
import type { DriverEvent } from "@/lib/features/live/shared";

/** The live bus: each event a `live_event` row, then announced: in process on PGlite, `NOTIFY` on Postgres (every instance listens). */
const log = logger("live");
const CHANNEL = "live_event";
/** Events a reconnecting tab can still get; older ones are deleted as new ones come. */
const KEEP_MS = 60 * 60_000;
const MISSED_LIMIT = 200;
const PRUNE_EVERY_MS = 60_000;

export interface LiveMessage {
  id: number;
  platformUserId: number;
  event: DriverEvent;
}

type Listener = (message: LiveMessage) => void;

/** `message` comes along where the announcement carries it (in process); otherwise the row is read back. */
type OnAnnounced = (id: number, platformUserId: number, message?: LiveMessage) => void;

interface Announcer {
  announce(db: Database, message: LiveMessage): Promise<void>;
  /** `onReconnect`: announcements may have been missed while the connection was down. */
  start(onMessage: OnAnnounced, onReconnect: () => void): Promise<void>;
}

/** One process: the announcement is a call with the message itself. */
const inProcess = (): Announcer => {
  let deliver: OnAnnounced | null = null;
  return {
    announce: async (_db, message) => deliver?.(message.id, message.platformUserId, message),
    start: async (onMessage) => {
      deliver = onMessage;
    },
  };
};

const RECONNECT_FIRST_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;

/**
 * Several instances on one Postgres: NOTIFY on publish, one LISTEN connection per instance, reconnected until it holds.
 * It also hears other instances' sign-outs (lib/core/auth/sessions-ended.ts), for the streams to check at once.
 */
const postgres = (url: string): Announcer => ({
  announce: async (db, message) => {
    await db.execute(sql`select pg_notify(${CHANNEL}, ${`${message.id}:${message.platformUserId}`})`);
  },
  start: async (onMessage, onReconnect) => {
    const { Client } = await import("pg");
    let current: InstanceType<typeof Client> | null = null;
    let stopped = false;
    onShutdown(async () => {
      stopped = true;
      await current?.end();
    });
    const connect = async (): Promise<void> => {
      const client = new Client({ connectionString: url });
      client.on("error", (error) => {
        if (current !== client) return;
        log.warn("LISTEN connection lost", error);
        current = null;
        void client.end().catch(() => undefined);
        retry(RECONNECT_FIRST_MS);
      });
      client.on("notification", (note) => {
        if (note.channel === SESSIONS_ENDED_CHANNEL) return sessionsEndedHere(note.payload ?? "");
        const [id, userId] = (note.payload ?? "").split(":").map(Number);
        if (Number.isSafeInteger(id) && Number.isSafeInteger(userId)) onMessage(id as number, userId as number);
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${CHANNEL}`);
        await client.query(`LISTEN ${SESSIONS_ENDED_CHANNEL}`);
      } catch (error) {
        await client.end().catch(() => undefined);
        throw error;
      }
      current = client;
    };
    const retry = (delayMs: number) => {
      if (stopped) return;
      const again = () =>
        connect().then(
          () => {
            countBus("reconnect");
            onReconnect();
          },
          (error: unknown) => {
            log.warn("LISTEN failed; trying again", error);
            retry(Math.min(delayMs * 2, RECONNECT_MAX_MS));
          },
        );
      setTimeout(() => void again(), delayMs).unref();
    };
    await connect();
  },
});

export class LiveBus {
  private readonly listeners = new Map<number, Set<Listener>>();
  private started: Promise<void> | null = null;
  /** The newest event id announced to this instance, where a catch-up after a reconnect starts. */
  private lastAnnounced = 0;
  private readonly pruneDue = pruneSchedule(PRUNE_EVERY_MS);

  constructor(
    private readonly db: () => Promise<Database>,
    private readonly announcer: Announcer,
  ) {}

  /** Records the event for the driver and announces it to every instance. */
  async publish(platformUserId: number, event: DriverEvent, now = new Date()): Promise<LiveMessage> {
    const db = await this.db();
    const [row] = await db.insert(liveEvents).values({ platformUserId, payload: event, createdAt: now }).returning();
    if (!row) throw new Error("live_event insert returned nothing");
    const message: LiveMessage = { id: row.id, platformUserId, event };
    await this.announcer.announce(db, message);
    if (this.pruneDue(now.getTime()))
      await db.delete(liveEvents).where(lt(liveEvents.createdAt, new Date(now.getTime() - KEEP_MS)));
    return message;
  }

  /** Calls `listener` with every event for the driver from now on; returns the unsubscribe. */
  async subscribe(platformUserId: number, listener: Listener): Promise<() => void> {
    this.started ??= this.begin().catch((error) => {
      this.started = null;
      throw error;
    });
    await this.started;
    const set = this.listeners.get(platformUserId) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(platformUserId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(platformUserId);
    };
  }

  /** The driver's events after `afterId` (a reconnect's Last-Event-ID) or taken since `since`, oldest first. */
  async missed(platformUserId: number, after: number | { since: Date }): Promise<LiveMessage[]> {
    const db = await this.db();
    const from = typeof after === "number" ? gt(liveEvents.id, after) : gte(liveEvents.createdAt, after.since);
    const rows = await db
      .select()
      .from(liveEvents)
      .where(and(eq(liveEvents.platformUserId, platformUserId), from))
      .orderBy(asc(liveEvents.id))
      .limit(MISSED_LIMIT);
    return rows.map((row) => ({ id: row.id, platformUserId, event: row.payload as unknown as DriverEvent }));
  }

  private async begin() {
    const db = await this.db();
    const [newest] = await db.select({ id: max(liveEvents.id) }).from(liveEvents);
    this.lastAnnounced = newest?.id ?? 0;
    await this.announcer.start(
      (id, userId, message) => void this.fetchAndEmit(id, userId, message),
      () => void this.catchUp(),
    );
  }

  private emit(message: LiveMessage) {
    for (const listener of [...(this.listeners.get(message.platformUserId) ?? [])]) listener(message);
  }

  private async fetchAndEmit(id: number, platformUserId: number, message?: LiveMessage) {
    this.lastAnnounced = Math.max(this.lastAnnounced, id);
    const set = this.listeners.get(platformUserId);
    if (!set || set.size === 0) return;
    if (message) return this.emit(message);
    try {
      const db = await this.db();
      const [row] = await db.select().from(liveEvents).where(eq(liveEvents.id, id)).limit(1);
      if (!row) return;
      this.emit({ id: row.id, platformUserId, event: row.payload as unknown as DriverEvent });
    } catch (error) {
      log.warn("reading a live event failed", error);
    }
  }

  /** After a lost LISTEN connection: what was published meanwhile, for the drivers listened to (streams drop repeats by id). */
  private async catchUp() {
    countBus("catch-up");
    const users = [...this.listeners.keys()];
    if (users.length === 0) return;
    try {
      const db = await this.db();
      const rows = await db
        .select()
        .from(liveEvents)
        .where(and(gt(liveEvents.id, this.lastAnnounced), inArray(liveEvents.platformUserId, users)))
        .orderBy(asc(liveEvents.id))
        .limit(MISSED_LIMIT);
      for (const row of rows) {
        this.lastAnnounced = Math.max(this.lastAnnounced, row.id);
        this.emit({ id: row.id, platformUserId: row.platformUserId, event: row.payload as unknown as DriverEvent });
      }
    } catch (error) {
      log.warn("catching up on live events failed", error);
    }
  }
}

const holder = globalThis as unknown as { __driverPortalLiveBus?: LiveBus };

export function createLiveBus(db: () => Promise<Database>, databaseUrl: string | undefined): LiveBus {
  return new LiveBus(db, databaseUrl ? postgres(databaseUrl) : inProcess());
}

export async function getLiveBus(): Promise<LiveBus> {
  if (!holder.__driverPortalLiveBus) {
    const { getDb } = await import("@/lib/core/db/client");
    holder.__driverPortalLiveBus = createLiveBus(getDb, getConfig().db.url);
  }
  return holder.__driverPortalLiveBus;
}
