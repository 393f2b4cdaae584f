import { describe, expect, it } from "vitest";
import { toFieldErrors } from "@/lib/core/actions/action-result";
import { translatorFor } from "@/lib/core/i18n/translator";
import { BillingDetailsInput, billingFormValues, withProfileDefaults } from "@/lib/features/billing/schemas";
import { checkVatId } from "@/lib/features/billing/vat-id";
import { DUTCH_COMPANY_FORM } from "../../support/billing-fixtures";

const COMPANY = DUTCH_COMPANY_FORM;

function fieldErrors(input: Record<string, string>, locale: "en" | "nl" | "de" = "en") {
  const result = BillingDetailsInput.safeParse(input);
  expect(result.success).toBe(false);
  return toFieldErrors(result.error?.issues ?? [], translatorFor(locale));
}

describe("VAT ids: format and check digits per EU country (jsvat)", () => {
  it.each(["NL000099998B57", "DE136695976", "FR40303265045", "ATU13585627", "BE0411905847", "EL094259216"])(
    "accepts %s",
    (id) => expect(checkVatId(id)).toEqual({ ok: true, value: id }),
  );

  it("writes an id typed with spaces, dots and lower case plainly", () => {
    expect(checkVatId(" nl 0000.99998.b57 ")).toEqual({ ok: true, value: "NL000099998B57" });
    expect(checkVatId("de-136 695 976")).toEqual({ ok: true, value: "DE136695976" });
  });

  it.each([
    ["NL000099998B58", "checksum"],
    ["DE136695977", "checksum"],
    ["NL0000999", "format"],
    ["DE13669597", "format"],
    ["000099998B57", "noCountry"],
    ["US123456789", "unknownCountry"],
    // Outside the EU, though jsvat knows them.
    ["GB980780684", "unknownCountry"],
    ["CHE123456788", "unknownCountry"],
  ])("refuses %s (%s)", (id, problem) => expect(checkVatId(id)).toEqual({ ok: false, problem }));
});

describe("billing details form", () => {
  it("takes a Dutch company with a valid VAT id", () => {
    expect(BillingDetailsInput.parse(COMPANY)).toEqual({
      requireInvoice: true,
      clientType: "company",
      individualName: null,
      companyName: "Laadpaal B.V.",
      companyTaxId: "NL000099998B57",
      companyRegNo: "12345678",
      country: "NL",
      city: "Amsterdam",
      postCode: "1012 AB",
      address: "Stationsplein 1",
    });
  });

  it("takes a German company, its VAT id written plainly", () => {
    const parsed = BillingDetailsInput.parse({ ...COMPANY, companyTaxId: "de 136 695 976", country: "de" });
    expect(parsed.companyTaxId).toBe("DE136695976");
    expect(parsed.country).toBe("DE");
  });

  it("refuses a wrong check digit at the VAT id field, in the reader's language", () => {
    const input = { ...COMPANY, companyTaxId: "NL000099998B58" };
    expect(fieldErrors(input)).toEqual({
      companyTaxId: ["This VAT id's check digits do not add up. Check it for a typing error."],
    });
    expect(fieldErrors(input, "nl").companyTaxId).toEqual([
      "De controlecijfers van dit btw-nummer kloppen niet. Controleer het op een typefout.",
    ]);
    expect(fieldErrors(input, "de").companyTaxId).toEqual([
      "Die Prüfziffern dieser USt-IdNr. stimmen nicht. Prüfen Sie sie auf einen Tippfehler.",
    ]);
  });

  it("refuses a VAT id without country code or of no EU country, each in words of its own", () => {
    expect(fieldErrors({ ...COMPANY, companyTaxId: "000099998B57" }).companyTaxId).toEqual([
      "Start the VAT id with its country code, like NL or DE.",
    ]);
    expect(fieldErrors({ ...COMPANY, companyTaxId: "XX123" }).companyTaxId?.[0]).toMatch(/EU country/);
    expect(fieldErrors({ ...COMPANY, companyTaxId: "DE1234" }).companyTaxId?.[0]).toMatch(/not how a VAT id/);
  });

  it("needs a company's name and VAT id", () => {
    expect(fieldErrors({ ...COMPANY, companyName: " ", companyTaxId: "" })).toEqual({
      companyName: ["Enter the company's name."],
      companyTaxId: ["Enter the company's VAT id."],
    });
  });

  it("needs a kind, and a name for an individual; an individual's company fields are cleared", () => {
    expect(fieldErrors({ ...COMPANY, clientType: "" }).clientType).toHaveLength(1);
    expect(fieldErrors({ ...COMPANY, clientType: "government" }).clientType).toHaveLength(1);
    expect(fieldErrors({ ...COMPANY, clientType: "individual" })).toEqual({
      individualName: ["Enter the name the invoice is made out to."],
    });
    const individual = BillingDetailsInput.parse({
      ...COMPANY,
      clientType: "individual",
      individualName: "Jan Jansen",
      companyTaxId: "not checked for an individual",
    });
    expect(individual).toMatchObject({
      clientType: "individual",
      individualName: "Jan Jansen",
      companyName: null,
      companyTaxId: null,
      companyRegNo: null,
    });
  });

  it("needs the address only when every charge needs an invoice", () => {
    const bare = { clientType: "individual", individualName: "Jan Jansen" };
    expect(BillingDetailsInput.parse(bare)).toMatchObject({ requireInvoice: false, address: null, country: null });
    expect(Object.keys(fieldErrors({ ...bare, requireInvoice: "on" }))).toEqual([
      "address",
      "postCode",
      "city",
      "country",
    ]);
  });

  it("reports every problem at once, text rules and VAT id alike", () => {
    const errors = fieldErrors({ ...COMPANY, city: "x".repeat(81), companyTaxId: "NL000099998B58", country: "ZZ" });
    expect(Object.keys(errors).sort()).toEqual(["city", "companyTaxId", "country"]);
    expect(errors.city).toEqual(["Use at most 80 characters."]);
  });

  it("refuses markup and invisible characters", () => {
    expect(fieldErrors({ ...COMPANY, companyName: "<b>Laadpaal</b>" }).companyName).toHaveLength(1);
    expect(fieldErrors({ ...COMPANY, companyName: "Laad\u202Epaal" }).companyName).toHaveLength(1);
  });

  it("ignores fields it does not know, such as a forged user id", () => {
    const parsed = BillingDetailsInput.parse({ ...COMPANY, userId: "1002", platformUserId: "1002" });
    expect(parsed).not.toHaveProperty("userId");
    expect(parsed).not.toHaveProperty("platformUserId");
  });

  it("shows saved details as the form's values", () => {
    const values = billingFormValues(BillingDetailsInput.parse(COMPANY));
    expect(values).toMatchObject({ clientType: "company", companyTaxId: "NL000099998B57", requireInvoice: "on" });
    expect(billingFormValues({ ...BillingDetailsInput.parse(COMPANY), requireInvoice: false })).not.toHaveProperty(
      "requireInvoice",
    );
  });
});

