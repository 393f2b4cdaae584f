import "server-only";
import { cache } from "react";
import { getDb } from "@/lib/core/db/client";
import { findSessionViewer } from "./session-lookup";
import { currentSessionToken } from "./session-token";
import type { Viewer } from "./viewer-identity";

export type { Viewer } from "./viewer-identity";

/** The signed-in person for this request, read once per request (React cache). */
export const getViewer = cache(async (): Promise<Viewer | null> => {
  const token = await currentSessionToken();
  if (!token) return null;
  return findSessionViewer(await getDb(), token);
});
