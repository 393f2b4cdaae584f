import { z } from "zod";
import { emailSchema } from "@/lib/core/auth/schemas";
import { isCountryCode } from "@/lib/core/countries";
import { INVISIBLE_OR_DIRECTION, NO_MARKUP } from "@/lib/core/text-schema";
import { APP_PASSWORD_MIN } from "./shared";

/**
 * Profile fields, validated the same at sign-up, on the account page and in admin. Markup and invisible characters are
 * refused outright (lib/core/text-schema.ts). Messages are catalogue keys.
 */

/** The catalogue keys of a text field's messages (profile.errors.<field>.*). */
type TextField = "firstName" | "lastName" | "address" | "city" | "postCode";

/**
 * A text field's schema. Its messages are catalogue keys, one set per field (each language words the
 * field its own way); `{max}` is the bound (lib/core/actions/action-result.ts).
 */
const text = (field: TextField, max: number) =>
  z
    // A crafted request may leave a field out or send a file: say which field, not "expected string".
    .string({ error: `profile.errors.${field}.notText` })
    .trim()
    .max(max, `profile.errors.${field}.tooLong`)
    .regex(NO_MARKUP, `profile.errors.${field}.markup`)
    .refine((v) => !INVISIBLE_OR_DIRECTION.test(v), `profile.errors.${field}.invisible`);

const requiredText = (field: "firstName" | "lastName", max: number) =>
  text(field, max).min(1, `profile.errors.${field}.required`);
const optionalText = (field: TextField, max: number) =>
  text(field, max)
    .transform((v) => (v === "" ? undefined : v))
    .optional();

export const profileFields = {
  firstName: requiredText("firstName", 80),
  lastName: requiredText("lastName", 80),
  phone: z
    .string({ error: "profile.errors.phone.notText" })
    .trim()
    .transform((v) => v.replace(/[\s()-]/g, ""))
    .refine((v) => v === "" || /^\+?[0-9]{6,16}$/.test(v), "profile.errors.phone.invalid")
    .transform((v) => (v === "" ? undefined : v))
    .optional(),
  address: optionalText("address", 120),
  city: optionalText("city", 80),
  postCode: optionalText("postCode", 16).refine(
    (v) => v === undefined || /^[A-Za-z0-9 -]{2,16}$/.test(v),
    "profile.errors.postCode.invalid",
  ),
  country: z
    .string({ error: "profile.errors.country" })
    .trim()
    .toUpperCase()
    .refine(isCountryCode, "profile.errors.country"),
};

export const PLATFORM_PASSWORD_MAX = 128;

export const passwordSchema = z
  .string({ error: "profile.errors.password.required" })
  .min(APP_PASSWORD_MIN, "profile.errors.password.tooShort")
  .max(PLATFORM_PASSWORD_MAX, "profile.errors.password.tooLong");

/** A new driver's data with the app password, as the platform's create-user takes it. */
export const SignUpInput = z.object({
  email: emailSchema,
  password: passwordSchema,
  ...profileFields,
});
export type SignUpInput = z.infer<typeof SignUpInput>;

/** The sign-up form: everything but the app password, which is asked once the address is proven. */
export const SignUpRequestInput = SignUpInput.omit({ password: true });
export type SignUpRequestInput = z.infer<typeof SignUpRequestInput>;

/** Profile edit: every field optional; an empty optional field clears nothing (partial update). */
export const ProfileUpdateInput = z.object({
  firstName: profileFields.firstName.optional(),
  lastName: profileFields.lastName.optional(),
  phone: profileFields.phone,
  address: profileFields.address,
  city: profileFields.city,
  postCode: profileFields.postCode,
  country: profileFields.country.optional(),
});
export type ProfileUpdateInput = z.infer<typeof ProfileUpdateInput>;

/** A form field read as text; anything else reads as empty. */
const formText = z.unknown().transform((v) => (typeof v === "string" ? v : ""));

/**
 * The new password twice: at least APP_PASSWORD_MIN characters, and the same both times.
 * Messages are catalogue keys; the bounds travel with the issues as `{min}` and `{max}`.
 */
export const AppPasswordInput = z
  .object({ password: formText, passwordRepeat: formText })
  .superRefine(({ password, passwordRepeat }, ctx) => {
    if ([...password].length < APP_PASSWORD_MIN)
      ctx.addIssue({
        code: "too_small",
        origin: "string",
        minimum: APP_PASSWORD_MIN,
        inclusive: true,
        input: password,
        path: ["password"],
        message: "appPassword.errors.tooShort",
      });
    else if (password.length > PLATFORM_PASSWORD_MAX)
      ctx.addIssue({
        code: "too_big",
        origin: "string",
        maximum: PLATFORM_PASSWORD_MAX,
        inclusive: true,
        input: password,
        path: ["password"],
        message: "appPassword.errors.tooLong",
      });
    if (passwordRepeat !== password)
      ctx.addIssue({ code: "custom", path: ["passwordRepeat"], message: "appPassword.errors.mismatch" });
  });
export type AppPasswordInput = z.infer<typeof AppPasswordInput>;

/** A new address for the account. */
export const EmailChangeInput = z.object({ email: emailSchema });
/** The mailed link's token, as the confirm page posts it. */
export const EmailChangeConfirmInput = z.object({ token: z.string() });

/** The app-password form as an action reads it: the password fields feed the schema and are never echoed back. */
export const APP_PASSWORD_FORM = { secret: ["password", "passwordRepeat"], schema: AppPasswordInput } as const;
/** The same on a mailed link's page: the token is read like the passwords. */
export const LINKED_APP_PASSWORD_FORM = {
  ...APP_PASSWORD_FORM,
  secret: ["token", ...APP_PASSWORD_FORM.secret],
} as const;
