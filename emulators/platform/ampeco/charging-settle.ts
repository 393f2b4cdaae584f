import type { EmulatorSettings } from "../settings";
import type { EmulatorState, SessionRecord } from "../store";
import { liveMeasures } from "../views";
import { isRemoteSession } from "./charging-measures";
import { billingOf } from "./session-billing";

/**
 * The store brought up to the clock for sessions started through the API: a preparing session starts to charge when
 * its car draws, and a stopped one is billed when its billing completes (the `sessionBilling` setting): paid from the
 * balance, the amount is taken from it then. The ledger books the charge after (ledger.ts `syncLedger`).
 */
export function settleCharging(state: EmulatorState, now: Date, settings: Pick<EmulatorSettings, "sessionBilling">) {
  let changed = false;
  for (const session of state.sessions) {
    if (!isRemoteSession(session)) continue;
    const started = session.remoteStart;
    if (session.status === "started" && session.stoppedAt === null && now >= new Date(started.chargingFrom)) {
      session.status = "charging";
      changed = true;
    }
    if (session.stoppedAt === null || started.billedAt !== null) continue;
    if (billingOf(session, now, settings.sessionBilling, session.amount).status !== "completed") continue;
    started.billedAt = now.toISOString();
    const user = state.users.find((u) => u.id === session.userId);
    if (user && started.paymentMethodId === null) user.balanceCents -= Math.round(session.amount * 100);
    changed = true;
  }
  return changed;
}

/** Stops a running session now with what it measured (the stop action, the control API's stop). */
export function finishSession(session: SessionRecord, now: Date, reason: string | null) {
  const measures = liveMeasures(session, now);
  session.energy = measures.energy;
  session.amount = measures.amount;
  session.stoppedAt = now.toISOString();
  session.status = "finished";
  session.stopReason = reason;
}
