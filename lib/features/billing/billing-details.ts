import "server-only";
import { ExpectedError } from "@/lib/core/errors";
import { logger } from "@/lib/core/log";
import { getPlatform } from "@/lib/platform";
import type { PlatformClient } from "@/lib/platform/client";
import { isPlatformError, readOnlyInvoiceManagerOf } from "@/lib/platform/errors";
import type { BillingDetails, ReadOnlyBillingField, ReadOnlyInvoiceManager } from "@/lib/platform/types";
import { BILLING_FIELDS, billingFormValues, withProfileDefaults } from "./schemas";

/**
 * What a billing details section shows: the details as form values, another invoice manager's details to read (the
 * portal edits only the Ampeco manager's), the platform's "not here", or what went wrong.
 */
export type BillingDetailsView =
  | { status: "ok"; values: Record<string, string> }
  | {
      status: "readOnly";
      manager: ReadOnlyInvoiceManager;
      lines: Array<{ field: ReadOnlyBillingField; value: string }>;
    }
  | { status: "unsupported" }
  /** The failure, which the page puts into words. */
  | { status: "error"; error: unknown };

/** A platform without a ledger (the contract) takes no billing details: no call is made. */
function moneyOf(platform: Pick<PlatformClient, "money">) {
  return platform.money ?? null;
}

/** The driver's billing details as a view, never a throw, so the rest of the page keeps working. */
export async function loadBillingDetailsView(
  platformUserId: number,
  platform: Pick<PlatformClient, "money"> = getPlatform(),
): Promise<BillingDetailsView> {
  const money = moneyOf(platform);
  if (!money) return { status: "unsupported" };
  try {
    const read = await money.getBillingDetails(platformUserId);
    if (read.manager !== "ampeco") return { status: "readOnly", manager: read.manager, lines: read.lines };
    return { status: "ok", values: billingFormValues(read.details) };
  } catch (error) {
    if (!isPlatformError(error)) logger("billing").error("loading billing details failed", error);
    return { status: "error", error };
  }
}

/**
 * The driver's own form: where no country is saved yet, it starts from the profile (read only then): its country, and
 * its name and address where none is saved. A failed profile read leaves the form as saved rather than failing the page.
 */
export async function loadDriverBillingDetailsView(
  platformUserId: number,
  platform: Pick<PlatformClient, "money" | "users"> = getPlatform(),
): Promise<BillingDetailsView> {
  const view = await loadBillingDetailsView(platformUserId, platform);
  if (view.status !== "ok" || view.values.country) return view;
  const profile = await platform.users.getUser(platformUserId).then(
    (user) => user,
    (error: unknown) => {
      if (!isPlatformError(error)) logger("billing").error("reading the profile for billing details failed", error);
      return null;
    },
  );
  return { status: "ok", values: withProfileDefaults(view.values, profile) };
}

/** Whether this platform takes billing details at all (pages word the section by it). */
export function billingDetailsSupported(platform: Pick<PlatformClient, "money"> = getPlatform()): boolean {
  return moneyOf(platform) !== null;
}

function money() {
  const api = moneyOf(getPlatform());
  if (!api) throw new ExpectedError("unavailable", "billing.unsupported");
  return api;
}

/** Another manager's details are the charging service's to change: a refusal in words, nothing sent. */
async function savedOrRefused(save: () => Promise<BillingDetails>): Promise<BillingDetails> {
  try {
    return await save();
  } catch (error) {
    if (readOnlyInvoiceManagerOf(error) !== null) throw new ExpectedError("refused", "billing.readOnly.refused");
    throw error;
  }
}

/** Saves a driver's billing details (already validated); the platform's answer is what is shown next. */
export async function saveBillingDetails(platformUserId: number, details: BillingDetails): Promise<BillingDetails> {
  return savedOrRefused(() => money().saveBillingDetails(platformUserId, details));
}

/** The same, for support: also says which fields changed (the audit entry names them, not their values). */
export async function correctBillingDetails(
  platformUserId: number,
  details: BillingDetails,
): Promise<{ saved: BillingDetails; changed: string[] }> {
  const api = money();
  const before = await api.getBillingDetails(platformUserId);
  if (before.manager !== "ampeco") throw new ExpectedError("refused", "billing.readOnly.refused");
  const saved = await savedOrRefused(() => api.saveBillingDetails(platformUserId, details));
  const changed = BILLING_FIELDS.filter((field) => before.details[field] !== saved[field]);
  return { saved, changed };
}
