import "server-only";
import { z } from "zod";
import { currentLocale } from "@/lib/core/auth/current-locale";
import { translatorFor } from "@/lib/core/i18n/translator";
import { DRIVER_ACCOUNT_GONE, type DriverRouteAccess } from "@/lib/core/route-handlers/access";
import { downloadHeaders } from "@/lib/core/route-handlers/download";
import { foundOrNotFound, paramsOrNotFound, RouteError } from "@/lib/core/route-handlers/route-error";
import { routeHandler, type RouteHandler } from "@/lib/core/route-handlers/route-handler";
import { sessionIdPathParam } from "@/lib/platform/platform-id";
import { platformPdfBody, safeInvoiceNumber, type PdfProblemWords } from "@/lib/features/payments";
import { defaultChargingDeps, type ChargingDeps } from "./deps";
import { findPlatformReceipt, loadSessionReceipt } from "./receipt";
import { sessionReceiptFile } from "./receipt-pdf";

export interface ChargingRouteDeps extends DriverRouteAccess {
  /** Lazily, so a refused request never builds a platform client. */
  charging?: () => ChargingDeps;
}

const NOT_FOUND = "charging.receipt.notFound";
const SessionIdParams = z.object({ id: sessionIdPathParam() });

/** One finished session's receipt as a PDF, in the driver's language; 404 unless the session is the driver's own. */
export function createSessionReceiptHandler(deps: ChargingRouteDeps): RouteHandler {
  return routeHandler({
    scope: "charging",
    words: { doing: "charging.receipt.doing", notFound: DRIVER_ACCOUNT_GONE },
    access: deps.authorize,
    params: paramsOrNotFound(SessionIdParams, NOT_FOUND),
    async run({ actor, params }) {
      const locale = await currentLocale();
      const t = translatorFor(locale);
      const receipt = await foundOrNotFound(
        loadSessionReceipt(actor.platformUserId, params.id, locale, (deps.charging ?? defaultChargingDeps)()),
        NOT_FOUND,
      );
      const { filename, bytes } = await sessionReceiptFile(receipt, { t, locale });
      return new Response(Buffer.from(bytes), {
        status: 200,
        headers: downloadHeaders("application/pdf", filename),
      });
    },
  });
}

const PLATFORM_RECEIPT_NOT_FOUND = "charging.platformReceipt.notFound";
const PLATFORM_RECEIPT_PDF_WORDS: PdfProblemWords = {
  "no-link": "charging.platformReceipt.noPdf",
  "unsafe-link": "charging.platformReceipt.linkRefused",
  "too-many-redirects": "charging.platformReceipt.linkRefused",
  "not-a-pdf": "charging.platformReceipt.notPdf",
  "too-large": "charging.platformReceipt.tooLarge",
};

/** The platform's own receipt of one of the driver's sessions, streamed through the portal; 404 where it has none. */
export function createPlatformReceiptHandler(deps: ChargingRouteDeps): RouteHandler {
  return routeHandler({
    scope: "charging",
    words: { doing: "charging.platformReceipt.doing", notFound: DRIVER_ACCOUNT_GONE },
    access: deps.authorize,
    params: paramsOrNotFound(SessionIdParams, PLATFORM_RECEIPT_NOT_FOUND),
    async run({ actor, params }) {
      const charging = (deps.charging ?? defaultChargingDeps)();
      const money = charging.money;
      if (!money) throw new RouteError(404, PLATFORM_RECEIPT_NOT_FOUND);
      const receipt = await foundOrNotFound(
        findPlatformReceipt(actor.platformUserId, params.id, { sessions: charging.sessions, money }),
        PLATFORM_RECEIPT_NOT_FOUND,
      );
      const body = await platformPdfBody(
        () => money.openReceiptPdf(receipt),
        PLATFORM_RECEIPT_PDF_WORDS,
        "the platform's receipt PDF",
      );
      if (body instanceof Response) return body;
      const filename = `receipt-${safeInvoiceNumber({ id: receipt.id, number: receipt.number })}.pdf`;
      return new Response(body, { status: 200, headers: downloadHeaders("application/pdf", filename) });
    },
  });
}
