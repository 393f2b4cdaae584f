import { NextResponse } from "next/server";
import { toBalanceView } from "@/components/account/balance-view";
import { AccessDeniedError, authorizeDriver } from "@/lib/auth/guards";
import { getPlatform } from "@/lib/platform";
import { isPlatformError, PlatformNotFoundError, PlatformRateLimitedError, PlatformUnavailableError } from "@/lib/platform/errors";
import { platformErrorMessage } from "@/lib/platform-errors-to-messages";

const NO_STORE = { "Cache-Control": "no-store" };

/** The signed-in driver's balance as the portal's own view, for live updates (after a voucher). */
export async function GET(): Promise<Response> {
  let viewer;
  try {
    viewer = await authorizeDriver();
  } catch (error) {
    if (error instanceof AccessDeniedError) return NextResponse.json({ error: error.message }, { status: error.status, headers: NO_STORE });
    throw error;
  }
  try {
    const user = await getPlatform().users.getUser(viewer.platformUserId);
    return NextResponse.json({ balance: toBalanceView(user) }, { headers: NO_STORE });
  } catch (error) {
    // The linked platform user is gone: the driver's problem to raise with support, not a gateway failure.
    if (error instanceof PlatformNotFoundError) {
      return NextResponse.json({ error: "We could not find your charging account. Please contact support." }, { status: 404, headers: NO_STORE });
    }
    const message = platformErrorMessage(error, "load your balance");
    if (error instanceof PlatformRateLimitedError) {
      return NextResponse.json({ error: message }, { status: 429, headers: { ...NO_STORE, "Retry-After": String(error.retryAfterSeconds ?? 30) } });
    }
    if (!(error instanceof PlatformUnavailableError)) {
      console.error("[balance] read failed", isPlatformError(error) ? error.message : error instanceof Error ? error.name : "unknown");
    }
    return NextResponse.json({ error: message }, { status: error instanceof PlatformUnavailableError ? 503 : 502, headers: NO_STORE });
  }
}
