/** ISO 3166-1 alpha-2 codes (the platform's `country` enum), with names from Intl. */
const CODES =
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW".split(
    " ",
  );

export const COUNTRY_CODES: readonly string[] = CODES;
export const DEFAULT_COUNTRY = "NL";

export function isCountryCode(value: string): boolean {
  return CODES.includes(value);
}

// Intl.DisplayNames and locale-aware sorting are slow (~3 ms for the whole list): built once per locale.
const displayNames = new Map<string, Intl.DisplayNames | null>();
const optionLists = new Map<string, readonly CountryOption[]>();

export interface CountryOption {
  value: string;
  label: string;
}

function regionNames(locale: string): Intl.DisplayNames | null {
  if (!displayNames.has(locale)) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([locale], { type: "region" });
    } catch {
      // An unknown locale: codes stand in for names.
    }
    displayNames.set(locale, names);
  }
  return displayNames.get(locale) ?? null;
}

export function countryName(code: string, locale = "en-GB"): string {
  try {
    return regionNames(locale)?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Every country, sorted by its name in `locale`; the same frozen list on every call. */
export function countryOptions(locale = "en-GB"): readonly CountryOption[] {
  let options = optionLists.get(locale);
  if (!options) {
    const collator = regionNames(locale) ? new Intl.Collator(locale) : new Intl.Collator("en");
    options = Object.freeze(
      CODES.map((code) => Object.freeze({ value: code, label: countryName(code, locale) })).sort((a, b) =>
        collator.compare(a.label, b.label),
      ),
    );
    optionLists.set(locale, options);
  }
  return options;
}
