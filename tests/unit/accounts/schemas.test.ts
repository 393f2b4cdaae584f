import { describe, expect, it } from "vitest";
import { AppPasswordInput, ProfileUpdateInput, SignUpInput } from "@/lib/features/accounts/schemas";
import { AdminCreateDriverInput } from "@/lib/features/admin/schemas";
import { toFieldErrors } from "@/lib/core/actions/action-result";
import { translatorFor } from "@/lib/core/i18n/translator";

const SPOOFING = {
  "right-to-left override": "Adm\u202Ein",
  "left-to-right embedding": "\u202AJan",
  "pop directional formatting": "Jan\u202C",
  "first strong isolate": "Jan\u2068 Jansen",
  "pop directional isolate": "Jan\u2069",
  "right-to-left mark": "Jan\u200F",
  "zero-width space": "Ja\u200Bn",
  "zero-width joiner": "Ja\u200Dn",
  "word joiner": "Ja\u2060n",
  "byte order mark inside": "Ja\uFEFFn",
};

describe("profile names refuse invisible and text-direction characters (staff screens cannot be spoofed)", () => {
  for (const [what, value] of Object.entries(SPOOFING)) {
    it(`refuses a ${what}`, () => {
      const result = ProfileUpdateInput.safeParse({ firstName: value });
      expect(result.success).toBe(false);
      // The schema's message is a catalogue key; in English it reads as before.
      expect(toFieldErrors(result.error?.issues ?? [], translatorFor("en")).firstName).toEqual([
        "First name cannot contain invisible or text-direction characters.",
      ]);
    });
  }

  it("applies to every text field of the sign-up form", () => {
    const base = {
      email: "new@example.com",
      password: "app-secret-1",
      firstName: "Jan",
      lastName: "Jansen",
      country: "NL",
    };
    for (const field of ["lastName", "address", "city"]) {
      expect(SignUpInput.safeParse({ ...base, [field]: "Jan\u202Esen" }).success, field).toBe(false);
    }
  });

  it("still takes names in any script, with accents and apostrophes", () => {
    for (const name of ["Zoë", "Ĳsbrand", "D'Artagnan", "Müller-Lüdenscheidt", "محمد", "張偉", "Ørjan"]) {
      expect(ProfileUpdateInput.safeParse({ firstName: name }).success, name).toBe(true);
    }
  });

  it("words every field's refusals in the driver's language, with the field's bound", () => {
    const issues = ProfileUpdateInput.safeParse({ firstName: "x".repeat(81), city: "<b>", phone: "12" }).error?.issues;
    expect(toFieldErrors(issues ?? [], translatorFor("en"))).toEqual({
      firstName: ["First name can be at most 80 characters."],
      city: ["City cannot contain < > { } or control characters."],
      phone: ["Enter a phone number with 6 to 16 digits, like +31 20 123 4567."],
    });
    expect(toFieldErrors(issues ?? [], translatorFor("nl")).firstName).toEqual([
      "Voornaam mag maximaal 80 tekens bevatten.",
    ]);
    expect(toFieldErrors(issues ?? [], translatorFor("de")).city).toEqual([
      "Der Ort darf weder < > { } noch Steuerzeichen enthalten.",
    ]);
  });
});

describe("the app password: one rule of at least 12 characters, for the driver's forms and staff alike (issue 36)", () => {
  const staff = (password: string) =>
    AdminCreateDriverInput.safeParse({
      email: "new@example.com",
      firstName: "Jan",
      lastName: "Jansen",
      country: "NL",
      passwordMode: "set",
      password,
    });
  const driver = (password: string) => AppPasswordInput.safeParse({ password, passwordRepeat: password });

  it("refuses 11 characters and takes 12, on both paths", () => {
    for (const check of [staff, driver]) {
      expect(check("abcdefghijk").success).toBe(false);
      expect(check("abcdefghijkl").success).toBe(true);
    }
  });

  it("names the minimum in the driver's language", () => {
    const issues = driver("abcd-123").error?.issues ?? [];
    expect(toFieldErrors(issues, translatorFor("en")).password).toEqual([
      "The app password needs at least 12 characters.",
    ]);
    expect(toFieldErrors(issues, translatorFor("nl")).password).toEqual([
      "Het app-wachtwoord moet minstens 12 tekens hebben.",
    ]);
    expect(toFieldErrors(issues, translatorFor("de")).password).toEqual([
      "Das App-Passwort muss mindestens 12 Zeichen lang sein.",
    ]);
    expect(toFieldErrors(staff("abcd-123").error?.issues ?? [], translatorFor("en")).password).toEqual([
      "The app password needs at least 12 characters.",
    ]);
  });
});
