import type { ActionResult, FieldErrors } from "@/lib/core/actions/action-result";
import type { MessageKey, Translator } from "@/lib/core/i18n/translator";
import { z } from "zod";
import { PlatformIdSchema } from "@/lib/platform/platform-id";
import { CardCodeTakenError, CardNotOwnedError } from "./card-errors";
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

/** What both add-card actions answer for refused input and a taken code (`here`, `elsewhere`, `notDone` keys). */
export function cardFormErrors(words: { here?: MessageKey; elsewhere?: MessageKey; notDone: MessageKey }) {
  return {
    invalid: "cards.form.invalid",
    rejected: { message: "cards.form.rejected" },
    expected: (
      error: unknown,
      { values, t }: { values: Record<string, string>; t: Translator },
    ): ActionResult | undefined => {
      if (!(error instanceof CardCodeTakenError)) return undefined;
      const why = (error.where === "elsewhere" ? words.elsewhere : words.here) ?? error.message;
      return { status: "invalid", fieldErrors: { code: [t(why)] }, message: t(words.notDone), values };
    },
  } as const;
}

/** The answer to a card id that is not on the account: `message` says so in the caller's words (a key). */
export function cardNotOwned(t: Translator, message: MessageKey) {
  return { status: "error", code: "not-owned", message: t(message) } as const satisfies ActionResult;
}

/**
 * The form of the card status actions: a card id from the browser, answered with `notOwned` (a
 * catalogue key) unless it is on the driver's account.
 */
export function cardIdForm(notOwned: MessageKey) {
  return {
    echo: false,
    schema: z.object({ cardId: PlatformIdSchema }),
    invalid: (_fieldErrors: FieldErrors, _values: Record<string, string>, t: Translator) => cardNotOwned(t, notOwned),
    expected: (error: unknown, { t }: { t: Translator }) =>
      error instanceof CardNotOwnedError ? cardNotOwned(t, notOwned) : undefined,
  } as const;
}
