import "server-only";
import type { ActionResult, FieldErrors } from "@/lib/core/actions/action-result";
import type { MessageKey, Translator } from "@/lib/core/i18n/translator";
import { CardCodeTakenError, CardNotOwnedError } from "./card-errors";
import { CardIdInput } from "./card-input";
import { CARD_NOT_OWNED } from "./shared";

/** What the card actions of drivers and staff share: their answers to a refused form, a taken code and a foreign card. */

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
  return { status: "error", code: CARD_NOT_OWNED, message: t(message) } as const satisfies ActionResult;
}

/**
 * The form of the card status actions: a card id from the browser, answered with `notOwned` (a
 * catalogue key) unless it is on the driver's account.
 */
export function cardIdForm(notOwned: MessageKey) {
  return {
    echo: false,
    schema: CardIdInput,
    invalid: (_fieldErrors: FieldErrors, _values: Record<string, string>, t: Translator) => cardNotOwned(t, notOwned),
    expected: (error: unknown, { t }: { t: Translator }) =>
      error instanceof CardNotOwnedError ? cardNotOwned(t, notOwned) : undefined,
  } as const;
}
