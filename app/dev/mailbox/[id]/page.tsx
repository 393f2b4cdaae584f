import Link from "next/link";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { connection } from "next/server";
import { getConfig } from "@/lib/core/config";
import { getOutboxMessage } from "@/lib/core/mail/outbox";
import { formatDateTime } from "@/lib/core/format";
import { LinkifiedText } from "@/components/layout/linkified-text";
import { titleFrom } from "@/components/layout/page-title";

export const generateMetadata = titleFrom("devMailbox.mailTitle");

export default async function MailPage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  if (!getConfig().mail.outbox) notFound();
  const { id } = await params;
  const numericId = /^\d{1,9}$/.test(id) ? Number(id) : null;
  const message = numericId === null ? null : await getOutboxMessage(numericId);
  if (!message) notFound();
  const t = await getTranslations("devMailbox");
  const locale = await getLocale();
  return (
    <article className="space-y-4">
      <Link href="/dev/mailbox" className="text-sm font-semibold text-brand-700 underline dark:text-brand-100">
        ← {t("back")}
      </Link>
      <h1 className="text-2xl font-bold">{message.subject}</h1>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold">{t("to")}</dt>
        <dd>{message.to}</dd>
        <dt className="font-semibold">{t("sent")}</dt>
        <dd>{formatDateTime(message.createdAt, locale)}</dd>
      </dl>
      <div className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
        <LinkifiedText text={message.text} />
      </div>
      {message.attachments && message.attachments.length > 0 && (
        <section aria-labelledby="attachments-heading" className="space-y-2">
          <h2 id="attachments-heading" className="text-lg font-semibold">
            {t("attachments")}
          </h2>
          <ul className="list-disc space-y-1 pl-5">
            {message.attachments.map((file) => (
              <li key={file.filename}>
                <a
                  href={`data:${file.contentType};base64,${file.base64}`}
                  download={file.filename}
                  className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-100"
                >
                  {file.filename}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
