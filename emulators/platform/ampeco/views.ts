import { round2 } from "../seed";
import { FIRST_CREATED_USER_ID, SEED_ROAMING_LOCATIONS, type SeedLocation } from "../seed-data";
import { chargePointIdOf, OWN_ROAMING_OPERATOR_ID, PARTNER_ROAMING_OPERATOR_ID, type ChargePoint } from "./network";
import type { SessionRecord, SessionStatus, TokenRecord, TokenStatus, UserRecord } from "../store";
import { partnerOf, type EmulatorSettings } from "../settings";
import { toUtcIso } from "../time";
import { liveMeasures } from "../views";
import { physicalReferenceOf } from "./charging-network";
import { billingOf, hasReceipt, receiptIdOf } from "./session-billing";

/**
 * Store records → the AMPECO wire shapes of ampeco-openapi-subset.json. One store serves both
 * dialects, so the contract's vocabulary (token statuses, session statuses, connector labels) is
 * translated here, and nowhere else.
 */
export const TAG_STATUS: Record<TokenStatus, "enabled" | "disabled" | "suspended"> = {
  active: "enabled",
  blocked: "disabled",
  inactive: "suspended",
};
export const TAG_TYPE: Record<TokenRecord["type"], "rfid" | "mac_address" | "emaid"> = {
  rfid: "rfid",
  app: "emaid",
  mac_address: "mac_address",
};
export const SESSION_STATUS: Record<SessionStatus, "pending" | "active" | "finished" | "failed"> = {
  started: "pending",
  charging: "active",
  finished: "finished",
  failed: "failed",
};
/** VAT on session prices (NL). */
const VAT = 0.21;

const lastUpdated = (record: { createdAt: string; updatedAt: string | null }) =>
  toUtcIso(record.updatedAt ?? record.createdAt);

/**
 * Users carry no currency on the real platform; the id is a string in the v1.0/v1.1 schema.
 * `balance` is left out for users of a partner without `options.addUserBalance` (partners v2.0).
 */
export function ampecoUserView(user: UserRecord, settings: EmulatorSettings) {
  const showBalance = partnerOf(settings, user.partnerId)?.addUserBalance ?? true;
  return {
    id: String(user.id),
    email: user.email,
    emailVerified: null,
    requirePasswordReset: user.requirePasswordReset,
    firstName: user.firstName,
    middleName: null,
    lastName: user.lastName,
    phone: user.phone,
    country: user.country,
    state: null,
    city: user.city,
    postCode: user.postCode,
    address: user.address,
    vehicleNo: null,
    locale: null,
    ...(showBalance ? { balance: user.balanceCents / 100 } : {}),
    status: user.status,
    userGroupIds: user.userGroupId === null ? [] : [user.userGroupId],
    externalId: null,
    subscriptionId: null,
    options: { sessionsAllowed: "single_session" },
    lastUpdatedAt: lastUpdated(user),
    createdAt: toUtcIso(user.createdAt),
    createdBy: user.id < FIRST_CREATED_USER_ID ? "admin:1" : "token:1",
    receiveNewsAndPromotions: false,
    externalAppData: null,
  };
}

/** The UID as the tenant keeps it: as sent, or in lower case (the `idTagUids` setting). */
export function tagUid(code: string, settings: Pick<EmulatorSettings, "idTagUids">): string {
  return settings.idTagUids === "lower" ? code.toLowerCase() : code;
}

const UUID_PREFIX = "5e551011-0000-4000-8000-";

/** A session's id on the wire: the store's number as a string, or (the `sessionIds` setting) a UUID made from it. */
export function sessionWireId(id: number, settings: Pick<EmulatorSettings, "sessionIds">): string {
  return settings.sessionIds === "uuid" ? `${UUID_PREFIX}${id.toString(16).padStart(12, "0")}` : String(id);
}

/** The store id a wire id names (either form, so a control call names a session as the portal shows it), or null. */
export function sessionStoreId(wire: string): number | null {
  if (/^[1-9]\d{0,9}$/.test(wire)) return Number(wire);
  const hex = wire.startsWith(UUID_PREFIX) ? wire.slice(UUID_PREFIX.length) : "";
  return /^[0-9a-f]{12}$/.test(hex) ? parseInt(hex, 16) : null;
}

export function idTagView(token: TokenRecord, settings: Pick<EmulatorSettings, "idTagUids">) {
  return {
    id: token.id,
    idTagUid: tagUid(token.code, settings),
    idLabel: token.visualNumber,
    expireAt: null,
    createdAt: toUtcIso(token.createdAt),
    status: TAG_STATUS[token.status],
    type: TAG_TYPE[token.type],
    vehicleType: null,
    paymentMethodId: null,
    userId: token.userId,
    externalId: null,
    partnerId: null,
    lastUpdatedAt: lastUpdated(token),
  };
}

/** The card a session was started with: its UID and, when it has one, its printed number. */
export interface SessionIdTag {
  uid: string;
  label: string | null;
}

/** Why a stopped session stopped: as its stop said, else a standard stop (a failed one never had the car). */
export const stopReasonOf = (session: SessionRecord) =>
  session.stopReason ?? (session.status === "failed" ? "ev_not_connected_to_evse" : "standard_stop");

/**
 * A session at a roaming partner's site as AMPECO tells it: the partner CPO's own session id and its CDR (OCPI), beside
 * the charge point the tenant imported from the partner. Ids are made from the session's own (inferred).
 */
function roamingOf(session: SessionRecord) {
  if (!SEED_ROAMING_LOCATIONS.some((site) => site.id === session.locationId)) return {};
  return {
    roaming: {
      cdrIds: session.stoppedAt === null ? [] : [session.id],
      sessionId: `PCPO-${session.id}`,
      roamingOperatorCpoId: PARTNER_ROAMING_OPERATOR_ID,
    },
  };
}

