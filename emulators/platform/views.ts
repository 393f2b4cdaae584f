import { isRemoteSession, remoteMeasures } from "./ampeco/charging-measures";
import { round2 } from "./seed";
import type { SessionRecord, TokenRecord, UserRecord } from "./store";
import { toAmsterdamIso, toUtcIso } from "./time";

/**
 * Record → wire shape. Responses are camelCase; timestamps are ISO 8601 UTC with `Z` and second
 * precision; money is a plain number with at most 2 decimals.
 */
export function userView(user: UserRecord) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    address: user.address,
    city: user.city,
    postCode: user.postCode,
    country: user.country,
    balance: user.balanceCents / 100,
    currency: user.currency,
    createdAt: toUtcIso(user.createdAt),
  };
}

/** Create answers with a string id and a smaller field set: a known quirk of the platform. */
export function createdUserView(user: UserRecord) {
  return {
    id: String(user.id),
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    balance: user.balanceCents / 100,
    currency: user.currency,
    createdAt: toUtcIso(user.createdAt),
  };
}

/** For GET /__emulator/state: everything but the password hash. */
export function userStateView(user: UserRecord) {
  const { passwordHash: _hidden, balanceCents: _cents, ...rest } = user;
  return { ...rest, balance: user.balanceCents / 100 };
}

export function tokenView(token: TokenRecord) {
  return {
    id: token.id,
    userId: token.userId,
    code: token.code,
    visualNumber: token.visualNumber,
    type: token.type,
    status: token.status,
    createdAt: toUtcIso(token.createdAt),
  };
}

/** A running session's energy follows the clock, so a live view sees it grow between reads. */
export function liveMeasures(session: SessionRecord, now: Date): { energy: number; amount: number } {
  if (session.stoppedAt !== null) return { energy: session.energy, amount: session.amount };
  // Started through the API: energy from when the car draws, the amount as its tariff prices it.
  if (isRemoteSession(session)) return remoteMeasures(session, now);
  const elapsedMs = Math.max(0, now.getTime() - Date.parse(session.startedAt));
  const energy = Math.min(session.maxEnergy, session.energy + Math.floor((session.powerW * elapsedMs) / 3_600_000));
  return { energy, amount: round2((energy / 1000) * session.pricePerKwh) };
}

/** List items carry only the local times (the contract's list sample omits the UTC variants). */
export function sessionListView(session: SessionRecord, now: Date) {
  return {
    id: session.id,
    startedAtLocal: toAmsterdamIso(session.startedAt),
    stoppedAtLocal: session.stoppedAt === null ? null : toAmsterdamIso(session.stoppedAt),
    ...liveMeasures(session, now),
    status: session.status,
    evseId: session.evseId,
    locationId: session.locationId,
  };
}

export function sessionDetailView(session: SessionRecord, now: Date) {
  const item = sessionListView(session, now);
  return {
    id: item.id,
    startedAt: toUtcIso(session.startedAt),
    startedAtLocal: item.startedAtLocal,
    stoppedAt: session.stoppedAt === null ? null : toUtcIso(session.stoppedAt),
    stoppedAtLocal: item.stoppedAtLocal,
    energy: item.energy,
    amount: item.amount,
    status: item.status,
    evseId: item.evseId,
    locationId: item.locationId,
  };
}
