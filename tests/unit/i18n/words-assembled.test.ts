import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { assemble, checkWords, LOCALES, wordFolders, writeWords } from "../../../scripts/words.mjs";
import { scanSources } from "./catalogue-scan";

// messages/{en,nl,de}.json are assembled from the words folders by scripts/words.mjs (docs/decisions/0006): each
// feature's words in lib/features/<feature>/words/, the shared ones in lib/core/i18n/words/.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const copies: string[] = [];

/** A copy of what the script reads (the words folders, messages/, Prettier's settings, the script itself). */
function copyOfTheWords(): string {
  const copy = mkdtempSync(path.join(tmpdir(), "words-"));
  copies.push(copy);
  for (const part of [...wordFolders(root), "messages", ".prettierrc.json", "scripts/words.mjs"])
    cpSync(path.join(root, part), path.join(copy, part), { recursive: true });
  symlinkSync(path.join(root, "node_modules"), path.join(copy, "node_modules"), "dir");
  return copy;
}

function edit(copy: string, file: string, change: (words: Record<string, Record<string, unknown>>) => void) {
  const words = JSON.parse(readFileSync(path.join(copy, file), "utf8"));
  change(words);
  writeFileSync(path.join(copy, file), JSON.stringify(words, null, 2) + "\n");
}

/** The foundation's sources: they may name only core's namespaces, as they import no feature. */
function foundationSources(): { file: string; text: string }[] {
  return ["lib/core", "lib/platform", "components/ui"]
    .flatMap((dir) =>
      readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" }).map((file) => path.join(dir, file)),
    )
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith(".d.ts"))
    .map((file) => ({ file, text: readFileSync(path.join(root, file), "utf8") }));
}

/** "file: namespace (folder)" for each namespace a source names that a feature's folder owns. */
function featureWordsNamed(sources: { file: string; text: string }[]): string[] {
  const { folderOf } = assemble(root);
  const named = new Set<string>();
  for (const source of sources) {
    const scan = scanSources([source]);
    for (const key of [...scan.used, ...scan.dynamicPrefixes]) {
      const namespace = key.split(".")[0]!;
      const folder = folderOf.get(namespace);
      if (folder && !folder.startsWith("lib/core/")) named.add(`${source.file}: ${namespace} (${folder})`);
    }
  }
  return [...named].sort();
}

afterEach(() => {
  for (const copy of copies.splice(0)) rmSync(copy, { recursive: true, force: true });
});

describe("the catalogues in messages/", () => {
  it("are the assembly of the words folders (npm run words)", async () => {
    expect(await checkWords(root)).toEqual([]);
  });

  it("have core's words folder and the features' own, each with the three languages", () => {
    const folders = wordFolders(root);
    expect(folders[0]).toBe("lib/core/i18n/words");
    expect(folders).toContain("lib/features/cards/words");
    for (const folder of folders)
      for (const locale of LOCALES) expect(() => readFileSync(path.join(root, folder, `${locale}.json`))).not.toThrow();
  });
});

describe("the owners of the words", () => {
  it("leave lib/core, lib/platform and components/ui naming only core's namespaces", () => {
    expect(featureWordsNamed(foundationSources())).toEqual([]);
  });

  it("are checked: a core file naming a card's words is named", () => {
    const planted = { file: "lib/core/planted.ts", text: 'export const key = "cards.title";' };
    expect(featureWordsNamed([planted])).toEqual(["lib/core/planted.ts: cards (lib/features/cards/words)"]);
  });
});

describe("npm run words --check", () => {
  it("names the catalogue, the key and the words file when one word differs; npm run words carries it over", async () => {
    const copy = copyOfTheWords();
    edit(copy, "lib/features/cards/words/nl.json", (words) => {
      words.cards!.title = "Laadpassen (geplant)";
    });
    const run = spawnSync(process.execPath, [path.join(copy, "scripts/words.mjs"), "--check"], { encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      'messages/nl.json: not the assembly of the words folders ("cards.title" differs from lib/features/cards/words/nl.json)',
    );
    expect(run.stderr).not.toContain("messages/en.json");

    expect(await writeWords(copy)).toEqual(["messages/nl.json"]);
    expect(await checkWords(copy)).toEqual([]);
    expect(JSON.parse(readFileSync(path.join(copy, "messages/nl.json"), "utf8")).cards.title).toBe(
      "Laadpassen (geplant)",
    );
  });

  it("refuses a namespace defined in two folders, naming both", () => {
    const copy = copyOfTheWords();
    for (const locale of LOCALES)
      edit(copy, `lib/features/vouchers/words/${locale}.json`, (words) => {
        words.cards = { title: "Cards" };
      });
    expect(() => assemble(copy)).toThrow(
      'namespace "cards" is in two folders: lib/features/cards/words and lib/features/vouchers/words',
    );
  });

  it("refuses a folder whose three languages do not have the same namespaces, naming the file", () => {
    const copy = copyOfTheWords();
    edit(copy, "lib/features/map/words/de.json", (words) => {
      delete words.mapErrors;
    });
    expect(() => assemble(copy)).toThrow(
      "lib/features/map/words/de.json: not the namespaces of lib/features/map/words/en.json; lacks mapErrors",
    );
  });
});
