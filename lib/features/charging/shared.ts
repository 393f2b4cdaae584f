/** The charging feature's browser-safe public module; index.ts is its server half. */

/** An EVSE's hardware status as the page words it (`charging.evseStatus.<code>`); anything else is `unknown`. */
export const EVSE_STATUS_CODES = [
  "available",
  "preparing",
  "charging",
  "suspendedEV",
  "suspendedEVSE",
  "finishing",
  "reserved",
  "unavailable",
  "faulted",
  "unknown",
] as const;
export type EvseStatusCode = (typeof EVSE_STATUS_CODES)[number];

export function evseStatusCode(status: string): EvseStatusCode {
  return (EVSE_STATUS_CODES as readonly string[]).includes(status) ? (status as EvseStatusCode) : "unknown";
}

/** Card issuers by their own names, which no language translates; another issuer is a plain "card". */
export const ISSUER_NAMES: Readonly<Record<string, string>> = {
  visa: "Visa",
  mastercard: "Mastercard",
  maestro: "Maestro",
  amex: "American Express",
  paypal: "PayPal",
};

/** A printed EVSE reference as a QR code carries it (`NL*DPT*E12`): letters, digits and `* - _ . :`. */
export const CHARGE_POINT_REFERENCE = /^[A-Za-z0-9*._:-]{1,64}$/;
