import { openSse, type SseEnd } from "./sse-tab";

/**
 * The tabs of the streams soak (bench/soak-streams.ts): each opens `/api/live`, reconnects with its
 * Last-Event-ID as an EventSource does when the server ends the stream (a lifetime, a drain) or the
 * network drops it, and after a while closes for good, when a fresh tab of the same driver opens.
 */

export interface SoakDriver {
  index: number;
  platformUserId: number;
  cookie: string;
  /** The loopback address this driver's connections come from (127.0.0.x). */
  address: string;
}

/** One tab from its first open to its close: what it read, and how its connections went. */
export interface TabRecord {
  driver: number;
  openedAt: number;
  closedAt: number;
  balances: Set<number>;
  connections: number;
  serverEnded: number;
  dropped: number;
  refused: number;
  signedOut: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const between = (min: number, max: number) => min + Math.random() * (max - min);
/** EventSource's wait before a reconnect (the portal sends `retry: 3000`). */
const RETRY_MS = 3_000;

/** One tab's life: connections until `closeAt`, the deadline, or `stopped()`. */
async function runTab(driver: SoakDriver, live: URL, closeAt: number, stopped: () => boolean): Promise<TabRecord> {
  const tab: TabRecord = {
    driver: driver.platformUserId,
    openedAt: Date.now(),
    closedAt: 0,
    balances: new Set(),
    connections: 0,
    serverEnded: 0,
    dropped: 0,
    refused: 0,
    signedOut: 0,
  };
  let lastEventId: number | null = null;
  while (Date.now() < closeAt && !stopped()) {
    tab.connections++;
    let ended = false;
    const connection = openSse(live, { cookie: driver.cookie, localAddress: driver.address, lastEventId }, (frame) => {
      if (frame.id !== null) lastEventId = frame.id;
      if (frame.event === "end") ended = true;
      if (frame.event !== "balance") return;
      const balance = (JSON.parse(frame.data) as { balance?: unknown }).balance;
      if (typeof balance === "number") tab.balances.add(balance);
    });
    if ((await connection.status) !== 200) {
      tab.refused++;
      await sleep(RETRY_MS);
      continue;
    }
    // Some connections are dropped by the network (the tab reconnects sooner); the rest run to the tab's close.
    const dropAt = Math.random() < 0.3 ? Date.now() + between(20_000, 120_000) : Number.POSITIVE_INFINITY;
    const until = Math.min(closeAt, dropAt);
    const timer = new Promise<"timer">((resolve) => setTimeout(() => resolve("timer"), until - Date.now()));
    const outcome: SseEnd | "timer" = await Promise.race([connection.ended, timer]);
    if (outcome === "timer") {
      connection.close();
      if (until === dropAt && dropAt < closeAt) {
        tab.dropped++;
        await sleep(between(1_000, 5_000));
      }
      continue;
    }
    if (ended) tab.signedOut++;
    else tab.serverEnded++;
    await sleep(RETRY_MS);
  }
  tab.closedAt = Date.now();
  return tab;
}

/** A driver's tab after tab, each open for 2–10 minutes with a short pause between, until the deadline. */
export async function runTabsOf(
  driver: SoakDriver,
  live: URL,
  deadline: number,
  stopped: () => boolean,
): Promise<TabRecord[]> {
  const tabs: TabRecord[] = [];
  await sleep(between(0, 10_000));
  while (Date.now() < deadline && !stopped()) {
    const closeAt = Math.min(deadline, Date.now() + between(120_000, 600_000));
    tabs.push(await runTab(driver, live, closeAt, stopped));
    await sleep(between(1_000, 5_000));
  }
  return tabs;
}

export interface Published {
  platformUserId: number;
  balance: number;
  acceptedAt: number;
}

/** Events a tab missed: its driver's, taken while it was open (up to `marginMs` before its close), never read. */
export function lostEvents(tab: TabRecord, published: readonly Published[], marginMs: number): number {
  return published.filter(
    (event) =>
      event.platformUserId === tab.driver &&
      event.acceptedAt >= tab.openedAt &&
      event.acceptedAt <= tab.closedAt - marginMs &&
      !tab.balances.has(event.balance),
  ).length;
}
