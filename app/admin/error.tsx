"use client";
import { RouteError } from "@/components/ui/route-error";

export default function AdminError({ error, retry }: { error: unknown; retry: () => void }) {
  return <RouteError heading="Admin" error={error} retry={retry} />;
}
