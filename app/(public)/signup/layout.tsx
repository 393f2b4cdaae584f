import { clientWordsLayout } from "@/components/layout/client-words";

/** The sign-up forms' words, and the country select's names in the page's language from the server. */
export default clientWordsLayout("signUp", { countryNames: true });
