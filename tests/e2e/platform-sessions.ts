import type { APIRequestContext } from "@playwright/test";
import { toLocalIso } from "../../lib/platform/dialects/ampeco/local-time";
import type { SessionStatus } from "../../lib/platform/types";
import { dialectOf, expect } from "./fixtures";

/**
 * The platform's own session list, read directly through the in-process emulator's platform API (as
 * a second client would), to check what the portal shows and downloads.
 */

const PLATFORM_SESSIONS = "/api/emulator/public-api/resources/sessions/v1.0";
const PLATFORM_AUTH = { Authorization: "Bearer demo-key", Accept: "application/json" };
export const DEMO_DRIVER_ID = 1001;
export const SECOND_DRIVER_ID = 1002;
/** PORTAL_TIME_ZONE's default: the real platform gives no local times, and the emulator's charge points are unknown. */
const PORTAL_TIME_ZONE = "Europe/Amsterdam";

/** A session as the platform lists it, in the portal's words (ids, statuses, Wh, money). */
export interface PlatformSession {
  id: number;
  energy: number;
  amount: number;
  status: SessionStatus;
  startedAtLocal: string;
  stoppedAtLocal: string | null;
}

/** The contract's list item is already in those words. */
type ContractSession = PlatformSession;

/** The real platform's: a string id, its own status enum, Wh in energyConsumption, money in totalAmount, UTC only. */
interface AmpecoSession {
  id: string;
  status: "pending" | "active" | "finished" | "failed" | "expired";
  startedAt: string;
  stoppedAt: string | null;
  energyConsumption: { total: number };
  totalAmount: { withTax: number };
}

const AMPECO_STATUS: Record<SessionStatus, AmpecoSession["status"]> = {
  started: "pending",
  charging: "active",
  finished: "finished",
  failed: "failed",
};
const STATUS_OF_AMPECO: Record<AmpecoSession["status"], SessionStatus> = {
  pending: "started",
  active: "charging",
  finished: "finished",
  failed: "failed",
  expired: "failed",
};

function fromAmpeco(wire: AmpecoSession): PlatformSession {
  return {
    id: Number(wire.id),
    energy: wire.energyConsumption.total,
    amount: wire.totalAmount.withTax,
    status: STATUS_OF_AMPECO[wire.status],
    startedAtLocal: toLocalIso(wire.startedAt, PORTAL_TIME_ZONE)!,
    stoppedAtLocal: wire.stoppedAt === null ? null : toLocalIso(wire.stoppedAt, PORTAL_TIME_ZONE),
  };
}

/** Newest first by start, then by id: the order the portal shows, whatever order the platform lists in. */
function newestFirst(items: PlatformSession[]): PlatformSession[] {
  const start = (s: PlatformSession) => Date.parse(s.startedAtLocal);
  return items.sort((a, b) => start(b) - start(a) || b.id - a.id);
}

/**
 * Every session of a user as the platform holds it, newest first (AMPECO documents no order for its
 * listing, and the emulator does not list newest first), in the dialect the portal speaks:
 * page by page in the contract, by cursor on the real platform (which gives no total, so the total
 * is what the walk saw). `status` is the portal's word for the status filter.
 */
export async function platformSessions(
  request: APIRequestContext,
  userId: number,
  filters: { status?: SessionStatus; startedAfter?: string; startedBefore?: string } = {},
) {
  const ampeco = dialectOf() === "ampeco";
  const query = new URLSearchParams({ "filter[userId]": String(userId), per_page: "100" });
  if (filters.status) query.set("filter[status]", ampeco ? AMPECO_STATUS[filters.status] : filters.status);
  if (filters.startedAfter) query.set("filter[startedAfter]", filters.startedAfter);
  if (filters.startedBefore) query.set("filter[startedBefore]", filters.startedBefore);
  const items: PlatformSession[] = [];
  if (ampeco) query.set("cursor", "");
  else query.set("page", "1");
  let url: string | null = `${PLATFORM_SESSIONS}?${query}`;
  for (let page = 1; url !== null; page++) {
    const response = await request.get(url, { headers: PLATFORM_AUTH });
    expect(response.status()).toBe(200);
    const body = (await response.json()) as {
      data: (ContractSession | AmpecoSession)[];
      meta: { total?: number };
      links: { next: string | null };
    };
    if (ampeco) items.push(...(body.data as AmpecoSession[]).map(fromAmpeco));
    else items.push(...(body.data as ContractSession[]));
    if (!body.links.next) return { items: newestFirst(items), total: ampeco ? items.length : body.meta.total! };
    // The next page through the bridge, as the platform named it.
    const next = new URL(body.links.next);
    if (!ampeco) next.searchParams.set("page", String(page + 1));
    url = `${PLATFORM_SESSIONS}${next.search}`;
  }
  throw new Error("unreachable");
}
