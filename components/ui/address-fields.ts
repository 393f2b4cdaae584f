/**
 * A postal address's text fields in form order (postcode before city, as in Dutch and German), with their autofill
 * hints and whether one takes a two-column form's whole row: the profile and the billing details share them.
 */
export const ADDRESS_FIELDS = [
  { name: "address", autoComplete: "street-address", wide: true },
  { name: "postCode", autoComplete: "postal-code", wide: false },
  { name: "city", autoComplete: "address-level2", wide: false },
] as const;

/** The grid class of a field that takes the whole row of a two-column form. */
export const WIDE_FIELD = "sm:col-span-2";
