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
