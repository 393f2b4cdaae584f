"use client";
import { useTranslations } from "next-intl";
import { RouteError } from "@/components/ui/route-error";

export default function PaymentsError({ error, retry }: { error: unknown; retry: () => void }) {
  const t = useTranslations("routeErrors");
  return <RouteError heading={t("headings.payments")} error={error} retry={retry} />;
}
