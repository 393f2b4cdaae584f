import type { Namespace } from "@/lib/core/i18n/client-namespaces";

/** The sign-in feature's browser-safe public module; its server half is its actions/ (it has no index.ts). */

/** The namespaces its client components translate with (components/layout/client-namespaces.ts sends them). */
export const CLIENT_NAMESPACES = ["signIn"] as const satisfies readonly Namespace[];
