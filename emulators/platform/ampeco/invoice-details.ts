import { z } from "zod";
import { attributeName, json, readJsonObject, toFieldErrors, validationError, type FieldErrors } from "../http";
import type { Route, RouteContext } from "../router";
import { findUser } from "../user-records";
import type { EmulatorState } from "../store";
import { toUtcIso } from "../time";
import { INVOICE_COUNTRIES, INVOICE_STATES } from "./invoice-enums";
import { otherManagerSave, otherManagerView } from "./invoice-managers";

/**
 * Invoice details in the shape of the tenant's invoice manager (`invoiceManager`: "Ampeco Invoice Manager" by default,
 * ./invoice-managers.ts for the other three). Stricter than the subset where it is silent (inferred): unknown and
 * read-only fields refused, texts up to 255, a company needs its name, a person theirs; a POST replaces what it leaves
 * out unless `invoiceDetailsSave` is "merge".
 */
const DETAILS = /^\/public-api\/resources\/users\/v1\.0\/([^/]+)\/invoice-details$/;

const TEXT_FIELDS = [
  "individualName",
  "individualPersonalId",
  "individualTaxId",
  "companyName",
  "companyRegNo",
  "companyTaxId",
  "companyTaxAdministrationOfficeName",
  "region",
  "city",
  "postCode",
  "address",
] as const;
const WRITABLE = new Set<string>(["requireInvoice", "invoiceType", "country", "state", ...TEXT_FIELDS]);

const oneOf = (values: readonly string[]) =>
  z.string().refine((v) => values.includes(v), { message: "The selected :attribute is invalid." });
const text = z.string().max(255).nullable().optional();

const DetailsSchema = z.object({
  requireInvoice: z.boolean(),
  // Nullable enums whose lists hold no null: null is refused, and never answered (inferred, the stricter reading).
  invoiceType: z.enum(["individual", "company"]),
  country: oneOf(INVOICE_COUNTRIES).optional(),
  // Not nullable in the subset: leave it out to keep it.
  state: oneOf(INVOICE_STATES).optional(),
  ...Object.fromEntries(TEXT_FIELDS.map((field) => [field, text])),
});

type Fields = Record<string, string | boolean | null>;

const EMPTY: Fields = { requireInvoice: false, invoiceType: "individual", ...nulls() };
function nulls(): Fields {
  return Object.fromEntries(TEXT_FIELDS.map((field) => [field, null]));
}

const otherManagersOf = (fields: Fields): Fields =>
  Object.fromEntries(Object.entries(fields).filter(([key]) => key.includes(".")));

/** The stored fields of a user, or the defaults of one who never sent any. */
export function detailsOf(state: EmulatorState, userId: number): Fields {
  return { ...EMPTY, ...(state.invoiceDetails.find((d) => d.userId === userId)?.fields ?? {}) };
}

function view(state: EmulatorState, userId: number) {
  const record = state.invoiceDetails.find((d) => d.userId === userId);
  const { state: region, country, ...all } = detailsOf(state, userId);
  const fields = Object.fromEntries(Object.entries(all).filter(([key]) => !key.includes(".")));
  return {
    ...fields,
    requireInvoiceLastUpdatedAt: record?.requireInvoiceLastUpdatedAt
      ? toUtcIso(record.requireInvoiceLastUpdatedAt)
      : null,
    ...(record ? { requireInvoiceEnforcedBy: "user_request" } : {}),
    originalRequestValue: record ? fields.requireInvoice : null,
    ...(typeof country === "string" ? { country } : {}),
    ...(typeof region === "string" ? { state: region } : {}),
  };
}

function readDetails({ params, state, runtime }: RouteContext) {
  const user = findUser(state, params[0]);
  const manager = runtime.settings.invoiceManager;
  if (manager !== "ampeco") return json(200, otherManagerView(manager, user, detailsOf(state, user.id)));
  return json(200, view(state, user.id));
}

/** Laravel turns empty strings into null before validating; so does the emulator. */
function emptyToNull(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v === "" ? null : v]));
}

async function saveDetails({ request, params, state, now, runtime }: RouteContext) {
  const user = findUser(state, params[0]);
  const stored = detailsOf(state, user.id);
  const body = emptyToNull(await readJsonObject(request));
  const manager = runtime.settings.invoiceManager;
  if (manager !== "ampeco") {
    const kept = otherManagerSave(manager, body);
    const record = state.invoiceDetails.find((d) => d.userId === user.id);
    if (record) Object.assign(record.fields, kept);
    else
      state.invoiceDetails.push({ userId: user.id, fields: { ...EMPTY, ...kept }, requireInvoiceLastUpdatedAt: null });
    return json(200, otherManagerView(manager, user, detailsOf(state, user.id)));
  }
  const parsed = DetailsSchema.safeParse(body);
  const errors: FieldErrors = parsed.success ? {} : toFieldErrors(parsed.error, body);
  for (const key of Object.keys(body))
    if (!WRITABLE.has(key)) (errors[key] ??= []).push(`The ${attributeName(key)} field is prohibited.`);
  // Replace (the default): what the body leaves out is cleared; the other managers' fields stay theirs.
  const kept = runtime.settings.invoiceDetailsSave === "merge" ? stored : { ...EMPTY, ...otherManagersOf(stored) };
  const merged: Fields = { ...kept, ...(body as Fields) };
  const need = (field: string, when: string) => {
    if (typeof merged[field] !== "string")
      (errors[field] ??= []).push(`The ${attributeName(field)} field is required when ${when}.`);
  };
  if (merged.invoiceType === "company") need("companyName", "invoice type is company");
  if (merged.invoiceType === "individual") need("individualName", "invoice type is individual");
  if (!parsed.success || Object.keys(errors).length > 0) throw validationError(errors);

  const fields = Object.fromEntries(
    Object.entries(merged).filter(([key]) => WRITABLE.has(key) || key.includes(".")),
  ) as Fields;
  const record = state.invoiceDetails.find((d) => d.userId === user.id);
  const changedRequire = !record || record.fields.requireInvoice !== fields.requireInvoice;
  const requireInvoiceLastUpdatedAt = changedRequire ? now.toISOString() : record.requireInvoiceLastUpdatedAt;
  if (record) Object.assign(record, { fields, requireInvoiceLastUpdatedAt });
  else state.invoiceDetails.push({ userId: user.id, fields, requireInvoiceLastUpdatedAt });
  return json(200, view(state, user.id));
}

export const ampecoInvoiceDetailsRoutes: Route[] = [
  { method: "GET", pattern: DETAILS, handler: readDetails },
  { method: "POST", pattern: DETAILS, handler: saveDetails },
];
