/** A postal address's text fields in form order, with their autofill hints: the profile and the billing details share them. */
export const ADDRESS_FIELDS = [
  { name: "address", autoComplete: "street-address" },
  { name: "city", autoComplete: "address-level2" },
  { name: "postCode", autoComplete: "postal-code" },
] as const;
