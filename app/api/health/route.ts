import { NextResponse } from "next/server";
import { getConfig } from "@/lib/config";
import { getDb } from "@/lib/db/client";

/** Liveness plus the two things that must work before anything else: config and database. */
export async function GET() {
  try {
    const config = getConfig();
    await getDb();
    return NextResponse.json({ status: "ok", demoMode: config.demoMode }, { headers: { "cache-control": "no-store" } });
  } catch (error) {
    console.error("[health] not ready", error instanceof Error ? error.message : error);
    return NextResponse.json({ status: "unavailable" }, { status: 503, headers: { "cache-control": "no-store" } });
  }
}
