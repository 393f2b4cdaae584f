#!/usr/bin/env node
// `npm run words`: assembles the catalogues next-intl and the types read, messages/{en,nl,de}.json, from the words
// each feature owns (lib/features/<feature>/words/) and the shared ones (lib/core/i18n/words/). `--check` writes
// nothing and fails, naming the file, when messages/ is not that assembly (docs/decisions/0006).
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as prettier from "prettier";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const LOCALES = ["en", "nl", "de"];
const CORE_WORDS = "lib/core/i18n/words";
const FEATURES = "lib/features";

/**
 * The namespaces' order in the catalogues, as it was when the words moved into the folders (the move changed no
 * byte of messages/). A namespace not listed follows the listed ones: folder by folder (core's, then the features'
 * by name), in its file's order.
 */
const ORDER = [
  "common",
  "language",
  "forms",
  "access",
  "platformErrors",
  "validation",
  "doing",
  "auth",
  "layout",
  "demo",
  "landing",
  "signIn",
  "signUp",
  "notLinked",
  "devMailbox",
  "ui",
  "routeErrors",
  "health",
  "live",
  "receipts",
  "demoBridge",
  "passkeys",
  "devices",
  "mail",
  "audit",
  "cards",
  "vouchers",
  "driverSearch",
  "map",
  "mapErrors",
  "duration",
  "sessions",
  "sessionDetails",
  "sessionsCsv",
  "expensePack",
  "account",
  "profile",
  "appPassword",
  "accountDeletion",
  "myData",
  "billing",
  "admin",
  "moveCard",
  "staff",
  "payments",
  "pageNotFound",
  "forbidden",
  "downloads",
  "downloadProgress",
  "accountSettings",
  "accountOverview",
  "accountDeletionBanner",
];

/** Words that cannot be assembled: a namespace in two folders, a folder whose languages differ, a file unread. */
export class WordsError extends Error {}

/** The words folders under `root`: core's, then each feature's that has one, by name. */
export function wordFolders(root) {
  const features = readdirSync(path.join(root, FEATURES), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(root, FEATURES, entry.name, "words")))
    .map((entry) => `${FEATURES}/${entry.name}/words`)
    .sort();
  return [...(existsSync(path.join(root, CORE_WORDS)) ? [CORE_WORDS] : []), ...features];
}

