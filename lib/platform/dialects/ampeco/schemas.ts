import "server-only";
import { z } from "zod";
import { WireGeoposition, WireId, WireNumber, WireProfile, WireText, WireTranslation } from "../../wire";

/** Wire schemas, lenient like the contract's: unknown enum values stay strings so one odd record never fails a page. */
const text = WireText;
const Translated = z.array(WireTranslation).nullish();
export type Translated = z.output<typeof Translated>;

/**
 * Users v1.1: the shared user fields, no currency (the real platform's users carry none) and a status.
 * The id is typed string in the published schema, integers in practice (WireId takes both).
 */
export const AmpecoUser = WireProfile.extend({ status: z.string().nullish() });
export type AmpecoUser = z.output<typeof AmpecoUser>;

/**
 * The answer of `export-all-private-data`: a link the driver's browser opens. Only http(s) links are
 * taken, so a platform answer can never put a script or data URL behind the portal's button.
 */
export const AmpecoExportLink = z.object({ downloadUrl: z.url({ protocol: /^https?$/ }) });

export const AmpecoIdTag = z.object({
  id: WireId,
  idTagUid: z.string(),
  idLabel: text,
  status: z.string(),
  type: z.string().nullish(),
  userId: WireId.nullish(),
  createdAt: text,
});
export type AmpecoIdTag = z.output<typeof AmpecoIdTag>;

export const AmpecoSession = z.object({
  id: z.union([z.string(), z.number().transform(String)]),
  chargePointId: WireId.nullish(),
  evseId: WireId.nullish(),
  status: z.string(),
  userId: WireId.nullish(),
  startedAt: text,
  stoppedAt: text,
  energy: WireNumber.nullish(),
  energyConsumption: z.object({ total: WireNumber.nullish() }).nullish(),
  amount: WireNumber.nullish(),
  totalAmount: z.object({ withTax: WireNumber.nullish() }).nullish(),
  currency: text,
  idTagLabel: text,
  evsePhysicalReference: text,
  receiptId: WireId.nullish(),
});
export type AmpecoSession = z.output<typeof AmpecoSession>;

export const AmpecoLocation = z.object({
  id: WireId,
  name: Translated,
  address: Translated,
  streetAddress: Translated,
  geoposition: WireGeoposition,
  city: text,
  timezone: text,
  /** Newer tenants (v3.251) say so on a roaming partner's site. */
  isRoaming: z.boolean().nullish(),
});
export type AmpecoLocation = z.output<typeof AmpecoLocation>;

/** A start's 202 answer; a refusal carries `success: false`, no session, and mostly an `errorCode`. */
export const AmpecoStartAnswer = z.object({
  success: z.boolean(),
  sessionId: WireId.nullable(),
  authorizationId: WireNumber.nullable(),
  errorCode: z.string().nullish(),
  message: z.string().nullish(),
});

const Amounts = z.object({ withTax: WireNumber, withoutTax: WireNumber.nullish() });

/** A session read with `withPriceBreakdown=true`: the receipt's lines and how it was paid. */
export const AmpecoSessionBill = z.object({
  id: z.union([z.string(), z.number().transform(String)]),
  currency: text,
  totalAmount: Amounts.nullish(),
  amount: WireNumber.nullish(),
  paymentType: text,
  paymentMethodId: text,
  priceBreakdown: z
    .array(
      z.object({
        type: z.string(),
        unit: text,
        quantity: WireNumber,
        pricePerUnit: Amounts,
        price: Amounts,
        taxPercentage: WireNumber.nullish(),
      }),
    )
    .nullish(),
});

export const AmpecoChargePoint = z.object({ id: WireId, locationId: WireId.nullish(), name: text });

