"use server";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { sessions } from "@/lib/db/schema";
import { signOut } from "./index";
import { getViewer } from "./viewer";

export async function signOutHere(): Promise<void> {
  await signOut({ redirectTo: "/signin" });
}

/** Ends every session of this account (lost phone, shared computer), then this one. */
export async function signOutEverywhere(): Promise<void> {
  const viewer = await getViewer();
  if (viewer) {
    const db = await getDb();
    await db.delete(sessions).where(eq(sessions.userId, viewer.userId));
  }
  await signOut({ redirectTo: "/signin" });
}
