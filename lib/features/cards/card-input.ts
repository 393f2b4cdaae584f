import { z } from "zod";
import { PlatformIdSchema } from "@/lib/platform/platform-id";
import { CARD_STATUSES } from "./shared";

/**
 * What a person types to link an RFID card, validated the same way for drivers and staff.
 * Pure (no server-only). The schemas' messages are catalogue keys (toFieldErrors words them).
 */

/** The UID as a charge point reads it: letters and digits only, upper case, no spaces. */
export const CardCodeSchema = z
  .string({ error: "cards.validation.codeRequired" })
  .trim()
  .transform((value) => value.replace(/\s+/g, "").toUpperCase())
  .pipe(
    z
      .string()
      // abort: an empty code gets one message, not also the pattern's.
      .min(1, { error: "cards.validation.codeRequired", abort: true })
      .regex(/^[A-Z0-9]{4,32}$/, "cards.validation.codePattern"),
  );

/** The number printed on the card, which support quotes; free text within sane bounds. */
export const VisualNumberSchema = z
  .string({ error: "cards.validation.printedRequired" })
  .trim()
  .min(1, { error: "cards.validation.printedRequired", abort: true })
  .max(64, "cards.validation.printedTooLong")
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ./-]*$/, "cards.validation.printedPattern");

export const AddCardInput = z.object({
  code: CardCodeSchema,
  visualNumber: VisualNumberSchema,
  /** Staff may link a card in another state; drivers always add an active card. */
  status: z.enum(CARD_STATUSES, { error: "cards.validation.status" }).optional(),
});
export type AddCardInput = z.infer<typeof AddCardInput>;

/** The card status actions' form: a card id from the browser, checked against the account's own cards by the service. */
export const CardIdInput = z.object({ cardId: PlatformIdSchema });
