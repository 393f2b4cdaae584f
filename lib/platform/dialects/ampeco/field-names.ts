import { PROFILE_FIELD_NAMES } from "../../users";

/** AMPECO request field names → the portal's form field names (id-tag fields are the card's). */
export const AMPECO_FIELD_NAMES: Readonly<Record<string, string>> = {
  ...PROFILE_FIELD_NAMES,
  idLabel: "visualNumber",
  idTagUid: "code",
  invoiceType: "clientType",
};
