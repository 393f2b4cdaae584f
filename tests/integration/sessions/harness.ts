import type { OpenedDatabase } from "@/lib/core/db/connect";
import { DEMO_DRIVER_ID, SECOND_DRIVER_ID } from "@/emulators/platform";
import { createPlatformClient, type PlatformClient } from "@/lib/platform/client";
import type { SessionStatus } from "@/lib/platform/types";
import type { SessionDeps } from "@/lib/features/sessions/deps";
import {
  startPlatformEmulator,
  TEST_API_KEY,
  type RunningPlatformEmulator,
} from "../../support/platform-emulator-server";
import { TEST_DIALECT, type TestDialect } from "../../support/platform-dialect";
import { openTestDatabase } from "../../support/test-db";
import { openForSuite } from "../../support/suite-harness";
import { afterAll, beforeEach } from "vitest";
import { SESSION_STATUS } from "@/emulators/platform/ampeco/views";
import { toAmsterdamIso } from "@/emulators/platform/time";

export { DEMO_DRIVER_ID, SECOND_DRIVER_ID };

/** The filters the contract does not name: a contract-only platform ignores them. */
const EXTRA_FILTERS = ["filter[status]", "filter[startedAfter]", "filter[startedBefore]"];
export const SESSIONS_PATH = "/public-api/resources/sessions/v1.0";

export interface SessionsHarness {
  /** The dialect both the emulator and the client speak (PLATFORM_TEST_DIALECT). */
  dialect: TestDialect;
  emu: RunningPlatformEmulator;
  opened: OpenedDatabase;
  deps: SessionDeps;
  /** The same client as `deps.platform`, with every API (cards, users, …). */
  client: PlatformClient;
  clock: { ms: number };
  /** Every platform request the portal made, after contract-only stripping. */
  requests: URL[];
  /**
   * Resolves once no platform call is in flight and the portal code that waited on the last answer
   * has run on: the point where a stream that reads ahead would already have asked for more.
   */
  quiet(): Promise<void>;
  /** When on, the platform behaves as the contract promises only: the extra filters are dropped. */
  setContractOnly(on: boolean): void;
  /** Every session of a user as the platform lists them (newest first), read directly. */
  platformSessions(userId: number): Promise<
    Array<{
      id: string;
      energy: number;
      amount: number;
      status: SessionStatus;
      startedAtLocal: string;
      stoppedAtLocal: string | null;
    }>
  >;
  close(): Promise<void>;
}

export const START = Date.parse("2026-03-14T17:00:00Z");

