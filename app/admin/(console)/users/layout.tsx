import { CountryNames } from "@/components/layout/country-names";

/** A driver's profile and a new driver's form have a country select, named in the page's language by the server. */
export default function DriverPagesLayout({ children }: { children: React.ReactNode }) {
  return <CountryNames>{children}</CountryNames>;
}
