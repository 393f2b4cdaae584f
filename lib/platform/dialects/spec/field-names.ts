/** Contract request field names (snake_case profile, token fields) → the portal's form field names. */
export const SPEC_FIELD_NAMES: Readonly<Record<string, string>> = {
  first_name: "firstName",
  last_name: "lastName",
  post_code: "postCode",
  visualNumber: "visualNumber",
};
