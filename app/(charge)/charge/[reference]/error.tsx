"use client";
import { useTranslations } from "next-intl";
import { RouteError } from "@/components/ui/route-error";

export default function ChargePointError({ error, retry }: { error: unknown; retry: () => void }) {
  const t = useTranslations("routeErrors");
  return <RouteError heading={t("headings.chargePoint")} error={error} retry={retry} />;
}
