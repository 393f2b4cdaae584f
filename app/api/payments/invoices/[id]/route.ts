import { signedInDriver } from "@/lib/core/route-handlers/access";
import { createInvoiceDownloadHandler } from "@/lib/features/payments/route-handlers";

/** GET → one of the signed-in driver's invoices as a PDF download; anyone else's id is a 404. */
export const GET = createInvoiceDownloadHandler({ authorize: signedInDriver });
