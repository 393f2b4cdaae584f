import * as jsvat from "jsvat";

/** The EU member states whose VAT ids jsvat checks (format and check digits); Greece's prefix is EL. */
const EU_COUNTRIES = (
  [
    "austria",
    "belgium",
    "bulgaria",
    "croatia",
    "cyprus",
    "czechRepublic",
    "denmark",
    "estonia",
    "finland",
    "france",
    "germany",
    "greece",
    "hungary",
    "ireland",
    "italy",
    "latvia",
    "lithuania",
    "luxembourg",
    "malta",
    "netherlands",
    "poland",
    "portugal",
    "romania",
    "slovakiaRepublic",
    "slovenia",
    "spain",
    "sweden",
  ] as const
).map((name) => jsvat[name]);

/** Why a VAT id was refused: each has its own words at the field. */
export type VatIdProblem = "noCountry" | "unknownCountry" | "format" | "checksum";

export type VatIdCheck = { ok: true; value: string } | { ok: false; problem: VatIdProblem };

/** Spaces, dots, dashes and slashes as people write VAT ids ("NL 0000.99998.B57"): not part of the id. */
const SEPARATORS = /[\s.\-/]+/g;

/** A VAT id checked for an EU country prefix, that country's format and its check digits; `value` is the id written plainly. */
export function checkVatId(raw: string): VatIdCheck {
  const value = raw.replace(SEPARATORS, "").toUpperCase();
  if (!/^[A-Z]{2}/.test(value)) return { ok: false, problem: "noCountry" };
  const result = jsvat.checkVAT(value, EU_COUNTRIES);
  if (!result.isSupportedCountry) return { ok: false, problem: "unknownCountry" };
  if (!result.isValidFormat) return { ok: false, problem: "format" };
  if (!result.isValid) return { ok: false, problem: "checksum" };
  return { ok: true, value };
}
