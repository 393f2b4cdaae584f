import { getTranslations } from "next-intl/server";
import { CARD_STATUSES } from "@/lib/features/cards/shared";
import { CardFormFields, type CardAction } from "./card-form-fields";

export type { CardAction };

/** The staff's status choices, in the order they are offered (active first: the default). */
const STATUS_OPTIONS = ["active", "inactive", "blocked"] as const satisfies readonly (typeof CARD_STATUSES)[number][];

/**
 * Links a new RFID card (CardFormFields), in the reader's language: the driver adds their own
 * (`driver`); in the admin area, staff link one to a chosen driver (`staff`) and choose its status.
 */
export async function CardForm({ action, audience }: { action: CardAction; audience: "driver" | "staff" }) {
  const t = await getTranslations("cards.form");
  const driver = audience === "driver";
  const words = {
    codeLabel: t("codeLabel"),
    codeHint: driver ? t("codeHintDriver") : t("codeHintStaff"),
    printedLabel: t("printedLabel"),
    printedHint: driver ? t("printedHint") : undefined,
    statusLabel: t("statusLabel"),
    statusOptions: STATUS_OPTIONS.map((value) => ({ value, label: t(`statusOptions.${value}`) })),
    submit: driver ? t("addSubmit") : t("linkSubmit"),
    pending: driver ? t("addPending") : t("linkPending"),
  };
  return <CardFormFields action={action} audience={audience} words={words} />;
}
