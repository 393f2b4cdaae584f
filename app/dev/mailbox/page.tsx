import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { connection } from "next/server";
import { getConfig } from "@/lib/core/config";
import { listOutbox } from "@/lib/core/mail/outbox";
import { formatDateTime } from "@/lib/core/format";
import { titleFrom } from "@/components/layout/page-title";
import { TextLink } from "@/components/ui/text-link";
import { EmptyState } from "@/components/ui/empty-state";

export const generateMetadata = titleFrom("devMailbox.title");

export default async function MailboxPage() {
  await connection();
  if (!getConfig().mail.outbox) notFound();
  const messages = await listOutbox();
  const t = await getTranslations("devMailbox");
  const locale = await getLocale();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{t("heading")}</h1>
      <p className="text-slate-700 dark:text-slate-300">{t("intro")}</p>
      {messages.length === 0 ? (
        <EmptyState>{t("empty")}</EmptyState>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t("caption")}</caption>
            <thead>
              <tr className="border-b border-slate-300 dark:border-slate-700">
                <th scope="col" className="py-2 pr-4">
                  {t("to")}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t("subject")}
                </th>
                <th scope="col" className="py-2">
                  {t("time")}
                </th>
              </tr>
            </thead>
            <tbody>
              {messages.map((m) => (
                <tr key={m.id} className="border-b border-slate-200 dark:border-slate-800">
                  <td className="py-2 pr-4">{m.to}</td>
                  <td className="py-2 pr-4">
                    <TextLink href={`/dev/mailbox/${m.id}`}>{m.subject}</TextLink>
                  </td>
                  <td className="py-2 whitespace-nowrap">{formatDateTime(m.createdAt, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
