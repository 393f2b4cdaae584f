import "server-only";
import type { PlatformClient } from "@/lib/platform/client";
import { invoicePdfProblemOf, PlatformUnavailableError, type InvoicePdfProblem } from "@/lib/platform/errors";
import { rowOfFailure, type ProbeSamples } from "./probe";
import type { CheckRow } from "./table";

/**
 * The invoice PDF: not an endpoint (a link the invoice carries), fetched through the client's own download code, so
 * a file host, a redirect or a generic content type passes where the portal copes and names the fix where it cannot.
 */
const CHECK = "invoice PDF";

const PDF_TODO: Record<InvoicePdfProblem, string> = {
  "no-link":
    "invoices carry no downloadUrl: drivers see their invoices without a PDF. Ask the tenant to turn invoice PDFs on",
  "unsafe-link":
    "the link (or a redirect) leads to plain http off the API's origin, which the portal does not fetch: ask the tenant to serve invoice files over https",
  "too-many-redirects": "the link redirects more than 5 times: ask the tenant to check its file host",
  "not-a-pdf": "the link answers a file that is not a PDF (a sign-in page?): drivers get no invoice. Ask the tenant",
  "too-large": "the file is larger than 20 MB: drivers get no invoice. Ask the tenant",
};

/** The contract keeps no ledger: nothing of it is called. */
export const NO_LEDGER_ROW: CheckRow = {
  check: "ledger",
  result: "info",
  todo: "the contract keeps no ledger: payments, invoices and billing details are not called",
};

export async function invoicePdfRow(
  platform: PlatformClient,
  samples: ProbeSamples,
  apiOrigin: string,
): Promise<CheckRow> {
  const row = (result: CheckRow["result"], todo: string): CheckRow => ({ check: CHECK, result, todo });
  const invoice = samples.invoice;
  if (!invoice || !platform.money) return row("info", "not tried: no invoice was read to download");
  try {
    const bytes = await new Response(await platform.money.openInvoicePdf(invoice)).arrayBuffer();
    const host = new URL(invoice.downloadUrl!).origin === apiOrigin ? "the API's origin" : "another host";
    return row("ok", `a PDF of ${Math.ceil(bytes.byteLength / 1024)} KB, linked on ${host}`);
  } catch (error) {
    const problem = invoicePdfProblemOf(error);
    if (problem) return row(problem === "no-link" ? "warning" : "blocker", PDF_TODO[problem]);
    if (error instanceof PlatformUnavailableError && error.kind === "timeout")
      return row("blocker", "the file stalled past PLATFORM_TIMEOUT_MS: ask the tenant to check its file host");
    return rowOfFailure(CHECK, "invoice downloads", error);
  }
}
