import type { Role } from "./roles";

/** The signed-in person as every guard, action and page sees them. */
export interface Viewer {
  userId: string;
  email: string;
  name: string | null;
  role: Role;
  platformUserId: number | null;
  /** How this session was established; absent means an e-mail link (older sessions, tests). */
  signInMethod?: "email" | "passkey";
}
