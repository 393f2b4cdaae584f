import { describe, expect, it } from "vitest";
import { createPlatformEmulator, DEMO_DRIVER_ID } from "@/emulators/platform";
import { ampecoEmulatorForSuite, startAmpecoEmulator } from "./harness";

const CLIENT = { clientId: "portal-client", clientSecret: "portal-secret-value" };
const USER = `/public-api/resources/users/v1.1/${DEMO_DRIVER_ID}`;

const emu = ampecoEmulatorForSuite({ oauthClient: CLIENT, oauthTokenTtlSeconds: 120 });

async function token(body: string, headers: Record<string, string>) {
  const res = await fetch(`${emu.url}/public-api/oauth/token`, { method: "POST", headers, body });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe("OAuth2 client credentials in the ampeco dialect", () => {
  it("issues a bearer token for the client (form body, JSON body or HTTP Basic) that works until it is expired", async () => {
    const form = await token(
      new URLSearchParams({
        grant_type: "client_credentials",
        client_id: CLIENT.clientId,
        client_secret: CLIENT.clientSecret,
      }).toString(),
      {
        "content-type": "application/x-www-form-urlencoded",
      },
    );
    expect(form.status).toBe(200);
    expect(form.body).toMatchObject({ token_type: "Bearer", expires_in: 120 });
    const accessToken = form.body.access_token as string;
    expect((await emu.call("GET", USER, { key: accessToken })).status).toBe(200);

    const json = await token(
      JSON.stringify({
        grant_type: "client_credentials",
        ...{ client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret },
      }),
      { "content-type": "application/json" },
    );
    expect(json.status).toBe(200);
    const basic = await token("grant_type=client_credentials", {
      "content-type": "application/x-www-form-urlencoded",
      authorization: `Basic ${Buffer.from(`${CLIENT.clientId}:${CLIENT.clientSecret}`).toString("base64")}`,
    });
    expect(basic.status).toBe(200);
    expect((await emu.call("GET", "/__emulator/state")).body.oauthTokensIssued).toBe(3);

    expect((await emu.call("POST", "/__emulator/oauth/expire")).status).toBe(204);
    const expired = await emu.call("GET", USER, { key: accessToken });
    expect(expired.status).toBe(401);
  });

  it("refuses a wrong secret (401 invalid_client) and another grant (400 unsupported_grant_type)", async () => {
    const wrong = await token(`grant_type=client_credentials&client_id=${CLIENT.clientId}&client_secret=nope`, {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(wrong).toEqual({
      status: 401,
      body: { error: "invalid_client", error_description: "Client authentication failed" },
    });
    const password = await token(
      `grant_type=password&client_id=${CLIENT.clientId}&client_secret=${CLIENT.clientSecret}`,
      { "content-type": "application/x-www-form-urlencoded" },
    );
    expect(password.status).toBe(400);
    expect(password.body.error).toBe("unsupported_grant_type");
  });

  it("has no token endpoint without a configured client, and refuses a client in the contract dialect", async () => {
    const plain = await startAmpecoEmulator();
    try {
      const res = await fetch(`${plain.url}/public-api/oauth/token`, {
        method: "POST",
        body: "grant_type=client_credentials",
      });
      expect(res.status).toBe(401);
    } finally {
      await plain.close();
    }
    expect(() => createPlatformEmulator({ apiKey: "a", readOnlyKey: "b", oauthClient: CLIENT })).toThrow(/ampeco/);
  });
});
