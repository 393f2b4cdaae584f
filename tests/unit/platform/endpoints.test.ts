import { describe, expect, it } from "vitest";
import { buildEndpointTable } from "@/lib/platform/dialects/contract/endpoints";
import { PlatformConfigurationError } from "@/lib/platform/endpoint-table";
import { createPlatformClient } from "@/lib/platform/client";
import { UNCALLED_CLIENT, harness, listJson, reply } from "./fake-platform";

const card = {
  id: 3301,
  userId: 734519,
  code: "04A1B2C3",
  visualNumber: "NL-EVX-1",
  type: "rfid",
  status: "active",
  createdAt: "2026-01-01T00:00:00Z",
};

describe("endpoint table", () => {
  it("holds the contract's paths and marks only safe endpoints as idempotent", () => {
    const t = buildEndpointTable();
    expect(t["users.create"]).toEqual({ method: "POST", path: "/public-api/resources/users/v1.1", idempotent: false });
    expect(t["users.get"].path).toBe("/public-api/resources/users/v1.1/{id}");
    expect(t["users.changeEmail"]).toMatchObject({
      method: "PATCH",
      path: "/public-api/resources/users/v1.0/{id}/email",
    });
    expect(t["users.startPasswordReset"]).toMatchObject({
      method: "POST",
      path: "/public-api/resources/users/v1.0/{id}/password-reset",
      idempotent: false,
    });
    expect(t["tokens.update"]).toMatchObject({
      method: "PATCH",
      path: "/public-api/resources/tokens/v1.0/{id}",
      idempotent: true,
    });
    expect(t["vouchers.redeem"]).toMatchObject({
      method: "POST",
      path: "/public-api/actions/users/v2.0/{user}/redeem-voucher",
      idempotent: false,
    });
    expect(t["locations.get"].path).toBe("/public-api/resources/locations/v2.0/{id}");
    expect(t["sessions.list"].path).toBe("/public-api/resources/sessions/v1.0");
    for (const endpoint of Object.values(t)) if (endpoint.method === "GET") expect(endpoint.idempotent).toBe(true);
    for (const endpoint of Object.values(t)) if (endpoint.method === "POST") expect(endpoint.idempotent).toBe(false);
  });

  it("declares the 406 on redemption in each dialect's table, on a charging stop (ampeco), and on no other", () => {
    for (const dialect of ["contract", "ampeco"] as const) {
      const { endpoints } = createPlatformClient({ ...UNCALLED_CLIENT, dialect }).wire;
      const special = Object.entries(endpoints).filter(([, endpoint]) => endpoint?.statuses !== undefined);
      expect(special.sort(([a], [b]) => a.localeCompare(b))).toEqual([
        ...(dialect === "ampeco"
          ? [["charging.stop", expect.objectContaining({ statuses: { 406: "stop-rejected" } })]]
          : []),
        ["vouchers.redeem", expect.objectContaining({ statuses: { 406: "voucher-rejected" } })],
      ]);
    }
  });

  it("applies and validates the overrides of the three unconfirmed paths", () => {
    const t = buildEndpointTable({
      tokens: "/public-api/resources/id-tags/v2.0/",
      userEmail: "/public-api/resources/users/v1.1/{id}",
      passwordReset: "/x/{id}/reset",
    });
    expect(t["tokens.list"].path).toBe("/public-api/resources/id-tags/v2.0");
    expect(t["tokens.update"].path).toBe("/public-api/resources/id-tags/v2.0/{id}");
    expect(t["users.changeEmail"].path).toBe("/public-api/resources/users/v1.1/{id}");
    expect(t["users.startPasswordReset"].path).toBe("/x/{id}/reset");
  });

  it.each([
    [{ userEmail: "/public-api/resources/users/v1.0/email" }],
    [{ passwordReset: "/users/{user}/reset" }],
    [{ passwordReset: "/users/{id}/{id}/reset" }],
    [{ tokens: "/tokens/{id}" }],
    [{ tokens: "https://evil.example/tokens" }],
    [{ tokens: "//evil.example/tokens" }],
    [{ tokens: "/tokens?x=1" }],
    [{ userEmail: "/users/../{id}/email" }],
  ])("rejects the override %j", (overrides) => {
    expect(() => buildEndpointTable(overrides)).toThrow(PlatformConfigurationError);
    expect(() => createPlatformClient({ ...UNCALLED_CLIENT, pathOverrides: overrides })).toThrow(
      PlatformConfigurationError,
    );
  });

  it("uses an overridden token path for create, list and update", async () => {
    const h = harness(
      [reply({ data: card }, 201), reply(listJson([card], null)), reply({ data: { ...card, status: "blocked" } })],
      {
        pathOverrides: { tokens: "/public-api/resources/id-tags/v2.0" },
      },
    );
    await h.client.cards.createCard({ userId: 734519, code: "04a1 b2c3", visualNumber: "NL-EVX-1" });
    await h.client.cards.listCards({ userId: 734519 });
    const blocked = await h.client.cards.updateCardStatus(3301, "blocked");
    expect(blocked.status).toBe("blocked");
    expect(h.requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
      "POST /public-api/resources/id-tags/v2.0",
      "GET /public-api/resources/id-tags/v2.0",
      "PATCH /public-api/resources/id-tags/v2.0/3301",
    ]);
    expect(h.lines.map((l) => l.path)).toEqual([
      "/public-api/resources/id-tags/v2.0",
      "/public-api/resources/id-tags/v2.0",
      "/public-api/resources/id-tags/v2.0/{id}",
    ]);
  });

  it("uses overridden e-mail and password-reset paths", async () => {
    const h = harness([reply({ data: { id: 734519, email: "new@example.org" } }), { status: 204 }], {
      pathOverrides: { userEmail: "/alt/users/{id}/mail", passwordReset: "/alt/users/{id}/reset" },
    });
    await h.client.users.changeEmail(734519, "new@example.org");
    await h.client.users.startPasswordReset(734519);
    expect(h.requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
      "PATCH /alt/users/734519/mail",
      "POST /alt/users/734519/reset",
    ]);
    expect(h.requests[1]?.body).toEqual({});
  });

  it("keeps a path prefix of the base URL", async () => {
    const h = harness([reply({ data: { id: 1, email: "a@b.c" } })], { baseUrl: "https://gw.example.test/platform/" });
    await h.client.users.getUser(1);
    expect(h.requests[0]?.url.href).toBe("https://gw.example.test/platform/public-api/resources/users/v1.1/1");
  });
});
