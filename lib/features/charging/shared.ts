import type { ErrorStatusTable } from "@/lib/core/errors";
import type { PlatformUser, TariffPrices } from "@/lib/platform/types";

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

/**
 * Its own error codes: a refused start (a sentence per documented code), too many starts, not found (or not the
 * driver's), a key without the right, an unusable way to pay, a rejected stop, no answer, no charging API. */
export const CHARGING_ERROR_STATUS = {
  "charging-refused": 409,
  "charging-limited": 429,
  "charging-not-found": 404,
  "charging-forbidden": 403,
  "charging-invalid": 422,
  "charging-stop-rejected": 409,
  "charging-unavailable": 503,
  "charging-unsupported": 501,
} as const satisfies ErrorStatusTable<string>;

export type ChargingErrorCode = keyof typeof CHARGING_ERROR_STATUS;

/** The payment form's value for the balance; any other value is a payment method's id. */
export const BALANCE_CHOICE = "balance";

/** What an EVSE costs, as the page says it; `unavailable` when the tariff could not be read. */
export type PriceView =
  | { kind: "free" }
  | { kind: "notAllowed" }
  /** `taxPercent`: the VAT the prices include, where the platform states its rate (then the page shows them without). */
  | { kind: "prices"; currency: string | null; prices: TariffPrices; taxPercent: number | null }
  /** Prices that change over the day or with power: the platform's app shows them, the portal does not guess. */
  | { kind: "notItemised" }
  | { kind: "unavailable" };

/** A tariff's prices without a VAT of `percent`, to the fifth decimal as the platform prices. Pure. */
export function pricesWithoutTax(prices: TariffPrices, percent: number): TariffPrices {
  const net = (gross: number | null) => (gross === null ? null : Math.round((gross / (1 + percent / 100)) * 1e5) / 1e5);
  return {
    ...prices,
    perSession: net(prices.perSession),
    connectionFee: net(prices.connectionFee),
    perKwh: net(prices.perKwh),
    perPeriod: net(prices.perPeriod),
    timeFeeLimit: net(prices.timeFeeLimit),
    idleFeePerMinute: net(prices.idleFeePerMinute),
    idleFeeLimit: net(prices.idleFeeLimit),
  };
}

/** The driver a receipt is made out to: name and address from the platform's profile, and the customer number. */
export interface ReceiptCustomer {
  name: string | null;
  addressLines: string[];
  number: number;
}

/** Pure: a summary or receipt names the driver this way, whichever document it is. */
export function receiptCustomerOf(user: PlatformUser): ReceiptCustomer {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ").trim();
  const town = [user.postCode, user.city].filter(Boolean).join(" ");
  return {
    name: name || null,
    addressLines: [user.address, town, user.country].filter((part): part is string => Boolean(part?.trim())),
    number: user.id,
  };
}
