import type { ChargingSession } from "@/lib/platform/types";
import { sessionCurrency } from "@/lib/features/sessions";
import { sessionStopMs } from "@/lib/features/sessions";

/** What a pack counts. A session counts when finished at `asOfMs`, so every read (summary, receipts, CSV) agrees. */

export type PackLineKind = "claimed" | "running" | "failed";

export function packLineKind(session: ChargingSession, asOfMs: number): PackLineKind {
  if (session.status === "failed") return "failed";
  if (session.status !== "finished") return "running";
  const stop = sessionStopMs(session);
  return stop !== null && stop <= asOfMs ? "claimed" : "running";
}

/** Wh and cents as integers: sums of many sessions must not drift by float rounding. */
export function amountCents(amount: number): number {
  return Number.isFinite(amount) ? Math.round(amount * 100) : 0;
}

export function energyWh(session: Pick<ChargingSession, "energyWh">): number {
  return Number.isFinite(session.energyWh) ? Math.round(session.energyWh) : 0;
}

export interface CurrencyTotal {
  /** ISO code, or "" when neither the session nor the account names one. */
  currency: string;
  sessions: number;
  wh: number;
  cents: number;
}

/** A session left out of the totals, as the summary lists it apart. */
export interface SetAsideSession {
  id: string;
  startedAtLocal: string | null;
  startedAt: string | null;
  kind: Exclude<PackLineKind, "claimed">;
}

/** Sessions listed apart beyond this are counted, not listed: the summary stays a claim. */
export const MAX_SET_ASIDE_LISTED = 200;

export class PackLedger {
  private readonly totals = new Map<string, CurrencyTotal>();
  readonly setAside: SetAsideSession[] = [];
  setAsideNotListed = 0;

  constructor(
    private readonly asOfMs: number,
    private readonly accountCurrency: string | null,
  ) {}

  /** The kind of line the session makes; claimed sessions are added to their currency's total. */
  add(session: ChargingSession): PackLineKind {
    const kind = packLineKind(session, this.asOfMs);
    if (kind === "claimed") {
      const currency = this.currencyOf(session);
      const total = this.totals.get(currency) ?? { currency, sessions: 0, wh: 0, cents: 0 };
      total.sessions += 1;
      total.wh += energyWh(session);
      total.cents += amountCents(session.amount);
      this.totals.set(currency, total);
    } else if (this.setAside.length < MAX_SET_ASIDE_LISTED) {
      this.setAside.push({
        id: session.id,
        startedAtLocal: session.startedAtLocal,
        startedAt: session.startedAt,
        kind,
      });
    } else {
      this.setAsideNotListed += 1;
    }
    return kind;
  }

  isClaimed(session: ChargingSession): boolean {
    return packLineKind(session, this.asOfMs) === "claimed";
  }

  currencyOf(session: Pick<ChargingSession, "currency">): string {
    return sessionCurrency(session, this.accountCurrency) ?? "";
  }

  get claimedSessions(): number {
    let count = 0;
    for (const total of this.totals.values()) count += total.sessions;
    return count;
  }

  /** Per currency, the most used first. */
  currencyTotals(): CurrencyTotal[] {
    return [...this.totals.values()].sort((a, b) => b.sessions - a.sessions || a.currency.localeCompare(b.currency));
  }
}
