import "server-only";
import type { Translator } from "@/lib/core/i18n/translator";
import type { ZipEntry } from "@/lib/core/route-handlers/zip";
import type { DriverData } from "./data-export";

/** The data export as a document: a ZIP of JSON files and a README.txt, the one file with words. */

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * The archive's README.txt, in the words of `t`: what each file holds. The file names in it are the
 * archive's own and the same in every language.
 */
function readme(t: Translator): string {
  return `${t("myData.readme.body")}\n`;
}

/** `[` + one JSON value per item + `]`, produced page by page so a long history is never held whole. */
async function* jsonArray<T>(pages: AsyncIterable<T[]>): AsyncGenerator<string> {
  yield "[";
  let first = true;
  for await (const page of pages) {
    let text = "";
    for (const item of page) {
      text += `${first ? "\n" : ",\n"}  ${JSON.stringify(item)}`;
      first = false;
    }
    yield text;
  }
  yield first ? "]\n" : "\n]\n";
}

/** The archive's files, its README in the words of `t`; the sessions stream as their pages come. */
export function dataExportArchive(data: DriverData, t: Translator): ZipEntry[] {
  return [
    { name: "README.txt", content: readme(t) },
    {
      name: "export.json",
      content: json({ madeAt: data.madeAt.toISOString(), email: data.email, platformUserId: data.platformUserId }),
    },
    { name: "portal/account.json", content: json(data.account) },
    { name: "portal/devices.json", content: json(data.devices) },
    { name: "portal/audit.json", content: json(data.audit) },
    { name: "portal/card-status.json", content: json(data.cardStatus) },
    { name: "platform/profile.json", content: json(data.profile) },
    { name: "platform/cards.json", content: json(data.cards) },
    { name: "platform/sessions.json", content: jsonArray(data.sessionPages) },
  ];
}
