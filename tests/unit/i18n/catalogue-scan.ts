import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import en from "@/messages/en.json";

/**
 * Reads the portal's sources for what they ask of the catalogues, by the conventions of
 * messages/GLOSSARY.md: a translator is a variable named `t` or `tSomething`, bound by
 * useTranslations/getTranslations (with its namespace) or handed over whole (an action's `context.t`,
 * requestTranslator(), a parameter), and keys are string literals.
 */
export interface SourceScan {
  /** Keys named in a translator call, with their namespace: each must exist. */
  asked: { file: string; key: string }[];
  /** Every key some code names: in a call, or as a whole-path literal handed to code that translates it. */
  used: Set<string>;
  /** `t(\`status.${value}\`)`: every key under the prefix counts as used. */
  dynamicPrefixes: string[];
  /** Top-level namespaces that "use client" modules translate with. */
  clientNamespaces: Set<string>;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const SOURCE_DIRS = ["app", "components", "lib"];
const ROOT_SOURCES = ["middleware.ts"];

export function catalogueLeaves(messages: object, prefix = ""): Map<string, string> {
  const leaves = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") leaves.set(name, value);
    else for (const [leaf, message] of catalogueLeaves(value as object, name)) leaves.set(leaf, message);
  }
  return leaves;
}

function sourceFiles(dir: string): { file: string; text: string }[] {
  const found: { file: string; text: string }[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...sourceFiles(relative));
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts"))
      found.push({ file: relative, text: readFileSync(path.join(root, relative), "utf8") });
  }
  return found;
}

const BINDING =
  /\b(t[A-Z]\w*|t)\s*=\s*(?:await\s+)?(useTranslations|getTranslations)\(\s*(?:(["'])([\w.]+)\3|\{[^}]*?namespace:\s*(["'])([\w.]+)\5[^}]*\})?\s*\)/g;
/** `const [t, locale] = await Promise.all([getTranslations("cards"), getLocale()])`. */
const PARALLEL_BINDING = /\[([^\]]*)\]\s*=\s*await\s+Promise\.all\(\s*\[([\s\S]*?)\]\s*\)/g;
const TRANSLATOR_CALL = /^\s*(useTranslations|getTranslations)\(\s*(?:(["'])([\w.]+)\2)?\s*\)\s*$/;
/** `type ChartWords = Awaited<ReturnType<typeof getTranslations<"sessions.chart">>>`, then `t: ChartWords`. */
const TRANSLATOR_TYPE = /\btype\s+(\w+)\s*=[^;]*?(?:use|get)Translations<\s*["']([\w.]+)["']\s*>/g;
const WHOLE_PATH_LITERAL = /(["'`])([a-z]\w*(?:\.\w+)+)\1/g;
/** `\`profile.errors.${field}.tooLong\``: a whole-path key built from a closed set of names. */
const WHOLE_PATH_TEMPLATE = /`([a-z]\w*(?:\.\w+)*\.)\$\{/g;

function allSources(): { file: string; text: string }[] {
  const rootFiles = ROOT_SOURCES.map((file) => ({ file, text: readFileSync(path.join(root, file), "utf8") }));
  return [...SOURCE_DIRS.flatMap(sourceFiles), ...rootFiles];
}

export function scanSources(files = allSources()): SourceScan {
  const english = catalogueLeaves(en);
  const scan: SourceScan = { asked: [], used: new Set(), dynamicPrefixes: [], clientNamespaces: new Set() };
  for (const { file, text } of files) {
    const client = /^\s*["']use client["']/m.test(text.slice(0, 400));
    // A name may be bound again further down (one binding per function): a call uses the nearest
    // binding above it.
    const bindings: { name: string; at: number; namespace: string }[] = [{ name: "t", at: -1, namespace: "" }];
    const namespaces = { set: (name: string, namespace: string, at: number) => bindings.push({ name, at, namespace }) };
    for (const match of text.matchAll(BINDING)) {
      const namespace = match[4] ?? match[6] ?? "";
      namespaces.set(match[1]!, namespace, match.index);
      if (client && match[2] === "useTranslations" && namespace) scan.clientNamespaces.add(namespace.split(".")[0]!);
    }
    for (const match of text.matchAll(PARALLEL_BINDING)) {
      const names = match[1]!.split(",").map((name) => name.trim());
      match[2]!.split(/,(?![^(]*\))/).forEach((element, index) => {
        const call = TRANSLATOR_CALL.exec(element);
        const name = names[index];
        if (!call || !name || !/^t([A-Z]\w*)?$/.test(name)) return;
        namespaces.set(name, call[3] ?? "", match.index);
        if (client && call[1] === "useTranslations" && call[3]) scan.clientNamespaces.add(call[3].split(".")[0]!);
      });
    }
    for (const alias of text.matchAll(TRANSLATOR_TYPE)) {
      for (const parameter of text.matchAll(new RegExp(`\\b(t[A-Z]\\w*|t)\\??\\s*:\\s*${alias[1]}\\b`, "g")))
        namespaces.set(parameter[1]!, alias[2]!, parameter.index);
    }
    bindings.sort((a, b) => a.at - b.at);
    const names = [...new Set(bindings.map((binding) => binding.name))].join("|");
    const namespaceAt = (name: string, at: number) =>
      bindings.filter((binding) => binding.name === name && binding.at < at).at(-1)?.namespace ?? "";
    const call = new RegExp(
      `(\\.?)\\b(${names})(?:\\.(?:rich|markup|has|raw))?\\(\\s*(?:(["'])([\\w.]+)\\3|\`([\\w.]*)\\$\\{)`,
      "g",
    );
    for (const match of text.matchAll(call)) {
      // `context.t(…)` and other translators reached through an object are whole-path translators.
      const namespace = match[1] ? "" : namespaceAt(match[2]!, match.index);
      const prefix = namespace ? `${namespace}.` : "";
      if (match[4] !== undefined) {
        const key = prefix + match[4];
        scan.asked.push({ file, key });
        scan.used.add(key);
      } else if (match[5] !== undefined) scan.dynamicPrefixes.push(prefix + match[5]);
    }
    for (const match of text.matchAll(WHOLE_PATH_LITERAL)) if (english.has(match[2]!)) scan.used.add(match[2]!);
    for (const match of text.matchAll(WHOLE_PATH_TEMPLATE))
      if ([...english.keys()].some((key) => key.startsWith(match[1]!))) scan.dynamicPrefixes.push(match[1]!);
  }
  return scan;
}
