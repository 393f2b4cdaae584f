import "server-only";
import { z } from "zod";
import { InvoiceManagerReadOnlyError, PlatformArgumentError, PlatformResponseError } from "../../errors";
import type { AmpecoRequester } from "./endpoints";
import type { BillingDetails, BillingDetailsRead, ReadOnlyBillingField, ReadOnlyInvoiceManager } from "../../types";
import { WireText } from "../../wire";

/**
 * Invoice details v1.0 in the tenant's manager's shape (one of four): the Ampeco manager's edited, every writable field
 * read sent back (a replacing POST keeps them, A6); the other three read to be shown (A8).
 */
const text = WireText;

/** "Ampeco Invoice Manager": the fields the portal edits and those it passes back untouched. */
const AmpecoDetails = z.object({
  requireInvoice: z.boolean(),
  invoiceType: z.string().nullish(),
  individualName: text,
  individualPersonalId: text,
  individualTaxId: text,
  companyName: text,
  companyRegNo: text,
  companyTaxId: text,
  companyTaxAdministrationOfficeName: text,
  country: text,
  region: text,
  state: text,
  city: text,
  postCode: text,
  address: text,
});
type AmpecoDetails = z.output<typeof AmpecoDetails>;

/** Written back as read; `country` and `state` only when set (their lists hold no null). */
const PASSED_BACK = [
  "individualPersonalId",
  "individualTaxId",
  "companyTaxAdministrationOfficeName",
  "region",
] as const;

const Party = z
  .object({
    name: text,
    email: text,
    mobilePhoneNumber: text,
    taxId: text,
    country: text,
    city: text,
    postcode: text,
    address: text,
  })
  .nullish();
const Cardcom = z.object({ invoiceRequired: z.boolean(), clientType: text, individual: Party, company: Party });
const Place = { country: text, city: text, postcode: text, address: text };
const SoftOne = z.object({ firstName: text, lastName: text, email: text, phone: text, ...Place });
const Ecpay = z.object({
  invoiceType: z.enum(["EInvoice", "Company", "Donation"]),
  companyId: text,
  name: text,
  email: text,
  phone: text,
  ...Place,
});

type Line = { field: ReadOnlyBillingField; value: string };
const lines = (entries: Array<[ReadOnlyBillingField, string | boolean | null | undefined]>): Line[] =>
  entries.flatMap(([field, value]) =>
    value === null || value === undefined || value === "" ? [] : [{ field, value: String(value) }],
  );

function place(p: {
  country?: string | null;
  city?: string | null;
  postcode?: string | null;
  address?: string | null;
}) {
  return [
    ["address", p.address],
    ["postCode", p.postcode],
    ["city", p.city],
    ["country", p.country],
  ] as Array<[ReadOnlyBillingField, string | null | undefined]>;
}

/** Another manager's details as lines to show, or null when the body is none of the three. */
function otherManager(body: unknown): { manager: ReadOnlyInvoiceManager; lines: Line[] } | null {
  const cardcom = Cardcom.safeParse(body);
  if (cardcom.success) {
    const c = cardcom.data;
    const party = (c.clientType === "company" ? c.company : c.individual) ?? {};
    const entries: Array<[ReadOnlyBillingField, string | boolean | null | undefined]> = [
      ["clientType", c.clientType],
      ["invoiceRequired", c.invoiceRequired],
      ["name", party.name],
      ["taxId", party.taxId],
      ["email", party.email],
      ["phone", party.mobilePhoneNumber],
      ...place(party),
    ];
    return { manager: "cardcom", lines: lines(entries) };
  }
  const ecpay = Ecpay.safeParse(body);
  if (ecpay.success) {
    const e = ecpay.data;
    const entries: Array<[ReadOnlyBillingField, string | null | undefined]> = [
      ["ecpayInvoiceType", e.invoiceType],
      ["name", e.name],
      ["companyId", e.companyId],
      ["email", e.email],
      ["phone", e.phone],
      ...place(e),
    ];
    return { manager: "ecpay", lines: lines(entries) };
  }
  const softone = SoftOne.safeParse(body);
  const named = body !== null && typeof body === "object" && ("firstName" in body || "lastName" in body);
  if (softone.success && named) {
    const o = softone.data;
    const entries: Array<[ReadOnlyBillingField, string | null | undefined]> = [
      ["firstName", o.firstName],
      ["lastName", o.lastName],
      ["email", o.email],
      ["phone", o.phone],
      ...place(o),
    ];
    return { manager: "softone", lines: lines(entries) };
  }
  return null;
}

