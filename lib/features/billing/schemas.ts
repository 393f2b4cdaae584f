import { z } from "zod";
import { isCountryCode } from "@/lib/core/countries";
import { INVISIBLE_OR_DIRECTION, NO_MARKUP } from "@/lib/core/text-schema";
import type { BillingDetails, PlatformUser } from "@/lib/platform/types";
import { checkVatId } from "./vat-id";

/** The billing details form's fields, in form order. */
export const BILLING_FIELDS = [
  "clientType",
  "individualName",
  "companyName",
  "companyTaxId",
  "companyRegNo",
  "address",
  "postCode",
  "city",
  "country",
  "requireInvoice",
] as const;
export type BillingField = (typeof BILLING_FIELDS)[number];

/** Free text as typed: trimmed, bounded, no markup or invisible characters; absent reads as empty. */
const text = (max: number) =>
  z
    .string({ error: "billing.errors.notText" })
    .trim()
    .max(max, "billing.errors.tooLong")
    .regex(NO_MARKUP, "billing.errors.markup")
    .refine((v) => !INVISIBLE_OR_DIRECTION.test(v), "billing.errors.invisible")
    .optional()
    .transform((v) => v ?? "");

const FIELD_SCHEMAS = {
  clientType: z
    .string({ error: "billing.errors.clientType" })
    .optional()
    .transform((v) => v ?? ""),
  individualName: text(120),
  companyName: text(160),
  // Separators are dropped before the length counts: "NL 0000.99998.B57" is 14 characters.
  companyTaxId: text(40),
  companyRegNo: text(40),
  address: text(200),
  postCode: text(16),
  city: text(80),
  country: z
    .string({ error: "billing.errors.country" })
    .trim()
    .toUpperCase()
    .optional()
    .transform((v) => v ?? ""),
  // A checkbox: "on" when ticked, absent otherwise.
  requireInvoice: z
    .string({ error: "billing.errors.requireInvoice" })
    .optional()
    .transform((v) => v === "on"),
} satisfies Record<BillingField, z.ZodType>;

type Fields = { [K in BillingField]: z.output<(typeof FIELD_SCHEMAS)[K]> };
/** `maximum` travels along for the message's `{max}` (toFieldErrors). */
type Issue = { path: [BillingField]; message: string; maximum?: unknown };

/** Each field on its own, so that one field's problem never hides another's. */
function readFields(raw: Record<string, unknown>): { fields: Partial<Fields>; issues: Issue[] } {
  const fields: Record<string, unknown> = {};
  const issues: Issue[] = [];
  for (const field of BILLING_FIELDS) {
    const parsed = FIELD_SCHEMAS[field].safeParse(raw[field]);
    if (parsed.success) fields[field] = parsed.data;
    else
      for (const { message, ...issue } of parsed.error.issues)
        issues.push({ path: [field], message, ...("maximum" in issue ? { maximum: issue.maximum } : {}) });
  }
  return { fields: fields as Partial<Fields>, issues };
}

/** The rules between fields, on the fields that passed their own; `taxId` is the VAT id written plainly. */
function problems(f: Partial<Fields>): { issues: Issue[]; taxId: string | null } {
  const issues: Issue[] = [];
  const at = (field: BillingField, message: string) => issues.push({ path: [field], message });
  let taxId: string | null = null;
  if (f.clientType !== undefined && f.clientType !== "individual" && f.clientType !== "company")
    at("clientType", "billing.errors.clientType");
  if (f.clientType === "individual" && f.individualName === "") at("individualName", "billing.errors.individualName");
  if (f.clientType === "company") {
    if (f.companyName === "") at("companyName", "billing.errors.companyName");
    if (f.companyTaxId === "") at("companyTaxId", "billing.errors.companyTaxId.required");
    else if (f.companyTaxId !== undefined) {
      const vat = checkVatId(f.companyTaxId);
      if (vat.ok) taxId = vat.value;
      else at("companyTaxId", `billing.errors.companyTaxId.${vat.problem}`);
    }
  }
  if (f.postCode && !/^[A-Za-z0-9 -]{2,16}$/.test(f.postCode)) at("postCode", "billing.errors.postCode");
  if (f.country && !isCountryCode(f.country)) at("country", "billing.errors.country");
  // An invoice needs an address to be made out to.
  if (f.requireInvoice) {
    for (const field of ["address", "postCode", "city", "country"] as const) {
      if (f[field] === "") at(field, "billing.errors.neededOnInvoice");
    }
  }
  return { issues, taxId };
}

const orNull = (value: string) => (value === "" ? null : value);

/**
 * The billing details form, as the driver and support fill it in. A company needs its name and a VAT id that passes its
 * country's format and check digits; an individual, a name. Fields of the other kind are cleared, not kept.
 */
export const BillingDetailsInput = z.looseObject({}).transform((raw, ctx): BillingDetails => {
  const read = readFields(raw);
  const { issues, taxId } = problems(read.fields);
  for (const issue of [...read.issues, ...issues]) ctx.addIssue({ code: "custom", input: raw, ...issue });
  if (read.issues.length + issues.length > 0) return z.NEVER;
  const f = read.fields as Fields;
  const company = f.clientType === "company";
  return {
    requireInvoice: f.requireInvoice,
    clientType: company ? "company" : "individual",
    individualName: company ? null : orNull(f.individualName),
    companyName: company ? orNull(f.companyName) : null,
    companyTaxId: company ? taxId : null,
    companyRegNo: company ? orNull(f.companyRegNo) : null,
    country: orNull(f.country),
    city: orNull(f.city),
    postCode: orNull(f.postCode.replace(/\s+/g, " ").toUpperCase()),
    address: orNull(f.address),
  };
});
export type BillingDetailsInput = z.input<typeof BillingDetailsInput>;

/** The details as the form shows them: every field as text, the checkbox "on" when ticked. */
export function billingFormValues(details: BillingDetails): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of BILLING_FIELDS) {
    if (field === "requireInvoice") {
      if (details.requireInvoice) values.requireInvoice = "on";
    } else values[field] = details[field] ?? "";
  }
  return values;
}

/** What the billing form may take from the profile, the platform's own user record. */
export type ProfileForBilling = Pick<
  PlatformUser,
  "firstName" | "lastName" | "address" | "city" | "postCode" | "country"
>;

const SAVED_PARTS = ["individualName", "companyName", "address", "city", "postCode"] as const;

/**
 * The form's values, starting from the profile where nothing is saved yet (saved details win): its country when none is
 * saved, and its name and address when none is. Only a country the form offers is taken: the profile's is free text.
 */
export function withProfileDefaults(
  values: Record<string, string>,
  profile: ProfileForBilling | null,
): Record<string, string> {
  if (!profile) return values;
  const country = profile.country?.trim().toUpperCase() ?? "";
  const filled = { ...values };
  if (!values.country && isCountryCode(country)) filled.country = country;
  if (SAVED_PARTS.every((part) => !values[part])) {
    const name = [profile.firstName, profile.lastName].filter(Boolean).join(" ");
    if (name) filled.individualName = name;
    if (profile.address) filled.address = profile.address;
    if (profile.city) filled.city = profile.city;
    if (profile.postCode) filled.postCode = profile.postCode;
  }
  return filled;
}

/** How the driver's and the staff's actions read the form: the same rules, the same words over the field errors. */
export const BILLING_FORM = {
  schema: BillingDetailsInput,
  invalid: "billing.invalid",
  rejected: { message: "billing.rejected" },
} as const;
