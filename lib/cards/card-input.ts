import type { ActionResult } from "@/lib/forms/action-result";
import { z } from "zod";
import { PlatformIdSchema } from "@/lib/platform-id";
import { CardCodeTakenError, CardNotOwnedError } from "./card-errors";

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
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9 ./-]*$/,
    "The printed number can contain letters, digits, spaces, dots, slashes and dashes.",
  );

export const CARD_STATUSES = ["active", "blocked", "inactive"] as const;

export const AddCardInput = z.object({
  code: CardCodeSchema,
  visualNumber: VisualNumberSchema,
  /** Staff may link a card in another state; drivers always add an active card. */
  status: z.enum(CARD_STATUSES, { error: "Choose active, blocked or inactive." }).optional(),
});
export type AddCardInput = z.infer<typeof AddCardInput>;

/**
 * What both add-card actions (driver's and staff's) answer for input they or the platform refuse,
 * and for a card code that is taken: `here` on this account, `elsewhere` on another one.
 */
export function cardFormErrors(words: {
  here: string;
  elsewhere: (error: CardCodeTakenError) => string;
  notDone: string;
}) {
  return {
    invalid: "Please correct the marked fields.",
    rejected: { message: "The charging service did not accept the card. Please correct the marked fields." },
    expected: (error: unknown, { values }: { values: Record<string, string> }): ActionResult | undefined => {
      if (!(error instanceof CardCodeTakenError)) return undefined;
      const why = error.where === "elsewhere" ? words.elsewhere(error) : words.here;
      return { status: "invalid", fieldErrors: { code: [why] }, message: words.notDone, values };
    },
  } as const;
}

/** What a driver's card action answers for a card id that is not on their account. */
export const CARD_NOT_YOURS = {
  status: "error",
  code: "not-owned",
  message: "That card is not on your account, so it was not changed.",
} as const;

/** The form of both block-card actions: a card id from the browser, answered with `notOwned` unless it is the driver's. */
export function cardIdForm(notOwned: ActionResult) {
  return {
    echo: false,
    schema: z.object({ cardId: PlatformIdSchema }),
    invalid: () => notOwned,
    expected: (error: unknown) => (error instanceof CardNotOwnedError ? notOwned : undefined),
  } as const;
}

/** The outcome of a pause, in the same words for the driver and for staff. */
export function cardPausedMessage(card: { code: string; visualNumber: string | null }): string {
  return `Card ${card.visualNumber ?? card.code} is paused. It does not work at charge points until it is resumed.`;
}

/** The outcome of a resume (or a staff unblock). */
export function cardResumedMessage(card: { code: string; visualNumber: string | null }): string {
  return `Card ${card.visualNumber ?? card.code} works again at charge points.`;
}

/** The outcome of a block, in the same words for the driver and for staff. */
export function cardBlockedMessage(card: { code: string; visualNumber: string | null }): string {
  return `Card ${card.visualNumber ?? card.code} is now blocked. It no longer works at charge points.`;
}
