import "server-only";
import type { CheckTarget } from "./http";

/**
 * One call per operation that changes nothing: writes with a body the platform must refuse (422). A 403 instead means
 * the key lacks the right.
 */
export interface Probe {
  name: string;
  feature: string;
  method: "GET" | "POST" | "PATCH";
  /** null: not tried (no record to try it on, or the call is not free of effects). */
  path: string | null;
  skipped?: string;
  query?: Record<string, string>;
  body?: unknown;
  /** Statuses that show the key has the right. */
  withRights: number[];
}

export interface SampleIds {
  userId: number | null;
  tagId: number | null;
  chargePointId: number | null;
}

const R = "/public-api/resources";
const A = "/public-api/actions";
const READ = [200];
const REFUSED_BODY = [422];
const NO_USER = "the platform has no user to try it on";

function withId(id: number | null, path: (id: number) => string, missing: string): Pick<Probe, "path" | "skipped"> {
  return id === null ? { path: null, skipped: missing } : { path: path(id) };
}

/** The calls both dialects make the same way; `list` is the listing query of the dialect's paging. */
function sharedProbes(ids: SampleIds, list: Record<string, string>) {
  return {
    usersList: {
      name: "users.list",
      feature: "finding drivers by e-mail",
      method: "GET",
      path: `${R}/users/v1.1`,
      query: list,
      withRights: READ,
    },
    usersGet: {
      name: "users.get",
      feature: "the account page",
      method: "GET",
      ...withId(ids.userId, (id) => `${R}/users/v1.1/${id}`, NO_USER),
      withRights: READ,
    },
    usersCreate: {
      name: "users.create",
      feature: "sign-up and staff creating drivers",
      method: "POST",
      path: `${R}/users/v1.1`,
      body: {},
      withRights: REFUSED_BODY,
    },
    sessions: {
      name: "sessions.list",
      feature: "charging sessions",
      method: "GET",
      path: `${R}/sessions/v1.0`,
      query: list,
      withRights: READ,
    },
    locations: {
      name: "locations.list",
      feature: "own locations on the map",
      method: "GET",
      path: `${R}/locations/v2.0`,
      query: list,
      withRights: READ,
    },
    redeem: {
      name: "vouchers.redeem",
      feature: "vouchers",
      method: "POST",
      ...withId(ids.userId, (id) => `${A}/users/v2.0/${id}/redeem-voucher`, NO_USER),
      body: {},
      withRights: REFUSED_BODY,
    },
  } satisfies Record<string, Probe>;
}

function ampecoProbes(ids: SampleIds): Probe[] {
  const cursor = { cursor: "", per_page: "1" };
  const shared = sharedProbes(ids, cursor);
  return [
    shared.usersList,
    shared.usersGet,
    shared.usersCreate,
    {
      name: "users.update",
      feature: "profile, e-mail and app password changes",
      method: "PATCH",
      ...withId(ids.userId, (id) => `${R}/users/v1.1/${id}`, NO_USER),
      body: { email: "not an e-mail address" },
      withRights: REFUSED_BODY,
    },
    {
      name: "users.changeStatus",
      feature: "disabling a driver",
      method: "POST",
      ...withId(ids.userId, (id) => `${A}/users/v1.0/${id}/change-status`, NO_USER),
      body: {},
      withRights: REFUSED_BODY,
    },
    {
      name: "users.exportPrivateData",
      feature: "the driver's data export",
      method: "GET",
      path: null,
      skipped: "it would start an export; `--write` does not try it either",
      withRights: READ,
    },
    {
      name: "idTags.list",
      feature: "the cards page and card search",
      method: "GET",
      path: `${R}/id-tags/v2.0`,
      query: cursor,
      withRights: READ,
    },
    {
      name: "idTags.create",
      feature: "adding cards",
      method: "POST",
      path: `${R}/id-tags/v2.0`,
      body: {},
      withRights: REFUSED_BODY,
    },
    {
      name: "idTags.update",
      feature: "pausing, blocking, moving and claiming cards",
      method: "PATCH",
      ...withId(ids.tagId, (id) => `${R}/id-tags/v2.0/${id}`, "the platform has no id tag to try it on"),
      body: { status: "not-a-status" },
      withRights: REFUSED_BODY,
    },
    shared.sessions,
    shared.locations,
    {
      name: "chargePoints.list",
      feature: "the place of each session",
      method: "GET",
      path: `${R}/charge-points/v2.0`,
      query: cursor,
      withRights: READ,
    },
    {
      name: "chargePoints.evses",
      feature: "connectors and power of own locations",
      method: "GET",
      ...withId(
        ids.chargePointId,
        (id) => `${R}/charge-points/v2.0/${id}/evses`,
        "the platform has no charge point to try it on",
      ),
      query: { cursor: "", per_page: "1", "include[]": "connectors" },
      withRights: READ,
    },
    shared.redeem,
  ];
}

/** The contract's calls; its three unconfirmed paths are not tried (their overrides are the operator's). */
function specProbes(ids: SampleIds): Probe[] {
  const shared = sharedProbes(ids, { page: "1", per_page: "1" });
  return [shared.usersList, shared.usersGet, shared.usersCreate, shared.sessions, shared.locations, shared.redeem];
}

export function probesOf(target: CheckTarget, ids: SampleIds): Probe[] {
  return target.dialect === "ampeco" ? ampecoProbes(ids) : specProbes(ids);
}
