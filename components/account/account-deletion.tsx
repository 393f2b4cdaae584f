import { getTranslations } from "next-intl/server";
import { AccountDeletionClient, type AccountDeletionWords, type DeletionAction } from "./account-deletion-client";

/** "Delete my account": asks once more, then records a request the driver can cancel until its due date. */
export async function AccountDeletion({
  pendingSince,
  dueDate,
  graceDays,
  requestAction,
  cancelAction,
}: {
  /** When the open request was made (formatted), or null without one. */
  pendingSince: string | null;
  dueDate: string | null;
  graceDays: number;
  requestAction: DeletionAction;
  cancelAction: DeletionAction;
}) {
  const t = await getTranslations("accountDeletion");
  const words: AccountDeletionWords =
    pendingSince && dueDate
      ? {
          pending: true,
          text: t("pending", { since: pendingSince, due: dueDate }),
          cancel: t("cancel"),
          cancelling: t("cancelling"),
        }
      : {
          pending: false,
          text: t("intro", { days: graceDays }),
          trigger: t("trigger"),
          question: t("question", { days: graceDays }),
          confirm: t("confirm"),
          recording: t("recording"),
        };
  return <AccountDeletionClient words={words} requestAction={requestAction} cancelAction={cancelAction} />;
}
