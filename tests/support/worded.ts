import { translatorFor, type Translator } from "@/lib/core/i18n/translator";
import { inWords, type Wording } from "@/lib/core/i18n/wording";

/** A filter parser whose problems come out as the page words them: in `t`'s language, English by default. */
export function wordedProblems<I, R extends { problems: Wording[] }>(parse: (input: I) => R) {
  return (input: I, t: Translator = translatorFor("en")) => {
    const parsed = parse(input);
    return { ...parsed, problems: parsed.problems.map((problem) => inWords(t, problem)) };
  };
}