function readJson(root, file) {
  try {
    return JSON.parse(readFileSync(path.join(root, file), "utf8"));
  } catch (error) {
    throw new WordsError(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The catalogues as objects, keyed by locale, and the file each namespace came from; throws a WordsError. */
export function assemble(root) {
  const problems = [];
  const folderOf = new Map();
  /** locale → namespace → words, in folder and file order. */
  const found = Object.fromEntries(LOCALES.map((locale) => [locale, new Map()]));
  for (const folder of wordFolders(root)) {
    const files = LOCALES.map((locale) => `${folder}/${locale}.json`);
    const missing = files.filter((file) => !existsSync(path.join(root, file)));
    if (missing.length > 0) {
      problems.push(`${missing.join(", ")}: missing (a words folder has ${LOCALES.join(", ")})`);
      continue;
    }
    const contents = files.map((file) => readJson(root, file));
    const names = contents.map((words) => Object.keys(words));
    names.slice(1).forEach((own, index) => {
      const lacking = names[0].filter((name) => !own.includes(name));
      const extra = own.filter((name) => !names[0].includes(name));
      if (lacking.length + extra.length > 0)
        problems.push(
          `${files[index + 1]}: not the namespaces of ${files[0]}` +
            (lacking.length > 0 ? `; lacks ${lacking.join(", ")}` : "") +
            (extra.length > 0 ? `; has ${extra.join(", ")} besides` : ""),
        );
    });
    LOCALES.forEach((locale, index) => {
      for (const [name, words] of Object.entries(contents[index])) {
        const earlier = folderOf.get(name);
        if (earlier !== undefined && earlier !== folder) {
          if (locale === LOCALES[0]) problems.push(`namespace "${name}" is in two folders: ${earlier} and ${folder}`);
          continue;
        }
        folderOf.set(name, folder);
        found[locale].set(name, words);
      }
    });
  }
  if (problems.length > 0) throw new WordsError(problems.join("\n"));
  const rank = (name) => (ORDER.includes(name) ? ORDER.indexOf(name) : ORDER.length);
  // A stable sort: the unlisted namespaces keep their folder and file order.
  const order = [...found[LOCALES[0]].keys()].sort((a, b) => rank(a) - rank(b));
  const catalogues = Object.fromEntries(
    LOCALES.map((locale) => [locale, Object.fromEntries(order.map((name) => [name, found[locale].get(name)]))]),
  );
  return { catalogues, folderOf };
}

/** The assembly and the text of messages/<locale>.json for each locale, as Prettier writes it. */
export async function assembledTexts(root) {
  const assembly = assemble(root);
  const options = (await prettier.resolveConfig(path.join(REPO, "messages", "en.json"))) ?? {};
  const texts = {};
  for (const locale of LOCALES) {
    const file = `messages/${locale}.json`;
    const json = JSON.stringify(assembly.catalogues[locale], null, 2);
    texts[file] = await prettier.format(json, { ...options, filepath: file });
  }
  return { ...assembly, texts };
}

/** The first key whose words differ between two catalogues, as a dotted path; undefined when none does. */
function firstDifference(actual, expected, prefix = "") {
  const keys = [...new Set([...Object.keys(expected ?? {}), ...Object.keys(actual ?? {})])];
  for (const key of keys) {
    const [a, e] = [actual?.[key], expected?.[key]];
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof a === "object" && a !== null && typeof e === "object" && e !== null) {
      const deeper = firstDifference(a, e, name);
      if (deeper !== undefined) return deeper;
    } else if (a !== e) return name;
  }
  return undefined;
}

/** One line per file of messages/ that is not the assembly of the words folders; none when all are. */
export async function checkWords(root) {
  const { texts, catalogues, folderOf } = await assembledTexts(root);
  const stale = [];
  for (const [file, text] of Object.entries(texts)) {
    const full = path.join(root, file);
    const current = existsSync(full) ? readFileSync(full, "utf8") : undefined;
    if (current === text) continue;
    const locale = path.basename(file, ".json");
    let where = current === undefined ? "missing" : "the namespaces' order or the formatting differ";
    try {
      const key = current === undefined ? undefined : firstDifference(JSON.parse(current), catalogues[locale]);
      if (key !== undefined) {
        const folder = folderOf.get(key.split(".")[0]);
        where = `"${key}" differs` + (folder ? ` from ${folder}/${locale}.json` : " (in no words folder)");
      }
    } catch {
      where = "not JSON";
    }
    stale.push(`${file}: not the assembly of the words folders (${where}); run npm run words`);
  }
  return stale;
}

/** Writes the files of messages/ that differ from the assembly; returns their names. */
export async function writeWords(root) {
  const written = [];
  for (const [file, text] of Object.entries((await assembledTexts(root)).texts)) {
    const full = path.join(root, file);
    if (existsSync(full) && readFileSync(full, "utf8") === text) continue;
    writeFileSync(full, text);
    written.push(file);
  }
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    if (process.argv.includes("--check")) {
      const stale = await checkWords(REPO);
      for (const line of stale) console.error(`words: ${line}`);
      if (stale.length > 0) process.exit(1);
    } else {
      const written = await writeWords(REPO);
      console.log(
        `words: ${written.length > 0 ? `wrote ${written.join(", ")}` : "messages/ was already the assembly"}`,
      );
    }
  } catch (error) {
    if (!(error instanceof WordsError)) throw error;
    console.error(`words: ${error.message.split("\n").join("\nwords: ")}`);
    process.exit(1);
  }
}
