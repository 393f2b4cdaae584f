import type { RemoteStart, SessionRecord } from "../store";
import { costLines, tariffById, totalOf, type ChargeUse, type CostLine } from "./tariff-book";

/**
 * A session started through the API, on the emulator's clock: the car draws `powerW` from `chargingFrom` until it
 * holds `maxEnergy`, then stands idle until the stop. Its amount is its tariff applied to that use.
 */
export type RemoteSession = SessionRecord & { remoteStart: RemoteStart };

export const isRemoteSession = (session: SessionRecord): session is RemoteSession => session.remoteStart !== null;

const HOUR = 3_600_000;

export function remoteUse(session: RemoteSession, now: Date): ChargeUse {
  const fromMs = Date.parse(session.remoteStart.chargingFrom);
  const endMs = session.stoppedAt === null ? now.getTime() : Date.parse(session.stoppedAt);
  const chargingMs = Math.max(0, endMs - fromMs);
  const fullAfterMs = session.powerW > 0 ? (session.maxEnergy / session.powerW) * HOUR : Infinity;
  // A stopped session keeps the energy measured at its stop; a running one starts from none.
  const drawn = Math.min(session.maxEnergy, Math.floor((session.powerW * chargingMs) / HOUR));
  return {
    energyWh: session.stoppedAt === null ? drawn : session.energy,
    chargingMs,
    idleMs: Math.max(0, chargingMs - fullAfterMs),
  };
}

/** The priced components of the session so far (at its stop once stopped). */
export function remoteCostLines(session: RemoteSession, now: Date): CostLine[] {
  const tariff = tariffById(session.remoteStart.tariffId);
  return tariff ? costLines(tariff, remoteUse(session, now)) : [];
}

/** Energy (Wh) and amount (tax included) of a running remote session now. */
export function remoteMeasures(session: RemoteSession, now: Date): { energy: number; amount: number } {
  const use = remoteUse(session, now);
  return { energy: use.energyWh, amount: totalOf(remoteCostLines(session, now)) };
}
