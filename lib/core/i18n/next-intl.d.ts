import type en from "@/messages/en.json";
import type { Locale } from "./locales";

// Types every key next-intl is asked for against the English catalogue: a missing key is a type error.
declare module "next-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof en;
  }
}
