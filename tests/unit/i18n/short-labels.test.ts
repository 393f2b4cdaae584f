import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import de from "@/messages/de.json";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";

// A button that shows short words keeps the whole sentence as its accessible name (ConfirmSubmit's triggerText); the
// name must begin with what is seen, so a voice user can say what they read (WCAG 2.5.3).
const CATALOGUES = { en, nl, de } as const;
const SHORTENED = ["revoke", "resetPasskeys", "withdraw", "changeEmail"] as const;

describe("the staff list's short button words", () => {
  for (const locale of ["en", "nl", "de"] as const) {
    it(`begin the button's whole name in ${locale}`, () => {
      const t = createTranslator({ locale, messages: CATALOGUES[locale], namespace: "staff.roles" });
      for (const key of SHORTENED)
        for (const role of ["admin", "support"]) {
          const whole = t(key, { role, email: "someone@example.com" });
          const seen = t(`${key}Short`, { role });
          expect(whole.startsWith(seen), `${key}: "${whole}" begins with "${seen}"`).toBe(true);
        }
    });
  }
});
