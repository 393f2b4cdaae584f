import "server-only";
import { cookies, headers } from "next/headers";
import { cache } from "react";
import { getConfig } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import type { Role } from "./roles";
import { findSessionViewer } from "./session-lookup";
import { isSecureOrigin, sessionTokenFrom } from "./session-policy";

export interface Viewer {
  userId: string;
  email: string;
  name: string | null;
  role: Role;
  platformUserId: number | null;
}

/** The signed-in person for this request, read once per request (React cache). */
export const getViewer = cache(async (): Promise<Viewer | null> => {
  const [jar, requestHeaders] = await Promise.all([cookies(), headers()]);
  const token = sessionTokenFrom(jar, isSecureOrigin(getConfig().auth.url, requestHeaders.get("x-forwarded-proto")));
  if (!token) return null;
  return findSessionViewer(await getDb(), token);
});
