import "server-only";
import { getRequestConfig } from "next-intl/server";
import { APP_TIME_ZONE } from "@/lib/core/format";
import { currentLocale } from "@/lib/core/auth/current-locale";
import { catalogue } from "@/lib/core/i18n/catalogues";

// next-intl's request configuration (named in next.config.ts): the locale and the whole catalogue
// for server components. No locale in the URL: links in old mails keep working.
export default getRequestConfig(async () => {
  const locale = await currentLocale();
  return { locale, messages: catalogue(locale), timeZone: APP_TIME_ZONE };
});
