import "server-only";
import { eq } from "drizzle-orm";
import { getDb, type Database } from "@/lib/core/db/client";
import { users } from "@/lib/core/db/schema";
import { currentLocale } from "@/lib/core/auth/current-locale";
import { isLocale, type Locale } from "@/lib/core/i18n/locales";

/** A mail's language: the recipient's stored choice, else the request's. It follows the reader, not the sender. */
export async function mailLocale(stored: string | null | undefined, fallback?: Locale): Promise<Locale> {
  if (isLocale(stored)) return stored;
  return fallback ?? (await currentLocale());
}

export interface MailLocaleOptions {
  /** The request's language, read while the request was still open; else currentLocale() now. */
  fallback?: Locale;
  /** The database to read the account from (the caller's, e.g. Auth.js's adapter); else getDb(). */
  db?: Database;
}

export async function mailLocaleOfAccount(userId: string, { fallback, db }: MailLocaleOptions = {}): Promise<Locale> {
  const database = db ?? (await getDb());
  const [row] = await database.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return mailLocale(row?.locale, fallback);
}

/** The language of a mail to an address: its account's, or the request's when it has none (yet). */
export async function mailLocaleOfAddress(email: string, { fallback, db }: MailLocaleOptions = {}): Promise<Locale> {
  const database = db ?? (await getDb());
  const [row] = await database.select({ locale: users.locale }).from(users).where(eq(users.email, email.toLowerCase()));
  return mailLocale(row?.locale, fallback);
}
