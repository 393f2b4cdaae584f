import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { MessageKey } from "@/lib/core/i18n/translator";

/** A page's generateMetadata where its title is one catalogue message, in the request's language. */
export function titleFrom(key: MessageKey): () => Promise<Metadata> {
  return async () => {
    const t = await getTranslations();
    return { title: t(key) };
  };
}
