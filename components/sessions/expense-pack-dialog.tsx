import { getLocale, getTranslations } from "next-intl/server";
import { packChoices } from "@/lib/features/expense-pack/shared";
import type { SessionRangeFilter } from "@/lib/features/sessions/shared";
import { ExpensePackForm } from "./expense-pack-form";

export interface ExpensePackDialogProps {
  /** The route that answers with the ZIP: the driver's own, or staff's for one driver. */
  endpoint: string;
  /** Whose pack, for the opener's accessible name on staff pages ("for Demi Driver"). */
  forWhom?: string;
  /** The session list's filters, offered as a period of their own when some are set. */
  filters?: SessionRangeFilter;
}

/** The periods are worked out on the server's clock, in the page's language ("November 2026"). */
export async function ExpensePackDialog({ endpoint, forWhom, filters = {} }: ExpensePackDialogProps) {
  const [translator, locale] = await Promise.all([getTranslations(), getLocale()]);
  return (
    <ExpensePackForm endpoint={endpoint} forWhom={forWhom} {...packChoices(new Date(), filters, translator, locale)} />
  );
}
