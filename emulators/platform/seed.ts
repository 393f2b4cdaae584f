import { createHash } from "node:crypto";
import { createPrng, type Prng } from "../prng";
import { seedPaymentMethods } from "./ampeco/payment-method-seed";
import {
  DEMO_DRIVER_ID,
  FIRST_CREATED_TOKEN_ID,
  FIRST_CREATED_USER_ID,
  SECOND_DRIVER_ID,
  SEED_LOCATIONS,
  SEED_ROAMING_LOCATIONS,
  SEED_TOKENS,
  SEED_USERS,
  SEED_VOUCHERS,
  historicEvses,
} from "./seed-data";
import { seedLedger } from "./ledger";
import type { EmulatorState, SessionRecord } from "./store";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PRNG_SEED = 20_260_314;
export const FIRST_SESSION_ID = 70_001;
/** The seeded running session started this long before the clock's "now". */
export const RUNNING_SESSION_AGE_MS = 23 * 60_000;
/** Charging power of a running session (a typical 7.4 kW on-board charger). */
export const RUNNING_POWER_W = 7_400;
/** Ids the start action hands out (ampeco/charging.ts). */
export const FIRST_AUTHORIZATION_ID = 60_001;
export const FIRST_TARIFF_SNAPSHOT_ID = 80_001;

export function hashPassword(password: string): string {
  return createHash("sha256").update(password, "utf8").digest("hex");
}

export const round2 = (n: number) => Math.round(n * 100) / 100;

type DraftSession = Omit<SessionRecord, "id">;

/**
 * History is placed on whole weeks ending at the start of today (UTC), so the same day always
 * yields the same sessions; only the running session follows the clock to the minute.
 */
function history(prng: Prng, userId: number, weeks: number, perWeek: [number, number], endMs: number): DraftSession[] {
  const drafts: DraftSession[] = [];
  const firstWeek = endMs - weeks * 7 * DAY;
  for (let week = 0; week < weeks; week++) {
    const weekStart = firstWeek + week * 7 * DAY;
    const days = new Set<number>();
    const wanted = prng.int(perWeek[0], perWeek[1]);
    while (days.size < wanted) days.add(prng.int(0, 6));
    for (const day of [...days].sort((a, b) => a - b)) {
      const location = prng.pick(SEED_LOCATIONS);
      const evse = prng.pick(historicEvses(location));
      const maxKw = Math.max(...evse.connectors.map((c) => c.power));
      // Commute-like start hours in local time (UTC+1/+2), so subtract one hour for UTC.
      const localHour = prng.pick([7, 8, 8, 9, 12, 17, 18, 18, 19, 20, 21]);
      const startMs =
        weekStart + day * DAY + (localHour - 1) * HOUR + prng.int(0, 59) * 60_000 + prng.int(0, 59) * 1000;
      const failed = prng.chance(0.04);
      const energy = failed ? prng.int(0, 150) : prng.int(5_000, 60_000);
      const powerKw = Math.min(maxKw, prng.pick([7.4, 11, 11, 22, 50]));
      const durationMs = failed
        ? prng.int(1, 4) * 60_000
        : Math.round((energy / 1000 / powerKw) * HOUR * prng.float(1.05, 1.4)) + prng.int(0, 59) * 1000;
      if (startMs + durationMs >= endMs) continue;
      const pricePerKwh = round2(location.tariff + prng.float(-0.02, 0.02));
      drafts.push({
        userId,
        evseId: evse.id,
        locationId: location.id,
        status: failed ? "failed" : "finished",
        startedAt: new Date(startMs).toISOString(),
        stoppedAt: new Date(startMs + durationMs).toISOString(),
        energy,
        amount: failed ? 0 : round2((energy / 1000) * pricePerKwh),
        powerW: Math.round(powerKw * 1000),
        pricePerKwh,
        maxEnergy: energy,
        currency: "EUR",
        stopReason: null,
        remoteStart: null,
      });
    }
  }
  return drafts;
}

/** Every this many of the demo driver's finished sessions, counted from the newest, ran at a roaming partner's site. */
const ROAMING_EVERY = 6;
/** Which of those counts (0-based from the newest) is the first: the third newest, so page 1 of the list shows some. */
const ROAMING_OFFSET = 2;

