/** AMPECO request field names → the portal's form field names (id-tag fields are the card's). */
export const AMPECO_FIELD_NAMES: Readonly<Record<string, string>> = {
  first_name: "firstName",
  last_name: "lastName",
  post_code: "postCode",
  idLabel: "visualNumber",
  idTagUid: "code",
};
