import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { portalAdapter } from "@/lib/core/auth/adapter";
import { listSignedInDevices, setNewDeviceMail, signOutDevice } from "@/lib/core/auth/devices";
import { findSessionViewer } from "@/lib/core/auth/session-lookup";
import { DEVICE_LAST_SEEN_EVERY_SECONDS } from "@/lib/core/auth/session-policy";
import type { OpenedDatabase } from "@/lib/core/db/connect";
import { knownDevices, mailOutbox, sessionDevices, sessions, users } from "@/lib/core/db/schema";
import { installTestDatabase, removeTestDatabase } from "../../support/app-db";
import { signInByLink } from "../../support/sign-in-by-link";
import { testDriver } from "../../support/test-db";

const FIREFOX_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:132.0) Gecko/20100101 Firefox/132.0";
const CHROME_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1";

describe(`signed-in devices (${testDriver})`, () => {
  let opened: OpenedDatabase;
  beforeAll(async () => {
    opened = await installTestDatabase();
  });
  afterAll(async () => {
    await removeTestDatabase(opened);
  });
  beforeEach(async () => {
    for (const table of [sessionDevices, knownDevices, sessions, mailOutbox, users]) await opened.db.delete(table);
  });

  const noticesTo = async (to: string) =>
    (await opened.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).filter((m) =>
      m.subject.startsWith("New sign-in"),
    );

  it("two sign-ins make two devices: browser and system names only, the current one marked", async () => {
    const first = await signInByLink(opened.db, "dana@example.com", FIREFOX_MAC);
    const second = await signInByLink(opened.db, "dana@example.com", CHROME_WINDOWS);
    const devices = await listSignedInDevices(opened.db, first.userId, second.sessionToken);
    expect(devices.map((d) => [d.browser, d.os, d.current])).toEqual(
      expect.arrayContaining([
        ["Firefox", "macOS", false],
        ["Chrome", "Windows", true],
      ]),
    );
    expect(devices).toHaveLength(2);
    // Nothing else about the device is kept: no user agent, no address.
    const [row] = await opened.db.select().from(sessionDevices).limit(1);
    expect(Object.keys(row!).sort()).toEqual([
      "browser",
      "firstSeen",
      "id",
      "lastSeen",
      "os",
      "sessionToken",
      "userId",
    ]);
    expect(JSON.stringify(await opened.db.select().from(sessionDevices))).not.toMatch(/Mozilla|Gecko|132\.0/);
  });

  it("signing out one device ends only its session; another account's device is not found", async () => {
    const here = await signInByLink(opened.db, "dana@example.com", FIREFOX_MAC);
    const there = await signInByLink(opened.db, "dana@example.com", CHROME_WINDOWS);
    const other = await signInByLink(opened.db, "olaf@example.com", SAFARI_IPHONE);
    const [otherDevice] = await listSignedInDevices(opened.db, other.userId, null);
    expect(await signOutDevice(opened.db, here.userId, otherDevice!.id, here.sessionToken)).toBeNull();
    expect(await findSessionViewer(opened.db, other.sessionToken)).not.toBeNull();

    const thereDevice = (await listSignedInDevices(opened.db, here.userId, here.sessionToken)).find((d) => !d.current)!;
    expect(await signOutDevice(opened.db, here.userId, thereDevice.id, here.sessionToken)).toEqual({
      browser: "Chrome",
      os: "Windows",
      wasCurrent: false,
    });
    expect(await findSessionViewer(opened.db, there.sessionToken)).toBeNull();
    expect(await findSessionViewer(opened.db, here.sessionToken)).not.toBeNull();
    expect((await listSignedInDevices(opened.db, here.userId, here.sessionToken)).map((d) => d.current)).toEqual([
      true,
    ]);
    // Twice: already gone.
    expect(await signOutDevice(opened.db, here.userId, thereDevice.id, here.sessionToken)).toBeNull();
  });

  it("mails a notice for a new browser, not for the account's first sign-in, a known browser, or when switched off", async () => {
    const first = await signInByLink(opened.db, "dana@example.com", FIREFOX_MAC);
    expect(await noticesTo("dana@example.com")).toHaveLength(0);
    await signInByLink(opened.db, "dana@example.com", FIREFOX_MAC);
    expect(await noticesTo("dana@example.com")).toHaveLength(0);

    await signInByLink(opened.db, "dana@example.com", CHROME_WINDOWS);
    const [notice] = await noticesTo("dana@example.com");
    expect(notice?.text).toContain("Chrome on Windows");
    expect(notice?.text).toContain("http://portal.test/account/security");

    await setNewDeviceMail(opened.db, first.userId, false);
    await signInByLink(opened.db, "dana@example.com", SAFARI_IPHONE);
    expect(await noticesTo("dana@example.com")).toHaveLength(1);
  });

  it("writes the notice in the language the account chose", async () => {
    const first = await signInByLink(opened.db, "dana@example.com", FIREFOX_MAC);
    await opened.db.update(users).set({ locale: "nl" }).where(eq(users.id, first.userId));
    await signInByLink(opened.db, "dana@example.com", CHROME_WINDOWS);
    const [notice] = await opened.db.select().from(mailOutbox).where(eq(mailOutbox.to, "dana@example.com"));
    expect(notice?.subject).toBe("Nieuwe inlog op je Driver Portal-account");
    expect(notice?.text).toContain(
      "met Chrome op Windows, een browser die nog niet eerder met dit account is gebruikt.",
    );
    expect(notice?.text).toContain("http://portal.test/account/security");
  });

  it("an unknown user agent is an unknown browser on an unknown system", async () => {
    const session = await signInByLink(opened.db, "dana@example.com", null);
    expect((await listSignedInDevices(opened.db, session.userId, null)).map((d) => [d.browser, d.os])).toEqual([
      ["Unknown browser", "unknown system"],
    ]);
  });

  it("last seen moves on while the session is used, at most every few minutes", async () => {
    const session = await signInByLink(opened.db, "dana@example.com", FIREFOX_MAC);
    const lastSeen = async () =>
      (await opened.db.select().from(sessionDevices).where(eq(sessionDevices.sessionToken, session.sessionToken)))[0]!
        .lastSeen;
    const start = await lastSeen();
    const soon = new Date(start.getTime() + (DEVICE_LAST_SEEN_EVERY_SECONDS - 1) * 1000);
    await findSessionViewer(opened.db, session.sessionToken, soon);
    expect((await lastSeen()).getTime()).toBe(start.getTime());
    const later = new Date(start.getTime() + DEVICE_LAST_SEEN_EVERY_SECONDS * 1000);
    await findSessionViewer(opened.db, session.sessionToken, later);
    expect((await lastSeen()).getTime()).toBe(later.getTime());
  });

  it("a session ended by 'sign out on all devices' takes its device with it", async () => {
    const session = await signInByLink(opened.db, "dana@example.com", FIREFOX_MAC);
    await signInByLink(opened.db, "dana@example.com", CHROME_WINDOWS);
    await opened.db.delete(sessions).where(eq(sessions.userId, session.userId));
    expect(await opened.db.select().from(sessionDevices)).toEqual([]);
  });

  it("a device that cannot be recorded does not stop the sign-in", async () => {
    const adapter = portalAdapter(opened.db, async () => {
      throw new Error("no request to read the user agent from");
    });
    const user = await adapter.createUser!({
      id: "u-no-device",
      email: "nodevice@example.com",
      emailVerified: new Date(),
    });
    const expires = new Date(Date.now() + 24 * 60 * 60 * 1000);
    const created = await adapter.createSession!({ sessionToken: "t-no-device", userId: user.id, expires });
    expect(created.sessionToken).toBe("t-no-device");
    expect(await findSessionViewer(opened.db, "t-no-device")).toMatchObject({ email: "nodevice@example.com" });
    expect(await listSignedInDevices(opened.db, user.id, null)).toEqual([]);
  });
});
