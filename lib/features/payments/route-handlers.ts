import "server-only";
import { countedPages, openDownloadJob } from "@/lib/core/route-handlers/download-job";
import { downloadFilterFrom, downloadHeaders, streamedDownload } from "@/lib/core/route-handlers/download";
import { CSV_CONTENT_TYPE } from "@/lib/core/csv";
import { z } from "zod";
import { recordAudit } from "@/lib/core/audit";
import type { Viewer } from "@/lib/core/auth/viewer";
import { APP_TIME_ZONE } from "@/lib/core/format";
import { requestTranslator } from "@/lib/core/auth/request-translator";
import type { MessageKey } from "@/lib/core/i18n/translator";
import { DRIVER_ACCOUNT_GONE, driverAudit, type DriverRouteAccess } from "@/lib/core/route-handlers/access";
import { foundOrNotFound, paramsOrNotFound, RouteError } from "@/lib/core/route-handlers/route-error";
import { jsonError, routeHandler, type RouteHandler } from "@/lib/core/route-handlers/route-handler";
import { zonedDate } from "@/lib/core/zoned-time";
import type { MoneyApi } from "@/lib/platform/apis";
import { invoicePdfProblemOf, type InvoicePdfProblem } from "@/lib/platform/errors";
import { platformIdPathParam, PlatformUserIdSchema } from "@/lib/platform/platform-id";
import { paymentCsvChunks, paymentCsvFilename, paymentCsvWords } from "./csv";
import { defaultPaymentDeps, logPaymentError, type PaymentDeps } from "./deps";
import { parsePaymentFilter } from "./filters";
import { invoiceFilename } from "./labels";
import { findOwnInvoice, iterateDriverTransactionPages } from "./service";

/** The ledger's downloads: the CSV and one invoice's PDF. The driver comes from the sign-in, never a parameter. */

export interface PaymentRouteDeps extends DriverRouteAccess {
  /** Lazily, so a refused request never builds a platform client. */
  payments?: () => PaymentDeps;
}

const SCOPE = "payments";
const INVOICE_NOT_FOUND = "payments.errors.invoiceNotFound";
const InvoiceParams = z.object({ id: platformIdPathParam() });

/** The platform's money API, or a 404 in the driver's words where the platform keeps no ledger (the contract). */
function moneyOf(deps: Pick<PaymentRouteDeps, "payments">): { money: MoneyApi; now: () => Date } {
  const { money, now } = (deps.payments ?? defaultPaymentDeps)();
  if (!money) throw new RouteError(404, "payments.errors.noLedger");
  return { money, now };
}

export function createPaymentsExportHandler(deps: PaymentRouteDeps): RouteHandler {
  return routeHandler({
    scope: SCOPE,
    words: { doing: "payments.doing.export", notFound: DRIVER_ACCOUNT_GONE },
    access: deps.authorize,
    async run({ request, actor }) {
      // Only the export's own filters are read; a bad one is a 400 listing every problem in the driver's words.
      const filter = await downloadFilterFrom(
        new URL(request.url),
        ["kind", "from", "to"],
        parsePaymentFilter,
        "payments.errors.badFilters",
      );
      const t = await requestTranslator();
      const { money, now } = moneyOf(deps);
      // Followed by the page (`?progress=`): rows written so far, and a cancel that stops the platform reads.
      const job = await openDownloadJob(request, actor, "payments-csv");
      const chunks = paymentCsvChunks(
        countedPages(iterateDriverTransactionPages(actor.platformUserId, filter, money), job, "rows"),
        paymentCsvWords(t),
      );
      const filename = paymentCsvFilename(zonedDate(now(), APP_TIME_ZONE));
      return streamedDownload(job.stream(chunks), { contentType: CSV_CONTENT_TYPE, filename }, (error) =>
        logPaymentError("streaming the payments export", error),
      );
    },
  });
}

export type PdfProblemWords = Record<InvoicePdfProblem, MessageKey>;