const orNull = (value: string | null | undefined) => (value === undefined || value === null ? null : value);

function toBillingDetails(wire: AmpecoDetails): BillingDetails {
  return {
    requireInvoice: wire.requireInvoice,
    clientType: wire.invoiceType === "individual" || wire.invoiceType === "company" ? wire.invoiceType : null,
    individualName: orNull(wire.individualName),
    companyName: orNull(wire.companyName),
    companyTaxId: orNull(wire.companyTaxId),
    companyRegNo: orNull(wire.companyRegNo),
    country: wire.country && /^[A-Z]{2}$/.test(wire.country) ? wire.country : null,
    city: orNull(wire.city),
    postCode: orNull(wire.postCode),
    address: orNull(wire.address),
  };
}

const blankToNull = (value: string | null) => (value === null || value.trim() === "" ? null : value.trim());

/** Every writable field as read, with the portal's fields over them; an unset country or state is left out. */
function detailsBody(read: AmpecoDetails, details: BillingDetails) {
  const country = blankToNull(details.country);
  return {
    ...Object.fromEntries(PASSED_BACK.map((field) => [field, read[field] ?? null])),
    ...(read.state ? { state: read.state } : {}),
    requireInvoice: details.requireInvoice,
    invoiceType: details.clientType,
    individualName: blankToNull(details.individualName),
    companyName: blankToNull(details.companyName),
    companyTaxId: blankToNull(details.companyTaxId),
    companyRegNo: blankToNull(details.companyRegNo),
    ...(country === null ? {} : { country: country.toUpperCase() }),
    city: blankToNull(details.city),
    postCode: blankToNull(details.postCode),
    address: blankToNull(details.address),
  };
}

export function createAmpecoInvoiceDetails(requester: AmpecoRequester) {
  async function read(userId: number): Promise<{ ampeco: AmpecoDetails } | { other: BillingDetailsRead }> {
    const { data } = await requester.request({
      endpoint: "invoiceDetails.get",
      params: { id: userId },
      schema: z.unknown(),
    });
    const ampeco = AmpecoDetails.safeParse(data);
    if (ampeco.success) return { ampeco: ampeco.data };
    const other = otherManager(data);
    if (other) return { other };
    throw new PlatformResponseError("invoiceDetails.get", "none of the four invoice managers' shapes", {
      status: 200,
    });
  }

  return {
    async getBillingDetails(userId: number): Promise<BillingDetailsRead> {
      const found = await read(userId);
      return "ampeco" in found ? { manager: "ampeco", details: toBillingDetails(found.ampeco) } : found.other;
    },

    /** Read first: what the portal does not edit goes back as it is. A 422 names the platform's fields. */
    async saveBillingDetails(userId: number, details: BillingDetails): Promise<BillingDetails> {
      if (details.clientType === null)
        throw new PlatformArgumentError(
          "invoiceDetails.save",
          "the platform needs a client type (individual or company)",
        );
      const found = await read(userId);
      if (!("ampeco" in found)) throw new InvoiceManagerReadOnlyError(found.other.manager);
      const { data } = await requester.request({
        endpoint: "invoiceDetails.save",
        params: { id: userId },
        body: detailsBody(found.ampeco, details),
        schema: AmpecoDetails,
      });
      return toBillingDetails(data);
    },
  };
}
