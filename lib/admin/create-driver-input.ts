import { z } from "zod";
import { emailSchema } from "@/lib/auth/schemas";
import { passwordSchema, profileFields } from "@/lib/accounts/profile-schema";

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
    passwordMode: z.enum(PASSWORD_MODES, { error: "Choose how the driver gets a password." }).default("reset"),
    password: z.string().optional(),
    sendSignInLink: z
      .string()
      .optional()
      .transform((v) => v === "on" || v === "true"),
  })
  .superRefine((input, ctx) => {
    if (input.passwordMode !== "set") return;
    const password = passwordSchema.safeParse(input.password ?? "");
    for (const issue of password.error?.issues ?? [])
      ctx.addIssue({ code: "custom", path: ["password"], message: issue.message });
  });
export type AdminCreateDriverInput = z.infer<typeof AdminCreateDriverInput>;
