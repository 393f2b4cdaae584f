import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { getConfig } from "@/lib/config";
import { listOutbox } from "@/lib/mail/outbox";
import { formatDateTime } from "@/lib/format";

export const metadata: Metadata = { title: "Demo mailbox" };

export default async function MailboxPage() {
  await connection();
  if (!getConfig().mail.outbox) notFound();
  const messages = await listOutbox();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Demo mailbox</h1>
      <p className="text-slate-700 dark:text-slate-300">
        Demo mode sends no mail. Every message the portal would have sent is listed here, newest first.
      </p>
      {messages.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 p-6 text-center">
          No mail yet. Sign in or sign up, and the message appears here.
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Messages, newest first</caption>
            <thead>
              <tr className="border-b border-slate-300 dark:border-slate-700">
                <th scope="col" className="py-2 pr-4">
                  To
                </th>
                <th scope="col" className="py-2 pr-4">
                  Subject
                </th>
                <th scope="col" className="py-2">
                  Time
                </th>
              </tr>
            </thead>
            <tbody>
              {messages.map((m) => (
                <tr key={m.id} className="border-b border-slate-200 dark:border-slate-800">
                  <td className="py-2 pr-4">{m.to}</td>
                  <td className="py-2 pr-4">
                    <Link
                      href={`/dev/mailbox/${m.id}`}
                      className="font-semibold text-brand-700 underline dark:text-brand-100"
                    >
                      {m.subject}
                    </Link>
                  </td>
                  <td className="py-2 whitespace-nowrap">{formatDateTime(m.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
