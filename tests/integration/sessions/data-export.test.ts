import { unzipSync, strFromU8 } from "fflate";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createDataExportHandler } from "@/lib/features/accounts/data-export-route";
import { AccessDeniedError } from "@/lib/core/auth/guards";
import { auditLog, cardStatusChanges, users } from "@/lib/core/db/schema";
import { DEMO_DRIVER_EMAIL, SECOND_DRIVER_EMAIL } from "@/emulators/platform";
import { DEMO_DRIVER_ID, SECOND_DRIVER_ID, sessionsHarnessForSuite, START } from "./harness";

const h = sessionsHarnessForSuite();
type Caller = { ok: true; userId: string; platformUserId: number; email: string } | { ok: false; status: 401 };
const DEMO = { ok: true, userId: "u-demo", platformUserId: DEMO_DRIVER_ID, email: DEMO_DRIVER_EMAIL } as const;
let caller: Caller = DEMO;

const download = (qs = "") =>
  createDataExportHandler({
    authorize: async () => {
      if (!caller.ok) throw new AccessDeniedError(caller.status);
      return { ...caller, name: null, role: "driver" };
    },
    exportDeps: () => ({ ...h.deps, platform: h.client }),
  })(new Request(`http://localhost/api/account/data-export${qs}`));

async function archive(response: Response): Promise<Record<string, string>> {
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

beforeAll(async () => {
  await h.opened.db.insert(users).values([
    { id: "u-demo", email: DEMO_DRIVER_EMAIL, role: "driver", platformUserId: DEMO_DRIVER_ID },
    { id: "u-second", email: SECOND_DRIVER_EMAIL, role: "driver", platformUserId: SECOND_DRIVER_ID },
  ]);
  await h.opened.db.insert(auditLog).values([
    {
      actorEmail: "support@example.com",
      action: "card.block",
      targetPlatformUserId: DEMO_DRIVER_ID,
      outcome: "success",
    },
    {
      actorEmail: "support@example.com",
      action: "driver.profile.update",
      targetPlatformUserId: SECOND_DRIVER_ID,
      outcome: "success",
      details: { email: SECOND_DRIVER_EMAIL },
    },
    // The demo driver also works in support: their work on another driver is not their data.
    {
      actorUserId: "u-demo",
      actorEmail: DEMO_DRIVER_EMAIL,
      action: "driver.email.change",
      targetPlatformUserId: SECOND_DRIVER_ID,
      outcome: "success",
      details: { from: SECOND_DRIVER_EMAIL, to: "new.second@example.com" },
    },
    // A move names the other driver in its details.
    {
      actorEmail: "support@example.com",
      action: "card.move.link",
      targetPlatformUserId: DEMO_DRIVER_ID,
      targetCard: "card 2001",
      outcome: "success",
      details: { sourceUserId: SECOND_DRIVER_ID, sourceEmail: SECOND_DRIVER_EMAIL },
    },
  ]);
  await h.opened.db.insert(cardStatusChanges).values([
    { cardId: 2001, platformUserId: DEMO_DRIVER_ID, status: "inactive", byRole: "driver" },
    {
      cardId: 2002,
      platformUserId: DEMO_DRIVER_ID,
      status: "blocked",
      byRole: "support",
      byStaffEmail: "agent@example.com",
    },
    { cardId: 2003, platformUserId: SECOND_DRIVER_ID, status: "inactive", byRole: "driver" },
  ]);
});
beforeEach(() => {
  h.clock.ms = START;
  caller = DEMO;
});

describe("GET /api/account/data-export", () => {
  it("refuses a signed-out caller", async () => {
    caller = { ok: false, status: 401 };
    expect((await download()).status).toBe(401);
  });

  it("streams a ZIP of the driver's own data, with a README naming every file", async () => {
    const response = await download("?userId=" + SECOND_DRIVER_ID);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(
      /attachment; filename="driver-portal-data-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    const files = await archive(response);
    const names = Object.keys(files).sort();
    expect(names).toEqual(
      [
        "README.txt",
        "export.json",
        "platform/cards.json",
        "platform/profile.json",
        "platform/sessions.json",
        "portal/account.json",
        "portal/audit.json",
        "portal/card-status.json",
        "portal/devices.json",
      ].sort(),
    );
    for (const name of names) if (name !== "README.txt") expect(files["README.txt"]).toContain(name);

    expect(JSON.parse(files["platform/profile.json"]!)).toMatchObject({ id: DEMO_DRIVER_ID, email: DEMO_DRIVER_EMAIL });
    const sessions = JSON.parse(files["platform/sessions.json"]!) as { id: string }[];
    const platformIds = (await h.platformSessions(DEMO_DRIVER_ID)).map((s) => s.id).sort();
    expect(sessions.map((s) => s.id).sort()).toEqual(platformIds);
    expect(platformIds.length).toBeGreaterThan(0);
    const cards = JSON.parse(files["platform/cards.json"]!) as { userId: number }[];
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.every((card) => card.userId === DEMO_DRIVER_ID)).toBe(true);
    expect(JSON.parse(files["portal/audit.json"]!)).toEqual([
      expect.objectContaining({ action: "card.block", by: "support", outcome: "success" }),
      expect.objectContaining({ action: "card.move.link", by: "support", card: "card 2001" }),
    ]);
    expect(JSON.parse(files["portal/card-status.json"]!)).toEqual([
      expect.objectContaining({ cardId: 2001, status: "inactive", by: "driver" }),
      expect.objectContaining({ cardId: 2002, status: "blocked", by: "support" }),
    ]);
    expect(files["portal/card-status.json"]).not.toContain("agent@example.com");
    expect(JSON.parse(files["portal/account.json"]!)).toMatchObject({ email: DEMO_DRIVER_EMAIL, role: "driver" });

    // Nothing of the other driver, whatever the URL asked for.
    const whole = Object.values(files).join("\n");
    expect(whole).not.toContain(SECOND_DRIVER_EMAIL);
    expect(whole).not.toContain("new.second@example.com");
    expect(whole).not.toContain(`"sourceUserId"`);
    const secondIds = new Set((await h.platformSessions(SECOND_DRIVER_ID)).map((s) => s.id));
    expect(sessions.some((s) => secondIds.has(s.id))).toBe(false);
  });

  // The profile is read first, the first page of sessions just before the first byte.
  it.each([
    ["the profile", "/users/"],
    ["the first page of sessions", "/sessions"],
  ])("answers 503 with no archive when %s cannot be read", async (_what, path) => {
    await h.emu.call("PUT", "/__emulator/faults", { body: { rules: [{ path, status: 503, times: 10 }] } });
    try {
      const response = await download();
      expect(response.status).toBe(503);
      expect(response.headers.get("content-type")).toMatch(/json/);
    } finally {
      await h.emu.call("DELETE", "/__emulator/faults");
    }
  });
});
