import { NextResponse } from "next/server";
import { toBalanceView } from "@/components/account/balance-view";
import { AccessDeniedError, authorizeStaff } from "@/lib/auth/guards";
import { readDriverId } from "@/lib/admin/driver-id";
import { getPlatform } from "@/lib/platform";
import { isPlatformError, PlatformNotFoundError, PlatformRateLimitedError, PlatformUnavailableError } from "@/lib/platform/errors";
import { platformErrorMessage } from "@/lib/platform-errors-to-messages";

const NO_STORE = { "Cache-Control": "private, no-store" };

/**
 * GET /api/admin/users/{id}/balance → `{balance: BalanceView}`: a driver's balance for the admin
 * driver page's live update after a voucher. Staff only (401 signed out, 403 otherwise), no data
 * in a refusal; 400 for an id that is not a platform user id; 404 for an unknown driver.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  try {
    await authorizeStaff("support");
  } catch (error) {
    if (error instanceof AccessDeniedError) return NextResponse.json({ error: error.message }, { status: error.status, headers: NO_STORE });
    throw error;
  }
  const raw = (await params).id;
  const id = /^\d{1,10}$/.test(raw) ? readDriverId(raw) : null;
  if (id === null) {
    return NextResponse.json({ error: "A driver id is a whole number, like 1001." }, { status: 400, headers: NO_STORE });
  }
  try {
    const user = await getPlatform().users.getUser(id);
    return NextResponse.json({ balance: toBalanceView(user) }, { headers: NO_STORE });
  } catch (error) {
    if (error instanceof PlatformNotFoundError) return NextResponse.json({ error: "There is no driver with this id." }, { status: 404, headers: NO_STORE });
    if (error instanceof PlatformRateLimitedError) {
      const seconds = Math.max(1, Math.ceil(error.retryAfterSeconds ?? 30));
      return NextResponse.json({ error: `The charging service is busy. Try again in ${seconds} seconds.` }, { status: 429, headers: { ...NO_STORE, "Retry-After": String(seconds) } });
    }
    if (error instanceof PlatformUnavailableError) return NextResponse.json({ error: platformErrorMessage(error, "load the balance") }, { status: 503, headers: NO_STORE });
    console.error("[admin] balance read failed", isPlatformError(error) ? `platform error ${error.code}` : error instanceof Error ? error.name : "unknown");
    return NextResponse.json({ error: "The balance could not be loaded right now. Try again in a moment." }, { status: 502, headers: NO_STORE });
  }
}
