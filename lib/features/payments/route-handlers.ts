import "server-only";
import { CSV_CONTENT_TYPE } from "@/lib/core/csv";
import { downloadFilterFrom, downloadHeaders } from "@/lib/core/route-handlers/download";
import { z } from "zod";
import { APP_TIME_ZONE } from "@/lib/core/format";
import { currentLocale } from "@/lib/core/i18n/current-locale";
import { translatorFor, type Translator } from "@/lib/core/i18n/translator";
import { DRIVER_ACCOUNT_GONE } from "@/lib/core/route-handlers/access";
import { pulledStream } from "@/lib/core/route-handlers/pulled-stream";
import { RouteError } from "@/lib/core/route-handlers/route-error";
import { routeHandler, type RouteHandler } from "@/lib/core/route-handlers/route-handler";
import { zonedDate } from "@/lib/core/zoned-time";
import type { MoneyApi } from "@/lib/platform/apis";
import { platformIdPathParam } from "@/lib/platform/platform-id";
import { paymentCsvChunks, paymentCsvFilename, paymentCsvWords } from "./csv";
import { defaultPaymentDeps, logPaymentError, type PaymentDeps } from "./deps";
import { parsePaymentFilter, type PaymentRangeFilter } from "./filters";
import { invoiceFilename } from "./labels";
import { findOwnInvoice, iterateDriverTransactionPages } from "./service";

/** The ledger's downloads: the CSV and one invoice's PDF. The driver comes from the sign-in, never a parameter. */

export interface PaymentRouteDeps {
  /** The signed-in driver; throws AccessDeniedError otherwise. */
  authorize: () => Promise<{ platformUserId: number }>;
  /** Lazily, so a refused request never builds a platform client. */
  payments?: () => PaymentDeps;
}

const SCOPE = "payments";
const INVOICE_NOT_FOUND = "payments.errors.invoiceNotFound";
const InvoiceParams = z.object({ id: platformIdPathParam() });

/** The platform's money API, or a 404 in the driver's words where the platform keeps no ledger (the contract). */
function moneyOf(deps: PaymentRouteDeps): { money: MoneyApi; now: () => Date } {
  const { money, now } = (deps.payments ?? defaultPaymentDeps)();
  if (!money) throw new RouteError(404, "payments.errors.noLedger");
  return { money, now };
}

/** Only the export's own filters are read; a bad one is a 400 listing every problem in the caller's words. */
export function paymentExportFilterFrom(url: URL, t: Translator): PaymentRangeFilter {
  const { kind, from, to } = downloadFilterFrom(
    url,
    ["kind", "from", "to"],
    (own) => parsePaymentFilter(own, t),
    "payments.errors.badFilters",
  );
  return { kind, from, to };
}

export function createPaymentsExportHandler(deps: PaymentRouteDeps): RouteHandler {
  return routeHandler({
    scope: SCOPE,
    words: { doing: "payments.doing.export", notFound: DRIVER_ACCOUNT_GONE },
    access: deps.authorize,
    async run({ request, actor }) {
      const t = translatorFor(await currentLocale());
      const filter = paymentExportFilterFrom(new URL(request.url), t);
      const { money, now } = moneyOf(deps);
      const chunks = paymentCsvChunks(
        iterateDriverTransactionPages(actor.platformUserId, filter, money),
        paymentCsvWords(t),
      );
      const body = await pulledStream(chunks, (error) => logPaymentError("streaming the payments export", error));
      const filename = paymentCsvFilename(zonedDate(now(), APP_TIME_ZONE));
      return new Response(body, { status: 200, headers: downloadHeaders(CSV_CONTENT_TYPE, filename) });
    },
  });
}

/** One invoice's PDF, read fresh and streamed through the portal: the browser never sees a platform address. */
export function createInvoiceDownloadHandler(deps: PaymentRouteDeps): RouteHandler {
  return routeHandler({
    scope: SCOPE,
    words: { doing: "payments.doing.invoice", notFound: INVOICE_NOT_FOUND },
    access: deps.authorize,
    // An id that is not one reads like an invoice that is not the driver's: not found.
    params: { schema: InvoiceParams, invalid: () => new RouteError(404, INVOICE_NOT_FOUND) },
    async run({ actor, params }) {
      const { money } = moneyOf(deps);
      const invoice = await findOwnInvoice(actor.platformUserId, params.id, money);
      if (!invoice) throw new RouteError(404, INVOICE_NOT_FOUND);
      const body = await money.openInvoicePdf(invoice);
      return new Response(body, { status: 200, headers: downloadHeaders("application/pdf", invoiceFilename(invoice)) });
    },
  });
}
