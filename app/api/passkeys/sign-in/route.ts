import { signInHandler } from "@/lib/features/passkeys/route-handlers";

/** POST /api/passkeys/sign-in {challengeId, response, callbackUrl?} → {redirectTo} and the session cookie. */
export const POST = signInHandler;
