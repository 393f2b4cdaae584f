import { describe, expect, it } from "vitest";
import { ProfileUpdateInput, SignUpInput } from "@/lib/accounts/profile-schema";

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
      expect(result.error?.issues[0]?.message).toBe(
        "First name cannot contain invisible or text-direction characters.",
      );
    });
  }

  it("applies to every text field of the sign-up form", () => {
    const base = {
      email: "new@example.com",
      password: "app-secret",
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
});
