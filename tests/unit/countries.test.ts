import { describe, expect, it } from "vitest";
import { COUNTRY_CODES, COUNTRY_OPTIONS, countryName, countryOptions, isCountryCode } from "@/lib/core/countries";
import { ProfileUpdateInput } from "@/lib/features/accounts/schemas";
import { toFieldErrors } from "@/lib/core/actions/action-result";
import { translatorFor } from "@/lib/core/i18n/translator";

describe("country options", () => {
  it("are the table's 249 ISO codes, each once, named and sorted as Intl names them in en-GB", () => {
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    for (const code of COUNTRY_CODES) expect(code).toMatch(/^[A-Z]{2}$/);
    // On failure (a Node update changed a name), this diff is the new table for lib/core/country-table.ts.
    const names = new Intl.DisplayNames(["en-GB"], { type: "region" });
    const collator = new Intl.Collator("en-GB");
    const fromIntl = COUNTRY_CODES.map((code) => `${code} ${names.of(code) ?? code}`).sort((a, b) =>
      collator.compare(a.slice(3), b.slice(3)),
    );
    expect(COUNTRY_OPTIONS.map((o) => `${o.value} ${o.label}`)).toEqual(fromIntl);
  });

  it("are one frozen list: a render cannot change what the next one shows", () => {
    expect(Object.isFrozen(COUNTRY_OPTIONS)).toBe(true);
    expect(() =>
      (COUNTRY_OPTIONS as { value: string; label: string }[]).push({ value: "XX", label: "Nowhere" }),
    ).toThrow(TypeError);
  });

  it("name a code, and a code outside the enum stands for itself", () => {
    expect(countryName("NL")).toBe("Netherlands");
    expect(countryName("AX")).toBe("Åland Islands");
    expect(countryName("XX")).toBe("XX");
  });

  it("accept exactly the table's codes: the profile takes a listed code in any case and refuses any other", () => {
    expect(isCountryCode("NL")).toBe(true);
    expect(isCountryCode("nl")).toBe(false);
    expect(isCountryCode("XX")).toBe(false);
    expect(isCountryCode("Netherlands")).toBe(false);
    expect(ProfileUpdateInput.safeParse({ country: " be " }).data?.country).toBe("BE");
    for (const bad of ["XX", "NLD", "", "N", "<b>", "NL\u200b"]) {
      const parsed = ProfileUpdateInput.safeParse({ country: bad });
      expect(parsed.success, bad).toBe(false);
      // The schema's message is a catalogue key; in English it reads as before.
      expect(toFieldErrors(parsed.error?.issues ?? [], translatorFor("en")).country).toEqual([
        "Choose your country from the list.",
      ]);
    }
  });

  it("are named in the page's language where Intl names them, sorted as that language sorts; English is the table", () => {
    expect(countryOptions("en")).toBe(COUNTRY_OPTIONS);
    expect(countryName("DE", "nl")).toBe("Duitsland");
    expect(countryName("DE", "de")).toBe("Deutschland");
    expect(countryName("NL", "de")).toBe("Niederlande");
    expect(countryName("XX", "de")).toBe("XX");
    for (const locale of ["nl", "de"]) {
      const options = countryOptions(locale);
      expect(Object.isFrozen(options)).toBe(true);
      expect(countryOptions(locale)).toBe(options);
      // The same codes, each once: only names and order follow the language.
      expect(options.map((o) => o.value).sort()).toEqual([...COUNTRY_CODES].sort());
      const collator = new Intl.Collator(locale === "nl" ? "nl-NL" : "de-DE");
      const labels = options.map((o) => o.label);
      expect(labels).toEqual([...labels].sort(collator.compare));
    }
  });
});
