import { randomBytes, timingSafeEqual } from "node:crypto";
import { json } from "../http";
import type { TokenIssuerControl } from "../router";

/**
 * OAuth2 client credentials (`POST /public-api/oauth/token`), present only when the emulator is
 * given a client. Issued tokens are bearer tokens with full access until they expire; the control
 * API can expire them all at once, so a client's refetch-on-401 can be tested. OAuth errors use
 * `{error, error_description}`, not the API's `{message}`.
 */
export const OAUTH_TOKEN_PATH = "/public-api/oauth/token";

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
}

const same = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

const oauthError = (status: number, error: string, description: string) =>
  json(status, { error, error_description: description }, { "cache-control": "no-store" });

async function readParams(request: Request): Promise<Record<string, string>> {
  const text = await request.text();
  const type = request.headers.get("content-type") ?? "";
  if (/json/i.test(type)) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
        return Object.fromEntries(Object.entries(parsed).filter(([, v]) => typeof v === "string")) as Record<
          string,
          string
        >;
      }
    } catch {
      // falls through to "no parameters"
    }
    return {};
  }
  return Object.fromEntries(new URLSearchParams(text));
}

function basicCredentials(request: Request): { id: string; secret: string } | null {
  const match = /^Basic\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "");
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return colon < 0
    ? null
    : { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
}

export class OAuthIssuer implements TokenIssuerControl {
  private tokens = new Map<string, number>();
  /** How many tokens were handed out since the last reset (tests count refetches with it). */
  issued = 0;

  constructor(
    private client: OAuthClient,
    private ttlSeconds: () => number,
    private now: () => Date,
  ) {}

  async handleTokenRequest(request: Request): Promise<Response> {
    if (request.method !== "POST")
      return json(405, {
        message: `The ${request.method} method is not supported for route public-api/oauth/token. Supported methods: POST.`,
      });
    const params = await readParams(request);
    if (params.grant_type !== "client_credentials") {
      return oauthError(
        400,
        "unsupported_grant_type",
        "The authorization grant type is not supported by the authorization server.",
      );
    }
    const basic = basicCredentials(request);
    const id = basic?.id ?? params.client_id ?? "";
    const secret = basic?.secret ?? params.client_secret ?? "";
    if (!same(id, this.client.clientId) || !same(secret, this.client.clientSecret)) {
      return oauthError(401, "invalid_client", "Client authentication failed");
    }
    const token = randomBytes(24).toString("base64url");
    const ttlSeconds = this.ttlSeconds();
    this.tokens.set(token, this.now().getTime() + ttlSeconds * 1000);
    this.issued += 1;
    return json(
      200,
      { token_type: "Bearer", expires_in: ttlSeconds, access_token: token },
      { "cache-control": "no-store" },
    );
  }

  isValid(token: string): boolean {
    const expiresAt = this.tokens.get(token);
    return expiresAt !== undefined && expiresAt > this.now().getTime();
  }

  expireAll(): void {
    this.tokens.clear();
  }

  reset(): void {
    this.tokens.clear();
    this.issued = 0;
  }
}
