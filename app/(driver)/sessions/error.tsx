"use client";
import { useTranslations } from "next-intl";
import { RouteError } from "@/components/ui/route-error";

export default function SessionsError({ error, retry }: { error: unknown; retry: () => void }) {
  const t = useTranslations("sessions");
  return (
    <RouteError
      heading={t("title")}
      title={t("error.title")}
      error={error}
      retry={retry}
      wayOut={{ href: "/account", label: t("error.wayOut") }}
    />
  );
}
