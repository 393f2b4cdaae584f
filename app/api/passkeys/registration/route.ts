import { registrationHandler } from "@/lib/features/passkeys/route-handlers";

/** POST /api/passkeys/registration {challengeId, response, name?} → {name}: the passkey is stored. */
export const POST = registrationHandler;
