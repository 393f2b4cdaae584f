/** A Dutch company's billing details as the form posts them (a valid VAT id, an invoice asked for). */
export const DUTCH_COMPANY_FORM = {
  clientType: "company",
  companyName: "Laadpaal B.V.",
  companyTaxId: "NL000099998B57",
  companyRegNo: "12345678",
  address: "Stationsplein 1",
  postCode: "1012 AB",
  city: "Amsterdam",
  country: "NL",
  requireInvoice: "on",
};

/** A company's invoice fields, named alike on the platform's wire and in the portal's billing details. */
export const FLEET_COMPANY = {
  companyName: "Fleet B.V.",
  companyTaxId: "NL123456789B01",
  companyRegNo: "12345678",
  country: "NL",
  city: "Amsterdam",
  postCode: "1015 CJ",
  address: "Keizersgracht 1",
};
