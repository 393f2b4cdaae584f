import type { Messages } from "./catalogues";

type Namespace = keyof Messages;

/** Shared UI (dialogs, pager, form summary) and the route error boundaries: on every page. */
const EVERY_PAGE = ["ui", "routeErrors"] as const satisfies readonly Namespace[];

/**
 * The namespaces client components translate with useTranslations, per part of the app (a route group,
 * or a driver route whose layout has its own ClientWords): only these reach the browser, the rest stays
 * on the server. A page the root alone wraps (/cards) gets `everyPage`. tests/unit/i18n/catalogues.test.ts
 * fails when a client component uses a namespace that no part lists, or one is listed that no client
 * component uses; tests/e2e/client-words.spec.ts fails when a page's RSC payload carries more than its list.
 * No "server-only": the e2e check reads the lists too, and they are only names.
 */
export const CLIENT_NAMESPACES = {
  everyPage: EVERY_PAGE,
  // The driver area's layout sends only what every page shares; the account, sessions and vouchers
  // layouts add their own route's words, so /cards does not carry the sessions table's.
  driver: EVERY_PAGE,
  account: [...EVERY_PAGE, "devices", "passkeys", "receipts"],
  sessions: [...EVERY_PAGE, "sessions", "duration"],
  vouchers: [...EVERY_PAGE, "account", "vouchers"],
  map: [...EVERY_PAGE, "map"],
  public: [...EVERY_PAGE, "passkeys"],
  admin: [...EVERY_PAGE, "account", "vouchers", "passkeys", "staff", "moveCard", "sessions", "duration"],
} as const satisfies Record<string, readonly Namespace[]>;

export type Audience = keyof typeof CLIENT_NAMESPACES;
