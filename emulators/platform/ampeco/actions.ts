import { z } from "zod";
import { empty, readJsonObject, validate } from "../http";
import type { Route, RouteContext } from "../router";
import { findUser } from "../user-records";

/**
 * User actions of the real platform: status changes go through `change-status` (202; `status`
 * is not a PATCH field). The GDPR export is in private-data-export.ts.
 */
const ChangeStatusSchema = z.object({
  status: z.enum(["enabled", "disabled"]),
  reason: z.string().trim().min(1).max(255),
});

const CHANGE_STATUS = /^\/public-api\/actions\/users\/v1\.0\/([^/]+)\/change-status$/;

async function changeStatus({ request, params, state, now }: RouteContext) {
  const user = findUser(state, params[0]);
  const input = validate(ChangeStatusSchema, await readJsonObject(request));
  user.status = input.status;
  user.updatedAt = now.toISOString();
  return empty(202);
}

export const ampecoActionRoutes: Route[] = [{ method: "POST", pattern: CHANGE_STATUS, handler: changeStatus }];
