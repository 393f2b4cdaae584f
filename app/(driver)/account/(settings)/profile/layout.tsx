import { countrySelectLayout } from "@/components/layout/country-names";

export default countrySelectLayout("accountProfile");