export const AmpecoEvse = z.object({
  id: WireId,
  chargePointId: WireId.nullish(),
  physicalReference: text,
  currentType: text,
  tariffGroupId: WireId.nullish(),
  status: text,
  hardwareStatus: text,
  powerOptions: z.object({ maxPower: WireNumber.nullish() }).nullish(),
  connectors: z.array(z.object({ id: WireId.nullish(), type: z.string().nullish() })).nullish(),
});
export type AmpecoEvse = z.output<typeof AmpecoEvse>;

const Price = WireNumber.nullish();

/** Tariffs v1.0: the prices a group applies (with tax, *inferred*); types other than these three are not itemised. */
export const AmpecoTariff = z.object({
  id: WireId,
  name: text,
  type: z.string(),
  currency: text,
  /** Deprecated but sent; absent or null: the tenant's default tax. */
  taxID: WireId.nullish(),
  pricing: z
    .object({
      pricePerSession: Price,
      connectionFee: Price,
      pricePerKwh: Price,
      pricePeriodInMinutes: Price,
      pricePerPeriod: Price,
      durationFeeGracePeriod: Price,
      durationFeeLimit: Price,
      idleFeePerMinute: Price,
      idleFeeGracePeriodMinutes: Price,
      idleFeeLimit: Price,
    })
    .nullish(),
});
export type AmpecoTariff = z.output<typeof AmpecoTariff>;

/** Users v1.0 payment methods: an id of null is the balance; the subset types the expiry as numbers. */
export const AmpecoPaymentMethod = z.object({
  id: z.string().nullable(),
  type: z.string().nullish(),
  name: z.string(),
  issuer: z.string().nullish(),
  default: z.boolean(),
  expireYear: WireNumber.nullish(),
  expireMonth: WireNumber.nullish(),
  removedAt: text,
});
export type AmpecoPaymentMethod = z.output<typeof AmpecoPaymentMethod>;

/** `links.next` drives every walk; cursor meta carries no totals. */
export function ampecoList<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    links: z.object({ next: z.string().nullish() }).nullish(),
    meta: z.object({ next_cursor: z.string().nullish(), per_page: WireNumber.nullish() }).nullish(),
  });
}

/** Transactions v1.0: the record itself on read (no `{data}`), in `data` on the listing. */
export const AmpecoTransaction = z.object({
  id: WireId,
  date: z.string(),
  userId: WireId.nullish(),
  sessionId: WireId.nullish(),
  purchaseResourceType: z.string().nullish(),
  totalAmount: WireNumber.nullish(),
  currency: z.string(),
  status: z.string().nullish(),
  billingType: z.string().nullish(),
  paymentMethodId: z.string().nullish(),
  voucherId: WireId.nullish(),
  invoiceId: WireId.nullish(),
  receiptId: WireId.nullish(),
  finalizedAt: text,
});
export type AmpecoTransaction = z.output<typeof AmpecoTransaction>;

/** Invoices v1.0; `userId` and `downloadUrl` are optional (the subset), and a link is judged only when fetched. */
export const AmpecoInvoice = z.object({
  id: WireId,
  type: z.enum(["invoice", "pro_forma", "credit_note"]),
  number: z.string(),
  date: z.string(),
  userId: WireId.nullish(),
  totalAmount: WireNumber,
  taxAmount: WireNumber,
  downloadUrl: z.string().max(4096).nullish(),
});
export type AmpecoInvoice = z.output<typeof AmpecoInvoice>;

/** Receipts v2.0 listing, read for the rate of one tax: `tax` is optional in the subset. */
export const AmpecoReceiptTax = z.object({
  tax: z.object({ taxId: WireId.nullish(), taxPercentage: WireNumber.nullish() }).nullish(),
});

/** Receipts v2.0 read; `downloadUrl` is optional (the subset) and judged only when fetched. */
export const AmpecoReceipt = z.object({
  id: WireId,
  receiptNo: z.string(),
  userId: WireId.nullable(),
  totalAmount: WireNumber,
  downloadUrl: z.string().max(4096).nullish(),
});
export type AmpecoReceipt = z.output<typeof AmpecoReceipt>;
