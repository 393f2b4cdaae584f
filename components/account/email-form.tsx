import { getTranslations } from "next-intl/server";
import { EmailFormClient, type EmailAction } from "./email-form-client";
import { strongBreakable as strong } from "@/components/ui/rich-text";

export type { EmailAction } from "./email-form-client";

/**
 * A new e-mail address: the driver's own (changes once the mailed link is followed) or staff's for a driver (at once,
 * confirmed, and the driver is signed out).
 */
export async function EmailForm({
  action,
  currentEmail,
  audience,
}: {
  action: EmailAction;
  currentEmail: string;
  audience: "driver" | "staff";
}) {
  const t = await getTranslations("profile.email");
  const staff = audience === "staff";
  return (
    <EmailFormClient
      action={action}
      audience={audience}
      words={{
        current: staff
          ? t.rich("staffCurrent", { email: currentEmail, strong })
          : t.rich("driverCurrent", { email: currentEmail, strong }),
        newAddress: t("newAddress"),
        hint: staff ? t("staffHint") : t("driverHint"),
        invalid: staff ? t("staffInvalid") : null,
        change: t("change"),
        pending: staff ? t("changing") : t("sendingLink"),
        question: staff ? t("staffQuestion") : null,
        confirm: staff ? t("staffConfirm") : null,
      }}
    />
  );
}
