import { z } from "zod";
import { emailSchema } from "@/lib/core/auth/schemas";
import { passwordSchema, profileFields } from "@/lib/features/accounts";

/**
 * Staff create a driver with every create-user field (spec §4.3). The platform needs a password;
 * by default staff never choose or see it: a random one is sent and the platform mails the driver
 * a reset link. Staff may instead set one (e.g. the driver is on the phone and wants it now).
 */
export const PASSWORD_MODES = ["reset", "set"] as const;

export const AdminCreateDriverInput = z
  .object({
    email: emailSchema,
    ...profileFields,
    passwordMode: z.enum(PASSWORD_MODES, { error: "admin.createDriver.passwordMode" }).default("reset"),
    password: z.string().optional(),
    sendSignInLink: z
      .string()
      .optional()
      .transform((v) => v === "on" || v === "true"),
  })
  .superRefine((input, ctx) => {
    if (input.passwordMode !== "set") return;
    const password = passwordSchema.safeParse(input.password ?? "");
    // The password schema's own issues (their keys and bounds), under this form's field.
    for (const issue of password.error?.issues ?? []) ctx.addIssue({ ...issue, path: ["password"] });
  });
export type AdminCreateDriverInput = z.infer<typeof AdminCreateDriverInput>;
