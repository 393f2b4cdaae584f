import { registrationOptionsHandler } from "@/lib/features/passkeys/route-handlers";

/** POST /api/passkeys/registration/options → {challengeId, options} for adding a passkey (signed in). */
export const POST = registrationOptionsHandler;
