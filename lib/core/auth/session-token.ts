import "server-only";
import { cookies, headers } from "next/headers";
import { cache } from "react";
import { getConfig } from "@/lib/core/config";
import { isSecureOrigin, sessionTokenFrom } from "./session-policy";

/** The session token this request carries (Auth.js's cookie for the origin), read once per request. */
export const currentSessionToken = cache(async (): Promise<string | null> => {
  const [jar, requestHeaders] = await Promise.all([cookies(), headers()]);
  return sessionTokenFrom(jar, isSecureOrigin(getConfig().auth.url, requestHeaders.get("x-forwarded-proto")));
});
