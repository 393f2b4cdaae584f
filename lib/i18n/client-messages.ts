import "server-only";
import type { Messages } from "./catalogues";

/**
 * The namespaces client components translate with useTranslations: only these reach the browser
 * (the rest stays on the server). tests/unit/i18n/catalogues.test.ts fails when a client component
 * uses a namespace that is not listed, or one is listed that no client component uses.
 */
export const CLIENT_NAMESPACES = ["language"] as const satisfies readonly (keyof Messages)[];

export function clientMessages(messages: Messages): Pick<Messages, (typeof CLIENT_NAMESPACES)[number]> {
  return Object.fromEntries(CLIENT_NAMESPACES.map((namespace) => [namespace, messages[namespace]])) as Pick<
    Messages,
    (typeof CLIENT_NAMESPACES)[number]
  >;
}
