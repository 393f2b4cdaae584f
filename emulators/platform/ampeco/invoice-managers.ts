import { z } from "zod";
import type { EmulatorInvoiceManager } from "../go-live-settings";
import { toFieldErrors, validationError, type FieldErrors } from "../http";
import type { UserRecord } from "../store";
import { INVOICE_COUNTRIES } from "./invoice-enums";

/**
 * Invoice details under the other three managers of the subset (Cardcom, SoftOne, Ecpay), chosen with the
 * `invoiceManager` setting. Each reads the user's profile where the manager has stored nothing, and a POST in the
 * manager's own shape is kept apart from the Ampeco manager's fields (keys prefixed with the manager's name).
 */
type Fields = Record<string, string | boolean | null>;
export type OtherManager = Exclude<EmulatorInvoiceManager, "ampeco">;

const text = z.string().max(255).nullable().optional();
const country = z
  .string()
  .refine((v) => INVOICE_COUNTRIES.includes(v), { message: "The selected :attribute is invalid." })
  .nullable()
  .optional();
const place = { country, city: text, postcode: text, address: text };

/** The POST bodies of the subset (strict: a field of another manager is refused). */
const BODIES: Record<OtherManager, z.ZodObject> = {
  cardcom: z
    .object({
      invoiceRequired: z.boolean(),
      clientType: z.enum(["individual", "company"]).nullable(),
      name: text,
      email: text,
      mobilePhoneNumber: text,
      landlinePhoneNumber: text,
      taxId: text,
      ...place,
    })
    .strict(),
  softone: z
    .object({ firstName: z.string().max(255), lastName: z.string().max(255), email: z.string().max(255), phone: text })
    .extend(place)
    .strict(),
  ecpay: z
    .object({
      invoiceType: z.enum(["EInvoice", "Company", "Donation"]),
      carrierType: z.enum(["Mobile", "Citizen", "GreenWorld"]).nullable().optional(),
      loveCode: text,
      mobileBarCode: text,
      citizenId: text,
      companyId: text,
      name: z.string().max(255),
      email: z.string().max(255),
      phone: z.string().max(255),
      ...place,
    })
    .strict(),
};

function stored(fields: Fields, manager: OtherManager): Fields {
  const prefix = `${manager}.`;
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, value]) => [key.slice(prefix.length), value]),
  );
}

/** The manager's answer: what it stored, else the user's profile and the Ampeco fields. */
export function otherManagerView(manager: OtherManager, user: UserRecord, fields: Fields) {
  const own = stored(fields, manager);
  const pick = (key: string, fallback: unknown) => (key in own ? own[key] : (fallback ?? null));
  const person = [user.firstName, user.lastName].filter(Boolean).join(" ") || null;
  const where = {
    country: pick("country", INVOICE_COUNTRIES.includes(user.country ?? "") ? user.country : null),
    city: pick("city", user.city),
    postcode: pick("postcode", user.postCode),
    address: pick("address", user.address),
  };
  if (manager === "softone")
    return {
      firstName: pick("firstName", user.firstName),
      lastName: pick("lastName", user.lastName),
      email: pick("email", user.email),
      phone: pick("phone", user.phone),
      ...where,
    };
  if (manager === "ecpay")
    return {
      invoiceType: pick("invoiceType", "EInvoice"),
      carrierType: pick("carrierType", "Mobile"),
      loveCode: pick("loveCode", null),
      mobileBarCode: pick("mobileBarCode", "/ABC1234"),
      citizenId: pick("citizenId", null),
      companyId: pick("companyId", null),
      name: pick("name", person),
      email: pick("email", user.email),
      phone: pick("phone", user.phone),
      ...where,
    };
  const company = pick("clientType", fields.invoiceType) === "company";
  const party = (isCompany: boolean) => ({
    name: company === isCompany ? pick("name", isCompany ? fields.companyName : person) : null,
    email: pick("email", user.email),
    mobilePhoneNumber: pick("mobilePhoneNumber", user.phone),
    ...(isCompany ? { landlinePhoneNumber: pick("landlinePhoneNumber", null) } : {}),
    taxId: company === isCompany ? pick("taxId", isCompany ? fields.companyTaxId : null) : null,
    ...where,
  });
  return {
    invoiceRequired: pick("invoiceRequired", fields.requireInvoice === true),
    clientType: company ? "company" : "individual",
    individual: party(false),
    company: party(true),
  };
}

/** A POST in the manager's shape: refused (422) or the fields to keep, prefixed. */
export function otherManagerSave(manager: OtherManager, body: Record<string, unknown>): Fields {
  const parsed = BODIES[manager].safeParse(body);
  if (!parsed.success) {
    const errors: FieldErrors = toFieldErrors(parsed.error, body);
    throw validationError(errors);
  }
  return Object.fromEntries(Object.entries(parsed.data).map(([key, value]) => [`${manager}.${key}`, value as never]));
}
