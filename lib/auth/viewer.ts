import "server-only";
import { cache } from "react";
import { auth } from "./index";
import type { Role } from "./roles";

export interface Viewer {
  userId: string;
  email: string;
  name: string | null;
  role: Role;
  platformUserId: number | null;
}

/** The signed-in person for this request, read once per request (React cache). */
export const getViewer = cache(async (): Promise<Viewer | null> => {
  const session = await auth();
  if (!session?.user?.id || !session.user.email) return null;
  return {
    userId: session.user.id,
    email: session.user.email,
    name: session.user.name ?? null,
    role: session.user.role,
    platformUserId: session.user.platformUserId,
  };
});
