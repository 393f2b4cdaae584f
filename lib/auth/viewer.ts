import "server-only";
import { cookies } from "next/headers";
import { cache } from "react";
import { getDb } from "@/lib/db/client";
import type { Role } from "./roles";
import { findSessionViewer } from "./session-lookup";
import { sessionTokenFrom } from "./session-policy";

export interface Viewer {
  userId: string;
  email: string;
  name: string | null;
  role: Role;
  platformUserId: number | null;
}

/** The signed-in person for this request, read once per request (React cache). */
export const getViewer = cache(async (): Promise<Viewer | null> => {
  const token = sessionTokenFrom(await cookies());
  if (!token) return null;
  return findSessionViewer(await getDb(), token);
});
