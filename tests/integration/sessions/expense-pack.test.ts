import { strFromU8, unzipSync } from "fflate";
import { beforeEach, describe, expect, it } from "vitest";
import { AccessDeniedError } from "@/lib/core/auth/guards";
import { auditLog } from "@/lib/core/db/schema";
import { createExpensePackHandler, createStaffExpensePackHandler } from "@/lib/features/expense-pack/route-handlers";
import { SESSION_CSV_COLUMNS } from "@/lib/features/sessions/csv";
import { pdfPages, pdfText } from "../../support/pdf-text";
import { formatKwh, formatMoney } from "@/lib/core/format";
import { inDialect, TEST_DIALECT } from "../../support/platform-dialect";
import { DEMO_DRIVER_ID, SECOND_DRIVER_ID, sessionsHarnessForSuite, START } from "./harness";
import { staffViewer } from "../../support/viewers";

/** A year's pack: some 250 receipts and, on ampeco, some 40 invoices, each a PDF made or fetched (about 11 s alone, more beside the other suites). */
const YEAR_PACK_MS = 60_000;

const h = sessionsHarnessForSuite({ seedLocations: true, asAppDatabase: true });
let signedIn: number | null = DEMO_DRIVER_ID;

const driverPack = (query: string) =>
  createExpensePackHandler({
    authorize: async () => {
      if (signedIn === null) throw new AccessDeniedError(401);
      return { platformUserId: signedIn };
    },
    sessions: () => h.deps,
  })(new Request(`http://localhost/api/sessions/expense-pack?${query}`));

const STAFF = staffViewer("support", { userId: "u-staff" });
const staffPack = (driverId: string, query: string) =>
  createStaffExpensePackHandler({ authorize: async () => STAFF, sessions: () => h.deps })(
    new Request(`http://localhost/api/admin/users/${driverId}/expense-pack?${query}`),
    { params: Promise.resolve({ id: driverId }) },
  );

interface Pack {
  names: string[];
  summary: string;
  receipts: Map<string, string>;
  csv: string[][];
}

async function unpack(response: Response): Promise<Pack> {
  expect(response.status).toBe(200);
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  const receipts = new Map<string, string>();
  for (const [name, bytes] of Object.entries(files)) {
    const match = /^receipts\/\d{4}-\d{2}-\d{2}-(.+)\.pdf$/.exec(name);
    if (match) receipts.set(match[1]!, await pdfText(bytes));
  }
  const csv = strFromU8(files["sessions.csv"]!)
    .trimEnd()
    .split("\r\n")
    .map((line) => line.split(","));
  return { names: Object.keys(files), summary: await pdfText(files["summary.pdf"]!), receipts, csv };
}

/** The platform's own list for March 2026 up to the harness clock: the figures a pack must add up to. */
async function platformMarch(userId: number) {
  const all = await h.platformSessions(userId);
  const march = all.filter((s) => s.startedAtLocal.startsWith("2026-03"));
  const finished = march.filter((s) => s.status === "finished" && s.stoppedAtLocal !== null);
  return {
    finished,
    wh: finished.reduce((sum, s) => sum + s.energy, 0),
    cents: finished.reduce((sum, s) => sum + Math.round(s.amount * 100), 0),
    others: march.filter((s) => !finished.includes(s)),
  };
}

const kwh = (wh: number) =>
  `${(wh / 1000).toLocaleString("en-GB", { minimumFractionDigits: 3, maximumFractionDigits: 3 })} kWh`;
