"use client";
import { RouteError } from "@/components/ui/route-error";

export default function VouchersError({ error, retry }: { error: unknown; retry: () => void }) {
  return <RouteError heading="Vouchers" error={error} retry={retry} />;
}
