import { strFromU8, unzipSync } from "fflate";
import { beforeEach, describe, expect, it } from "vitest";
import { createExpensePackHandler } from "@/lib/features/expense-pack/route-handlers";
import type { SessionDeps } from "@/lib/features/sessions/deps";
import type { Invoice } from "@/lib/platform/types";
import { pdfText } from "../../support/pdf-text";
import { DEMO_DRIVER_ID, sessionsHarnessForSuite, START } from "../sessions/harness";
import { createFakeMoney, pdfBytesOf, type FakeMoney } from "./fake-money";

const h = sessionsHarnessForSuite({ seedLocations: true });
let money: FakeMoney | undefined;

function deps(): SessionDeps {
  const { sessions, users, locations } = h.client;
  return { ...h.deps, platform: { sessions, users, locations, money } };
}

const driverPack = (query: string) =>
  createExpensePackHandler({ authorize: async () => ({ platformUserId: DEMO_DRIVER_ID }), sessions: deps })(
    new Request(`http://localhost/api/sessions/expense-pack?${query}`),
  );

async function unpack(response: Response) {
  expect(response.status).toBe(200);
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  return { files, names: Object.keys(files), summary: await pdfText(files["summary.pdf"]!) };
}

/** The period's invoice list as the platform has it: named by the driver's rows in the range, theirs, no pro formas. */
function periodInvoices(from: string, to: string): Invoice[] {
  const ids = money!.transactions
    .filter((t) => t.userId === DEMO_DRIVER_ID && t.invoiceId !== null)
    .filter((t) => t.date.slice(0, 10) >= from && t.date.slice(0, 10) <= to)
    .map((t) => t.invoiceId!);
  return [...new Set(ids)]
    .map((id) => money!.invoices.get(id)!)
    .filter((i) => i.userId === DEMO_DRIVER_ID && i.type !== "pro_forma")
    .sort((a, b) => a.date.localeCompare(b.date));
}

beforeEach(() => {
  h.clock.ms = START;
  money = createFakeMoney();
});

describe("the expense pack's invoices", () => {
  it("holds each invoice and credit note of the period as invoices/<number>.pdf, listed in the summary", async () => {
    const expected = periodInvoices("2026-03-01", "2026-03-31");
    expect(expected.map((i) => i.number)).toEqual(["CN-2026-0502", "INV-2026-0501"]);
    const pack = await unpack(await driverPack("period=this-month"));
    const invoiceFiles = pack.names.filter((name) => name.startsWith("invoices/"));
    expect(invoiceFiles).toEqual(expected.map((i) => `invoices/${i.number}.pdf`));
    for (const invoice of expected) {
      const bytes = strFromU8(pack.files[`invoices/${invoice.number}.pdf`]!);
      expect(bytes.startsWith("%PDF")).toBe(true);
      expect(bytes).toBe(pdfBytesOf(invoice));
      expect(pack.summary).toContain(invoice.number);
    }
    expect(pack.summary).toContain("Invoices in this pack");
    expect(pack.summary).toContain("Credit note CN-2026-0502");
    expect(pack.names.at(-1)).toBe("sessions.csv");
  });

  it("leaves out pro formas, other users' invoices and invoices outside the period; a number is sanitised", async () => {
    const expected = periodInvoices("2026-02-01", "2026-02-28");
    expect(expected.map((i) => i.id)).toEqual([503]);
    const pack = await unpack(await driverPack("period=custom&from=2026-02-01&to=2026-02-28"));
    expect(pack.names.filter((name) => name.startsWith("invoices/"))).toEqual(["invoices/INV-2026-503.pdf"]);
    expect(pack.summary).not.toContain("PF-2026-0504");
    expect(pack.summary).not.toContain("INV-2026-0601");
    expect(money!.opened).toEqual([503]);
  });

  it("has no invoice part where the platform keeps no ledger (the contract)", async () => {
    money = undefined;
    const pack = await unpack(await driverPack("period=this-month"));
    expect(pack.names.some((name) => name.startsWith("invoices/"))).toBe(false);
    expect(pack.summary).not.toContain("Invoices in this pack");
  });
});
