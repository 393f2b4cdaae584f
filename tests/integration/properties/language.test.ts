import fc from "fast-check";
import { describe } from "vitest";
import { chooseLanguageAction } from "@/lib/features/language/actions/choose-language";
import { anyText, driverSideViewer, formArb } from "./arbitraries";
import { checkActionProperty } from "./checks";

/** The switcher's select: one of the three languages, or anything a crafted request sends. */
const languageForm = formArb({ locale: fc.oneof(fc.constantFrom("en", "nl", "de"), anyText) });

describe("language switcher: only validation errors, never a crash", () => {
  checkActionProperty({
    name: "chooseLanguage",
    // A plain form action answers nothing (the page renders again in the new language): never a
    // throw, for anyone signed in or not, is what there is to check.
    action: async (_previous: unknown, form: FormData) => {
      await chooseLanguageAction(form);
      return { status: "ok" };
    },
    form: languageForm,
    viewer: fc.oneof(fc.constant(null), driverSideViewer),
  });
});
