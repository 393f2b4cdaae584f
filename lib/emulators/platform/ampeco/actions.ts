import { randomBytes } from "node:crypto";
import { z } from "zod";
import { empty, json, readJsonObject, validate } from "../http";
import type { Route, RouteContext } from "../router";
import { findUser } from "../routes/users";

/**
 * User actions of the real platform: status changes go through `change-status` (202; `status`
 * is not a PATCH field), and the GDPR export answers a download URL valid for 24 hours.
 */
const ChangeStatusSchema = z.object({
  status: z.enum(["enabled", "disabled"]),
  reason: z.string().trim().min(1).max(255),
});

const CHANGE_STATUS = /^\/public-api\/actions\/users\/v1\.0\/([^/]+)\/change-status$/;
const EXPORT = /^\/public-api\/actions\/users\/v2\.0\/([^/]+)\/export-all-private-data$/;

async function changeStatus({ request, params, state, now }: RouteContext) {
  const user = findUser(state, params[0]);
  const input = validate(ChangeStatusSchema, await readJsonObject(request));
  user.status = input.status;
  user.updatedAt = now.toISOString();
  return empty(202);
}

function exportPrivateData({ params, state, url }: RouteContext) {
  const user = findUser(state, params[0]);
  return json(200, { downloadUrl: `${url.origin}/exports/users/${user.id}/${randomBytes(12).toString("hex")}.zip` });
}

export const ampecoActionRoutes: Route[] = [
  { method: "POST", pattern: CHANGE_STATUS, handler: changeStatus },
  { method: "GET", pattern: EXPORT, handler: exportPrivateData },
];
