import { z } from "zod";
import { emailSchema } from "@/lib/auth/schemas";
import { isCountryCode } from "@/lib/countries";

/**
 * Driver profile fields as people type them, validated the same way at sign-up, on the account
 * page and in the admin area. Markup characters are refused outright: they have no place in a
 * name or address and would only ever be an injection attempt.
 */
const NO_MARKUP = /^[^<>{}\u0000-\u001f\u007f]*$/;

/**
 * Invisible and text-direction characters: bidi embeddings, overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069), direction marks (U+200E, U+200F, U+061C) and zero-width characters (U+200B–U+200D,
 * U+2060, U+FEFF). In a name they can make staff screens show one thing and mean another
 * ("Trojan Source"-style spoofing), so they are refused, not stripped.
 */
const INVISIBLE_OR_DIRECTION = /[\u202a-\u202e\u2066-\u2069\u200b-\u200f\u061c\u2060\ufeff]/;

const text = (label: string, max: number) =>
  z
    // A crafted request may leave a field out or send a file: say which field, not "expected string".
    .string({ error: `Enter your ${label.toLowerCase()} as text.` })
    .trim()
    .max(max, `${label} can be at most ${max} characters.`)
    .regex(NO_MARKUP, `${label} cannot contain < > { } or control characters.`)
    .refine((v) => !INVISIBLE_OR_DIRECTION.test(v), `${label} cannot contain invisible or text-direction characters.`);

const requiredText = (label: string, max: number) => text(label, max).min(1, `Enter your ${label.toLowerCase()}.`);
const optionalText = (label: string, max: number) =>
  text(label, max)
    .transform((v) => (v === "" ? undefined : v))
    .optional();

export const profileFields = {
  firstName: requiredText("First name", 80),
  lastName: requiredText("Last name", 80),
  phone: z
    .string({ error: "Enter your phone number as text." })
    .trim()
    .transform((v) => v.replace(/[\s()-]/g, ""))
    .refine(
      (v) => v === "" || /^\+?[0-9]{6,16}$/.test(v),
      "Enter a phone number with 6 to 16 digits, like +31 20 123 4567.",
    )
    .transform((v) => (v === "" ? undefined : v))
    .optional(),
  address: optionalText("Street and number", 120),
  city: optionalText("City", 80),
  postCode: optionalText("Postcode", 16).refine(
    (v) => v === undefined || /^[A-Za-z0-9 -]{2,16}$/.test(v),
    "Enter a valid postcode.",
  ),
  country: z
    .string({ error: "Choose your country from the list." })
    .trim()
    .toUpperCase()
    .refine(isCountryCode, "Choose your country from the list."),
};

export const PLATFORM_PASSWORD_MIN = 6;

export const passwordSchema = z
  .string({ error: "Choose a password for the charging app." })
  .min(PLATFORM_PASSWORD_MIN, `The app password needs at least ${PLATFORM_PASSWORD_MIN} characters.`)
  .max(128, "The app password can be at most 128 characters.");

export const SignUpInput = z.object({
  email: emailSchema,
  password: passwordSchema,
  ...profileFields,
});
export type SignUpInput = z.infer<typeof SignUpInput>;

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
