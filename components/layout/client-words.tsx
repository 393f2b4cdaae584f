import { NextIntlClientProvider } from "next-intl";
import { getLocale } from "next-intl/server";
import { APP_TIME_ZONE } from "@/lib/core/format";
import { catalogue } from "@/lib/core/i18n/catalogues";
import { clientMessages } from "@/lib/core/i18n/client-messages";
import { CLIENT_NAMESPACES, type Audience } from "./client-namespaces";

/**
 * The messages an audience's client components need, no more. An inner provider replaces the root's messages, it does
 * not add to them.
 */
export async function ClientWords({ audience, children }: { audience: Audience; children: React.ReactNode }) {
  const locale = await getLocale();
  return (
    <NextIntlClientProvider
      locale={locale}
      timeZone={APP_TIME_ZONE}
      messages={clientMessages(catalogue(locale), CLIENT_NAMESPACES[audience])}
    >
      {children}
    </NextIntlClientProvider>
  );
}

/** A route segment's layout giving its client components their audience's words. */
export function clientWordsLayout(audience: Audience) {
  return function ClientWordsLayout({ children }: { children: React.ReactNode }) {
    return <ClientWords audience={audience}>{children}</ClientWords>;
  };
}
