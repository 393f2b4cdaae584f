import "server-only";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/types";
import { z } from "zod";
import { getConfig } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { consumeRateLimit, RATE_LIMITS } from "@/lib/rate-limit";
import { anyone, signedInAccount } from "@/lib/route-handlers/access";
import { readJsonBody } from "@/lib/route-handlers/json-body";
import { RouteError } from "@/lib/route-handlers/route-error";
import { jsonError, PRIVATE_NO_STORE, routeHandler } from "@/lib/route-handlers/route-handler";
import { portalAdapter } from "../adapter";
import { deviceLabel, deviceNameFrom } from "../device-name";
import { clientAddress } from "../client-address";
import { AccessDeniedError } from "../guards";
import { safeReturnPath } from "../return-path";
import { isStaff } from "../roles";
import { isSecureOrigin, sessionCookieName } from "../session-policy";
import { PasskeyError } from "./errors";
import { notifyPasskeyChange } from "./notices";
import { finishPasskeyRegistration, startPasskeyRegistration } from "./registration";
import { relyingParty } from "./relying-party";
import { createPasskeySession, startPasskeySignIn, verifyPasskeySignIn } from "./sign-in";

/**
 * The four passkey endpoints under /api/passkeys: options and answer for adding a passkey (signed
 * in), options and answer for signing in (anyone). The browser's WebAuthn answers are only shaped
 * here (zod); their cryptography is checked by SimpleWebAuthn in registration.ts and sign-in.ts.
 */

const base64url = z
  .string()
  .regex(/^[A-Za-z0-9_-]*$/)
  .max(4096);
const ChallengeId = z.string().regex(/^[A-Za-z0-9_-]{32}$/);

const RegistrationAnswer = z.object({
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

const SignInAnswer = z.object({
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

const UNREADABLE = "This passkey answer could not be read. Please try again.";

/** PasskeyError → the 4xx the person reads; everything else goes to the helper's status table. */
async function asRouteAnswer<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof PasskeyError)
      throw error.status === 403 ? new AccessDeniedError(403, error.message) : new RouteError(400, error.message);
    throw error;
  }
}

const json = (body: unknown) => Response.json(body, { headers: PRIVATE_NO_STORE });

export const registrationOptionsHandler = routeHandler({
  scope: "passkeys",
  words: { doing: "prepare a new passkey" },
  access: signedInAccount,
  run: async ({ actor }) =>
    json(await asRouteAnswer(async () => startPasskeyRegistration(await getDb(), actor, await relyingParty()))),
});

export const registrationHandler = routeHandler({
  scope: "passkeys",
  words: { doing: "add your passkey" },
  access: signedInAccount,
  async run({ request, actor }) {
    const answer = await readJsonBody(request, RegistrationAnswer, UNREADABLE);
    const name = answer.name || deviceLabel(deviceNameFrom(request.headers.get("user-agent")));
    const rp = await relyingParty();
    const stored = await asRouteAnswer(async () =>
      finishPasskeyRegistration(await getDb(), actor, rp, {
        challengeId: answer.challengeId,
        response: answer.response as RegistrationResponseJSON,
        name,
      }),
    );
    await notifyPasskeyChange(actor.email, "added", stored, rp.origin);
    return json({ name: stored });
  },
});

/** Signed-out callers each store a challenge: limited per client address, like the sign-in mail. */
async function refusalOverLimit(): Promise<Response | null> {
  const limit = await consumeRateLimit("passkey-sign-in", await clientAddress(), RATE_LIMITS.passkeySignInPerClient);
  if (limit.allowed) return null;
  const wait = String(limit.retryAfterSeconds);
  return jsonError(429, `Too many passkey sign-ins from here just now. Try again in ${wait} seconds.`, {
    "retry-after": wait,
  });
}

export const signInOptionsHandler = routeHandler({
  scope: "passkeys",
  words: { doing: "start a passkey sign-in" },
  access: anyone,
  async run() {
    return (await refusalOverLimit()) ?? json(await startPasskeySignIn(await getDb(), await relyingParty()));
  },
});

export const signInHandler = routeHandler({
  scope: "passkeys",
  words: { doing: "sign you in with your passkey" },
  access: anyone,
  async run({ request }) {
    const answer = await readJsonBody(request, SignInAnswer, UNREADABLE);
    const db = await getDb();
    const rp = await relyingParty();
    const account = await asRouteAnswer(() =>
      verifyPasskeySignIn(db, rp, {
        challengeId: answer.challengeId,
        response: answer.response as AuthenticationResponseJSON,
      }),
    );
    const adapter = portalAdapter(db, async () => ({
      userAgent: request.headers.get("user-agent"),
      origin: rp.origin,
    }));
    const session = await createPasskeySession(db, account.userId, (s) => adapter.createSession!(s));
    const home = isStaff(account.role) ? "/admin" : "/account";
    const redirectTo = answer.callbackUrl ? safeReturnPath(answer.callbackUrl, home) : home;
    const response = json({ redirectTo });
    // Named as the viewer lookup reads it (session-token.ts): AUTH_URL, else the forwarded protocol.
    const secure = isSecureOrigin(getConfig().auth.url, request.headers.get("x-forwarded-proto"));
    response.headers.append("set-cookie", sessionCookie(session.sessionToken, session.expires, secure));
    return response;
  },
});

/** Auth.js's own session cookie, so its sign-out and the viewer lookup treat this session like any other. */
function sessionCookie(token: string, expires: Date, secure: boolean): string {
  const parts = [
    `${sessionCookieName(secure)}=${token}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Expires=${expires.toUTCString()}`,
  ];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}
