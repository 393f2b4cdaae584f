import type { Namespace } from "@/lib/core/i18n/client-namespaces";

/** The billing feature's browser-safe public module; index.ts is its server half. */

/** The namespaces its client components translate with (components/layout/client-namespaces.ts sends them). */
export const CLIENT_NAMESPACES = ["billing"] as const satisfies readonly Namespace[];
