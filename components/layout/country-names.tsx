import { getLocale } from "next-intl/server";
import { CountryNamesProvider } from "@/components/ui/country-names-provider";
import { COUNTRY_OPTIONS, countryOptions } from "@/lib/core/countries";
import type { Audience } from "./client-namespaces";
import { ClientWords } from "./client-words";

/**
 * Around a page with a country select: in a language other than English, hands the browser the names this server's
 * ICU gives (English needs none: the table is in the bundle). docs/design-notes.md#libcorecountriests.
 */
export async function CountryNames({ children }: { children: React.ReactNode }) {
  const options = countryOptions(await getLocale());
  if (options === COUNTRY_OPTIONS) return children;
  return (
    <CountryNamesProvider lines={options.map((option) => `${option.value} ${option.label}`).join("\n")}>
      {children}
    </CountryNamesProvider>
  );
}

/**
 * A route segment's layout with a country select: its audience's words and the country names. Apart from
 * clientWordsLayout, so a page without a country select does not load the names' provider.
 */
export function countrySelectLayout(audience: Audience) {
  return function CountrySelectLayout({ children }: { children: React.ReactNode }) {
    return (
      <ClientWords audience={audience}>
        <CountryNames>{children}</CountryNames>
      </ClientWords>
    );
  };
}
