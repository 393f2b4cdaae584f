import { CountryNames } from "@/components/layout/country-names";

/** The sign-up form's country select gets its names in the page's language from the server. */
export default function SignUpLayout({ children }: { children: React.ReactNode }) {
  return <CountryNames>{children}</CountryNames>;
}
