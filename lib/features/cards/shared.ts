import type { Namespace } from "@/lib/core/i18n/client-namespaces";
import type { ErrorStatusTable } from "@/lib/core/errors";

/** The cards feature's browser-safe public module (types, codes, pure functions); index.ts is its server half. */
export { cardStatusNote, type CardStatusNote } from "./status-note";

export const CARD_STATUSES = ["active", "blocked", "inactive"] as const;

/** How a card is named to people: its printed number, or its code when it has none. */
export function cardLabel(card: { code: string; visualNumber: string | null }): string {
  return card.visualNumber ?? card.code;
}

/** Its own error code, beside lib/core/errors.ts's: a card id not on the driver's own list (another's, or none). */
export const CARD_ERROR_STATUS = {
  "not-owned": 404,
} as const satisfies ErrorStatusTable<string>;

export type CardErrorCode = keyof typeof CARD_ERROR_STATUS;

/** The code other features test for with hasErrorCode. */
export const CARD_NOT_OWNED = "not-owned" satisfies CardErrorCode;

/** The namespaces its client components translate with (components/layout/client-namespaces.ts sends them). */
export const CLIENT_NAMESPACES = ["cards"] as const satisfies readonly Namespace[];
