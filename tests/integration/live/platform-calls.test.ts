import { beforeAll, describe, expect, it } from "vitest";
import { LIVE_REFRESH_MS } from "@/components/sessions/use-live-sessions";
import { users } from "@/lib/core/db/schema";
import { createLiveBus } from "@/lib/features/live/bus";
import { deliverPlatformEvent } from "@/lib/features/live/deliver";
import type { MailMessage } from "@/lib/core/mail/send";
import { listRunningSessions } from "@/lib/features/sessions/service";
import { locationName } from "@/lib/platform/location-name";
import type { SessionChange } from "@/lib/platform/notification-types";
import { DEMO_DRIVER_ID, sessionsHarnessForSuite } from "../sessions/harness";

/**
 * Issue 27, the bench figure: platform calls per minute for N drivers watching a running session.
 * Polling, every open panel asks the portal every LIVE_REFRESH_MS and each ask reads the platform;
 * pushed, the platform calls the portal once per change whatever the number of watchers, and a
 * running session's update costs the portal no platform call at all (the callback carries the
 * figures); only a finished session's receipt reads its session and location once.
 */
const WATCHERS = 100;
const h = sessionsHarnessForSuite({ seedLocations: true });

beforeAll(async () => {
  await h.opened.db.insert(users).values({ email: "demo@example.com", platformUserId: DEMO_DRIVER_ID });
  runningId = (await h.platformSessions(DEMO_DRIVER_ID)).find((s) => s.stoppedAtLocal === null)!.id;
});

let runningId = "";
const change = (status: SessionChange["status"]): SessionChange => ({
  id: runningId,
  status,
  startedAt: "2026-03-14T16:37:00Z",
  stoppedAt: status === "finished" ? "2026-03-14T17:00:00Z" : null,
  energyWh: 2_800,
  amount: 1.09,
  currency: "EUR",
  chargePointId: 5010,
  updatedAt: "2026-03-14T17:00:00Z",
});

describe("platform calls per minute for drivers watching a running session", () => {
  it(`polling costs every watcher's polls; push costs none per update (${WATCHERS} watchers)`, async () => {
    h.requests.length = 0;
    await listRunningSessions(DEMO_DRIVER_ID, h.deps);
    const perPoll = h.requests.length;
    expect(perPoll).toBeGreaterThan(0);
    const pollingPerMinute = WATCHERS * (60_000 / LIVE_REFRESH_MS) * perPoll;

    const bus = createLiveBus(async () => h.opened.db, undefined);
    let heard = 0;
    for (let i = 0; i < WATCHERS; i++) await bus.subscribe(DEMO_DRIVER_ID, () => void (heard += 1));
    const sent: MailMessage[] = [];
    const receipts = {
      db: h.opened.db,
      send: async (message: MailMessage) => void sent.push(message),
      locationOf: async (sessionId: string, locale: string) => {
        const session = await h.client.sessions.getSession(sessionId);
        const location = session?.locationId ? await h.client.locations.getLocation(session.locationId) : null;
        return location ? locationName(location, locale) : null;
      },
      accountUrl: "http://localhost/account",
    };
    h.requests.length = 0;
    const deliver = (status: SessionChange["status"]) =>
      deliverPlatformEvent(
        {
          kind: "session",
          userId: DEMO_DRIVER_ID,
          session: change(status),
          billing: { status: null, amountGiven: true },
        },
        { db: h.opened.db, bus, receipts },
      );
    await deliver("charging");
    await expect.poll(() => heard).toBe(WATCHERS);
    const perUpdate = h.requests.length;
    expect(perUpdate).toBe(0);
    await deliver("finished");
    const perFinish = h.requests.length;
    expect(sent).toHaveLength(1);
    expect(perFinish).toBeLessThanOrEqual(3);

    process.stdout.write(
      `[bench] ${WATCHERS} drivers watching a running session: polling ${pollingPerMinute} platform calls/min ` +
        `(${perPoll} per poll, every ${LIVE_REFRESH_MS / 1000} s per tab); push ${perUpdate} per update ` +
        `whatever the watchers, ${perFinish} per finished session (its receipt)\n`,
    );
  });
});
