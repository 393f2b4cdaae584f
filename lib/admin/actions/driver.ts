"use server";
import "server-only";
import { refresh } from "next/cache";
import { z } from "zod";
import { emailSchema } from "@/lib/auth/schemas";
import { changeDriverEmail, EmailTakenError, EmailUnchangedError } from "@/lib/accounts/email";
import { startDriverPasswordReset } from "@/lib/accounts/password-reset";
import { PROFILE_FIELD_LABELS, readProfileForm, updateDriverProfile, type ProfileField } from "@/lib/accounts/profile";
import { withAudit, recordAudit } from "@/lib/audit";
import { formValues, toFieldErrors, type ActionResult } from "@/lib/forms/action-result";
import { getPlatform } from "@/lib/platform";
import { isPlatformError, PlatformNotFoundError, PlatformValidationError } from "@/lib/platform/errors";
import { platformErrorMessage, platformFieldErrors } from "@/lib/platform-errors-to-messages";
import { consumeRateLimit, type RateLimitRule } from "@/lib/rate-limit";
import { redeemVoucherForDriver } from "@/lib/vouchers/redeem";
import type { VoucherActionResult } from "@/lib/vouchers/redeem-action";
import { checkStaff } from "../action-guard";
import { readDriverId } from "../driver-id";

/**
 * Support staff act on a chosen driver's account. The driver id is bound to each action by the
 * driver page (`action.bind(null, id)`), so it arrives from the browser and is validated here.
 */

const NO_DRIVER = { status: "error", code: "no-driver", message: "That driver could not be found. Open the driver again from the search." } as const;
const RESETS_PER_DRIVER_BY_STAFF: RateLimitRule = { limit: 5, windowSeconds: 15 * 60 };

function unexpected(what: string, error: unknown, doing: string, values?: Record<string, string>): ActionResult<never> {
  if (error instanceof PlatformNotFoundError) return { ...NO_DRIVER, values };
  console.error(`[admin] ${what} failed`, isPlatformError(error) ? error.message : error instanceof Error ? error.name : "unknown");
  return { status: "error", message: platformErrorMessage(error, doing), values };
}

