import { z } from "zod";

/**
 * What a person types to link an RFID card, validated the same way for drivers and staff.
 * Pure (no server-only): client forms may reuse the messages.
 */

/** The UID as a charge point reads it: letters and digits only, upper case, no spaces. */
export const CardCodeSchema = z
  .string({ error: "Enter the card code." })
  .trim()
  .transform((value) => value.replace(/\s+/g, "").toUpperCase())
  .pipe(
    z
      .string()
      // abort: an empty code gets one message, not also the pattern's.
      .min(1, { error: "Enter the card code.", abort: true })
      .regex(/^[A-Z0-9]{4,32}$/, "A card code has 4 to 32 letters or digits, like 04A1B2C3D4E5F6. Spaces are ignored."),
  );

/** The number printed on the card, which support quotes; free text within sane bounds. */
export const VisualNumberSchema = z
  .string({ error: "Enter the number printed on the card." })
  .trim()
  .min(1, { error: "Enter the number printed on the card.", abort: true })
  .max(64, "The printed number can be at most 64 characters.")
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ./-]*$/, "The printed number can contain letters, digits, spaces, dots, slashes and dashes.");

export const CARD_STATUSES = ["active", "blocked", "inactive"] as const;

export const AddCardInput = z.object({
  code: CardCodeSchema,
  visualNumber: VisualNumberSchema,
  /** Staff may link a card in another state; drivers always add an active card. */
  status: z.enum(CARD_STATUSES, { error: "Choose active, blocked or inactive." }).optional(),
});
export type AddCardInput = z.infer<typeof AddCardInput>;
