import "server-only";
import type { KnownEndpointName } from "@/lib/platform/client";
import type { Probe } from "../probe";
import { CARD_PROBES } from "./cards";
import { CHARGING_PROBES } from "./charging";
import { LOCATION_PROBES } from "./locations";
import { MONEY_PROBES } from "./money";
import { NOTIFICATION_PROBES } from "./notifications";
import { SESSION_PROBES } from "./sessions";
import { TENANT_PROBES } from "./tenant";
import { USER_PROBES } from "./users";

/**
 * Every probe, in the order they run (a list probe finds the ids later reads use); how to add one:
 * docs/design-notes.md#libfeaturesplatform-check. */
export const PROBES: readonly Probe[] = [
  ...USER_PROBES,
  ...CARD_PROBES,
  ...SESSION_PROBES,
  ...LOCATION_PROBES,
  ...CHARGING_PROBES,
  ...MONEY_PROBES,
  ...NOTIFICATION_PROBES,
  ...TENANT_PROBES,
];

/** The probes of the calls in `endpoints` (the dialect's table), in order, and the calls that have none. */
export function probesFor(endpoints: readonly KnownEndpointName[]): {
  probes: Probe[];
  unprobed: KnownEndpointName[];
} {
  const probes = PROBES.filter((probe) => endpoints.includes(probe.endpoint));
  const unprobed = endpoints.filter((endpoint) => !PROBES.some((probe) => probe.endpoint === endpoint));
  return { probes, unprobed };
}