function listInWords(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** Partial profile update: only fields changed since the form was shown reach the platform. */
export async function updateDriverProfileAction(platformUserId: number, _previous: ActionResult, formData: FormData): Promise<ActionResult> {
  const check = await checkStaff("support", "driver.profile.update");
  if (!check.ok) return check.result;
  const values = formValues(formData, ["baseline"]);
  const id = readDriverId(platformUserId);
  if (id === null) return { ...NO_DRIVER, values };
  const reading = readProfileForm(formData);
  if (!reading.ok) return { status: "invalid", fieldErrors: reading.fieldErrors, message: "Please correct the marked fields.", values };

  try {
    const current = reading.baseline ?? (await getPlatform().users.getUser(id));
    const { changed } = await withAudit(
      check.actor,
      "driver.profile.update",
      { targetPlatformUserId: id },
      () => updateDriverProfile(id, current, reading.submitted),
      {},
      (result) => ({ changedFields: result.changed }),
    );
    if (changed.length === 0) return { status: "ok", message: "Nothing to save: no field was changed." };
    refresh();
    return { status: "ok", message: `Saved the driver's ${listInWords(changed.map((f) => PROFILE_FIELD_LABELS[f as ProfileField] ?? f))}.` };
  } catch (error) {
    if (error instanceof PlatformValidationError) {
      return { status: "invalid", fieldErrors: platformFieldErrors(error), message: "The charging service did not accept some fields. Please correct the marked fields.", values };
    }
    return unexpected("profile update", error, "save the profile", values);
  }
}

const EmailInput = z.object({ email: emailSchema });

/** New e-mail on the platform and the portal account. A taken address (422) leaves the old one active. */
export async function changeDriverEmailAction(platformUserId: number, _previous: ActionResult, formData: FormData): Promise<ActionResult> {
  const check = await checkStaff("support", "driver.email.change");
  if (!check.ok) return check.result;
  const values = formValues(formData);
  const id = readDriverId(platformUserId);
  if (id === null) return { ...NO_DRIVER, values };
  const parsed = EmailInput.safeParse(values);
  if (!parsed.success) return { status: "invalid", fieldErrors: toFieldErrors(parsed.error.issues), values };
  const email = parsed.data.email;

  let oldEmail = "";
  try {
    oldEmail = (await getPlatform().users.getUser(id)).email;
    await withAudit(check.actor, "driver.email.change", { targetPlatformUserId: id }, () => changeDriverEmail(id, email), { from: oldEmail, to: email });
  } catch (error) {
    if (error instanceof EmailTakenError) {
      return { status: "invalid", fieldErrors: { email: [`${email} is already used by another account. The driver's address stays ${oldEmail}.`] }, values };
    }
    if (error instanceof EmailUnchangedError) return { status: "invalid", fieldErrors: { email: ["This is already the driver's e-mail address."] }, values };
    if (error instanceof PlatformValidationError) return { status: "invalid", fieldErrors: platformFieldErrors(error), values };
    return unexpected("e-mail change", error, "change the e-mail address", values);
  }
  refresh();
  return { status: "ok", message: `The driver's e-mail address is now ${email} (was ${oldEmail}). Their next sign-in link goes there.` };
}

/** 204 from the platform; the platform mails the driver the reset link, staff never see a password. */
export async function startDriverPasswordResetAction(platformUserId: number, _previous: ActionResult): Promise<ActionResult> {
  const check = await checkStaff("support", "driver.password-reset.start");
  if (!check.ok) return check.result;
  const id = readDriverId(platformUserId);
  if (id === null) return NO_DRIVER;

  const limit = await consumeRateLimit("password-reset:staff", `admin:${check.actor.userId}:${id}`, RESETS_PER_DRIVER_BY_STAFF);
  if (!limit.allowed) {
    const minutes = Math.ceil(limit.retryAfterSeconds / 60);
    await recordAudit({ actor: check.actor, action: "driver.password-reset.start", targetPlatformUserId: id, outcome: "failure", error: "Too many resets for this driver" });
    return { status: "error", message: `Several reset mails went to this driver already. Ask them to check their spam folder, or try again in ${minutes} minute${minutes === 1 ? "" : "s"}.` };
  }
  try {
    const email = (await getPlatform().users.getUser(id)).email;
    await withAudit(check.actor, "driver.password-reset.start", { targetPlatformUserId: id }, () => startDriverPasswordReset(id));
    return { status: "ok", message: `The charging service is mailing ${email} a link to choose a new app password.` };
  } catch (error) {
    return unexpected("password reset", error, "start the password reset");
  }
}

/** The driver page's voucher form, on the driver's behalf: the same outcomes and words as the driver's own page. */
export async function redeemVoucherForDriverAction(platformUserId: number, _previous: VoucherActionResult, formData: FormData): Promise<VoucherActionResult> {
  const check = await checkStaff("support", "driver.voucher.redeem");
  if (!check.ok) return check.result;
  const values = formValues(formData);
  const id = readDriverId(platformUserId);
  if (id === null) return { ...NO_DRIVER, values };
  const code = values.code ?? "";

  const outcome = await redeemVoucherForDriver(id, code, `admin:${check.actor.userId}:${id}`);
  await recordAudit({
    actor: check.actor,
    action: "driver.voucher.redeem",
    targetPlatformUserId: id,
    outcome: outcome.status === "accepted" ? "success" : "failure",
    details: { code: code.trim().slice(0, 64), outcome: outcome.status },
    error: outcome.status === "accepted" ? undefined : outcome.message,
  });
  if (outcome.status === "accepted") return { status: "ok", outcome: "accepted", message: "Voucher accepted." };
  if (outcome.fieldErrors) return { status: "invalid", outcome: outcome.status, fieldErrors: outcome.fieldErrors, message: outcome.message, values };
  return { status: "error", outcome: outcome.status, message: outcome.message, retryAfterSeconds: outcome.retryAfterSeconds, values };
}
