import { z } from "zod";
import { emailSchema } from "@/lib/core/auth/schemas";
import { CardIdArg, DriverIdArg } from "@/lib/core/actions/driver-id";
import { NO_MARKUP, requiredText } from "@/lib/core/text-schema";
import { AddCardInput, CardCodeSchema } from "@/lib/features/cards";
import { passwordSchema, profileFields } from "@/lib/features/accounts";

/** By default staff never see the password (a random one is sent, the platform mails a reset); they may set one. */
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

export const GrantInput = z.object({
  email: emailSchema,
  role: z.enum(["support", "admin"], { error: "admin.roles.chooseRole" }),
});
/** Revoke and withdraw both name an address from the staff list. */
export const AddressInput = z.object({ email: emailSchema });

export const StaffEmailInput = z.object({ email: emailSchema, newEmail: emailSchema });

export const UNREADABLE_DELETION_REQUEST = "admin.deletion.unreadable";
/** The id of a request row, as the list's hidden field sends it. */
export const RequestId = z
  .string({ error: UNREADABLE_DELETION_REQUEST })
  .regex(/^[1-9]\d{0,8}$/, UNREADABLE_DELETION_REQUEST)
  .transform(Number);
export const CarryOutInput = z.object({ requestId: RequestId });
export const DeclineInput = z.object({
  requestId: RequestId,
  reason: requiredText(500, { required: "admin.deletion.reasonRequired", tooLong: "admin.deletion.reasonTooLong" }),
});

/** Staff choose a linked card's status; active unless they say otherwise. */
export const LinkCardInput = z.preprocess(
  (values) => ({
    ...(values as Record<string, unknown>),
    status: (values as Record<string, unknown>).status || "active",
  }),
  AddCardInput,
);

export const MoveForm = z.object({ cardId: CardIdArg, targetUserId: DriverIdArg });

export const SearchedDriverId = z
  .string({ error: "driverSearch.errors.idRequired" })
  .trim()
  .regex(/^[1-9][0-9]{0,9}$/, "driverSearch.errors.idFormat")
  .transform(Number)
  .refine((n) => n <= 2_147_483_647, "driverSearch.errors.idFormat");

/** Part of a name or an e-mail address (issue 36): two characters at least, so a search is never the whole list. */
export const DriverTextSearch = z
  .string({ error: "driverSearch.errors.textRequired" })
  .trim()
  .min(2, "driverSearch.errors.textTooShort")
  .max(100, "driverSearch.errors.textTooLong")
  .refine((text) => NO_MARKUP.test(text), "driverSearch.errors.checkInput");

export const SearchQuery = z.discriminatedUnion("by", [
  z.object({ by: z.literal("email"), q: DriverTextSearch }),
  z.object({ by: z.literal("id"), q: SearchedDriverId }),
  z.object({ by: z.literal("card"), q: CardCodeSchema }),
]);
export type DriverSearchQuery = z.infer<typeof SearchQuery>;

/** A new address for a driver's account. */
export const DriverEmailInput = z.object({ email: emailSchema });
