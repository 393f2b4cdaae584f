import type { Messages } from "./catalogues";

type Namespace = keyof Messages;

/** Shared UI (dialogs, pager, form summary) and the route error boundaries: on every page. */
const EVERY_PAGE = ["ui", "routeErrors"] as const satisfies readonly Namespace[];

/**
 * Namespaces client components use, per part of the app: only these reach the browser (checked by catalogues.test.ts
 * and client-words.spec.ts). No "server-only": the e2e check reads them.
 */
export const CLIENT_NAMESPACES = {
  everyPage: EVERY_PAGE,
  // The driver area's layout sends only what every page shares; the account settings and overview, cards, sessions
  // and vouchers layouts add their own route's words, so /cards does not carry the sessions table's.
  driver: EVERY_PAGE,
  account: [
    ...EVERY_PAGE,
    "accountSettings",
    "devices",
    "passkeys",
    "profile",
    "appPassword",
    "myData",
    "billing",
    "accountDeletion",
    "downloadProgress",
  ],
  accountOverview: [...EVERY_PAGE, "account", "sessions", "duration"],
  cards: [...EVERY_PAGE, "cards"],
  sessions: [...EVERY_PAGE, "sessions", "duration", "downloadProgress"],
  vouchers: [...EVERY_PAGE, "account", "vouchers"],
  map: [...EVERY_PAGE, "map"],
  public: [...EVERY_PAGE, "passkeys", "profile", "appPassword", "signUp", "signIn"],
  admin: [
    ...EVERY_PAGE,
    "account",
    "vouchers",
    "passkeys",
    "staff",
    "moveCard",
    "sessions",
    "duration",
    "profile",
    "appPassword",
    "billing",
    "cards",
    "downloadProgress",
  ],
} as const satisfies Record<string, readonly Namespace[]>;

export type Audience = keyof typeof CLIENT_NAMESPACES;
