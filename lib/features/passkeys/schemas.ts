import { z } from "zod";
import { requiredText } from "@/lib/core/text-schema";

/** What the passkey forms and the four /api/passkeys endpoints accept (the browser's WebAuthn answers shaped only). */

export const PASSKEY_NAME_MAX = 60;

export const PasskeyId = z
  .string({ error: "passkeys.errors.notFound" })
  .regex(/^[A-Za-z0-9_-]{1,1400}$/, "passkeys.errors.notFound");

export const RenameInput = z.object({
  id: PasskeyId,
  name: requiredText(PASSKEY_NAME_MAX, {
    required: "passkeys.errors.nameRequired",
    tooLong: "passkeys.errors.nameTooLong",
  }),
});
export const RemoveInput = z.object({ id: PasskeyId });

const base64url = z
  .string()
  .regex(/^[A-Za-z0-9_-]*$/)
  .max(4096);
export const ChallengeId = z.string().regex(/^[A-Za-z0-9_-]{32}$/);

export const RegistrationAnswer = z.object({
  challengeId: ChallengeId,
  name: z.string().trim().max(200).optional(),
  response: z.object({
    id: base64url,
    rawId: base64url,
    type: z.literal("public-key"),
    response: z
      .object({
        clientDataJSON: base64url,
        attestationObject: base64url,
        transports: z.array(z.string().max(20)).max(10).optional(),
      })
      .passthrough(),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.string().max(40).optional(),
  }),
});

export const SignInAnswer = z.object({
  challengeId: ChallengeId,
  callbackUrl: z.string().max(2000).optional(),
  response: z.object({
    id: base64url,
    rawId: base64url,
    type: z.literal("public-key"),
    response: z.object({
      clientDataJSON: base64url,
      authenticatorData: base64url,
      signature: base64url,
      userHandle: z.string().max(200).optional(),
    }),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.string().max(40).optional(),
  }),
});
