"use server";
import "server-only";
import { staffAction } from "@/lib/actions/action";
import { signIn } from "@/lib/auth";
import { SignUpInProgressError } from "@/lib/accounts/create-driver-once";
import type { ActionResult } from "@/lib/forms/action-result";
import { withAudit } from "@/lib/audit";
import { logger } from "@/lib/log";
import { APP_PASSWORD_LINK_DAYS, platformSetsAppPassword } from "@/lib/accounts/app-password";
import { createDriverForStaff } from "../create-driver";
import { AdminCreateDriverInput } from "../create-driver-input";

const log = logger("admin");

export interface CreateDriverData {
  kind: "created" | "joined" | "exists";
  platformUserId: number;
  passwordReset: "started" | "link-mailed" | "failed" | "not-needed";
  signInLink: "sent" | "failed" | "not-requested";
}

/** Staff create a driver: exactly once per e-mail, optionally mailing the driver a portal sign-in link. */
const createDriver = staffAction({
  scope: "admin",
  role: "support",
  audit: "driver.create",
  failure: { log: "create driver", doing: "create the driver" },
  // The password is never echoed back (the form keeps it client-side) nor logged.
  secret: ["password"],
  schema: AdminCreateDriverInput,
  invalid: "Please correct the marked fields.",
  rejected: { message: "The charging service refused some fields. Please correct them." },
  expected: (error, { values }) =>
    error instanceof SignUpInProgressError
      ? {
          status: "error",
          message:
            "Another request is creating a driver with this e-mail right now. Search for the address in a minute.",
          values,
        }
      : undefined,
  run: async (input, { actor, values }): Promise<ActionResult<CreateDriverData>> => {
    const { outcome, passwordReset } = await createDriverForStaff(actor, input);
    if (outcome.kind === "exists") {
      return {
        status: "ok",
        data: { kind: "exists", platformUserId: outcome.platformUserId, passwordReset, signInLink: "not-requested" },
        message: `A driver with ${input.email} already exists (platform user ${outcome.platformUserId}). Nothing was created.`,
        values,
      };
    }

    let signInLink: CreateDriverData["signInLink"] = "not-requested";
    if (input.sendSignInLink && outcome.kind === "created") {
      try {
        // redirect: false keeps the staff member's own page and session: Auth.js only stores and mails a token.
        await withAudit({
          actor,
          action: "driver.signin-link.send",
          targetPlatformUserId: outcome.platformUserId,
          run: () => signIn("nodemailer", { email: input.email, redirect: false, redirectTo: "/account" }),
        });
        signInLink = "sent";
      } catch (error) {
        log.error("sign-in link for a new driver failed", error);
        signInLink = "failed";
      }
    }

    const parts = [
      outcome.kind === "created"
        ? `Driver ${input.email} was created (platform user ${outcome.platformUserId}).`
        : `Driver ${input.email} was created a moment ago by this or another request (platform user ${outcome.platformUserId}); nothing was created twice.`,
      passwordReset === "started" && "The charging service is mailing the driver a link to choose an app password.",
      passwordReset === "link-mailed" &&
        `The portal mailed the driver a link to choose an app password (it works once, for ${APP_PASSWORD_LINK_DAYS} days); nobody else knows the password.`,
      passwordReset === "failed" &&
        (platformSetsAppPassword()
          ? "The mail with the link to choose an app password could not be sent: the driver can sign in to the portal and set one on their account page."
          : "The password-reset mail could not be started: start it from the driver page."),
      signInLink === "sent" && "A portal sign-in link was mailed to the driver.",
      signInLink === "failed" &&
        "The portal sign-in link could not be sent: the driver can request one on the sign-in page.",
    ].filter(Boolean);
    return {
      status: "ok",
      data: { kind: outcome.kind, platformUserId: outcome.platformUserId, passwordReset, signInLink },
      message: parts.join(" "),
    };
  },
});

export async function createDriverAction(
  _previous: ActionResult<CreateDriverData>,
  formData: FormData,
): Promise<ActionResult<CreateDriverData>> {
  return createDriver(formData);
}