const NO_PROFILE = { firstName: null, lastName: null, address: null, city: null, postCode: null, country: null };
const country = (code: string | null) => ({ ...NO_PROFILE, country: code });

describe("issue 36: the form starts from the profile's country", () => {
  it("takes the profile's country where none is saved, written as the form's code", () => {
    expect(withProfileDefaults({ clientType: "individual", country: "" }, country("be"))).toEqual({
      clientType: "individual",
      country: "BE",
    });
    expect(withProfileDefaults({}, country("DE"))).toEqual({ country: "DE" });
  });

  it("keeps a saved country, and ignores a profile country the form does not offer", () => {
    expect(withProfileDefaults({ country: "NL" }, country("DE"))).toEqual({ country: "NL" });
    expect(withProfileDefaults({ country: "" }, country("Netherlands"))).toEqual({ country: "" });
    expect(withProfileDefaults({ country: "" }, country(null))).toEqual({ country: "" });
    expect(withProfileDefaults({ country: "" }, null)).toEqual({ country: "" });
  });
});

describe("the form starts from the profile's name and address where none is saved", () => {
  const profile = {
    firstName: "Frida",
    lastName: "Fresh",
    address: "Damrak 1",
    city: "Amsterdam",
    postCode: "1012 LG",
    country: "nl",
  };

  it("fills the name, street, postcode, city and country of a form with nothing saved", () => {
    expect(withProfileDefaults({ clientType: "individual", country: "" }, profile)).toEqual({
      clientType: "individual",
      individualName: "Frida Fresh",
      address: "Damrak 1",
      city: "Amsterdam",
      postCode: "1012 LG",
      country: "NL",
    });
    expect(withProfileDefaults({}, { ...NO_PROFILE, lastName: "Fresh" })).toEqual({ individualName: "Fresh" });
  });

  it("takes nothing but the country once a name or any part of an address is saved", () => {
    const savedParts: Record<string, string>[] = [
      { individualName: "Someone" },
      { companyName: "Fleet BV" },
      { city: "Utrecht" },
    ];
    for (const saved of savedParts) {
      expect(withProfileDefaults({ ...saved, country: "" }, profile)).toEqual({ ...saved, country: "NL" });
    }
  });
});
