import type { Locale } from "@/lib/core/i18n/locales";
import type { Role } from "./roles";

/** The signed-in person as every guard, action and page sees them. */
export interface Viewer {
  userId: string;
  email: string;
  name: string | null;
  role: Role;
  platformUserId: number | null;
  /** The language the account chose; null or absent: the browser's. */
  locale?: Locale | null;
  /** How this session was established; absent means an e-mail link (older sessions, tests). */
  signInMethod?: "email" | "passkey";
  /** When this session was opened; null or absent for sessions older than that record (issue 33). */
  sessionOpenedAt?: Date | null;
}
