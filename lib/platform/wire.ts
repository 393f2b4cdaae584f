import "server-only";
import { z } from "zod";

/** Wire pieces both dialects share (zod): lenient, unknown keys stripped, only ids and numbers normalised here. */

/** Integer id; the platform sends a string on user create and integers elsewhere. */
export const WireId = z
  .union([
    z.number().int().nonnegative(),
    z
      .string()
      .trim()
      .regex(/^\d{1,15}$/)
      .transform(Number),
  ])
  .refine(Number.isSafeInteger, "id out of range");

/** A number that may defensively arrive as a numeric string (money, energy). */
export const WireNumber = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);

export const WireText = z.string().nullish();

/** One text in one locale; location names are arrays of them on both platforms. */
export const WireTranslation = z.object({ locale: z.string(), translation: z.string() });

export const WireGeoposition = z.object({ latitude: WireNumber.nullish(), longitude: WireNumber.nullish() }).nullish();

/** The user fields both platforms answer alike (camelCase, any of them may be missing on a subset). */
export const WireProfile = z.object({
  id: WireId,
  email: z.string().optional(),
  firstName: WireText,
  lastName: WireText,
  phone: WireText,
  address: WireText,
  city: WireText,
  postCode: WireText,
  country: WireText,
  balance: WireNumber.nullish(),
  createdAt: WireText,
});
export type WireProfile = z.output<typeof WireProfile>;

/** `{data: T}` envelope of single-resource responses. */
export function wireItem<T extends z.ZodType>(item: T) {
  return z.object({ data: item });
}
