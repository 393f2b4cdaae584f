import { countrySelectLayout } from "@/components/layout/country-names";

/** The sign-up forms' words, and the country select's names in the page's language from the server. */
export default countrySelectLayout("signUp");
