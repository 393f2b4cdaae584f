import { EVERY_PAGE, type Namespace } from "@/lib/core/i18n/client-namespaces";
import { CLIENT_NAMESPACES as ACCOUNTS } from "@/lib/features/accounts/shared";
import { CLIENT_NAMESPACES as ADMIN } from "@/lib/features/admin/shared";
import { CLIENT_NAMESPACES as BILLING } from "@/lib/features/billing/shared";
import { CLIENT_NAMESPACES as CARDS } from "@/lib/features/cards/shared";
import { CLIENT_NAMESPACES as MAP } from "@/lib/features/map/shared";
import { CLIENT_NAMESPACES as PASSKEYS } from "@/lib/features/passkeys/shared";
import { CLIENT_NAMESPACES as SESSIONS } from "@/lib/features/sessions/shared";
import { CLIENT_NAMESPACES as SIGN_IN } from "@/lib/features/sign-in/shared";
import { CLIENT_NAMESPACES as VOUCHERS } from "@/lib/features/vouchers/shared";

/**
 * Namespaces client components use, per part of the app, from each feature's own list and core's shared ones: only
 * these reach the browser (checked by catalogues.test.ts and client-words.spec.ts). No "server-only": the e2e check reads them.
 */
export const CLIENT_NAMESPACES = {
  everyPage: EVERY_PAGE,
  // The driver area's layout sends only what every page shares; the account settings and overview, cards, sessions
  // and vouchers layouts add their own route's words, so /cards does not carry the sessions table's.
  driver: EVERY_PAGE,
  // Each settings page sends only its own forms' words (issue 37: all of them made every settings page ~20 KB heavier).
  accountProfile: [...EVERY_PAGE, "profile"],
  accountAppPassword: [...EVERY_PAGE, "appPassword"],
  accountSecurity: [...EVERY_PAGE, "devices", ...PASSKEYS],
  accountNotifications: [...EVERY_PAGE, ...ACCOUNTS.notifications],
  accountPrivacy: [...EVERY_PAGE, ...ACCOUNTS.privacy],
  accountBilling: [...EVERY_PAGE, ...BILLING],
  accountPayments: [...EVERY_PAGE, "downloadProgress"],
  accountOverview: [...EVERY_PAGE, ...ACCOUNTS.balance, ...SESSIONS, "duration"],
  cards: [...EVERY_PAGE, ...CARDS],
  sessions: [...EVERY_PAGE, ...SESSIONS, "duration", "downloadProgress"],
  vouchers: [...EVERY_PAGE, ...ACCOUNTS.balance, ...VOUCHERS],
  map: [...EVERY_PAGE, ...MAP],
  // A charge point's page has no client component of its own.
  charge: EVERY_PAGE,
  // The signed-out pages: each form's page adds its own words, so /signin does not carry the sign-up's.
  public: EVERY_PAGE,
  signIn: [...EVERY_PAGE, ...PASSKEYS, ...SIGN_IN],
  signUp: [...EVERY_PAGE, ...ACCOUNTS.forms, ...ACCOUNTS.signUp],
  appPasswordLink: [...EVERY_PAGE, "appPassword"],
  admin: [
    ...EVERY_PAGE,
    ...ACCOUNTS.balance,
    ...VOUCHERS,
    ...PASSKEYS,
    ...ADMIN,
    ...SESSIONS,
    "duration",
    ...ACCOUNTS.forms,
    ...BILLING,
    ...CARDS,
    "downloadProgress",
  ],
} as const satisfies Record<string, readonly Namespace[]>;

export type Audience = keyof typeof CLIENT_NAMESPACES;
