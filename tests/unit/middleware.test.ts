import { NextRequest } from "next/server";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "@/lib/core/config";
import { middleware } from "@/middleware";

const globals = globalThis as { __driverPortalConfig?: unknown };
afterEach(() => {
  globals.__driverPortalConfig = undefined;
});

const passedOn = (response: Response) => response.headers.get("x-middleware-next") === "1";

/**
 * The first layer of protection denies by default: only the listed public paths reach a signed-out
 * visitor. A page or route handler added tomorrow is protected without anyone remembering to list it.
 */
describe("middleware: deny by default", () => {
  function signedOut(path: string, env: Record<string, string> = {}) {
    globals.__driverPortalConfig = loadConfig({ NODE_ENV: "test", ...env });
    return middleware(new NextRequest(`http://localhost:3000${path}`));
  }

  it("sends a signed-out visitor of any unlisted page to sign-in, with the way back", async () => {
    for (const path of ["/account", "/admin/users", "/sessions/12", "/account/email/confirm?token=x"]) {
      const response = await signedOut(path);
      expect(response.status, path).toBe(307);
      const location = new URL(response.headers.get("location")!);
      expect(location.pathname).toBe("/signin");
      expect(location.searchParams.get("callbackUrl")).toBe(path);
    }
  });

  it("lets an address that is no page through to the 404 page (tests/unit/page-routes.test.ts lists the pages)", async () => {
    for (const path of ["/no-such-page", "/account/nothing/here", "/sessions/12/more"]) {
      expect(passedOn(await signedOut(path)), path).toBe(true);
    }
  });

  it("answers 401 for any unlisted route handler", async () => {
    for (const path of ["/api/account/balance", "/api/sessions/export", "/api/a-handler-added-tomorrow"]) {
      const response = await signedOut(path);
      expect(response.status, path).toBe(401);
      expect(await response.json()).toEqual({ error: "Sign in to continue." });
    }
  });

  it("lets the public paths through", async () => {
    for (const path of [
      "/",
      "/signin",
      "/signup",
      "/check-your-email",
      "/account-not-linked",
      "/dev/mailbox",
      "/api/auth/session",
      "/api/health",
      "/api/health/live",
      "/api/health/ready",
      "/api/metrics",
      "/api/emulator/__emulator/state",
      "/icon.svg",
    ]) {
      expect(passedOn(await signedOut(path)), path).toBe(true);
    }
  });

  it("opens the map to signed-out visitors unless MAP_PUBLIC=false (issue 36)", async () => {
    expect(passedOn(await signedOut("/map"))).toBe(true);
    expect(passedOn(await signedOut("/api/map/points"))).toBe(true);
    expect((await signedOut("/map", { MAP_PUBLIC: "false" })).status).toBe(307);
    expect((await signedOut("/api/map/points", { MAP_PUBLIC: "false" })).status).toBe(401);
  });
});

describe("middleware: server-action bodies", () => {
  const SIGNED_IN = { origin: "http://localhost:3000", cookie: "authjs.session-token=abc", "next-action": "x" };

  function post(body: BodyInit | null, headers: Record<string, string>, path = "/account") {
    globals.__driverPortalConfig = loadConfig({ NODE_ENV: "test" });
    return middleware(
      new NextRequest(`http://localhost:3000${path}`, { method: "POST", body, headers: { ...SIGNED_IN, ...headers } }),
    );
  }
  const multipart = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    const request = new Request("http://x", { method: "POST", body: form });
    return request;
  };
  async function postForm(fields: Record<string, string>) {
    const encoded = multipart(fields);
    const body = await encoded.arrayBuffer();
    return post(body, {
      "content-type": encoded.headers.get("content-type")!,
      "content-length": String(body.byteLength),
    });
  }

  it("passes what React sends: a form, or the arguments as JSON text for an action that reads no form", async () => {
    expect(passedOn(await postForm({ "0": '["$K1"]', "1_email": "driver@example.com" }))).toBe(true);
    expect(passedOn(await postForm({ $ACTION_ID_abc: "", email: "driver@example.com" }))).toBe(true);
    expect(
      passedOn(
        await post('[{"status":"idle"}]', { "content-type": "text/plain;charset=UTF-8", "content-length": "19" }),
      ),
    ).toBe(true);
  });

  it("answers 400 for another content type or arguments that are not JSON", async () => {
    expect((await post("{}", { "content-type": "application/json", "content-length": "2" })).status).toBe(400);
    expect(
      (await post("not json[", { "content-type": "text/plain;charset=UTF-8", "content-length": "9" })).status,
    ).toBe(400);
    expect((await postForm({ "0": "not json[" })).status).toBe(400);
  });

  it("answers 411 without a length and 413 over the limit", async () => {
    expect((await post("[]", { "content-type": "text/plain" })).status).toBe(411);
    expect((await post("[]", { "content-type": "text/plain", "content-length": String(1024 * 1024) })).status).toBe(
      413,
    );
  });

  it("sends a signed-out post to a private page to sign-in first, like any other request for it", async () => {
    globals.__driverPortalConfig = loadConfig({ NODE_ENV: "test" });
    const response = await middleware(
      new NextRequest("http://localhost:3000/admin/users", {
        method: "POST",
        headers: { origin: "http://localhost:3000", "content-type": "application/json" },
      }),
    );
    expect(response.status).toBe(307);
  });
});

