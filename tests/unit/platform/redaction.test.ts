import { afterEach, describe, expect, it, vi } from "vitest";
import { formatPlatformLogLine } from "@/lib/platform/logging";
import { BASE, KEY, hang, harness, listJson, reply, sessionJson, userJson } from "./fake-platform";
import { captureLogs } from "../../support/log-capture";

/** The key, e-mail addresses and ids must never reach log lines; the key never reaches error messages. */

const EMAIL = "jane.secret@example.org";
const USER_ID = 734519;
const SESSION_ID = 558811;
const CARD_CODE = "04DEADBEEF";

async function runBattery(h: ReturnType<typeof harness>) {
  const errors: unknown[] = [];
  const attempt = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (error) {
      errors.push(error);
    }
  };
  await attempt(
    h.client.users.createUser({ email: EMAIL, password: "pw-very-secret", firstName: "Jane", lastName: "Secret" }),
  );
  await attempt(h.client.users.findUserByEmail(EMAIL));
  await attempt(h.client.users.getUser(USER_ID));
  await attempt(h.client.users.changeEmail(USER_ID, EMAIL));
  await attempt(h.client.vouchers.redeemVoucher(USER_ID, "VOUCHER-SECRET"));
  await attempt(h.client.sessions.getSession(String(SESSION_ID)));
  await attempt(h.client.sessions.listSessions({ userId: USER_ID, startedAfter: "2026-01-01T00:00:00Z" }));
  await attempt(h.client.cards.listCards({ code: CARD_CODE }));
  await attempt(h.client.cards.listAllCards({ userId: USER_ID }));
  await attempt(h.client.users.getUser(USER_ID));
  await attempt(h.client.users.getUser(USER_ID));
  await attempt(h.client.users.getUser(`${USER_ID}x` as unknown as number));
  return errors;
}

describe("redaction", () => {
  afterEach(() => vi.restoreAllMocks());

  it("keeps the key out of logs and errors, and personal data and ids out of logs", async () => {
    const h = harness(
      [
        reply(
          {
            data: {
              id: String(USER_ID),
              email: EMAIL,
              firstName: "Jane",
              lastName: "Secret",
              balance: 0,
              currency: null,
            },
          },
          201,
        ),
        reply(listJson([userJson({ id: USER_ID, email: EMAIL })], null)),
        reply({ message: `No query results for model [User] ${USER_ID}` }, 404),
        reply({ message: `The email ${EMAIL} has already been taken.`, errors: { email: [`${EMAIL} is taken`] } }, 422),
        reply({ message: "Voucher VOUCHER-SECRET already used" }, 406),
        reply({ data: sessionJson({ id: SESSION_ID }) }),
        reply({ message: "down" }, 503),
        reply(listJson([], null)),
        reply(
          listJson([{ id: 1, userId: USER_ID, code: CARD_CODE, status: "active" }], `https://evil.example/?key=${KEY}`),
        ),
        { status: 200, raw: `{"data": {"id": ${USER_ID}, "email": "${EMAIL}"` },
        hang,
      ],
      { maxRetries: 0, timeoutMs: 20 },
    );
    const errors = await runBattery(h);
    expect(errors.length).toBeGreaterThanOrEqual(7);
    // 12 calls, plus the refused foreign next link of listAllCards, which is logged as its own call.
    expect(h.lines).toHaveLength(13);
    expect(h.lines.filter((l) => l.attempts === 0)).toHaveLength(2);

    const logText = h.lines.map(formatPlatformLogLine).join("\n");
    for (const secret of [
      KEY,
      EMAIL,
      "jane.secret",
      String(USER_ID),
      String(SESSION_ID),
      CARD_CODE,
      "VOUCHER-SECRET",
      "pw-very-secret",
      "2026-01-01",
      BASE,
    ]) {
      expect(logText).not.toContain(secret);
    }
    for (const error of errors) {
      const text = `${(error as Error).message}\n${(error as Error).stack ?? ""}`;
      expect(text).not.toContain(KEY);
      expect(text).not.toContain(EMAIL);
      expect(text).not.toContain(String(USER_ID));
      expect(text).not.toContain("evil.example");
    }
  });

  it("the default logger writes one info line per call through the server logger, without the key", async () => {
    const logs = captureLogs("info");
    const h = harness([reply({ data: userJson({ email: EMAIL }) })], { logger: undefined });
    await h.client.users.getUser(USER_ID);
    logs.restore();
    expect(logs.lines).toHaveLength(1);
    expect(logs.lines[0]).toMatchObject({ level: "info", fields: { scope: "platform" } });
    const written = logs.lines[0]!.text;
    expect(written).toContain("/public-api/resources/users/v1.1/{id}");
    expect(written).not.toContain(KEY);
    expect(written).not.toContain(EMAIL);
    expect(written).not.toContain(String(USER_ID));
  });
});