export async function createSessionsHarness(options: { seedLocations?: boolean } = {}): Promise<SessionsHarness> {
  const clock = { ms: START };
  const dialect = TEST_DIALECT;
  const emu = await startPlatformEmulator({
    dialect,
    now: () => new Date(clock.ms),
    seedLocations: options.seedLocations ?? false,
    // AMPECO documents no order for the sessions listing: the suites run with one that is not newest first.
    settings: { sessionOrder: "shuffled" },
  });
  const opened = await openTestDatabase();
  const requests: URL[] = [];
  let contractOnly = false;

  let inFlight = 0;
  const whenIdle: (() => void)[] = [];
  const recordingFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (contractOnly) for (const name of EXTRA_FILTERS) url.searchParams.delete(name);
    requests.push(url);
    inFlight += 1;
    try {
      // Read whole here, so "answered" means the body has arrived too.
      const response = await fetch(url, init);
      const body = response.status === 204 || response.status === 304 ? null : await response.arrayBuffer();
      return new Response(body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    } finally {
      inFlight -= 1;
      if (inFlight === 0) for (const wake of whenIdle.splice(0)) wake();
    }
  }) as typeof fetch;

  async function quiet() {
    if (inFlight > 0) await new Promise<void>((resolve) => whenIdle.push(resolve));
    // The answer's consumers run on in-process (parse, enqueue, the next pull): a few event-loop turns.
    for (let turn = 0; turn < 10; turn++) await new Promise<void>((resolve) => setImmediate(resolve));
    if (inFlight > 0) await quiet();
  }

  const platform = createPlatformClient({
    dialect,
    baseUrl: emu.url,
    apiKey: TEST_API_KEY,
    fetch: recordingFetch,
    timeoutMs: 5_000,
    maxRetries: 0,
    retryCapMs: 1_000,
    partnerId: 1116,
    userGroupId: 257,
    logger: () => undefined,
    now: () => clock.ms,
  });

  /** Newest first by start (then id), whatever order the platform listed them in. */
  async function platformSessions(userId: number) {
    const all: any[] = [];
    // AMPECO: cursor paging (the page mode is deprecated there).
    let url: string | null =
      `${SESSIONS_PATH}?filter[userId]=${userId}&per_page=100${dialect === "ampeco" ? "&cursor=" : ""}`;
    while (url) {
      const res: { body: any } = url.startsWith("http") ? await emu.get(url) : await emu.call("GET", url);
      all.push(...res.body.data);
      url = res.body.links.next;
    }
    // The contract's list items carry only the local time (with its offset), AMPECO's the UTC one.
    const startMs = (s: any) => Date.parse(s.startedAt ?? s.startedAtLocal);
    all.sort((a, b) => startMs(b) - startMs(a) || Number(b.id) - Number(a.id));
    return all.map(dialect === "ampeco" ? fromAmpecoSession : (s: any) => ({ ...s, id: String(s.id) }));
  }

  return {
    emu,
    opened,
    clock,
    requests,
    quiet,
    dialect,
    deps: { platform, getDb: async () => opened.db, now: () => new Date(clock.ms) },
    client: platform,
    setContractOnly: (on) => {
      contractOnly = on;
    },
    platformSessions,
    close: async () => {
      await opened.close();
      await emu.close();
    },
  };
}

/** Where code that reads the app's `getDb()` (recordAudit) finds a database. */
const appDatabase = globalThis as unknown as { __driverPortalDb?: Promise<unknown> };

/**
 * The sessions harness opened for the suite it is called in. `resetBeforeEach`: each test starts at START on the
 * seed, with the whole filter set and no request recorded. `asAppDatabase`: the app's `getDb()` answers its database.
 */
export function sessionsHarnessForSuite(
  options: { seedLocations?: boolean; resetBeforeEach?: boolean; asAppDatabase?: boolean } = {},
): SessionsHarness {
  const harness = openForSuite(
    () => createSessionsHarness({ seedLocations: options.seedLocations }),
    (opened) => {
      if (options.asAppDatabase) appDatabase.__driverPortalDb = Promise.resolve(opened.opened);
    },
  );
  if (options.asAppDatabase)
    afterAll(() => {
      appDatabase.__driverPortalDb = undefined;
    });
  if (options.resetBeforeEach)
    beforeEach(() => {
      harness.clock.ms = START;
      harness.emu.emulator.reset();
      harness.setContractOnly(false);
      harness.requests.length = 0;
    });
  return harness;
}

const STATUS_OF_WIRE = Object.fromEntries(Object.entries(SESSION_STATUS).map(([store, wire]) => [wire, store]));

/**
 * An AMPECO session as the contract's list shows it: numeric id, Wh, the amount with tax, the
 * contract's status, local times in Europe/Amsterdam (the emulator's one zone, which the client
 * also falls back to when no location says otherwise).
 */
function fromAmpecoSession(wire: any) {
  return {
    id: String(wire.id),
    energy: wire.energyConsumption.total,
    amount: wire.totalAmount.withTax,
    status: STATUS_OF_WIRE[wire.status] as SessionStatus,
    startedAtLocal: toAmsterdamIso(wire.startedAt),
    stoppedAtLocal: wire.stoppedAt === null ? null : toAmsterdamIso(wire.stoppedAt),
  };
}

/** Requests to the unscoped session detail read, e.g. /sessions/v1.0/70001. */
export function detailReads(requests: readonly URL[]): URL[] {
  return requests.filter((u) => /\/sessions\/v1\.0\/[^/]+$/.test(u.pathname));
}

export function listReads(requests: readonly URL[]): URL[] {
  return requests.filter((u) => u.pathname.endsWith("/sessions/v1.0"));
}