describe("middleware: demo mode answers only at a loopback name (issue 22, L4: DNS rebinding)", () => {
  function at(host: string, path: string, env: Record<string, string>, extra: Record<string, string> = {}) {
    globals.__driverPortalConfig = loadConfig({ NODE_ENV: "test", ...env });
    return middleware(new NextRequest(`http://${host}${path}`, { headers: { host, ...extra } }));
  }
  const DEMO = {};
  const PRODUCTION_PLATFORM = {
    PLATFORM_BASE_URL: "https://platform.example",
    PLATFORM_API_KEY: "k",
    AUTH_SECRET: "a-long-random-secret-for-the-middleware-test",
    SMTP_URL: "smtp://mail.example:25",
  };

  it("refuses any other Host, on the mailbox, the emulator bridge and every page, with the security headers", async () => {
    for (const host of ["evil.example:3000", "evil.example", "127.0.0.2:3000", "localhost.evil.example", "[::2]:3000"])
      for (const path of ["/dev/mailbox", "/api/emulator/__emulator/state", "/signin", "/"]) {
        const response = await at(host, path, DEMO);
        expect(response.status, `${host}${path}`).toBe(403);
        expect(await response.json()).toEqual({ error: "This demo answers only at localhost, 127.0.0.1 or [::1]." });
        expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      }
  });

  it("lets localhost, 127.0.0.1 and [::1] through on any port", async () => {
    for (const host of ["localhost", "localhost:3100", "LOCALHOST:80", "127.0.0.1:3000", "[::1]", "[::1]:3101"])
      expect(passedOn(await at(host, "/dev/mailbox", DEMO)), host).toBe(true);
  });

  it("refuses a foreign X-Forwarded-Host too", async () => {
    const response = await at("localhost:3000", "/dev/mailbox", DEMO, { "x-forwarded-host": "evil.example" });
    expect(response.status).toBe(403);
  });

  it("outside demo mode the host is Auth.js's and the proxy's business: any Host passes", async () => {
    expect(passedOn(await at("portal.example", "/signin", PRODUCTION_PLATFORM))).toBe(true);
  });
});

describe("middleware: the platform's callbacks (issue 27)", () => {
  it("reach their handler signed out and without an Origin (the signature is checked there); nothing else does", async () => {
    globals.__driverPortalConfig = loadConfig({ NODE_ENV: "test" });
    const post = (path: string) =>
      middleware(
        new NextRequest(`http://localhost:3000${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-signature": "00" },
          body: "{}",
        }),
      );
    expect(passedOn(await post("/api/platform/callbacks"))).toBe(true);
    expect((await post("/api/platform/callbacksx")).status).toBe(403);
    expect((await post("/api/live")).status).toBe(403);
  });
});

describe("middleware: router prefetches are not left out (issue 22, L2)", () => {
  it("the matcher skips only static files, whatever the headers say", async () => {
    const { config } = await import("@/middleware");
    expect(config.matcher).toEqual(["/((?!_next/static|_next/image|favicon.ico).*)"]);
  });

  it("a prefetch header changes nothing: a post without Origin gets 403", async () => {
    globals.__driverPortalConfig = loadConfig({ NODE_ENV: "test" });
    const response = await middleware(
      new NextRequest("http://localhost:3000/signin", {
        method: "POST",
        headers: {
          "next-router-prefetch": "1",
          "next-action": "x",
          "content-type": "text/plain",
          "content-length": "2",
        },
        body: "[]",
      }),
    );
    expect(response.status).toBe(403);
  });
});
