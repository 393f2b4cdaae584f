import { readFileSync } from "node:fs";
import { TYPE, parse, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import de from "@/messages/de.json";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";
import { CLIENT_NAMESPACES } from "@/components/layout/client-namespaces";
import { catalogueLeaves, scanSources, type SourceScan } from "./catalogue-scan";

// The catalogues against each other and against the code: every key in all three languages with the same
// ICU arguments, every key the code names present, every key present named by some code, and the browser
// sent exactly the namespaces its client components translate with.

const CATALOGUES = { en, nl, de } as const;
const english = catalogueLeaves(en);
let scan: SourceScan | undefined;
const sources = () => (scan ??= scanSources());

function argumentsOf(elements: MessageFormatElement[], names = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.argument || element.type === TYPE.number || element.type === TYPE.date)
      names.add(element.value);
    if (element.type === TYPE.time) names.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      names.add(element.value);
      for (const option of Object.values(element.options)) argumentsOf(option.value, names);
    }
    if (element.type === TYPE.tag) {
      names.add(`<${element.value}>`);
      argumentsOf(element.children, names);
    }
  }
  return names;
}

describe("message catalogues", () => {
  for (const [locale, messages] of Object.entries(CATALOGUES)) {
    it(`${locale}: has exactly the English keys, each a non-empty message that parses as ICU`, () => {
      const leaves = catalogueLeaves(messages);
      expect([...leaves.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, message] of leaves) {
        expect(message.trim(), key).not.toBe("");
        expect(() => parse(message), `${locale} ${key}`).not.toThrow();
      }
    });
  }

  for (const locale of ["nl", "de"] as const) {
    it(`${locale}: every message has the English message's arguments and tags`, () => {
      for (const [key, message] of catalogueLeaves(CATALOGUES[locale])) {
        const expected = [...argumentsOf(parse(english.get(key) ?? ""))].sort();
        expect([...argumentsOf(parse(message))].sort(), `${locale} ${key}`).toEqual(expected);
      }
    });

    it(`${locale}: is translated, not copied (at most 5 % of the messages read as in English)`, () => {
      const copied = [...catalogueLeaves(CATALOGUES[locale])].filter(
        ([key, message]) => /[a-z]{3}/i.test(message) && message === english.get(key),
      );
      expect(copied.length, copied.map(([key]) => key).join(", ")).toBeLessThanOrEqual(english.size * 0.05);
    });
  }

  it("has every key the code asks for", () => {
    const missing = sources().asked.filter((use) => !english.has(use.key));
    expect(missing.map((use) => `${use.file}: ${use.key}`)).toEqual([]);
  });

  it("has no key that no code uses", () => {
    const { used, dynamicPrefixes } = sources();
    const unused = [...english.keys()].filter(
      (key) => !used.has(key) && !dynamicPrefixes.some((prefix) => key.startsWith(prefix)),
    );
    expect(unused).toEqual([]);
  });

  it("sends the browser only namespaces its client components translate with, and all of them", () => {
    const listed = [...new Set(Object.values(CLIENT_NAMESPACES).flat())].sort();
    expect(listed).toEqual([...sources().clientNamespaces].sort());
  });

  it("the scanner sees a namespaced call, a whole-path key, a dynamic key and a client namespace", () => {
    // The scan itself, on a planted source: a scanner that reads nothing would pass the tests above.
    const planted = scanSources([
      {
        file: "components/planted.tsx",
        text: readFileSync(new URL("./planted-source.txt", import.meta.url), "utf8"),
      },
    ]);
    expect(planted.asked.map((use) => use.key)).toEqual(["language.label", "forms.unreadable"]);
    expect([...planted.used]).toEqual(expect.arrayContaining(["language.label", "forms.unreadable", "doing.generic"]));
    expect([...new Set(planted.dynamicPrefixes)]).toEqual(["platformErrors."]);
    expect([...planted.clientNamespaces]).toEqual(["language"]);
  });
});
