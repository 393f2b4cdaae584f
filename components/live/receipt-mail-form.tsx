"use client";
import { useTranslations } from "next-intl";
import { SwitchForm, type SwitchAction } from "@/components/ui/switch-form";

/** The switch for the charge receipt mail: on by default, kept per account. */
export function ReceiptMailForm({ enabled, action }: { enabled: boolean; action: SwitchAction }) {
  const t = useTranslations("receipts");
  return (
    <SwitchForm
      name="receiptMail"
      enabled={enabled}
      action={action}
      words={{ label: t("label"), save: t("save"), saving: t("saving") }}
    />
  );
}
