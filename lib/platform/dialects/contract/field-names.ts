import { PROFILE_FIELD_NAMES } from "../../users";

/** Contract request field names (snake_case profile, token fields) → the portal's form field names. */
export const CONTRACT_FIELD_NAMES: Readonly<Record<string, string>> = {
  ...PROFILE_FIELD_NAMES,
  visualNumber: "visualNumber",
};
