import { signedInDriver } from "@/lib/core/route-handlers/access";
import { createPaymentsExportHandler } from "@/lib/features/payments/route-handlers";

/** GET → the signed-in driver's ledger as streamed CSV (`kind`, `from`, `to`); a `userId` parameter is ignored. */
export const GET = createPaymentsExportHandler({ authorize: signedInDriver });
