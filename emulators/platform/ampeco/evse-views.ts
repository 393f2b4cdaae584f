import type { EmulatorSettings } from "../settings";
import type { SessionRecord } from "../store";
import { toUtcIso } from "../time";
import {
  evseStatusOf,
  hardwareStatusOf,
  isDc,
  maxPowerKwOf,
  physicalReferenceOf,
  type PlacedEvse,
} from "./charging-network";
import { OWN_ROAMING_OPERATOR_ID, PARTNER_ROAMING_OPERATOR_ID } from "./network";
import { connectorViews } from "./views";

/**
 * EVSEs as the two versions show them: v2.1 (charge points' EVSEs and `evses/v2.1`, ampeco-openapi-subset.json) and
 * the deprecated v2.0 (`evses/v2.0`, the charging subset), one model behind both. The hardware status is live.
 */
export interface EvseViewContext {
  seededAt: string;
  now: Date;
  activity: Map<number, SessionRecord>;
  settings: Pick<EmulatorSettings, "chargingPhases">;
}

const roamingOf = ({ location }: PlacedEvse) => location.roamingOperator !== undefined;

/** v2.1: `powerOptions.maxPower` in W (platform-real-api-facts.md §4); connectors only when asked for. */
export function evseView(placed: PlacedEvse, ctx: EvseViewContext, withConnectors: boolean) {
  const { evse, chargePoint, networkId } = placed;
  const status = evseStatusOf(evse);
  return {
    chargePointId: chargePoint.id,
    id: evse.id,
    physicalReference: physicalReferenceOf(evse.id),
    label: `EVSE ${evse.id}`,
    currentType: isDc(evse) ? "dc" : "ac",
    networkId: String(networkId),
    status: status === "active" ? "enabled" : status,
    ...(evse.tariffGroupId === undefined ? {} : { tariffGroupId: evse.tariffGroupId }),
    allowsReservation: false,
    powerOptions: {
      maxPower: Math.round(maxPowerKwOf(evse) * 1000),
      maxVoltage: "400",
      maxAmperage: null,
      phases: "three_phase",
    },
    roamingOperatorId: roamingOf(placed) ? PARTNER_ROAMING_OPERATOR_ID : OWN_ROAMING_OPERATOR_ID,
    hardwareStatus: hardwareStatusOf(evse, ctx.activity, ctx.now, ctx.settings),
    ...(withConnectors ? { connectors: connectorViews(evse) } : {}),
    externalAppData: null,
    createdAt: toUtcIso(ctx.seededAt),
    lastUpdatedAt: toUtcIso(ctx.seededAt),
  };
}

/** The OCPI status a roaming partner reports, from the hardware status. */
const ROAMING_STATUS: Record<string, string> = {
  available: "available",
  unavailable: "inoperative",
  faulted: "outoforder",
};

/** v2.0 (deprecated): `type`, `maxPowerKw`, the tariff group or null (the free tariff), connectors always. */
export function evseV20View(placed: PlacedEvse, ctx: EvseViewContext) {
  const { evse, chargePoint, networkId } = placed;
  const hardwareStatus = hardwareStatusOf(evse, ctx.activity, ctx.now, ctx.settings);
  return {
    id: evse.id,
    chargePointId: chargePoint.id,
    chargingProfile: null,
    roaming: roamingOf(placed)
      ? {
          evseId: physicalReferenceOf(evse.id),
          status: ROAMING_STATUS[hardwareStatus] ?? "charging",
          tariffIds: [],
        }
      : null,
    connectors: connectorViews(evse).map((c) => ({ ...c, status: "active" })),
    physicalReference: physicalReferenceOf(evse.id),
    type: isDc(evse) ? "dc" : "ac",
    networkId: String(networkId),
    status: evseStatusOf(evse),
    tariffGroupId: evse.tariffGroupId ?? null,
    allowsReservation: false,
    maxPowerKw: maxPowerKwOf(evse),
    maxVoltage: "400",
    maxAmperage: null,
    phases: "three_phase",
    midMeterCertificationEndYear: null,
    externalId: null,
    hardwareStatus,
  };
}