/**
 * Moves some of a driver's finished sessions to roaming partners' sites, chosen by position rather than by the prng
 * so that every other seeded figure (ids, times, energy, amounts) stays as it was.
 */
function placeSomeAtRoamingSites(drafts: DraftSession[], userId: number): void {
  const finished = drafts.filter((d) => d.userId === userId && d.status === "finished").reverse();
  finished.forEach((draft, index) => {
    if (index % ROAMING_EVERY !== ROAMING_OFFSET) return;
    const site = SEED_ROAMING_LOCATIONS[Math.floor(index / ROAMING_EVERY) % SEED_ROAMING_LOCATIONS.length];
    const evse = site?.evses[0];
    if (!site || !evse) return;
    draft.locationId = site.id;
    draft.evseId = evse.id;
  });
}

export function createSeedState(now: Date): EmulatorState {
  const prng = createPrng(PRNG_SEED);
  const nowMs = now.getTime();
  const todayMs = Math.floor(nowMs / DAY) * DAY;
  const runningStartMs = nowMs - RUNNING_SESSION_AGE_MS;
  // History must end before the running session starts, even just after midnight UTC.
  const historyEndMs = Math.min(todayMs, runningStartMs - 5 * 60_000);
  const daysAgo = (days: number) => new Date(todayMs - days * DAY + 9 * HOUR).toISOString();
  const sameForAllUsers = hashPassword("emulator-seed-password");

  const drafts: DraftSession[] = [
    ...history(prng, DEMO_DRIVER_ID, 61, [3, 5], historyEndMs),
    ...history(prng, SECOND_DRIVER_ID, 36, [0, 2], historyEndMs),
  ];
  drafts.sort((a, b) => Date.parse(a.startedAt) - Date.parse(b.startedAt));
  placeSomeAtRoamingSites(drafts, DEMO_DRIVER_ID);
  drafts.push({
    userId: DEMO_DRIVER_ID,
    evseId: 50102,
    locationId: 501,
    status: "charging",
    startedAt: new Date(runningStartMs).toISOString(),
    stoppedAt: null,
    energy: 0,
    amount: 0,
    powerW: RUNNING_POWER_W,
    pricePerKwh: 0.39,
    maxEnergy: 60_000,
    currency: "EUR",
    stopReason: null,
    remoteStart: null,
  });
  const sessions = drafts.map((draft, index) => ({ id: FIRST_SESSION_ID + index, ...draft }));

  const state: EmulatorState = {
    version: 1,
    seededAt: now.toISOString(),
    nextIds: {
      user: FIRST_CREATED_USER_ID,
      token: FIRST_CREATED_TOKEN_ID,
      session: FIRST_SESSION_ID + sessions.length,
      redemption: 1,
      mail: 1,
      subscription: 1,
      transaction: 1,
      invoice: 1,
      authorization: FIRST_AUTHORIZATION_ID,
      tariffSnapshot: FIRST_TARIFF_SNAPSHOT_ID,
    },
    users: SEED_USERS.map(({ createdDaysAgo, ...user }) => ({
      ...user,
      passwordHash: sameForAllUsers,
      partnerId: 1116,
      userGroupId: 257,
      createdAt: daysAgo(createdDaysAgo),
      status: "enabled" as const,
      requirePasswordReset: false,
      updatedAt: null,
      startRefusal: null,
    })),
    tokens: SEED_TOKENS.map(({ createdDaysAgo, ...token }) => ({
      ...token,
      createdAt: daysAgo(createdDaysAgo),
      updatedAt: null,
    })),
    sessions,
    vouchers: SEED_VOUCHERS.map((voucher) => ({
      ...voucher,
      redeemedByUserId: voucher.status === "used" ? SECOND_DRIVER_ID : null,
      redeemedAt: voucher.status === "used" ? daysAgo(90) : null,
    })),
    redemptions: [],
    outbox: [],
    subscriptions: [],
    transactions: [],
    invoices: [],
    invoiceDetails: [],
    paymentMethods: seedPaymentMethods(now, daysAgo),
  };
  seedLedger(state, now, DEMO_DRIVER_ID);
  return state;
}
