import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { expect, isolateNetwork, test } from "./fixtures";
import { expectHealthyWithinAMinute, stopStartedProcess } from "./portal-process";

/**
 * The production mail path: a second portal process with SMTP_URL pointing at a real SMTP server
 * (smtp-server, in this test). The sign-in mail must arrive over SMTP and its link must sign in.
 */
// A port of its own, beside the config's three servers (E2E_SMTP_MAIL_PORT to move it).
const PORT = Number(process.env.E2E_SMTP_MAIL_PORT ?? 3107);
const BASE = `http://localhost:${PORT}`;
const received: { to: string; raw: string }[] = [];
let smtp: SMTPServer;
let portal: ChildProcess;

test.beforeAll(async () => {
  // A production start takes a while on a busy machine; the health poll below may use a minute.
  test.setTimeout(120_000);
  received.length = 0; // module state survives --repeat-each
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(","), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  portal = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", String(PORT)], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "driver-portal-smtp-")),
      AUTH_URL: BASE,
      AUTH_TRUST_HOST: "true",
      // The dialect this journey has always run in (the default became ampeco in issue 36).
      PLATFORM_DIALECT: "contract",
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: "Driver Portal <portal@example.com>",
      LOG_LEVEL: "warn",
    },
    stdio: "ignore",
  });
  await expectHealthyWithinAMinute(BASE);
});

test.afterAll(async () => {
  await stopStartedProcess(portal);
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

test("a sign-in link mailed over SMTP signs the driver in, and demo mail is off", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: BASE });
  await isolateNetwork(context);
  const page = await context.newPage();

  await page.goto("/signin");
  await page.getByLabel("E-mail address").fill("driver@example.com");
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  await expect(page.getByText("Demo mode: mail is not sent out")).toHaveCount(0);

  await expect.poll(() => received.filter((m) => m.to === "driver@example.com").length, { timeout: 15_000 }).toBe(1);
  const mail = received.find((m) => m.to === "driver@example.com")!;
  expect(mail.raw).toContain("Subject: Your Driver Portal sign-in link");
  // Quoted-printable may wrap lines with "=\r\n" and encode "=" as "=3D".
  const body = mail.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const link = new RegExp(`(http://localhost:${PORT}/api/auth/callback/nodemailer\\?[^\\s"<>]+)`).exec(body)?.[1];
  expect(link, "the mail carries a sign-in link").toBeTruthy();

  await page.goto(link!.replace(/&amp;/g, "&"));
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { name: "Hello, Demi" })).toBeVisible();

  // With SMTP configured the demo mailbox does not exist.
  expect((await page.request.get("/dev/mailbox")).status()).toBe(404);
  await context.close();
});
