import type { Messages } from "./catalogues";

/** A namespace of the catalogue. */
export type Namespace = keyof Messages;

/**
 * Shared UI (dialogs, pager, form summary) and the route error boundaries: on every page. Each feature names its own
 * client namespaces in its shared.ts; components/layout/client-namespaces.ts composes them per audience.
 */
export const EVERY_PAGE = ["ui", "routeErrors"] as const satisfies readonly Namespace[];
