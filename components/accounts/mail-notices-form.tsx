"use client";
import { useTranslations } from "next-intl";
import { SwitchForm, type SwitchAction } from "@/components/ui/switch-form";

/** The optional mails, each on unless switched off, saved together. */
export function MailNoticesForm({
  enabled,
  action,
}: {
  enabled: { newDeviceMail: boolean; receiptMail: boolean };
  action: SwitchAction;
}) {
  const t = useTranslations("accountSettings.notifications");
  const switches = [
    { name: "newDeviceMail", label: t("newDeviceMail"), enabled: enabled.newDeviceMail },
    { name: "receiptMail", label: t("receiptMail"), enabled: enabled.receiptMail },
  ];
  return <SwitchForm switches={switches} action={action} words={{ save: t("save"), saving: t("saving") }} />;
}