/** Each reason a PDF was not taken, in words the driver (or support) can act on. */
const PDF_PROBLEM_WORDS: PdfProblemWords = {
  "no-link": "payments.errors.invoiceNoPdf",
  "unsafe-link": "payments.errors.invoiceLinkRefused",
  "too-many-redirects": "payments.errors.invoiceLinkRefused",
  "not-a-pdf": "payments.errors.invoiceNotPdf",
  "too-large": "payments.errors.invoiceTooLarge",
};

/** A platform PDF, a 404 when the platform offers none, or a 502 in words when its file was not taken (not the person's doing). */
export async function platformPdfBody(
  open: () => Promise<ReadableStream<Uint8Array>>,
  words: PdfProblemWords,
  what: string,
): Promise<ReadableStream<Uint8Array> | Response> {
  try {
    return await open();
  } catch (error) {
    const problem = invoicePdfProblemOf(error);
    if (problem === "no-link") throw new RouteError(404, words[problem]);
    if (!problem) throw error;
    logPaymentError(`taking ${what}`, error);
    return jsonError(502, (await requestTranslator())(words[problem]));
  }
}

/** The driver's invoice as a PDF download, or a 404 with `notFound` for an id that is not one of theirs. */
async function invoiceResponse(
  deps: Pick<PaymentRouteDeps, "payments">,
  platformUserId: number,
  invoiceId: number,
  notFound: MessageKey,
): Promise<Response> {
  const { money } = moneyOf(deps);
  const invoice = await foundOrNotFound(findOwnInvoice(platformUserId, invoiceId, money), notFound);
  const body = await platformPdfBody(() => money.openInvoicePdf(invoice), PDF_PROBLEM_WORDS, "an invoice PDF");
  if (body instanceof Response) return body;
  return new Response(body, { status: 200, headers: downloadHeaders("application/pdf", invoiceFilename(invoice)) });
}

/** One invoice's PDF, read fresh and streamed through the portal: the browser never sees a platform address. */
export function createInvoiceDownloadHandler(deps: PaymentRouteDeps): RouteHandler {
  return routeHandler({
    scope: SCOPE,
    words: { doing: "payments.doing.invoice", notFound: INVOICE_NOT_FOUND },
    access: deps.authorize,
    params: paramsOrNotFound(InvoiceParams, INVOICE_NOT_FOUND),
    run: ({ actor, params }) => invoiceResponse(deps, actor.platformUserId, params.id, INVOICE_NOT_FOUND),
  });
}

const DRIVER_INVOICE_NOT_FOUND = "payments.errors.driverInvoiceNotFound";
const INVOICE_AUDIT = "driver.invoice.download";
const DriverInvoiceParams = z.object({
  id: platformIdPathParam(PlatformUserIdSchema),
  invoiceId: platformIdPathParam(),
});

/** Staff download a driver's invoice under the same ownership check; each download is in the audit log. */
export function createStaffInvoiceDownloadHandler(
  deps: Pick<PaymentRouteDeps, "payments"> & { authorize: () => Promise<Viewer> },
): RouteHandler {
  return routeHandler({
    scope: SCOPE,
    words: { doing: "payments.doing.invoiceForDriver", notFound: DRIVER_INVOICE_NOT_FOUND },
    access: deps.authorize,
    params: paramsOrNotFound(DriverInvoiceParams, DRIVER_INVOICE_NOT_FOUND),
    // Every refusal (another driver's invoice, an id that is none, no staff role) is an entry with its reason.
    audit: driverAudit(INVOICE_AUDIT, (raw) => ({ invoiceId: String(raw.invoiceId ?? "").slice(0, 40) })),
    async run({ actor, params }) {
      const response = await invoiceResponse(deps, params.id, params.invoiceId, DRIVER_INVOICE_NOT_FOUND);
      await recordAudit({
        actor,
        action: INVOICE_AUDIT,
        targetPlatformUserId: params.id,
        details: { invoiceId: params.invoiceId },
        outcome: response.ok ? "success" : "failure",
        ...(response.ok ? {} : { error: `the invoice PDF was not taken (${response.status})` }),
      });
      return response;
    },
  });
}
