import { describe, expect, it } from "vitest";
import { refusedActionBody } from "@/lib/core/security/action-body";

/** A POST of `body` with the given headers, as middleware.ts hands it over. */
function post(body: string, headers: Record<string, string>) {
  return new Request("http://localhost:3000/account", { method: "POST", body, headers });
}

describe("refusedActionBody", () => {
  it("lets through what React sends", async () => {
    expect(await refusedActionBody(post("[]", { "content-type": "text/plain", "content-length": "2" }))).toBeNull();
  });

  it("refuses in plain words: another content type, no length, too large", async () => {
    expect(await refusedActionBody(post("{}", { "content-type": "application/json", "content-length": "2" }))).toEqual({
      status: 400,
      error: "This request is not a form of this portal.",
    });
    expect(await refusedActionBody(post("[]", { "content-type": "text/plain" }))).toEqual({
      status: 411,
      error: "A form post needs a Content-Length.",
    });
    expect(
      await refusedActionBody(post("[]", { "content-type": "text/plain", "content-length": String(1024 * 1024) })),
    ).toEqual({ status: 413, error: "This form is too large." });
  });

  it("answers in the language chosen with the switcher, else the browser's, else English", async () => {
    const notAForm = (headers: Record<string, string>) =>
      refusedActionBody(post("{}", { "content-type": "application/json", "content-length": "2", ...headers }));
    expect((await notAForm({ cookie: "a=b; portal-locale=de" }))?.error).toBe(
      "Diese Anfrage ist kein Formular dieses Portals.",
    );
    expect((await notAForm({ cookie: "portal-locale=nl", "accept-language": "de-DE" }))?.error).toBe(
      "Dit verzoek is geen formulier van dit portaal.",
    );
    expect((await notAForm({ cookie: "portal-locale=fr", "accept-language": "nl-BE,en;q=0.5" }))?.error).toBe(
      "Dit verzoek is geen formulier van dit portaal.",
    );
    expect((await notAForm({ "accept-language": "fr-FR" }))?.error).toBe("This request is not a form of this portal.");
  });
});
