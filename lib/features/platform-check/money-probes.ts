import "server-only";
import type { PlatformClient } from "@/lib/platform/client";
import { ampecoList, AmpecoTransaction } from "@/lib/platform/dialects/ampeco/schemas";
import { invoicePdfProblemOf, isPlatformError, PlatformUnavailableError } from "@/lib/platform/errors";
import type { InvoicePdfProblem } from "@/lib/platform/errors";
import type { Invoice } from "@/lib/platform/types";
import type { CheckRow } from "./checks";
import { createCheckHttp, type CheckHttp, type CheckTarget } from "./http";

/**
 * The ledger's calls, each read through the client's own parsers and download code: transactions (is `filter[userId]`
 * honoured?), an invoice, its PDF link, and the tenant's invoice manager. A 200 the client cannot parse is a blocker.
 */
const TRANSACTIONS = "/public-api/resources/transactions/v1.0";
const INVOICES = "/public-api/resources/invoices/v1.0";
const TransactionPage = ampecoList(AmpecoTransaction);

const row = (check: string, result: CheckRow["result"], todo: string): CheckRow => ({ check, result, todo });

/** A platform error in a line: its code and status, never a body or a link. */
function described(error: unknown): string {
  if (!isPlatformError(error)) return error instanceof Error ? error.message.slice(0, 160) : "unknown error";
  const paths = "issuePaths" in error && Array.isArray(error.issuePaths) ? error.issuePaths.slice(0, 5) : [];
  return `${error.code}${error.status ? ` (status ${error.status})` : ""}${paths.length ? `, fields ${paths.join(", ")}` : ""}`;
}

function refusedRow(check: string, error: unknown, feature: string): CheckRow {
  if (isPlatformError(error) && error.code === "forbidden")
    return row(check, "blocker", `403: ${feature} will not work. Give the token's admin the right to use it.`);
  if (isPlatformError(error) && error.code === "bad_response")
    return row(
      check,
      "blocker",
      `an answer the portal cannot read (${described(error)}): ${feature} fails. Ask AMPECO.`,
    );
  return row(check, "warning", `failed: ${described(error)}: ${feature} may fail`);
}

interface Sampled {
  rows: CheckRow[];
  /** A transaction naming an invoice, and a user who has transactions. */
  invoiceId: number | null;
  userId: number | null;
}

/** One page of transactions, then one filtered by the first row's user: every row must be that user's. */
async function checkTransactions(http: CheckHttp): Promise<Sampled> {
  const check = "transactions.list";
  const parse = (body: unknown) => TransactionPage.safeParse(body);
  const first = await http.call("GET", TRANSACTIONS, { query: { cursor: "", per_page: "100" } });
  if (first.status === 403) {
    const todo = "403: the payments page will not work. Give the token's admin the right to use it.";
    return { rows: [row(check, "blocker", todo)], invoiceId: null, userId: null };
  }
  const page = parse(first.body);
  if (first.status !== 200 || !page.success) {
    const what = first.status === 200 ? "a page the portal cannot read" : `status ${first.status ?? first.failure}`;
    return {
      rows: [row(check, "blocker", `${what}: the payments page fails. Ask AMPECO.`)],
      invoiceId: null,
      userId: null,
    };
  }
  // The listing's first invoice (the portal itself reads invoices only by the ids its transactions name).
  const invoices = await http.call("GET", INVOICES, { query: { per_page: "1" } });
  const listed = (invoices.body as { data?: Array<{ id?: unknown }> } | null)?.data?.[0]?.id;
  const invoiceId = typeof listed === "number" ? listed : (page.data.data.find((t) => t.invoiceId)?.invoiceId ?? null);
  const userId = page.data.data.find((t) => t.userId)?.userId ?? null;
  if (userId === null)
    return { rows: [row(check, "info", "no transaction on the platform to try filter[userId] on")], invoiceId, userId };
  const query = { cursor: "", per_page: "100", "filter[userId]": String(userId) };
  const filtered = parse((await http.call("GET", TRANSACTIONS, { query })).body);
  if (!filtered.success)
    return {
      rows: [row(check, "blocker", "a filtered page the portal cannot read: the payments page fails")],
      invoiceId,
      userId,
    };
  const others = filtered.data.data.filter((t) => t.userId !== userId).length;
  const rows = [
    others === 0
      ? row(check, "ok", `filter[userId] honoured (${filtered.data.data.length} of user ${userId} on the first page)`)
      : row(
          check,
          "warning",
          `filter[userId] not honoured (${others} rows of other users): the portal drops them itself, so ledgers are right but read the whole history. Ask AMPECO.`,
        ),
  ];
  return { rows, invoiceId, userId };
}

