import { staffMember } from "@/lib/core/route-handlers/access";
import { createStaffInvoiceDownloadHandler } from "@/lib/features/payments/route-handlers";

/** GET → a driver's invoice as a PDF for support staff, audited as `driver.invoice.download`; not theirs → 404. */
export const GET = createStaffInvoiceDownloadHandler({ authorize: staffMember("support") });
