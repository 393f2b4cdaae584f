import type { RouteContext } from "../router";
import type { SeedEvse, SeedLocation } from "../seed-data";
import type { EmulatorSettings } from "../settings";
import type { EmulatorState, SessionRecord } from "../store";
import { liveMeasures } from "../views";
import { chargePointsOf, servedLocations, type ChargePoint } from "./network";

/**
 * An EVSE where the charging routes meet it: its charge point, its place there (`networkId`, from 1 as OCPP numbers
 * them), its printed reference, and its hardware status, which follows the sessions on it on the emulator's clock:
 * `available → preparing → charging (→ suspendedEV when the car is full) → finishing → available`.
 */
export interface PlacedEvse {
  evse: SeedEvse;
  chargePoint: ChargePoint;
  location: SeedLocation;
  networkId: number;
}

export type HardwareStatus =
  "available" | "preparing" | "charging" | "suspendedEV" | "finishing" | "unavailable" | "faulted";

/** The reference printed on the EVSE (its QR code): an EVSE ID in the eMI3 form, unique in the network. */
export const physicalReferenceOf = (evseId: number) => `NL*DPT*E${evseId}`;

/** The operator's status of the EVSE (EVSE v2.0 says `active`, v2.1 `enabled`). */
export const evseStatusOf = (evse: SeedEvse) => evse.status ?? "active";

export const isDc = (evse: SeedEvse) => evse.connectors.some((c) => /^(CCS|CHAdeMO)/i.test(c.type));

export const maxPowerKwOf = (evse: SeedEvse) => Math.max(...evse.connectors.map((c) => c.power));

type NetworkContext = Pick<RouteContext, "options" | "runtime">;

/** A charge point's EVSEs, numbered in its order. */
export const placedOn = (chargePoint: ChargePoint): PlacedEvse[] =>
  chargePoint.evses.map((evse, index) => ({ evse, chargePoint, location: chargePoint.location, networkId: index + 1 }));

/** Every EVSE of the served locations, in the layout the `chargePoints` setting gives. */
export function placedEvses(ctx: NetworkContext): PlacedEvse[] {
  return servedLocations(ctx).flatMap((location) =>
    chargePointsOf(location, ctx.runtime.settings.chargePoints).flatMap(placedOn),
  );
}

/** What an EVSE view needs besides the EVSE (./evse-views.ts). */
export const evseViewContext = (ctx: Pick<RouteContext, "state" | "now" | "runtime">) => ({
  seededAt: ctx.state.seededAt,
  now: ctx.now,
  activity: evseActivity(ctx.state),
  settings: ctx.runtime.settings,
});

export const placedEvseById = (ctx: NetworkContext, id: number) =>
  placedEvses(ctx).find((placed) => placed.evse.id === id) ?? null;

/** Per EVSE: the session running on it, else the one that stopped last. One pass over the store per answer. */
export function evseActivity(state: EmulatorState): Map<number, SessionRecord> {
  const byEvse = new Map<number, SessionRecord>();
  for (const session of state.sessions) {
    const known = byEvse.get(session.evseId);
    if (known !== undefined && known.stoppedAt === null) continue;
    if (known === undefined || session.stoppedAt === null || session.stoppedAt >= (known.stoppedAt as string))
      byEvse.set(session.evseId, session);
  }
  return byEvse;
}

/** The EVSE's hardware status now: a reported fault wins, then the session on it, then the one just stopped. */
export function hardwareStatusOf(
  evse: SeedEvse,
  activity: Map<number, SessionRecord>,
  now: Date,
  settings: Pick<EmulatorSettings, "chargingPhases">,
): HardwareStatus {
  if (evse.fault) return evse.fault;
  const session = activity.get(evse.id);
  if (!session) return "available";
  if (session.stoppedAt === null) {
    if (session.status === "started") return "preparing";
    return liveMeasures(session, now).energy >= session.maxEnergy ? "suspendedEV" : "charging";
  }
  const freedAt = Date.parse(session.stoppedAt) + settings.chargingPhases.finishingMs;
  return now.getTime() < freedAt ? "finishing" : "available";
}