const PDF_TODO: Record<InvoicePdfProblem, string> = {
  "no-link":
    "invoices carry no downloadUrl: drivers see their invoices without a PDF. Ask the tenant to turn invoice PDFs on",
  "unsafe-link":
    "the link (or a redirect) leads to plain http off the API's origin, which the portal does not fetch: ask the tenant to serve invoice files over https",
  "too-many-redirects": "the link redirects more than 5 times: ask the tenant to check its file host",
  "not-a-pdf": "the link answers a file that is not a PDF (a sign-in page?): drivers get no invoice. Ask the tenant",
  "too-large": "the file is larger than 20 MB: drivers get no invoice. Ask the tenant",
};

async function checkInvoice(
  platform: PlatformClient,
  apiOrigin: string,
  invoiceId: number | null,
): Promise<CheckRow[]> {
  const money = platform.money!;
  if (invoiceId === null) return [row("invoices.get", "info", "no transaction names an invoice: nothing to read")];
  let invoice: Invoice | null;
  try {
    invoice = await money.getInvoice(invoiceId);
  } catch (error) {
    return [refusedRow("invoices.get", error, "invoice downloads")];
  }
  if (!invoice) return [row("invoices.get", "warning", `invoice ${invoiceId}, named by a transaction, answers 404`)];
  const owner = invoice.userId === null ? "no userId (matched through its transaction)" : "with its userId";
  const rows = [row("invoices.get", "ok", `invoice ${invoiceId} read, ${owner}`)];
  try {
    const bytes = await new Response(await money.openInvoicePdf(invoice)).arrayBuffer();
    const where = new URL(invoice.downloadUrl!).origin === apiOrigin ? "the API's origin" : "another host";
    rows.push(row("invoice PDF", "ok", `a PDF of ${Math.ceil(bytes.byteLength / 1024)} KB, linked on ${where}`));
  } catch (error) {
    const problem = invoicePdfProblemOf(error);
    if (problem === "no-link") rows.push(row("invoice PDF", "warning", PDF_TODO[problem]));
    else if (problem) rows.push(row("invoice PDF", "blocker", PDF_TODO[problem]));
    else if (error instanceof PlatformUnavailableError && error.kind === "timeout")
      rows.push(
        row(
          "invoice PDF",
          "blocker",
          "the file stalled past PLATFORM_TIMEOUT_MS: ask the tenant to check its file host",
        ),
      );
    else rows.push(refusedRow("invoice PDF", error, "invoice downloads"));
  }
  return rows;
}

const MANAGER_NAMES = { ampeco: "Ampeco", cardcom: "Cardcom", softone: "SoftOne", ecpay: "Ecpay" } as const;

async function checkInvoiceManager(platform: PlatformClient, userId: number | null): Promise<CheckRow> {
  const check = "invoice details";
  if (userId === null) return row(check, "info", "no user with transactions to read invoice details of");
  try {
    const read = await platform.money!.getBillingDetails(userId);
    const name = MANAGER_NAMES[read.manager];
    return read.manager === "ampeco"
      ? row(check, "ok", `the tenant's invoice manager is ${name}: drivers and support edit billing details here`)
      : row(
          check,
          "ok",
          `the tenant's invoice manager is ${name}: billing details are shown read-only, changed in the app or by support`,
        );
  } catch (error) {
    return refusedRow(check, error, "billing details");
  }
}

/** The ledger's rows (ampeco); the contract keeps no ledger, so nothing is called. */
export async function runMoneyChecks(target: CheckTarget, platform: PlatformClient): Promise<CheckRow[]> {
  if (target.dialect !== "ampeco" || !platform.money)
    return [
      row(
        "transactions.list",
        "info",
        "the contract keeps no ledger: payments, invoices and billing details are not called",
      ),
    ];
  const sampled = await checkTransactions(createCheckHttp(target));
  return [
    ...sampled.rows,
    ...(await checkInvoice(platform, new URL(target.baseUrl).origin, sampled.invoiceId)),
    await checkInvoiceManager(platform, sampled.userId),
  ];
}
