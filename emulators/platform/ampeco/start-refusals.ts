import type { StartErrorCode } from "../charging-settings";
import type { RouteContext } from "../router";
import type { PaymentMethodRecord, UserRecord } from "../store";
import { LOCAL_TIME_ZONE } from "../time";
import { evseActivity, evseStatusOf, hardwareStatusOf, type PlacedEvse } from "./charging-network";
import { isExpired } from "./payment-method-seed";
import { usesBalance } from "./payment-methods";
import type { Tariff } from "./tariff-book";

/**
 * Why a start is refused (202 `success: false`), checked in this order (*inferred*: the subset lists the codes, not
 * when each applies): the forced `startRefusal` setting, the user, the user's running session, the EVSE, the
 * location's hours, the tariff, then the payment. An EVSE that is not available has no code of its own in the enum,
 * so its refusal carries only a message (`errorCode` is optional): the stricter reading for a client.
 */
export interface StartRefusal {
  errorCode?: StartErrorCode;
  message: string;
}

/** The subset's own words for each code. */
const MESSAGES: Record<StartErrorCode, string> = {
  BILLING_NOT_ASSOCIATED: "The selected corporate billing is not associated with the user",
  BILLING_NOT_PARTNER_ASSOCIATED:
    "The selected corporate billing is allowed on EVSEs that are not associated with the partner",
  INTERNAL_ISSUE: "Internal issue",
  SESSION_EXISTS: "Session already exists",
  AGILE_STREETS_CALCULATE: "Agile Streets calculation issue",
  AGILE_STREETS_COMMUNICATION: "Could not connect with Agile Streets",
  CHARGING_NOT_ALLOWED: "The tariff does not allow to charge on this evse",
  LOCATION_IS_CLOSED: "Charge point's location is closed",
  USER_VALIDATION_NOT_COMPLETE: "Either your email or phone is not verified or your profile is not completed",
  TERMS_NOT_ACCEPTED: "User hasn't accepted latest Terms",
  USER_IS_DISABLED: "Your account is disabled",
  SUBSCRIPTION_REQUIRED: "You do not have an active subscription for this charging point",
  SESSION_ALREADY_RUNNING: "Having another running session is not allowed",
  PREVIOUS_SESSION_NOT_PAID: "Cannot start new session before paying the previous one",
  ACCESS_RESTRICTED: "You do not have access to this charge point",
  PAYMENT_METHOD_REQUIRED: "Cannot start a session without a payment method",
  CANNOT_BILL_PAYMENT_METHOD: "The payment method either is invalid or the partner does not allow billing",
  CORPORATE_ACCOUNT_LIMIT_REACHED:
    "Corporate billing is not allowed, corporate billing is not set up, corporate billing limit is reached or your payment method has insufficient funds.",
  CANNOT_USE_EXPIRED_PAYMENT_METHOD: "The payment method has expired",
  CANNOT_USE_PAYMENT_METHOD: "Payment method is not allowed or your subscription is cancelled",
  PAYMENT_NO_FUNDS: "The current balance is below the needed minimum amount",
};

const refused = (errorCode: StartErrorCode): StartRefusal => ({ errorCode, message: MESSAGES[errorCode] });

export const EVSE_NOT_AVAILABLE = "The EVSE is not available.";

/** Local `HH:MM` of an instant at the tenant's locations. */
const localTime = (now: Date) =>
  new Intl.DateTimeFormat("en-GB", {
    timeZone: LOCAL_TIME_ZONE,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(now);

function isClosed({ location }: PlacedEvse, now: Date): boolean {
  if (!location.openingHours) return false;
  const time = localTime(now);
  return time < location.openingHours.start || time >= location.openingHours.end;
}

export interface StartAttempt {
  user: UserRecord;
  placed: PlacedEvse;
  /** The user's card, or null for the balance. */
  card: PaymentMethodRecord | null;
  /** The tariff the EVSE's group applies to the user; null when none fits. */
  tariff: Tariff | null;
}

export function startRefusal(ctx: Pick<RouteContext, "state" | "now" | "runtime">, attempt: StartAttempt) {
  const { state, now, runtime } = ctx;
  const { user, placed, card, tariff } = attempt;
  const forced = runtime.settings.startRefusal ?? user.startRefusal;
  if (forced !== null) return refused(forced);
  if (user.status === "disabled") return refused("USER_IS_DISABLED");
  // Users are `sessionsAllowed: single_session` (users v1.x `options`).
  if (state.sessions.some((s) => s.userId === user.id && s.stoppedAt === null))
    return refused("SESSION_ALREADY_RUNNING");

  const activity = evseActivity(state);
  if (activity.get(placed.evse.id)?.stoppedAt === null) return refused("SESSION_EXISTS");
  const hardware = hardwareStatusOf(placed.evse, activity, now, runtime.settings);
  if (evseStatusOf(placed.evse) !== "active" || hardware !== "available") return { message: EVSE_NOT_AVAILABLE };
  if (isClosed(placed, now)) return refused("LOCATION_IS_CLOSED");
  if (tariff === null || tariff.type === "charging not allowed") return refused("CHARGING_NOT_ALLOWED");

  if (card !== null) {
    if (card.removedAt !== null) return refused("CANNOT_USE_PAYMENT_METHOD");
    if (isExpired(card, now)) return refused("CANNOT_USE_EXPIRED_PAYMENT_METHOD");
    return null;
  }
  if (!usesBalance(user, runtime.settings)) return refused("PAYMENT_METHOD_REQUIRED");
  const free = tariff.type === "free";
  if (!free && user.balanceCents < Math.round(runtime.settings.startMinimumBalance * 100))
    return refused("PAYMENT_NO_FUNDS");
  return null;
}
