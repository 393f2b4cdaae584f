import { getLocale, getTranslations } from "next-intl/server";
import { chooseLanguageAction } from "@/lib/features/language/actions/choose-language";
import { LANGUAGE_ENDONYMS, LOCALES } from "@/lib/core/i18n/locales";
import { buttonClasses } from "@/components/ui/button-classes";
import { LanguageSelect } from "./language-select";

/**
 * The language switcher in every header, in one step: choosing a language applies it (the select submits its form).
 * Without JavaScript, a button beside the select does it.
 */
export async function LanguageSwitcher() {
  const [locale, t] = await Promise.all([getLocale(), getTranslations("language")]);
  return (
    // Keyed by the language: after the switch the page renders again, and a new select shows the new choice.
    <form key={locale} action={chooseLanguageAction} className="flex items-center gap-1">
      <label htmlFor="portal-language" className="sr-only">
        {t("label")}
      </label>
      <LanguageSelect
        id="portal-language"
        name="locale"
        defaultValue={locale}
        className="min-h-9 rounded-md border border-slate-400 bg-white px-2 py-1 text-sm text-slate-900 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100"
      >
        {LOCALES.map((option) => (
          <option key={option} value={option} lang={option}>
            {LANGUAGE_ENDONYMS[option]}
          </option>
        ))}
      </LanguageSelect>
      <noscript>
        <button type="submit" className={buttonClasses("ghost")}>
          {t("apply")}
        </button>
      </noscript>
    </form>
  );
}
