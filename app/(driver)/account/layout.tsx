import { ClientWords } from "@/components/layout/client-words";
import { CountryNames } from "@/components/layout/country-names";

/**
 * The words this route's client components translate with (lib/core/i18n/client-namespaces.ts), and the country
 * names of the profile's and billing details' country selects.
 */
export default function AccountLayout({ children }: { children: React.ReactNode }) {
  return (
    <ClientWords audience="account">
      <CountryNames>{children}</CountryNames>
    </ClientWords>
  );
}