const eur = (cents: number) =>
  `EUR ${(cents / 100).toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

beforeEach(() => {
  h.clock.ms = START;
  signedIn = DEMO_DRIVER_ID;
});

describe("GET /api/sessions/expense-pack", () => {
  it("refuses a signed-out caller before reading anything", async () => {
    signedIn = null;
    const before = h.requests.length;
    expect((await driverPack("period=this-month")).status).toBe(401);
    expect(h.requests.length).toBe(before);
  });

  it("holds a summary, one receipt per finished session of the month and a CSV row per receipt", async () => {
    const expected = await platformMarch(DEMO_DRIVER_ID);
    expect(expected.finished.length).toBeGreaterThan(3);
    const response = await driverPack(`period=this-month&userId=${SECOND_DRIVER_ID}`);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="expense-pack-2026-03.zip"');
    const pack = await unpack(response);

    expect(pack.names[0]).toBe("summary.pdf");
    expect(pack.names.at(-1)).toBe("sessions.csv");
    expect([...pack.receipts.keys()].sort()).toEqual(expected.finished.map((s) => s.id).sort());

    // Totals to the Wh and the cent, against the platform's own list.
    expect(pack.summary).toContain("1 Mar 2026 to 31 Mar 2026");
    expect(pack.summary).toContain(`EUR ${expected.finished.length} ${kwh(expected.wh)} ${eur(expected.cents)}`);
    expect(pack.summary).toContain("Demi Driver");
    expect(pack.summary).toContain("Keizersgracht 123");

    // Each receipt is the one the session's page offers: its energy and amount in the page's formats, the driver,
    // and on ampeco the platform's bill split into net and VAT.
    for (const session of expected.finished) {
      const receipt = pack.receipts.get(session.id)!;
      expect(receipt).toContain(`Charging session ${session.id}`);
      expect(receipt).toContain(formatKwh(session.energy, "en"));
      expect(receipt).toContain(`Total paid ${formatMoney(session.amount, "EUR", "en")}`);
      expect(receipt).toContain("Demi Driver");
      expect(receipt.includes("Total without VAT")).toBe(TEST_DIALECT === "ampeco");
    }

    const [header, ...rows] = pack.csv;
    expect(header).toEqual([...SESSION_CSV_COLUMNS]);
    expect(rows.map((r) => r[0]).sort()).toEqual([...pack.receipts.keys()].sort());
    const nameColumn = SESSION_CSV_COLUMNS.indexOf("location_name");
    expect(rows.every((r) => r[nameColumn] !== "")).toBe(true);
  });

  it("lists running and failed sessions apart and does not count them", async () => {
    const expected = await platformMarch(DEMO_DRIVER_ID);
    const pack = await unpack(await driverPack("period=custom&from=2026-03-01&to=2026-03-14"));
    const notCounted = expected.others.map((s) => s.id);
    for (const id of notCounted) {
      expect(pack.receipts.has(id)).toBe(false);
      expect(pack.summary).toContain(`Session ${id}, started`);
    }
    expect(pack.csv.slice(1).some((r) => notCounted.includes(r[0]!))).toBe(false);
  });

  // The contract's sessions do not say which card started them; the real platform's do (`idTagLabel`).
  inDialect("ampeco", it)("prints the printed number of the card that started the session on its receipt", async () => {
    const cards = await h.client.cards.listCards({ userId: DEMO_DRIVER_ID, perPage: 100 });
    const card = cards.items.find((c) => c.type === "rfid" && c.visualNumber);
    expect(card).toBeDefined();
    const pack = await unpack(await driverPack("period=this-month"));
    for (const receipt of pack.receipts.values()) expect(receipt).toContain(`Charging card ${card!.visualNumber}`);
  });

  inDialect("contract", it)("leaves the card out where the platform does not tell it", async () => {
    const pack = await unpack(await driverPack("period=this-month"));
    for (const receipt of pack.receipts.values()) expect(receipt).not.toMatch(/\bcard\b/i);
  });

  it(
    "never holds another driver's sessions",
    async () => {
      const theirs = new Set((await h.platformSessions(SECOND_DRIVER_ID)).map((s) => s.id));
      expect(theirs.size).toBeGreaterThan(0);
      const pack = await unpack(
        await driverPack(`period=custom&from=2025-04-01&to=2026-03-14&userId=${SECOND_DRIVER_ID}`),
      );
      expect(pack.receipts.size).toBeGreaterThan(0);
      for (const id of pack.receipts.keys()) expect(theirs.has(id)).toBe(false);
      for (const id of theirs) expect(pack.summary).not.toContain(`Session ${id}`);
    },
    YEAR_PACK_MS,
  );

  it("answers a period without finished sessions with a message, not an empty ZIP", async () => {
    const response = await driverPack("period=custom&from=2020-01-01&to=2020-01-31");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error:
        "There are no finished charging sessions in this period (1 Jan 2020 to 31 Jan 2020), so there is nothing to claim.",
    });
  });

  it("answers a bad period with the fields to correct, before reading the platform", async () => {
    const before = h.requests.length;
    const response = await driverPack("period=custom&from=2026-03-31&to=2026-03-01");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: "Check the period of the expense pack.",
      fields: { to: ["The last day must be on or after the first day."] },
    });
    expect((await (await driverPack("period=custom&to=31-03-2026")).json()).fields).toEqual({
      from: ["Enter the first day of the period."],
      to: ["Enter the last day as a date, like 2026-03-31."],
    });
    expect((await driverPack("period=next-year")).status).toBe(400);
    expect(h.requests.length).toBe(before);
  });

  it(
    "makes the summary's pages as the rows come: a long period spans several pages",
    async () => {
      const pack = await driverPack("period=custom&from=2025-04-01&to=2026-03-14");
      const files = unzipSync(new Uint8Array(await pack.arrayBuffer()));
      const pages = await pdfPages(files["summary.pdf"]!);
      expect(pages.length).toBeGreaterThan(2);
      pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1}`));
      // The table header is repeated on each page of rows (the invoice list, ampeco only, comes after them).
      const invoicePage = pages.findIndex((page) => page.includes("Invoices in this pack"));
      const rowPages = pages.slice(1, invoicePage === -1 ? undefined : invoicePage);
      expect(rowPages.length).toBeGreaterThan(1);
      expect(rowPages.every((page) => page.includes("Started (local time)"))).toBe(true);
    },
    YEAR_PACK_MS,
  );
});

describe("GET /api/admin/users/{id}/expense-pack", () => {
  it("gives staff the driver's pack and records the download in the audit log", async () => {
    const pack = await unpack(await staffPack(String(DEMO_DRIVER_ID), "period=this-month"));
    const expected = await platformMarch(DEMO_DRIVER_ID);
    expect(pack.receipts.size).toBe(expected.finished.length);
    const entries = await h.opened.db.select().from(auditLog);
    expect(entries.at(-1)).toMatchObject({
      actorEmail: "support@example.com",
      action: "driver.expense-pack.download",
      targetPlatformUserId: DEMO_DRIVER_ID,
      outcome: "success",
      details: { kind: "this-month", from: "2026-03-01", to: "2026-03-31", sessions: expected.finished.length },
    });
  });
});
