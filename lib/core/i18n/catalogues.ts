import "server-only";
import de from "@/messages/de.json";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";
import type { Locale } from "./locales";

/**
 * The three catalogues, whole (assembled from the words folders by `npm run words`), for the server: pages, actions,
 * route handlers, mails, CSV and PDF downloads. The browser gets only its client components' namespaces.
 */
export type Messages = typeof en;

const CATALOGUES: Record<Locale, Messages> = { en, nl, de };

export function catalogue(locale: Locale): Messages {
  return CATALOGUES[locale];
}
