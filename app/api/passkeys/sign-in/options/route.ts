import { signInOptionsHandler } from "@/lib/features/passkeys/route-handlers";

/** POST /api/passkeys/sign-in/options → {challengeId, options} for a passkey sign-in (anyone). */
export const POST = signInOptionsHandler;