/** `settings.sessionBilling`: a stopped session's amount and `billingStatus` until its billing completes. */
export function ampecoSessionView(
  session: SessionRecord,
  now: Date,
  idTag: SessionIdTag | undefined,
  settings: Pick<EmulatorSettings, "sessionIds" | "chargePoints" | "sessionBilling">,
) {
  const { energy, amount: measured } = liveMeasures(session, now);
  const billed = billingOf(session, now, settings.sessionBilling, measured);
  const amount = billed.amount ?? 0;
  const running = session.stoppedAt === null;
  const elapsedHours = Math.max(
    1 / 3600,
    ((session.stoppedAt ? Date.parse(session.stoppedAt) : now.getTime()) - Date.parse(session.startedAt)) / 3_600_000,
  );
  const started = session.remoteStart;
  return {
    id: sessionWireId(session.id, settings),
    chargePointId: chargePointIdOf(session, settings.chargePoints),
    evseId: session.evseId,
    evsePhysicalReference: physicalReferenceOf(session.evseId),
    connectorId: null,
    status: SESSION_STATUS[session.status],
    ...(running ? {} : { reason: stopReasonOf(session) }),
    userId: session.userId,
    startedAt: toUtcIso(session.startedAt),
    stoppedAt: session.stoppedAt === null ? null : toUtcIso(session.stoppedAt),
    energy,
    energyConsumption: { total: energy, grid: energy, local: 0 },
    power: {
      latest: running ? session.powerW : null,
      peak: session.powerW,
      average: Math.round(energy / elapsedHours),
    },
    ...(billed.amount === null ? {} : { amount }),
    totalAmount: billed.amount === null ? null : { withTax: amount, withoutTax: round2(amount / (1 + VAT)) },
    currency: session.currency,
    // A start through the API names how it pays (null: the balance); the seed's sessions read as balance ones.
    paymentType: started?.paymentMethodId ? "tokenized" : "balance",
    ...(started?.paymentMethodId ? { paymentMethodId: started.paymentMethodId } : {}),
    paymentStatus: running ? null : "paid",
    authorizationId: started?.authorizationId ?? null,
    ...(started ? { tariffSnapshotId: started.tariffSnapshotId } : {}),
    ...(hasReceipt(session, billed) ? { receiptId: receiptIdOf(session.id) } : {}),
    ...(idTag === undefined ? {} : { idTag: idTag.uid }),
    ...(idTag?.label ? { idTagLabel: idTag.label } : {}),
    ...roamingOf(session),
    billingStatus: billed.status,
    lastUpdatedAt: toUtcIso(session.stoppedAt ?? now),
  };
}

const translated = (entries: Array<[string, string]>) =>
  entries.map(([locale, translation]) => ({ locale, translation }));

/** The address is only in Dutch, so a client must fall back from its own locale; a roaming site names its operator. */
export function ampecoLocationView(location: SeedLocation, seededAt: string) {
  const street = `${location.street} ${location.number}`;
  return {
    id: location.id,
    externalId: null,
    name: translated([
      ["nl", location.name.nl],
      ["en", location.name.en],
    ]),
    geoposition: { latitude: location.latitude, longitude: location.longitude },
    address: translated([["nl", `${street}, ${location.city}`]]),
    streetAddress: translated([["nl", street]]),
    city: location.city,
    region: null,
    country: "NL",
    postCode: null,
    timezone: "Europe/Amsterdam",
    parkingType: "PARKING_LOT",
    accessMethods: ["OPEN"],
    facilities: null,
    ...(location.roamingOperator === undefined
      ? { roamingOperatorId: OWN_ROAMING_OPERATOR_ID }
      : {
          roamingOperatorId: PARTNER_ROAMING_OPERATOR_ID,
          roaming: { owner: { name: location.roamingOperator }, operator: { name: location.roamingOperator } },
        }),
    tags: [],
    externalAppData: null,
    lastUpdatedAt: toUtcIso(seededAt),
    status: "enabled",
  };
}

const CONNECTOR_TYPE: Record<string, string> = { CCS2: "ccs2", CCS1: "ccs1", "Type 2": "type2", CHAdeMO: "chademo" };
const DC_TYPES = new Set(["ccs2", "ccs1", "chademo"]);

export function connectorViews(evse: SeedLocation["evses"][number]) {
  return evse.connectors.map((connector, index) => ({
    id: evse.id * 10 + index + 1,
    type: CONNECTOR_TYPE[connector.type] ?? "type2",
    format: DC_TYPES.has(CONNECTOR_TYPE[connector.type] ?? "") ? "cable" : "socket",
    status: "enabled",
  }));
}

export function chargePointView({ id, location, evses }: ChargePoint, seededAt: string) {
  return {
    id,
    name:
      evses.length === 1 && location.evses.length > 1
        ? `${location.name.en} CP ${evses[0]!.id}`
        : `${location.name.en} CP`,
    type: "public",
    locationId: location.id,
    status: "enabled",
    network: { id: `DPT-${location.id}`, protocol: "ocpp 1.6" },
    security: { currentProfile: 0 },
    networkStatus: "available",
    hardwareStatus: "available",
    autoStartWithoutAuthorization: false,
    disableAutoStartEmulation: false,
    enableAutoFaultRecovery: true,
    communicationMode: "direct_ocpp",
    roamingOperatorId: location.roamingOperator === undefined ? OWN_ROAMING_OPERATOR_ID : PARTNER_ROAMING_OPERATOR_ID,
    tags: [],
    createdAt: toUtcIso(seededAt),
    lastUpdatedAt: toUtcIso(seededAt),
  };
}
