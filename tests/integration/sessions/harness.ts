import type { OpenedDatabase } from "@/lib/db/connect";
import { DEMO_DRIVER_ID, SECOND_DRIVER_ID } from "@/lib/emulators/platform";
import { createPlatformClient } from "@/lib/platform/client";
import type { SessionStatus } from "@/lib/platform/types";
import type { SessionDeps } from "@/lib/sessions/deps";
import { startPlatformEmulator, TEST_API_KEY, type RunningPlatformEmulator } from "../../support/platform-emulator-server";
import { openTestDatabase } from "../../support/test-db";

export { DEMO_DRIVER_ID, SECOND_DRIVER_ID };

/** The filters the spec does not name: a spec-only platform ignores them. */
const EXTRA_FILTERS = ["filter[status]", "filter[startedAfter]", "filter[startedBefore]"];
export const SESSIONS_PATH = "/public-api/resources/sessions/v1.0";

export interface SessionsHarness {
  emu: RunningPlatformEmulator;
  opened: OpenedDatabase;
  deps: SessionDeps;
  clock: { ms: number };
  /** Every platform request the portal made, after spec-only stripping. */
  requests: URL[];
  /** When on, the platform behaves as the spec promises only: the extra filters are dropped. */
  setSpecOnly(on: boolean): void;
  /** Every session of a user as the platform lists them (newest first), read directly. */
  platformSessions(userId: number): Promise<Array<{ id: number; energy: number; amount: number; status: SessionStatus; startedAtLocal: string; stoppedAtLocal: string | null }>>;
  close(): Promise<void>;
}

export const START = Date.parse("2026-03-14T17:00:00Z");

export async function createSessionsHarness(options: { seedLocations?: boolean } = {}): Promise<SessionsHarness> {
  const clock = { ms: START };
  const emu = await startPlatformEmulator({ now: () => new Date(clock.ms), seedLocations: options.seedLocations ?? false });
  const opened = await openTestDatabase();
  const requests: URL[] = [];
  let specOnly = false;

  const recordingFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (specOnly) for (const name of EXTRA_FILTERS) url.searchParams.delete(name);
    requests.push(url);
    return fetch(url, init);
  }) as typeof fetch;

  const platform = createPlatformClient({
    baseUrl: emu.url,
    apiKey: TEST_API_KEY,
    fetch: recordingFetch,
    timeoutMs: 5_000,
    maxRetries: 0,
    retryCapMs: 1_000,
    partnerId: 1116,
    userGroupId: 257,
    logger: () => undefined,
  });

  async function platformSessions(userId: number) {
    const all = [];
    let url: string | null = `${SESSIONS_PATH}?filter[userId]=${userId}&per_page=100`;
    while (url) {
      const res: { body: any } = url.startsWith("http") ? await emu.get(url) : await emu.call("GET", url);
      all.push(...res.body.data);
      url = res.body.links.next;
    }
    return all;
  }

  return {
    emu,
    opened,
    clock,
    requests,
    deps: { platform, getDb: async () => opened.db, now: () => new Date(clock.ms) },
    setSpecOnly: (on) => {
      specOnly = on;
    },
    platformSessions,
    close: async () => {
      await opened.close();
      await emu.close();
    },
  };
}

/** Requests to the unscoped session detail read, e.g. /sessions/v1.0/70001. */
export function detailReads(requests: readonly URL[]): URL[] {
  return requests.filter((u) => /\/sessions\/v1\.0\/\d+$/.test(u.pathname));
}

export function listReads(requests: readonly URL[]): URL[] {
  return requests.filter((u) => u.pathname.endsWith("/sessions/v1.0"));
}
