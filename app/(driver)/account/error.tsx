"use client";
import { RouteError } from "@/components/ui/route-error";

export default function AccountError({ error, retry }: { error: unknown; retry: () => void }) {
  return <RouteError heading="Account" error={error} retry={retry} />;
}
