import "server-only";
import type { Messages } from "./catalogues";

type Namespace = keyof Messages;

/** Shared UI (dialogs, pager, form summary) and the route error boundaries: on every page. */
const EVERY_PAGE = ["ui", "routeErrors"] as const satisfies readonly Namespace[];

/**
 * The namespaces client components translate with useTranslations, per audience (route group):
 * only these reach the browser, the rest stays on the server. tests/unit/i18n/catalogues.test.ts
 * fails when a client component uses a namespace that no audience lists, or one is listed that no
 * client component uses.
 */
export const CLIENT_NAMESPACES = {
  everyPage: EVERY_PAGE,
  driver: [...EVERY_PAGE, "account", "vouchers", "devices", "passkeys", "sessions", "duration"],
  map: [...EVERY_PAGE, "map"],
  public: [...EVERY_PAGE, "passkeys"],
  admin: [...EVERY_PAGE, "account", "vouchers", "passkeys", "staff", "moveCard", "sessions", "duration"],
} as const satisfies Record<string, readonly Namespace[]>;

export type Audience = keyof typeof CLIENT_NAMESPACES;

export function clientMessages(messages: Messages, audience: Audience): Partial<Messages> {
  return Object.fromEntries(CLIENT_NAMESPACES[audience].map((namespace) => [namespace, messages[namespace]]));
}
