import { beforeEach, describe, expect, it } from "vitest";
import {
  DEMO_DRIVER_EMAIL,
  DEMO_DRIVER_ID,
  EXPORT_LINK_TTL_MS,
  NEW_DRIVER_ID,
  SECOND_DRIVER_ID,
} from "@/emulators/platform";
import { startAmpecoEmulator } from "./harness";
import { openForSuite } from "../../support/suite-harness";

const exportPath = (userId: number) => `/public-api/actions/users/v2.0/${userId}/export-all-private-data`;

let clockMs = Date.parse("2026-06-01T08:00:00Z");
const emu = openForSuite(() => startAmpecoEmulator({ now: () => new Date(clockMs) }));
beforeEach(() => {
  clockMs = Date.parse("2026-06-01T08:00:00Z");
  emu.emulator.reset();
});

async function linkFor(userId: number): Promise<string> {
  const answer = await emu.call("GET", exportPath(userId));
  expect(answer.status).toBe(200);
  return answer.body.downloadUrl as string;
}

/** The user's sessions as the API lists them, every cursor page. */
async function listedSessionIds(userId: number): Promise<string[]> {
  const ids: string[] = [];
  let next: string | null = `/public-api/resources/sessions/v1.0?filter[userId]=${userId}&per_page=100&cursor=`;
  while (next) {
    const page = await emu.call("GET", next);
    ids.push(...page.body.data.map((s: { id: string }) => s.id));
    const link: string | null = page.body.links?.next ?? null;
    next = link ? `${new URL(link).pathname}${new URL(link).search}` : null;
  }
  return ids;
}

/** The file is fetched like a browser would: by the link alone, without the key. */
const download = (link: string) => emu.call("GET", new URL(link).pathname, { key: null });

describe("export-all-private-data (ampeco)", () => {
  it("hands out a link that opens the user's own profile, id tags and sessions without the key", async () => {
    const file = await download(await linkFor(DEMO_DRIVER_ID));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="private-data-${DEMO_DRIVER_ID}.json"`);
    const state = (await emu.call("GET", "/__emulator/state")).body;
    const ownTags = state.tokens.filter((t: { userId: number }) => t.userId === DEMO_DRIVER_ID);
    expect(file.body.user.email).toBe(DEMO_DRIVER_EMAIL);
    expect(file.body.idTags.map((t: { idTagUid: string }) => t.idTagUid).sort()).toEqual(
      ownTags.map((t: { code: string }) => t.code).sort(),
    );
    const exportedIds = file.body.sessions.map((s: { id: string }) => s.id).sort();
    expect(exportedIds.length).toBeGreaterThan(0);
    expect(exportedIds).toEqual((await listedSessionIds(DEMO_DRIVER_ID)).sort());
  });

  it("another user's link holds only that user's data", async () => {
    const file = await download(await linkFor(SECOND_DRIVER_ID));
    expect(file.status).toBe(200);
    expect(file.body.user.id).toBe(String(SECOND_DRIVER_ID));
    expect(file.body.sessions.length).toBeGreaterThan(0);
    expect(file.body.sessions.every((s: { userId: number }) => s.userId === SECOND_DRIVER_ID)).toBe(true);
  });

  it("a link works for 24 hours and answers 410 after", async () => {
    const link = await linkFor(DEMO_DRIVER_ID);
    clockMs += EXPORT_LINK_TTL_MS;
    expect((await download(link)).status).toBe(200);
    clockMs += 1000;
    const expired = await download(link);
    expect(expired.status).toBe(410);
    expect(expired.body.message).toBe("This download link has expired.");
  });

  it("a link changed by hand is refused: another user, another expiry or another signature", async () => {
    const link = new URL(await linkFor(DEMO_DRIVER_ID));
    const file = link.pathname.split("/").at(-1)!;
    const [expires, signature] = file.replace(/\.json$/, "").split("-");
    const tampered = [
      link.pathname.replace(`/users/${DEMO_DRIVER_ID}/`, `/users/${NEW_DRIVER_ID}/`),
      link.pathname.replace(`${expires}-`, `${Number(expires) + 86_400_000}-`),
      link.pathname.replace(signature!, `${signature!.slice(0, -1)}${signature!.endsWith("0") ? "1" : "0"}`),
    ];
    for (const path of tampered) expect((await emu.call("GET", path, { key: null })).status, path).toBe(403);
  });

  it("the link operation itself needs the key; an unknown user is a 404", async () => {
    expect((await emu.call("GET", exportPath(DEMO_DRIVER_ID), { key: null })).status).toBe(401);
    expect((await emu.call("GET", exportPath(99_999))).status).toBe(404);
  });

  it("links point at the configured download origin (the portal's demo bridge when embedded)", async () => {
    const bridged = await startAmpecoEmulator({ downloadOrigin: "http://localhost:3100/api/emulator" });
    try {
      const answer = await bridged.call("GET", exportPath(DEMO_DRIVER_ID));
      expect(answer.body.downloadUrl).toMatch(
        new RegExp(`^http://localhost:3100/api/emulator/exports/users/${DEMO_DRIVER_ID}/\\d+-[0-9a-f]{64}\\.json$`),
      );
    } finally {
      await bridged.close();
    }
  });
});
